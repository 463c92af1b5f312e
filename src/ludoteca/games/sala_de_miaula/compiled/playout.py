"""Sala de Miaula, compiled: whole games and batches (the drivers' entry points): random or
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
from .layout import (
    CUR,
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

# -- playouts -------------------------------------------------------------------------------
CHOOSE_AGENTS, CHOOSE_SEARCH = 0, 1
UNTIL_TURN = 2  # a mode bit: stop when the turn passes to the other player
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
    """Moves for ``actors[0]`` until the end or ``max_steps``. CHOOSE_AGENTS: seat p plays
    agent ``kinds[p]`` with generator ``mts[p]`` (RANDOM: ``rng.choice``; HEURISTIC: the
    heuristic agent). CHOOSE_SEARCH: every seat plays ISMCTS' policy ``kinds[0]`` with
    ``mts[0]`` (RANDOM: ``legal[int(rng.random() * k)]``; HEURISTIC: the agent, which itself
    answers a single legal move without asking its generator, as the search's policy does).
    With the UNTIL_TURN bit set it also stops as soon as the player to move changes (the turn
    is over: the search's leaf evaluation values the next turn's start).
    ``rng`` and ``risks``: unused (play draws no chance; this heuristic takes no risk), there so
    every core's playout has one signature (``engine/compiled/core.py``)."""
    buf = np.empty(ACAP, dtype=np.int64)
    who = np.empty(2, dtype=np.int64)
    steps = 0
    keep = codes.shape[0]
    agents = (mode & CHOOSE_SEARCH) == CHOOSE_AGENTS
    turn_of = S[CUR] if mode & UNTIL_TURN else -1
    while steps < max_steps:
        if actors(S, who) == 0:
            break
        if turn_of >= 0 and S[CUR] != turn_of:
            break
        p = who[0]
        m = legal(S, T, p, buf)
        g = p if agents else 0
        if kinds[g] == HEURISTIC:
            code = heuristic(S, T, H, p, buf, m, mts[g])
        else:
            i = mt_below(mts[p], m) if agents else np.int64(mt_random(mts[0]) * m)
            code = buf[i]
        if steps < keep:
            seats[steps] = p
            codes[steps] = code
        apply(S, T, p, code)
        steps += 1
    return steps


step_many, legal_many = drivers.batch(__name__, step, legal, ACAP)
