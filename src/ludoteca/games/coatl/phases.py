"""The phases of a Coatl turn: which decision the acting player owes now."""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    SETUP = 0  # keeping the starting Prophecies
    TURN = 1  # choosing the turn's action
    PROPHECY = 2  # taking Prophecies, one by one, until stopping
    ASSEMBLY = 3  # assembling, one piece or card at a time, until ending
    TEMPLE = 4  # choosing the Temple a finished Coatl fulfils
    VISION = 5  # discarding Prophecies after a Vision of the Future
    OVER = 6


# the JSON word of each phase, by value: "setup", "turn", ...
PHASE_NAMES: tuple[str, ...] = tuple(p.name.lower() for p in Phase)
