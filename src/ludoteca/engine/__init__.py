"""The game-agnostic core: protocol, RNG, actions, events, results, match records."""

from .actions import Action, ActionSpace, canonical_json
from .errors import (
    DataError,
    IllegalAction,
    InvalidAction,
    InvalidOptions,
    LudotecaError,
    UnknownGame,
)
from .events import Event, visible_events
from .game import Game, GameOptions, GameState
from .handle import SeatHandle
from .i18n import DEFAULT_LANGUAGE, LANGUAGES, Catalog, normalize_language
from .match import Match, MatchRecord, ReplayStep
from .reactions import ReactionWindow
from .registry import game_ids, get_game, list_games
from .result import Result
from .rng import Rng

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "Action",
    "ActionSpace",
    "Catalog",
    "DataError",
    "Event",
    "Game",
    "GameOptions",
    "GameState",
    "IllegalAction",
    "InvalidAction",
    "InvalidOptions",
    "LudotecaError",
    "Match",
    "MatchRecord",
    "ReactionWindow",
    "ReplayStep",
    "Result",
    "Rng",
    "SeatHandle",
    "UnknownGame",
    "canonical_json",
    "game_ids",
    "get_game",
    "list_games",
    "normalize_language",
    "visible_events",
]
