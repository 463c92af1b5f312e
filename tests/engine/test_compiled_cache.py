"""numba's on-disk cache never serves a stale compiled function: numba checks a cached function
against its own file only, so ``engine/compiled/jit.py`` drops a folder's cache when any file
of that folder (a game's ``compiled/``) or of the shared helpers (``engine/compiled/``) changed."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from ludoteca.engine.compiled import jit

pytestmark = pytest.mark.skipif(not jit.AVAILABLE, reason=jit.REASON or "no numba")

SRC = Path(jit.__file__).resolve().parents[3]  # the folder holding the ludoteca package


def _write(folder: Path, b_returns: int) -> None:
    (folder / "__init__.py").write_text("")
    # a.f calls b.g: numba caches f with g compiled into it, checked against a.py alone
    (folder / "a.py").write_text(
        textwrap.dedent("""\
            from ludoteca.engine.compiled.jit import njit

            from .b import g


            @njit
            def f():
                return g() + 1
            """)
    )
    (folder / "b.py").write_text(
        f"from ludoteca.engine.compiled.jit import njit\n\n\n@njit\ndef g():\n    return {b_returns}\n"
    )


def _run(root: Path) -> int:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["PYTHONPATH"] = os.pathsep.join([str(root), str(SRC)])
    out = subprocess.run(
        [sys.executable, "-c", "from twin.a import f; print(f())"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return int(out.stdout.strip())


def test_an_edit_of_any_file_of_a_compiled_folder_drops_its_cache(tmp_path):
    folder = tmp_path / "twin"
    folder.mkdir()
    _write(folder, 1)
    assert _run(tmp_path) == 2
    assert list((folder / "__pycache__").glob("a.*.nbi")), "f was cached"
    _write(folder, 5)  # only b.py changes: a.py's cached f still holds the old g
    os.utime(folder / "b.py", (1, 1))  # and not even b.py's time says much
    assert _run(tmp_path) == 6


def test_an_edit_of_the_shared_helpers_drops_every_folders_cache(tmp_path, monkeypatch):
    shared, folder, cache = tmp_path / "shared", tmp_path / "game", tmp_path / "cache"
    for d in (shared, folder, cache):
        d.mkdir()
    (shared / "rng.py").write_text("A = 1\n")
    (folder / "rules.py").write_text("B = 1\n")
    monkeypatch.setattr(jit, "SHARED", shared)
    old = cache / "rules.apply-10.py311.nbi"

    def cached() -> bool:
        old.write_text("")
        jit.drop_stale(folder, cache)
        return old.exists()

    assert not cached()  # no stamp yet: dropped
    assert cached()  # nothing changed: kept
    (shared / "rng.py").write_text("A = 2\n")
    assert not cached()
    assert cached()
    (folder / "rules.py").write_text("B = 2\n")
    assert not cached()
    (folder / "observation.py").write_text("")  # a new file in the folder counts too
    assert not cached()


def _write_driver(folder: Path, adds: int) -> None:
    """A game folder building the shared batch drivers around its own move, observation and
    seats to act, as each game's ``compiled/playout.py`` (``drivers.batch``) and
    ``compiled/observation.py`` (``drivers.observation``) do."""
    (folder / "__init__.py").write_text("")
    (folder / "playout.py").write_text(
        textwrap.dedent("""\
            from ludoteca.engine.compiled import drivers

            from .rules import legal, move

            step_many, legal_many = drivers.batch(__name__, move, legal, 1)
            """)
    )
    (folder / "observation.py").write_text(
        textwrap.dedent("""\
            from ludoteca.engine.compiled import drivers

            from .rules import actors, encode, legal, move

            encode_many, advance = drivers.observation(__name__, encode, move, actors, legal)
            """)
    )
    (folder / "rules.py").write_text(
        textwrap.dedent(f"""\
            from ludoteca.engine.compiled.jit import njit


            @njit
            def move(S, T, rng, p, code):
                S[0] = code + {adds}


            @njit
            def legal(S, T, p, buf):
                return 0


            @njit
            def actors(S, out):
                out[0] = 0
                return 1


            @njit
            def encode(S, L, tmpl, high, low, p, out):
                out[0] = S[0]
            """)
    )


def _run_driver(root: Path) -> tuple[int, int, int, int]:
    """The drivers' answers in a new process (``step_many``'s, ``advance``'s), each with how
    many signatures it compiled there (0: all loaded from the cache)."""
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["PYTHONPATH"] = os.pathsep.join([str(root), str(SRC)])
    code = textwrap.dedent("""\
        import numpy as np
        from twin.playout import step_many as f
        S = np.zeros((1, 1), dtype=np.int64)
        one = np.ones(1, dtype=np.int64)
        f(S, np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.uint64), one, one)
        from twin.observation import advance as a
        out = np.zeros(1, dtype=np.float32)
        a(1, 1, S[0], S[0], np.zeros(1, dtype=np.uint64), S[0], out, 1e9, -1e9, one.copy(),
          one.copy(), one.copy(), out)
        print(S[0, 0], len(f.stats.cache_misses), int(out[0]), len(a.stats.cache_misses))
        """)
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    value, misses, observed, missed = out.stdout.split()
    return int(value), int(misses), int(observed), int(missed)


def test_a_shared_driver_is_cached_with_the_game_and_dropped_with_it(tmp_path):
    """The drivers (engine/compiled/drivers.py) are compiled around each game's own functions:
    a second process loads them from the cache (a closure over the game's dispatchers would
    be compiled again in every process: numba keys it by a pickle of the cells, and a
    dispatcher pickles with a uuid of its process), the cache sits in the game's folder, and
    an edit of the game's function drops it."""
    folder = tmp_path / "twin"
    folder.mkdir()
    _write_driver(folder, 10)
    assert _run_driver(tmp_path) == (11, 1, 11, 1)  # compiled
    assert _run_driver(tmp_path) == (11, 0, 11, 0)  # loaded from the cache
    assert list((folder / "__pycache__").glob("playout.step_many-*.nbi"))
    assert list((folder / "__pycache__").glob("observation.advance-*.nbi"))
    _write_driver(folder, 20)  # only rules.py changes: the cached driver holds the old move
    os.utime(folder / "rules.py", (1, 1))
    assert _run_driver(tmp_path) == (21, 1, 21, 1)
