"""``sim/heap.py``: after ``keep_freed_memory`` a process takes a freed block's memory again
without page faults (the kernel's work every block otherwise)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import ludoteca

SCRIPT = textwrap.dedent(
    """
    import resource, sys
    import numpy as np
    from ludoteca.sim.heap import keep_freed_memory
    if sys.argv[1] == "keep":
        assert keep_freed_memory() and keep_freed_memory()
    def blocks():
        for _ in range(6):  # two arrays of 2 MB a block, filled, then freed
            a = np.empty(1 << 18); b = np.empty(1 << 18)
            a[:] = 1.0; b[:] = 2.0
            del a, b
    blocks()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    blocks()
    print(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
    """
)


def _faults(mode: str) -> int:
    env = {**os.environ, "PYTHONPATH": str(Path(ludoteca.__file__).parents[1])}
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT, mode], capture_output=True, text=True, check=True, env=env
    )
    return int(out.stdout.split()[-1])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc")
def test_freed_blocks_are_taken_again_without_page_faults():
    assert _faults("keep") < 50  # 6 blocks of 4 MB: 6,000 pages were they fresh
    assert _faults("default") > 1000  # what it saves: glibc hands such arrays back
