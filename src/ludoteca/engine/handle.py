"""What an agent holds: one seat's window on a game, never the state itself."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game, GameState


class SeatHandle:
    """Exposes only ``view()``, the seat's own ``legal_actions()`` and ``sample(rng)``.

    ``sample`` is ``determinize(seat, rng)``: a full state in which everything the seat cannot
    see has been re-drawn, for search agents to play on. ``rng`` is required: a search must not
    draw from the game's own generator and foresee its shuffles.
    """

    __slots__ = ("__state", "game", "player")

    def __init__(self, state: GameState, player: int) -> None:
        self.__state = state
        self.game: Game = state.game
        self.player = player

    @property
    def num_players(self) -> int:
        return self.__state.num_players

    def view(self) -> dict[str, Any]:
        return self.__state.view(self.player)

    def legal_actions(self) -> list[Action]:
        return self.__state.legal_actions(self.player)

    def sample(self, rng: random.Random) -> GameState:
        if not isinstance(rng, random.Random):
            raise TypeError("sample(rng) needs an explicit random.Random")
        return self.__state.determinize(self.player, rng)
