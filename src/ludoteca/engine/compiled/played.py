"""``Played``: whole games a core dealt and played itself, kept as columns (one row per game),
so that a caller builds Python objects only for what it writes (``sim/blocks.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass
class Played:
    """Game g's decisions, turns (None: the game counts none), winners and ranking by seat,
    reason (``reasons[reason[g]]``), scores by seat (None: the game keeps none) and, where
    recorded, its moves ``seats``/``codes[starts[g]:starts[g + 1]]`` (action codes)."""

    decisions: np.ndarray
    turns: np.ndarray | None
    winners: np.ndarray  # (games, seats) bool
    ranking: np.ndarray  # (games, seats): places, 1 first
    reasons: tuple[str, ...]
    reason: np.ndarray
    scores: np.ndarray | None = None
    starts: np.ndarray | None = None
    seats: np.ndarray | None = None
    codes: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self.decisions)

    def details(self, g: int) -> dict[str, Any]:
        """Game g's ``Result.details`` (a game's core that keeps any says so: override)."""
        return {}
