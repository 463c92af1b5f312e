"""Exploding Kittens, compiled: many whole games, each dealt and played in compiled code, their
results kept as columns (what ``ludoteca simulate`` asks of the core). Twin of ``sim/runner.py``'s
``play_one`` over ``new_game`` (``setup.py``) and the seats' agents as ``play_seeded`` plays them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ....engine.compiled.jit import njit
from ....engine.compiled.rng import MT_N, mt_seed
from .deal import deal
from .layout import ALIVE, OUT, OUTN, SIZE, TTURNS, TURNS
from .playout import CHOOSE_AGENTS, playout

GAME_MOVES = 1 << 16  # the most moves one game may take in the record buffer (none comes near)


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
    turns: Any,
    tturns: Any,
    out: Any,
    winner: Any,
    first: int,
) -> int:
    """Games ``first``, ``first + 1``, ...: game g dealt from ``Rng(deals[g])`` with the game's
    options ``opts`` (as ``deal``), seat p played as ``kinds[g, p]`` (RANDOM, HEURISTIC with
    ``risks[g, p]``) drawing from ``random.Random(seeds[g, p])``. Per game: its moves (when
    ``record``: ``seats``/``codes`` from ``starts[g]`` to ``starts[g + 1]``), decisions, turns,
    turns by seat, the seats out in order and the winner. Stops before a game the move buffers
    might not hold; returns the next game to play (``deals.shape[0]`` when all are played)."""
    S = np.zeros(SIZE, dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    mts = np.zeros((n, MT_N + 1), dtype=np.uint64)
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
        turns[g] = S[TURNS]
        for q in range(n):
            tturns[g, q] = S[TTURNS + q]
            if S[ALIVE + q]:
                winner[g] = q
        for k in range(S[OUTN]):
            out[g, k] = S[OUT + k]
        g += 1
    return g
