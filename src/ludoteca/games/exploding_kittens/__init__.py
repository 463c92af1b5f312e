"""Gatinhos Explosivos (Exploding Kittens), 2 to 10 players, every card of the rule text."""

from .game import ExplodingKittens

GAME = ExplodingKittens()

__all__ = ["GAME", "ExplodingKittens"]
