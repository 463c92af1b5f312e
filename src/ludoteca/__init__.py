"""ludoteca: four tabletop games played exactly by their rules.

import ludoteca
game = ludoteca.get_game("nine-domains")
state = game.new_game(num_players=2, seed=42, options={})
"""

from .engine import (
    Action,
    DataError,
    Event,
    Game,
    GameState,
    IllegalAction,
    InvalidAction,
    InvalidOptions,
    Match,
    MatchRecord,
    Result,
    SeatHandle,
    UnknownGame,
    get_game,
    list_games,
)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "DataError",
    "Event",
    "Game",
    "GameState",
    "IllegalAction",
    "InvalidAction",
    "InvalidOptions",
    "Match",
    "MatchRecord",
    "Result",
    "SeatHandle",
    "UnknownGame",
    "__version__",
    "get_game",
    "list_games",
]
