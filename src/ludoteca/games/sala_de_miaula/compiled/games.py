"""Sala de Miaula, compiled: many whole games, each dealt and played in compiled code, their
results kept as columns (what ``ludoteca simulate`` asks of the core). Twin of ``sim/runner.py``'s
``play_one`` over ``new_game`` and the seats' agents as ``play_seeded`` plays them. The loop is
every core's (``engine/compiled/drivers.py``); here: the deal's arguments and the row of finals.
"""

from __future__ import annotations

from typing import Any

from ....engine.compiled import drivers
from ....engine.compiled.jit import njit
from .layout import LIFE, REASON, SIZE, TERRAIN, TURN, WIN
from .playout import playout
from .setup import deal

# a game's row of finals: the winners' bits, the reason's index, both lives, turns, terrain
F_WIN, F_REASON, F_LIFE0, F_LIFE1, F_TURN, F_TERRAIN, WIDTH = range(7)


@njit
def _deal(S: Any, T: Any, rng: Any, n: int, D: Any) -> None:
    """``D``: (the fresh state's array, the first player, the terrain, the terrains to draw
    from), as the core's ``_fresh`` makes them."""
    S[:] = D[0]
    deal(S, T, rng, D[1], D[2], D[3])


@njit
def _finish(S: Any, T: Any, n: int, row: Any) -> None:
    row[F_WIN] = S[WIN]
    row[F_REASON] = S[REASON]
    row[F_LIFE0] = S[LIFE]
    row[F_LIFE1] = S[LIFE + 1]
    row[F_TURN] = S[TURN]
    row[F_TERRAIN] = S[TERRAIN]


play_games = drivers.play_games(__name__, SIZE, _deal, playout, _finish)
