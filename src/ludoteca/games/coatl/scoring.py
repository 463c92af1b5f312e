"""Final scoring and the tie-breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Result
from .model import Coatl, Player
from .patterns import prophecy_points, temple_points

if TYPE_CHECKING:
    from .state import CoatlState

REASONS = {"coatl": "third_coatl", "bodies": "bodies_exhausted", "stalled": "stalled"}


def coatl_points(c: Coatl) -> int:
    """A Coatl's value: its Prophecies' points plus its Temple's."""
    seq = c.colours()
    pts = sum(prophecy_points(t, seq) for t in c.prophecies)
    if c.temple >= 0:
        pts += temple_points(c.temple, seq)
    return pts


def player_points(pl: Player) -> int:
    """Only finished Coatls score."""
    return sum(coatl_points(c) for c in pl.coatls if c.done)


def cards_beside(pl: Player, count_unfinished: bool) -> int:
    return sum(len(c.prophecies) + (c.temple >= 0) for c in pl.coatls if c.done or count_unfinished)


def best_coatl(pl: Player) -> int:
    return max((coatl_points(c) for c in pl.coatls if c.done), default=0)


def result(s: CoatlState) -> Result:
    scores = [player_points(pl) for pl in s.players]
    cards = [cards_beside(pl, s.options.tiebreak_counts_unfinished) for pl in s.players]
    best = [best_coatl(pl) for pl in s.players]
    keys = list(zip(scores, cards, best, strict=True))
    top = max(keys)
    winners = tuple(p for p, k in enumerate(keys) if k == top)
    ranking = tuple(1 + sum(1 for o in keys if o > k) for k in keys)
    return Result(
        winners,
        ranking,
        REASONS.get(s.end, s.end),
        tuple(scores),
        {"turns": s.turns, "cards_beside": cards, "best_coatl": best, "trigger": s.trigger},
    )
