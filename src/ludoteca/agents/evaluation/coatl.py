"""Coatl: each seat's expected reward from a (determinized) state, for search leaves.

The issue's target for Coatl is about score ("outscores the heuristic on average"), so the
reward is shaped by the score margin, not only by who wins:

    reward(p) = WIN_SHARE * win_share(p) + (1 - WIN_SHARE) * sigmoid(margin(p) / SCALE)

where ``margin(p)`` is p's value minus the mean of the other seats' values. For a finished game
the value is the final score and ``win_share`` the result's payoff. For a running game the
value is an estimate of the points a seat will end with (the heuristic's ``position_value``:
finished Coatls at their real score, plus what cards beside unfinished Coatls, fitting cards in
hand, pieces and tokens promise), and ``win_share`` is replaced by ``sigmoid(margin / SCALE)``
(so the two terms agree while the game runs).

It reads the whole state: search agents call it only on their own determinized samples.
"""

from __future__ import annotations

import math
from typing import Any

from ...engine import GameState
from ...games.coatl.scoring import player_points
from ..heuristics.coatl import position_value

SCALE = 8.0  # points of margin that move the margin term from 0.5 to about 0.73
WIN_SHARE = 0.5  # weight of winning itself in a finished game's reward


def _sigmoid(x: float) -> float:
    if x < -40.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def values(state: Any) -> list[float]:
    """Each seat's value in points: the final score when over, else the estimate."""
    if state.is_over:
        return [float(player_points(pl)) for pl in state.players]
    return [position_value(state, p) for p in range(state.num_players)]


def margins(vals: list[float]) -> list[float]:
    """Each seat's value minus the mean of the others'."""
    n = len(vals)
    total = sum(vals)
    return [v - (total - v) / (n - 1) for v in vals]


def leaf_values(state: GameState) -> list[float]:
    """Each seat's reward in [0, 1] (see the module docstring)."""
    shaped = [_sigmoid(m / SCALE) for m in margins(values(state))]
    if not state.is_over:
        return shaped
    result = state.result()
    return [WIN_SHARE * result.payoff(p) + (1.0 - WIN_SHARE) * s for p, s in enumerate(shaped)]
