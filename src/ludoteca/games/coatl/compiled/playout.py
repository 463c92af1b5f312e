"""Coatl, compiled: whole games and batches (the drivers' entry points): random or heuristic
seats, a game from the deal, many games stepped at once.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ....engine.compiled.jit import njit
from ....engine.compiled.rng import MT_N, mt_below, mt_random, mt_seed
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
from .scoring import (
    winner,
)
from .setup import (
    deal,
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


@njit
def random_games(
    T: Any, H: Any, seeds: Any, n: int, opts: Any, agent_seeds: Any, moves: Any, winners: Any
) -> None:
    S = np.zeros(SIZE, dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    mts = np.zeros((n, MT_N + 1), dtype=np.uint64)
    empty = np.zeros(0, dtype=np.int64)
    kinds = np.zeros(n, dtype=np.int64)
    risks = np.zeros(n, dtype=np.float64)
    for g in range(seeds.shape[0]):
        rng[0] = np.uint64(seeds[g])
        for p in range(n):
            mt_seed(mts[p], agent_seeds[g, p])
        deal(S, T, rng, n, opts)
        moves[g] = playout(S, T, H, rng, mts, kinds, risks, CHOOSE_AGENTS, 1 << 40, empty, empty)
        winners[g] = winner(S, T)


@njit
def step_many(Ss: Any, T: Any, rngs: Any, players: Any, codes: Any) -> None:
    for g in range(Ss.shape[0]):
        if codes[g] >= 0:
            apply(Ss[g], T, rngs[g : g + 1], players[g], codes[g])


@njit
def legal_many(Ss: Any, T: Any, players: Any, masks: Any) -> None:
    buf = np.empty(ACAP, dtype=np.int64)
    for g in range(Ss.shape[0]):
        masks[g, :] = 0
        m = legal(Ss[g], T, players[g], buf)
        for i in range(m):
            masks[g, buf[i]] = 1


def options_array(options: Any) -> np.ndarray:
    return np.array([bool(getattr(options, k)) for k in OPTIONS], dtype=np.int64)
