"""The check every compiled-observation test makes: ``observer.observe`` of the state loaded
into the core equals the reference ``encode(view(p))``, entry for entry, naming the fields
that differ when it does not."""

from __future__ import annotations

from typing import Any

import numpy as np


def check_observation(obs: Any, core: Any, enc: Any, state: Any, p: int) -> None:
    want = enc.encode(state.view(p))
    got = obs.observe(core.load(state), p)
    assert got.dtype == np.float32 and got.shape == want.shape
    if not np.array_equal(got, want):
        bad = [
            (f.name, int(i), float(got[i]), float(want[i]))
            for f in enc.layout.fields
            for i in np.flatnonzero(got != want)
            if f.start <= i < f.start + f.size
        ]
        raise AssertionError(f"seat {p}: the compiled observation differs from encode(view): {bad}")
