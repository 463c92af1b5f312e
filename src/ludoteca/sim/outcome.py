"""The record of one simulated game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class GameOutcome:
    """One simulated game: who sat where, how it ended, and its full match record."""

    index: int
    seed: int
    seats: list[str]
    winners: list[int]
    ranking: list[int]
    scores: list[float] | None
    reason: str
    decisions: int
    turns: int | None
    record: dict[str, Any] = field(repr=False, default_factory=dict)
    # the record's actions as the JSON text ``json.dumps`` gives them (without the brackets),
    # where the core played the game: written as is, not encoded again (cli/simulate_cmd.py)
    actions_json: str | None = field(repr=False, compare=False, default=None)

    def to_row(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seed": self.seed,
            "seats": self.seats,
            "winners": self.winners,
            "ranking": self.ranking,
            "scores": self.scores,
            "reason": self.reason,
            "decisions": self.decisions,
            "turns": self.turns,
        }
