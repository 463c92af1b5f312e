"""numba, when it is there: ``njit`` compiles with an on-disk cache; without numba (or with
``LUDOTECA_FAST=0``) it leaves functions as they are and ``AVAILABLE`` is False, so callers keep
the pure-Python reference path.

The cache goes beside the sources (``__pycache__``) when that folder is writable, else to a
folder under the system's temporary directory (numba's own fallback needs a home directory).
numba checks a cached function against its own file only, not against the compiled functions
it calls from other files; so the whole cache is dropped when any source of this package
changes (a stamp of their hash sits beside the cache).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

AVAILABLE = False
REASON = ""
_numba: Any = None

if os.environ.get("LUDOTECA_FAST", "1").strip().lower() in ("0", "false", "no", "off"):
    REASON = "turned off by LUDOTECA_FAST=0"
else:
    try:
        import numba as _numba

        AVAILABLE = True
    except ImportError:  # pragma: no cover - depends on the installation
        REASON = "numba is not installed (pip install 'ludoteca[fast]')"


def _sources_hash() -> str:
    h = hashlib.sha256()
    for f in sorted(Path(__file__).parent.glob("*.py")):
        text = f.read_bytes()
        if b"@njit" in text:  # only the modules with compiled code
            h.update(f.name.encode())
            h.update(text)
    return h.hexdigest()


def _drop_stale(folder: Path) -> None:
    stamp = folder / "ludoteca-fast.stamp"
    want = _sources_hash()
    try:
        if stamp.read_text() == want:
            return
    except OSError:
        pass
    for f in folder.glob("**/*.nb[ci]"):
        with contextlib.suppress(OSError):
            f.unlink()
    stamp.write_text(want)


def _writable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / f".probe-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
        _drop_stale(folder)
        return True
    except OSError:
        return False


def _cache_ok() -> bool:
    given = os.environ.get("NUMBA_CACHE_DIR")
    if given:
        return _writable(Path(given))
    if _writable(Path(__file__).parent / "__pycache__"):
        return True
    fallback = Path(tempfile.gettempdir()) / "ludoteca-numba-cache"
    if _writable(fallback):
        os.environ["NUMBA_CACHE_DIR"] = str(fallback)
        # numba read the variable when its config loaded: tell it now as well
        _numba.config.CACHE_DIR = str(fallback)
        return True
    return False


CACHE = AVAILABLE and _cache_ok()


def njit(fn: F) -> F:
    if not AVAILABLE:
        return fn
    return _numba.njit(cache=CACHE, nogil=True)(fn)  # type: ignore[no-any-return,unused-ignore]


@contextlib.contextmanager
def compile_lock() -> Iterator[None]:
    """An exclusive lock beside the cache (no-op where there is none, or no fcntl)."""
    folder = Path(os.environ.get("NUMBA_CACHE_DIR") or Path(__file__).parent / "__pycache__")
    try:
        import fcntl

        f = open(folder / "ludoteca-fast.lock", "w")  # noqa: SIM115 (held for the block)
    except (ImportError, OSError):
        yield
        return
    with f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)
