"""Coatl for 2 to 4 players: build feathered serpents that fulfil Prophecies and Temples."""

from .game import CoatlGame

GAME = CoatlGame()

__all__ = ["GAME", "CoatlGame"]
