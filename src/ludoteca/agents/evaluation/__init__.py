"""Leaf evaluations: a game's estimate of every seat's win share from a state.

A game may provide ``ludoteca.agents.evaluation.<game module>`` with

    def leaf_values(state: GameState) -> list[float]

giving each seat's expected reward in [0, 1] (for a finished game: its result, possibly shaped,
e.g. by score margins). Search agents call it on their *own* determinized samples, never on the
real game, so it may read the whole state it is given. ISMCTS uses it to cut playouts short
(``leaf=N``) and, with ``reward=eval``, as the reward of finished games too.
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine import Game, GameState
from ...engine.registry import game_module

LeafValues = Callable[[GameState], list[float]]


def get_evaluator(game: Game) -> LeafValues | None:
    """The game's ``leaf_values``, or None when the game has no evaluation module."""
    mod = game_module(__name__, game.id)
    if mod is None:
        return None
    fn: LeafValues = mod.leaf_values
    return fn
