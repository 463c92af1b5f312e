"""Ratings per game: the arithmetic of one rated game (no database here).

The model is openskill's Plackett-Luce (2 to 10 players, ranks and ties): a rating is a belief
(mu, sigma) about a person's skill at one game. What is shown is ``mu - 3 sigma`` (a figure the
person very probably is above: it starts at 0 and rises as games make sigma small), with
``mu ± 2 sigma`` beside it (docs/ratings.md).

Who takes part in a rated game's update, seat by seat:

- a person with an account: their stored rating (or a new one), updated;
- a guest (no account): a new person's rating, used for the others' update and kept nowhere;
- an AI seat of a level (easy, medium, strong): the level's fixed, measured rating
  (``ai_ratings.toml``), never changed;
- a seat whose person left mid-game (an AI finished it): that person, placed last.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
NEW_MU = float(MODEL.mu)  # 25
NEW_SIGMA = float(MODEL.sigma)  # 25/3


def shown(mu: float, sigma: float) -> float:
    """The figure shown for a rating: mu - 3 sigma (a new person's is 0)."""
    return mu - 3.0 * sigma


@dataclass(frozen=True)
class Belief:
    mu: float = NEW_MU
    sigma: float = NEW_SIGMA

    @property
    def shown(self) -> float:
        return shown(self.mu, self.sigma)

    def to_json(self) -> dict[str, float]:
        return {
            "mu": round(self.mu, 3),
            "sigma": round(self.sigma, 3),
            "shown": round(self.shown, 3),
        }


@dataclass(frozen=True)
class RatedSeat:
    """One seat of a rated game, as the update sees it."""

    seat: int
    kind: str  # "person" (an account), "guest", "ai" (a level's anchor)
    belief: Belief
    name: str | None = None
    account_id: str | None = None
    level: str | None = None  # the AI level of an "ai" seat
    left: bool = False  # the person left mid-game: placed last

    def label(self) -> dict[str, Any]:
        """How the seat is named in another's "finished above / below" (public facts only).
        A person is kept by account, named when read (a rename follows, a deleted account
        reads as a deleted player); a guest by the seat's name."""
        return {
            "seat": self.seat,
            "kind": self.kind,
            "name": self.name if self.kind == "guest" else None,
            "level": self.level,
            "account": self.account_id,
        }


@dataclass(frozen=True)
class Change:
    """One person's update: the rating before and after, and why."""

    seat: int
    account_id: str
    place: int
    before: Belief
    after: Belief
    above: list[dict[str, Any]] = field(default_factory=list)  # the seats they finished above
    below: list[dict[str, Any]] = field(default_factory=list)  # ... and below
    tied: list[dict[str, Any]] = field(default_factory=list)  # ... and level with


def places(ranking: list[int], seats: list[RatedSeat]) -> list[int]:
    """Each seat's place for the update: the game's ranking (1 = first, ties share a place),
    with the people who left after everyone who stayed (level with each other)."""
    last = max(ranking, default=0) + 1
    return [last if s.left else ranking[s.seat] for s in seats]


def rate(ranking: list[int], seats: list[RatedSeat]) -> list[Change]:
    """The changes of a rated game's people (its ``ranking`` from the game's Result): every
    seat takes part with its belief; only the seats of accounts get a change."""
    if len(seats) < 2 or len(ranking) != len(seats):
        return []
    ranks = places(ranking, seats)
    teams = [[MODEL.rating(mu=s.belief.mu, sigma=s.belief.sigma)] for s in seats]
    new = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    out = []
    for i, s in enumerate(seats):
        if s.kind != "person" or s.account_id is None:
            continue
        others = [(ranks[j], o) for j, o in enumerate(seats) if j != i]
        out.append(
            Change(
                seat=s.seat,
                account_id=s.account_id,
                place=ranks[i],
                before=s.belief,
                after=Belief(float(new[i][0].mu), float(new[i][0].sigma)),
                above=[o.label() for r, o in others if r > ranks[i]],
                below=[o.label() for r, o in others if r < ranks[i]],
                tied=[o.label() for r, o in others if r == ranks[i]],
            )
        )
    return out


def nearest_level(mu: float, anchors: dict[str, Belief]) -> str | None:
    """The AI level whose fixed rating is nearest a person's mu ("plays at about medium")."""
    if not anchors:
        return None
    return min(anchors, key=lambda level: (abs(anchors[level].mu - mu), level))
