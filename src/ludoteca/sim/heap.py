"""Freed memory kept for the next block, in a simulation's process.

Every block of games allocates the same large arrays again (the core's move buffers, two MB
for 2,000 games; the text's index arrays and chunks) and frees them when written. glibc's
malloc hands such memory back to the kernel (``munmap``, or trimming the heap's top) and the
next block takes fresh pages, each faulted in and zeroed: 1,400 page faults a block of 2,000
two-player Exploding Kittens games on this machine, 1-1.5 µs a game, a twentieth of the game
itself. Raising the two thresholds keeps that memory in the heap, taken again without a fault
(0 faults a block). The process holds at most ``TRIM`` of freed memory more; a ``simulate``
run is its own process, so this is asked there (``cli/simulate_cmd.py``), not by the library.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys

_M_TRIM_THRESHOLD = -1  # mallopt's parameters (malloc.h)
_M_MMAP_THRESHOLD = -3
MMAP = 32 << 20  # allocations below this come from the heap (glibc's own most, by default)
TRIM = 128 << 20  # freed memory the heap keeps before handing any back

_done: list[bool] = []


def keep_freed_memory() -> bool:
    """Ask glibc's malloc to keep freed memory for reuse (once a process); False where the C
    library is not glibc (nothing changes there)."""
    if _done:
        return _done[0]
    ok = False
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
            mallopt = libc.mallopt
        except (OSError, AttributeError):
            mallopt = None
        if mallopt is not None:
            ok = bool(mallopt(_M_MMAP_THRESHOLD, MMAP)) and bool(mallopt(_M_TRIM_THRESHOLD, TRIM))
    _done.append(ok)
    return ok
