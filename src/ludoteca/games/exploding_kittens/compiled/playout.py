"""Exploding Kittens, compiled: playouts (random agents, ISMCTS' rollout policy, the heuristic),
whole games from the deal, and the batched step and masks (RL). Twin of the engine's loop as
``sim/runner.py`` and ``agents/ismcts.py`` drive it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ....engine.compiled import drivers
from ....engine.compiled.jit import njit
from ....engine.compiled.rng import mt_below, mt_random
from .heuristic import heuristic
from .layout import (
    ACAP,
    ACTN,
    ACTORS,
    HANDS,
    NKC,
    PHASE,
    T_C_PASS,
    T_NOPE,
    WINDOW,
)
from .legal import legal
from .rules import _answer, apply

# -- playouts -----------------------------------------------------------------------------
CHOOSE_AGENTS = 0  # seat p's agent (kinds[p]) with seat p's generator mts[p]
CHOOSE_SEARCH = 1  # ISMCTS' rollout policy (kinds[0]) with one generator mts[0]
RANDOM, HEURISTIC = 0, 1


@njit
def _choose(
    S: Any, T: Any, H: Any, p: int, buf: Any, m: int, mt: Any, kind: int, risk: float, search: bool
) -> int:
    if kind == RANDOM:
        i = np.int64(mt_random(mt) * m) if search else mt_below(mt, m)
        return buf[i]
    if search and m == 1:  # ISMCTS asks its heuristic only when there is a choice
        return buf[0]
    code = heuristic(S, T, H, p, buf, m, risk)
    return code if code >= 0 else buf[mt_below(mt, m)]


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
    """Moves until the game ends or ``max_steps`` moves are made; ``seats``/``codes`` (when
    long enough) receive who moved and what. Returns the number of moves made.

    CHOOSE_AGENTS: seat p plays agent ``kinds[p]`` (RANDOM: ``choice`` from ``mts[p]``;
    HEURISTIC: the heuristic agent with risk ``risks[p]``). CHOOSE_SEARCH: every seat plays
    ISMCTS' rollout policy ``kinds[0]`` (RANDOM: ``legal[int(random() * k)]`` from ``mts[0]``)."""
    buf = np.empty(ACAP, dtype=np.int64)
    steps = 0
    keep = codes.shape[0]
    search = mode == CHOOSE_SEARCH
    while S[ACTN] > 0 and steps < max_steps:
        p = S[ACTORS]
        g = 0 if search else p
        if S[PHASE] == WINDOW and S[HANDS + p * NKC + T[T_NOPE]] == 0:
            # a Nope window's seat without a Nope: its one move is to pass. The agent draws
            # what it draws choosing among one move (a random agent its word, the heuristic
            # nothing), the pass is recorded as any move, and the window takes the answer
            # straight away (no legal-move list, no dispatch)
            if kinds[g] == RANDOM:
                if search:
                    mt_random(mts[g])
                else:
                    mt_below(mts[g], 1)
            if steps < keep:
                seats[steps] = p
                codes[steps] = T[T_C_PASS]
            _answer(S, T, rng, p, False)
            steps += 1
            continue
        m = legal(S, T, p, buf)
        code = _choose(S, T, H, p, buf, m, mts[g], kinds[g], risks[g], search)
        if steps < keep:
            seats[steps] = p
            codes[steps] = code
        apply(S, T, rng, p, code)
        steps += 1
    return steps


step_many, legal_many = drivers.batch(__name__, apply, legal, ACAP)
