"""Observation encoders, one module per game (named for its id, ``-`` as ``_``), each with
``make(num_players) -> Encoder``. See docs/rl.md for every field."""

from __future__ import annotations

from functools import cache

from ...engine import get_game
from ...engine.registry import game_module
from .base import Encoder, Field, Layout, Vocabulary


@cache
def encoder_for(game_id: str, num_players: int) -> Encoder:
    """The encoder of ``game_id`` for that player count (one instance per pair)."""
    game = get_game(game_id)
    if not game.min_players <= num_players <= game.max_players:
        raise ValueError(
            f"{game_id} is for {game.min_players} to {game.max_players} players, not {num_players}"
        )
    mod = game_module(__name__, game_id)
    if mod is None:
        raise ValueError(f"there is no observation encoder for {game_id} yet")
    enc: Encoder = mod.make(num_players)
    return enc


__all__ = ["Encoder", "Field", "Layout", "Vocabulary", "encoder_for"]
