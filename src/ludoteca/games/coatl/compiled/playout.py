"""Coatl, compiled: whole games and batches (the drivers' entry points): random or heuristic
seats, a game from the deal, many games stepped at once.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ....engine.compiled import drivers
from ....engine.compiled.jit import njit
from ....engine.compiled.rng import mt_below, mt_random
from .heuristic import (
    HW_SIZE,
    heuristic,
)
from .layout import (
    SIZE,
)
from .legal import (
    _legal,
    actors,
    legal,
)
from .rules import (
    apply,
)
from .table import (
    ACAP,
    OPTIONS,
    WSIZE,
)

# -- playouts -----------------------------------------------------------------------------
CHOOSE_AGENTS, CHOOSE_SEARCH = 0, 1
RANDOM, HEURISTIC = 0, 1


@njit
def playout(
    S: Any,
    T: Any,
    H: Any,
    rng: Any,
    mts: Any,
    kinds: Any,
    risks: Any,
    mode: int,
    max_steps: int,
    seats: Any,
    codes: Any,
) -> int:
    """See exploding_kittens.playout: seat p (CHOOSE_AGENTS) or every seat (CHOOSE_SEARCH,
    ``kinds[0]``) plays RANDOM or HEURISTIC from its generator (the heuristic is asked only
    when there is a choice, as the agent itself and ISMCTS' policy do).
    ``risks``: unused (this heuristic takes no risk), there so every core's playout has one
    signature (``engine/compiled/core.py``)."""
    buf = np.empty(ACAP, dtype=np.int64)
    W = np.empty(WSIZE, dtype=np.int64)
    who = np.empty(1, dtype=np.int64)
    heuristic_seats = False
    for g in range(kinds.shape[0]):
        if kinds[g] == HEURISTIC:
            heuristic_seats = True
    X = np.empty((2, SIZE if heuristic_seats else 0), dtype=np.int64)
    HW = np.empty(HW_SIZE, dtype=np.int64)
    steps = 0
    keep = codes.shape[0]
    while steps < max_steps:
        if actors(S, who) == 0:
            break
        p = who[0]
        m = _legal(S, T, p, buf, W)
        g = p if mode == CHOOSE_AGENTS else 0
        if kinds[g] == HEURISTIC:
            code = heuristic(S, T, H, p, buf, m, mts[g], X, HW)
        else:
            i = mt_below(mts[p], m) if mode == CHOOSE_AGENTS else np.int64(mt_random(mts[0]) * m)
            code = buf[i]
        if steps < keep:
            seats[steps] = p
            codes[steps] = code
        apply(S, T, rng, p, code)
        steps += 1
    return steps


step_many, legal_many = drivers.batch(__name__, apply, legal, ACAP)


def options_array(options: Any) -> np.ndarray:
    return np.array([bool(getattr(options, k)) for k in OPTIONS], dtype=np.int64)
