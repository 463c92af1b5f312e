"""numba, when it is there: ``njit`` compiles with an on-disk cache; without numba (or with
``LUDOTECA_FAST=0``) it leaves functions as they are and ``AVAILABLE`` is False, so callers keep
the pure-Python reference path.

The cache goes beside the sources (``__pycache__``) when that folder is writable, else to a
folder under the system's temporary directory (numba's own fallback needs a home directory).
numba checks a cached function against its own file only, not against the compiled functions
it calls from other files; so a module's cache is dropped when it or the shared compiled
modules (rng.py, this file) change (a stamp of their hash sits beside the cache). A game's
compiled observation (``<game>_obs.py``) calls its core's compiled functions and reads its
constants, so its stamp covers the core's file too.
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
# more): importing ludoteca.fast, and so ludoteca.sim, stays cheap
if os.environ.get("LUDOTECA_FAST", "1").strip().lower() in ("0", "false", "no", "off"):
    REASON = "turned off by LUDOTECA_FAST=0"
elif importlib.util.find_spec("numba") is None:  # pragma: no cover - depends on the install
    REASON = "numba is not installed (pip install 'ludoteca[fast]')"
else:
    AVAILABLE = True


_SHARED = ("_jit.py", "rng.py")  # compiled code every core calls


def _drop_stale(folder: Path) -> None:
    """Per module with compiled code: drop its cached functions when it, or a shared module,
    changed since they were written (a stamp of the hash sits beside them)."""
    here = Path(__file__).parent
    shared = b"".join((here / name).read_bytes() for name in _SHARED)
    for f in sorted(here.glob("*.py")):
        text = f.read_bytes()
        if b"@njit" not in text:
            continue
        core = here / f"{f.stem.removesuffix('_obs')}.py"
        if f.stem.endswith("_obs") and core.exists():
            text += core.read_bytes()
        want = hashlib.sha256(shared + text).hexdigest()
        stamp = folder / f"{f.stem}.ludoteca-stamp"
        try:
            if stamp.read_text() == want:
                continue
        except OSError:
            pass
        for old in folder.glob(f"{f.stem}.*.nb[ci]"):
            with contextlib.suppress(OSError):
                old.unlink()
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
    return _load().njit(cache=CACHE, nogil=True)(fn)  # type: ignore[no-any-return,unused-ignore]


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
