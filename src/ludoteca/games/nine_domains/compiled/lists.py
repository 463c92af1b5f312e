"""The Nine Domains, compiled: sorted lists kept in the flat array (a count slot, then the
items); no twin, the package's Python lists.
"""

from __future__ import annotations

from typing import Any

from ....engine.compiled.jit import njit


# -- sorted lists -------------------------------------------------------------------------
@njit
def _remove(S: Any, base: int, nslot: int, x: int) -> None:
    k = S[nslot]
    for i in range(k):
        if S[base + i] == x:
            for j in range(i, k - 1):
                S[base + j] = S[base + j + 1]
            S[nslot] = k - 1
            return


@njit
def _insort(S: Any, base: int, nslot: int, x: int) -> None:
    """``bisect.insort`` (after equal items)."""
    k = S[nslot]
    i = k
    while i > 0 and S[base + i - 1] > x:
        S[base + i] = S[base + i - 1]
        i -= 1
    S[base + i] = x
    S[nslot] = k + 1


@njit
def _contains(S: Any, base: int, k: int, x: int) -> bool:
    for i in range(k):  # noqa: SIM110 (a loop, not a generator, in compiled code)
        if S[base + i] == x:
            return True
    return False
