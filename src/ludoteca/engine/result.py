"""How a game ended: winners, ranking, scores and the reason."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Result:
    """``winners`` holds one seat for a win, several for a shared win or draw.

    ``ranking[p]`` is p's place (1 = first; tied seats share a place). ``reason`` is a short
    machine id (``"elements"``, ``"points"``, ``"last_standing"``...) that message catalogs
    translate; ``details`` carries figures for it.
    """

    winners: tuple[int, ...]
    ranking: tuple[int, ...]
    reason: str
    scores: tuple[float, ...] | None = None
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def is_draw(self) -> bool:
        return len(self.winners) != 1

    def payoff(self, player: int) -> float:
        """1 for a sole win, 1/k for a win shared by k seats, 0 otherwise."""
        return 1.0 / len(self.winners) if player in self.winners else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "ranking": list(self.ranking),
            "reason": self.reason,
            "scores": None if self.scores is None else list(self.scores),
            "details": dict(self.details),
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Result:
        scores = d.get("scores")
        return cls(
            tuple(d["winners"]),
            tuple(d["ranking"]),
            d["reason"],
            None if scores is None else tuple(scores),
            dict(d.get("details", {})),
        )

    @classmethod
    def from_scores(cls, scores: Sequence[float], reason: str, **details: Any) -> Result:
        """Highest score wins; equal top scores share the win."""
        best = max(scores)
        winners = tuple(p for p, s in enumerate(scores) if s == best)
        ranking = tuple(1 + sum(1 for t in scores if t > s) for s in scores)
        return cls(winners, ranking, reason, tuple(scores), details)
