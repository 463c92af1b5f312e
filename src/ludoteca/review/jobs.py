"""The review's work as plain functions of plain data, for a worker process (the server's AI
worker pool): a seat's whole review with its progress written to a file the server reads, and
a practice hint (the move the review would call best now, from the seat's information only)."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any

from ..engine import MatchRecord, get_game
from .hint import best_moves
from .seat_review import review_seat
from .values import ReviewBudget

# the progress file is written at most this often (actions of the record between writes)
PROGRESS_EVERY = 4


def write_progress(path: Path, done: int, total: int) -> None:
    """``done total`` in ``path``, replaced whole (a reader never sees half a line)."""
    tmp = path.with_suffix(".tmp")
    with contextlib.suppress(OSError):
        tmp.write_text(f"{done} {total}", encoding="ascii")
        os.replace(tmp, path)


def read_progress(path: Path) -> tuple[int, int] | None:
    """What :func:`write_progress` last wrote, or None (nothing yet, or the file is gone)."""
    try:
        done, total = path.read_text(encoding="ascii").split()
        return int(done), int(total)
    except (OSError, ValueError):
        return None


def review_job(
    record: dict[str, Any],
    seat: int,
    seed: int,
    budget: dict[str, Any],
    progress: str | None = None,
) -> dict[str, Any]:
    """``review_seat(...).to_json()`` of the record (a match record's JSON)."""
    rec = MatchRecord.from_json(record)
    where = None if progress is None else Path(progress)

    def tell(done: int, total: int) -> None:
        if where is not None and (done % PROGRESS_EVERY == 0 or done == total):
            write_progress(where, done, total)

    return review_seat(rec, seat, ReviewBudget(**budget), seed, tell).to_json()


def hint_job(
    game_id: str, state_json: dict[str, Any], seat: int, seed: int, budget: dict[str, Any]
) -> list[dict[str, Any]]:
    """The best moves of ``seat`` in the state (a running game's, as ``to_json()``), best
    first, each ``{"move": action JSON, "value": win chance or None for an only move}``."""
    state = get_game(game_id).state_from_json(state_json)
    return [
        {"move": a.to_json(), "value": v}
        for a, v in best_moves(state, seat, ReviewBudget(**budget), seed)
    ]
