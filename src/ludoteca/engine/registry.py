"""The game registry: a new game is one package plus one line here.

Games are imported on first use, so ``import ludoteca`` stays fast and a broken game package
fails loudly when it is asked for, not silently by vanishing from the list.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from .errors import UnknownGame
from .game import Game

# game id -> module that defines GAME (a Game instance)
_MODULES: dict[str, str] = {
    "nine-domains": "ludoteca.games.nine_domains",
    "exploding-kittens": "ludoteca.games.exploding_kittens",
    "coatl": "ludoteca.games.coatl",
    "sala-de-miaula": "ludoteca.games.sala_de_miaula",
}

_LOADED: dict[str, Game] = {}


def get_game(game_id: str) -> Game:
    game = _LOADED.get(game_id)
    if game is not None:
        return game
    module = _MODULES.get(game_id)
    if module is None:
        raise UnknownGame(f"unknown game {game_id!r}; known games: {', '.join(_MODULES)}")
    game = importlib.import_module(module).GAME
    if game.id != game_id:
        raise RuntimeError(f"{module} registers {game.id!r}, expected {game_id!r}")
    _LOADED[game_id] = game
    return game


def register(game: Game) -> None:
    """Add a game defined outside this package (a plugin, a test's toy game)."""
    if game.id in _MODULES and _LOADED.get(game.id) is not game:
        raise ValueError(f"a game is already registered as {game.id!r}")
    _MODULES[game.id] = type(game).__module__
    _LOADED[game.id] = game


def unregister(game_id: str) -> None:
    _MODULES.pop(game_id, None)
    _LOADED.pop(game_id, None)


def list_games() -> list[Game]:
    return [get_game(gid) for gid in _MODULES]


def game_ids() -> list[str]:
    return list(_MODULES)


def module_suffix(game_id: str) -> str:
    """The Python name a game id takes in module paths (``nine-domains`` -> ``nine_domains``)."""
    return game_id.replace("-", "_")


def game_package(game: Game) -> str:
    """The package of a game's own modules (``ludoteca.games.coatl``): where its ``Game`` class
    is defined (``<package>.game``)."""
    return type(game).__module__.rpartition(".")[0]


def game_module(package: str, game_id: str) -> ModuleType | None:
    """``package.<game>``, the per-game module of a layer above the games (its heuristic
    agent, renderer, evaluation), or None when that game has none. An import error *inside*
    the module is not swallowed."""
    name = f"{package}.{module_suffix(game_id)}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        return None
