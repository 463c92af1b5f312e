"""numba, when it is there: ``njit`` compiles with an on-disk cache; without numba (or with
``LUDOTECA_FAST=0``) it leaves functions as they are and ``AVAILABLE`` is False, so callers keep
the pure-Python reference path.

The cache goes where numba puts it (``__pycache__`` beside the sources when that folder is
writable), else to a folder under the system's temporary directory (numba's own fallback needs
a home directory). numba checks a cached function against its own file only, not against the
compiled functions it calls from other files nor the constants it froze from them; so the
cache is kept per folder of compiled code (a game's ``compiled/``, this package): it is dropped
when any file of that folder or of this package (the shared helpers every core calls) changed
since it was written (a stamp of their hash sits beside the cache).
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

AVAILABLE = False
REASON = ""
_numba: Any = None

# numba itself is imported only when a core is first built (importing it takes a second or
# more): importing ludoteca.engine.compiled, and so ludoteca.sim, stays cheap
if os.environ.get("LUDOTECA_FAST", "1").strip().lower() in ("0", "false", "no", "off"):
    REASON = "turned off by LUDOTECA_FAST=0"
elif importlib.util.find_spec("numba") is None:  # pragma: no cover - depends on the install
    REASON = "numba is not installed (pip install 'ludoteca[fast]')"
else:
    AVAILABLE = True


SHARED = Path(__file__).parent  # the helpers every core calls (rng.py, this file)
STAMP = "ludoteca-compiled.stamp"


def stamp(folder: Path) -> str:
    """The hash a folder's cached functions were compiled against: its sources and the
    shared helpers'."""
    h = hashlib.sha256()
    for d in sorted({SHARED, folder}):
        for f in sorted(d.glob("*.py")):
            h.update(f.name.encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


def drop_stale(folder: Path, cache: Path) -> None:
    """Drop the cached functions of ``folder``'s modules (in ``cache``, numba's cache folder for
    them) when the folder or the shared helpers changed since they were written."""
    want = stamp(folder)
    mark = cache / STAMP
    try:
        if mark.read_text() == want:
            return
    except OSError:
        pass
    for f in folder.glob("*.py"):
        for old in cache.glob(f"{f.stem}.*.nb[ci]"):
            with contextlib.suppress(OSError):
                old.unlink()
    with contextlib.suppress(OSError):
        cache.mkdir(parents=True, exist_ok=True)
        mark.write_text(want)


_CHECKED: set[Path] = set()


def _check_folder(fn: Callable[..., Any]) -> None:
    """Once per folder and process, before numba reads its cache: drop it if stale."""
    folder = Path(fn.__code__.co_filename).resolve().parent
    if folder in _CHECKED:
        return
    _CHECKED.add(folder)
    from numba.core.caching import FunctionCache

    try:
        cache = Path(FunctionCache(fn)._cache_path)
    except RuntimeError:  # pragma: no cover - numba finds no place to cache: nothing to drop
        return
    drop_stale(folder, cache)


def _writable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / f".probe-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
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


CACHE = False


def _load() -> Any:
    global _numba, CACHE
    if _numba is None:
        import numba

        _numba = numba
        CACHE = _cache_ok()
    return _numba


def njit(fn: F) -> F:
    if not AVAILABLE:
        return fn
    numba = _load()
    if CACHE:
        _check_folder(fn)
    return numba.njit(cache=CACHE, nogil=True)(fn)  # type: ignore[no-any-return,unused-ignore]


@contextlib.contextmanager
def compile_lock(name: str) -> Iterator[None]:
    """An exclusive lock beside the cache for one core (no-op where there is none, or no fcntl):
    processes that start together compile different cores side by side, not one after another."""
    folder = Path(os.environ.get("NUMBA_CACHE_DIR") or Path(__file__).parent / "__pycache__")
    try:
        import fcntl

        f = open(folder / f"ludoteca-fast-{name}.lock", "w")  # noqa: SIM115 (held for the block)
    except (ImportError, OSError):
        yield
        return
    with f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)
