"""``Played``: whole games a core dealt and played itself, kept as columns (one row per game),
so that a caller builds Python objects only for what it writes (``sim/blocks.py``)."""

from __future__ import annotations

from collections.abc import Callable
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


@dataclass
class Columns:
    """What a core's compiled ``play_games`` loop fills: game g's moves
    ``seats``/``codes[starts[g]:starts[g + 1]]`` (where recorded), its decisions, and its row of
    ``finals`` (the numbers its result is made of, the game's own choice)."""

    starts: np.ndarray
    decisions: np.ndarray
    finals: np.ndarray
    seats: np.ndarray
    codes: np.ndarray


def fill_columns(
    play: Callable[..., int], games: int, width: int, record: bool, moves: int, game_moves: int
) -> Columns:
    """Run a compiled loop ``play(record, seats, codes, starts, decisions, finals, first) ->
    next`` over ``games`` games, doubling the move buffers (``moves`` a game to start, at least
    ``2 * game_moves``: one game's most) whenever it stops early for room."""
    starts = np.zeros(games + 1, dtype=np.int64)
    decisions = np.zeros(games, dtype=np.int64)
    finals = np.zeros((games, width), dtype=np.int64)
    cap = game_moves * 2 + games * moves if record else 0
    seats = np.empty(cap, dtype=np.int64)
    codes = np.empty(cap, dtype=np.int64)
    done = 0
    while done < games:
        done = play(record, seats, codes, starts, decisions, finals, done)
        if done < games:
            seats = np.concatenate([seats, np.empty_like(seats)])
            codes = np.concatenate([codes, np.empty_like(codes)])
    used = int(starts[games])
    return Columns(starts, decisions, finals, seats[:used], codes[:used])
