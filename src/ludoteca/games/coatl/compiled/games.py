"""Coatl, compiled: many whole games, each dealt and played in compiled code, their results
kept as columns (what ``ludoteca simulate`` asks of the core). Twin of ``sim/runner.py``'s
``play_one`` over ``new_game`` and the seats' agents as ``play_seeded`` plays them. The loop is
every core's (``engine/compiled/drivers.py``); here: the deal's arguments and the row of finals.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ....engine.compiled import drivers
from ....engine.compiled.jit import njit
from .layout import END, MAXP, SIZE, TRIGGER, TURNS
from .playout import playout
from .scoring import result_keys
from .setup import deal

# a game's row of finals: turns, the end's word, the trigger, then each seat's result key
# (points, cards beside, best Coatl) from F_KEYS, three numbers a seat
F_TURNS, F_END, F_TRIGGER, F_KEYS = range(4)
WIDTH = F_KEYS + 3 * MAXP


@njit
def _deal(S: Any, T: Any, rng: Any, n: int, D: Any) -> None:
    """``D``: the options' flags (``playout.options_array``)."""
    deal(S, T, rng, n, D)


@njit
def _finish(S: Any, T: Any, n: int, row: Any) -> None:
    row[F_TURNS] = S[TURNS]
    row[F_END] = S[END]
    row[F_TRIGGER] = S[TRIGGER]
    keys = np.zeros((MAXP, 3), dtype=np.int64)
    result_keys(S, T, keys)
    for q in range(n):
        for j in range(3):
            row[F_KEYS + 3 * q + j] = keys[q, j]


play_games = drivers.play_games(__name__, SIZE, _deal, playout, _finish)
