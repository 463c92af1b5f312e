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
