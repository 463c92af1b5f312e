"""Exploding Kittens, compiled: many whole games, each dealt and played in compiled code, their
results kept as columns (what ``ludoteca simulate`` asks of the core). Twin of ``sim/runner.py``'s
``play_one`` over ``new_game`` (``setup.py``) and the seats' agents as ``play_seeded`` plays them.
The loop is every core's (``engine/compiled/drivers.py``); here: the deal's arguments and the
row of finals.
"""

from __future__ import annotations

from typing import Any

from ....engine.compiled import drivers
from ....engine.compiled.jit import njit
from .deal import deal
from .layout import ALIVE, MAXN, OUT, OUTN, SIZE, TTURNS, TURNS
from .playout import playout

# a game's row of finals: turns, the winner, each seat's turns from F_TTURNS, the seats out in
# order from F_OUT
F_TURNS, F_WINNER, F_TTURNS = range(3)
F_OUT = F_TTURNS + MAXN
WIDTH = F_OUT + MAXN


@njit
def _deal(S: Any, T: Any, rng: Any, n: int, D: Any) -> None:
    """``D``: the options' flags (``core._opts``)."""
    deal(S, T, rng, n, D)


@njit
def _finish(S: Any, T: Any, n: int, row: Any) -> None:
    row[F_TURNS] = S[TURNS]
    for q in range(n):
        row[F_TTURNS + q] = S[TTURNS + q]
        if S[ALIVE + q]:
            row[F_WINNER] = q
    for k in range(S[OUTN]):
        row[F_OUT + k] = S[OUT + k]


play_games = drivers.play_games(__name__, SIZE, _deal, playout, _finish)
