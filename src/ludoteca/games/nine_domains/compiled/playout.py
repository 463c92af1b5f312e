"""The Nine Domains, compiled: whole games and batches (the drivers' entry points): random or
heuristic seats, a game from the deal, many games stepped at once.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ....engine.compiled import drivers
from ....engine.compiled.jit import njit
from ....engine.compiled.rng import mt_below, mt_random
from .heuristic import (
    heuristic,
)
from .legal import (
    actors,
    legal,
)
from .rules import (
    apply,
    step,
)
from .table import (
    ACAP,
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
    ``kinds[0]``) plays RANDOM from its generator or HEURISTIC (which draws nothing).
    ``rng`` and ``risks``: unused (play draws no chance; this heuristic takes no risk), there so
    every core's playout has one signature (``engine/compiled/core.py``)."""
    buf = np.empty(ACAP, dtype=np.int64)
    who = np.empty(2, dtype=np.int64)
    steps = 0
    keep = codes.shape[0]
    while steps < max_steps:
        if actors(S, who) == 0:
            break
        p = who[0]
        m = legal(S, T, p, buf)
        g = p if mode == CHOOSE_AGENTS else 0
        if kinds[g] == HEURISTIC:
            code = heuristic(S, T, H, p, buf, m)
        else:
            i = mt_below(mts[p], m) if mode == CHOOSE_AGENTS else np.int64(mt_random(mts[0]) * m)
            code = buf[i]
        if steps < keep:
            seats[steps] = p
            codes[steps] = code
        apply(S, T, p, code)
        steps += 1
    return steps


step_many, legal_many = drivers.batch(__name__, step, legal, ACAP)


_DEALS = {"random": 0, "draft": 1, "independent": 2}
