"""Coatl, compiled: many whole games, each dealt and played in compiled code, their results
kept as columns (what ``ludoteca simulate`` asks of the core). Twin of ``sim/runner.py``'s
``play_one`` over ``new_game`` and the seats' agents as ``play_seeded`` plays them; see
``exploding_kittens/compiled/games.py``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ....engine.compiled.jit import njit
from ....engine.compiled.rng import MT_N, mt_seed
from .layout import END, MAXP, SIZE, TRIGGER, TURNS
from .playout import CHOOSE_AGENTS, playout
from .scoring import result_keys
from .setup import deal

GAME_MOVES = 1 << 16  # the most moves one game may take in the record buffer (none comes near)
# a game's row of finals: turns, the end's word, the trigger, then each seat's result key
# (points, cards beside, best Coatl) from F_KEYS, three numbers a seat
F_TURNS, F_END, F_TRIGGER, F_KEYS = range(4)
WIDTH = F_KEYS + 3 * MAXP


@njit
def play_games(
    T: Any,
    H: Any,
    deals: Any,
    n: int,
    opts: Any,
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
    """Games ``first``, ``first + 1``, ...: game g dealt from ``Rng(deals[g])`` for ``n``
    seats (as ``random_games``), seat p played as ``kinds[g, p]`` drawing from
    ``random.Random(seeds[g, p])``; its moves (when ``record``) from ``starts[g]``, its
    decisions and its row of ``finals``. Stops before a game the move buffers might not hold;
    returns the next game to play."""
    S = np.zeros(SIZE, dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    mts = np.zeros((n, MT_N + 1), dtype=np.uint64)
    keys = np.zeros((MAXP, 3), dtype=np.int64)
    empty = np.zeros(0, dtype=np.int64)
    cap = seats.shape[0]
    used = starts[first]
    g = first
    while g < deals.shape[0]:
        if record and cap - used < GAME_MOVES:
            break
        rng[0] = deals[g]
        for p in range(n):
            mt_seed(mts[p], seeds[g, p])
        deal(S, T, rng, n, opts)
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
        row[F_TURNS] = S[TURNS]
        row[F_END] = S[END]
        row[F_TRIGGER] = S[TRIGGER]
        result_keys(S, T, keys)
        for q in range(n):
            for j in range(3):
                row[F_KEYS + 3 * q + j] = keys[q, j]
        g += 1
    return g
