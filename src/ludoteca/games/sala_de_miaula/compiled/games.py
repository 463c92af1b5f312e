"""Sala de Miaula, compiled: many whole games, each dealt and played in compiled code, their
results kept as columns (what ``ludoteca simulate`` asks of the core). Twin of ``sim/runner.py``'s
``play_one`` over ``new_game`` and the seats' agents as ``play_seeded`` plays them; see
``exploding_kittens/compiled/games.py``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ....engine.compiled.jit import njit
from ....engine.compiled.rng import MT_N, mt_seed
from .layout import LIFE, REASON, TERRAIN, TURN, WIN
from .playout import CHOOSE_AGENTS, playout
from .setup import deal

GAME_MOVES = 1 << 16  # the most moves one game may take in the record buffer (none comes near)
# a game's row of finals: the winners' bits, the reason's index, both lives, turns, terrain
F_WIN, F_REASON, F_LIFE0, F_LIFE1, F_TURN, F_TERRAIN, WIDTH = range(7)


@njit
def play_games(
    T: Any,
    H: Any,
    fresh: Any,
    deals: Any,
    first_player: int,
    terrain: int,
    choices: Any,
    seeds: Any,
    kinds: Any,
    risks: Any,
    record: bool,
    seats: Any,
    codes: Any,
    starts: Any,
    decisions: Any,
    finals: Any,
    first: int,
) -> int:
    """Games ``first``, ``first + 1``, ...: game g is ``fresh`` dealt from ``Rng(deals[g])``
    (as ``random_games``), seat p played as ``kinds[g, p]`` drawing from
    ``random.Random(seeds[g, p])``; its moves (when ``record``) from ``starts[g]``, its
    decisions and its row of ``finals``. Stops before a game the move buffers might not hold;
    returns the next game to play."""
    S = np.empty_like(fresh)
    rng = np.zeros(1, dtype=np.uint64)
    mts = np.zeros((2, MT_N + 1), dtype=np.uint64)
    empty = np.zeros(0, dtype=np.int64)
    cap = seats.shape[0]
    used = starts[first]
    g = first
    while g < deals.shape[0]:
        if record and cap - used < GAME_MOVES:
            break
        S[:] = fresh
        rng[0] = deals[g]
        for p in range(2):
            mt_seed(mts[p], seeds[g, p])
        deal(S, T, rng, first_player, terrain, choices)
        if record:
            m = playout(
                S,
                T,
                H,
                rng,
                mts,
                kinds[g],
                risks[g],
                CHOOSE_AGENTS,
                1 << 40,
                seats[used:],
                codes[used:],
            )
            used += m
        else:
            m = playout(S, T, H, rng, mts, kinds[g], risks[g], CHOOSE_AGENTS, 1 << 40, empty, empty)
        starts[g + 1] = used
        decisions[g] = m
        row = finals[g]
        row[F_WIN] = S[WIN]
        row[F_REASON] = S[REASON]
        row[F_LIFE0] = S[LIFE]
        row[F_LIFE1] = S[LIFE + 1]
        row[F_TURN] = S[TURN]
        row[F_TERRAIN] = S[TERRAIN]
        g += 1
    return g
