"""The Nine Domains, compiled: many whole games, each dealt and played in compiled code, their
results kept as columns (what ``ludoteca simulate`` asks of the core). Twin of ``sim/runner.py``'s
``play_one`` over ``new_game`` and the seats' agents as ``play_seeded`` plays them. The loop is
every core's (``engine/compiled/drivers.py``); here: the deal's arguments and the row of finals.
"""

from __future__ import annotations

from typing import Any

from ....engine.compiled import drivers
from ....engine.compiled.jit import njit
from .combat import _points
from .layout import BONUS, ELEMENTS_OFF, HISTN, REASON, SIZE, WINNER, WONN
from .playout import playout
from .setup import deal

# a game's row of finals: what ``NineDomainsState.result`` reads
(
    F_WINNER,
    F_REASON,
    F_ROUNDS,
    F_WON0,
    F_WON1,
    F_BONUS0,
    F_BONUS1,
    F_ELEMENTS_OFF,
    F_VP0,
    F_VP1,
    WIDTH,
) = range(11)


@njit
def _deal(S: Any, T: Any, rng: Any, n: int, D: Any) -> None:
    """``D``: (the deal's kind, the options' flags), as the core packs them."""
    deal(S, T, rng, D[0], D[1])


@njit
def _finish(S: Any, T: Any, n: int, row: Any) -> None:
    row[F_WINNER] = S[WINNER]
    row[F_REASON] = S[REASON]
    row[F_ROUNDS] = S[HISTN]
    row[F_WON0] = S[WONN]
    row[F_WON1] = S[WONN + 1]
    row[F_BONUS0] = S[BONUS]
    row[F_BONUS1] = S[BONUS + 1]
    row[F_ELEMENTS_OFF] = S[ELEMENTS_OFF]
    row[F_VP0] = _points(S, T, 0)
    row[F_VP1] = _points(S, T, 1)


play_games = drivers.play_games(__name__, SIZE, _deal, playout, _finish)
