"""Set up Nine Domains positions for scenario tests: chosen hands, chosen piles, rounds played."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludoteca.engine import Event
from ludoteca.games.nine_domains import GAME
from ludoteca.games.nine_domains.actions import Decline, Discard, Place, Recover, SwapGive, SwapTake
from ludoteca.games.nine_domains.cards import CARDS, DOMAINS
from ludoteca.games.nine_domains.state import NineDomainsState

BASE = ["0", "1", "2", "3", "4", "5"]
# domains by their make-up (see data/domains.toml)
# default piles: a single purple half (the tower), so nobody can complete the elements
NO_PURPLE = [
    ["volcano", "forest", "lake"],
    ["hot-springs", "steppe", "tower"],
    ["free-city", "port", "capital"],
]


SPECIALS = ("1-", "1+", "2-", "2+", "3-", "3+", "4-", "4+", "*")


def specials_for(card: str, avoid: set[str] | frozenset[str] = frozenset()) -> tuple[str, ...]:
    """Three specials including ``card`` (if it is one), none of them in ``avoid``."""
    first = [card] if card in SPECIALS else []
    rest = [c for c in SPECIALS if c != card and c not in avoid]
    return tuple(first + rest)[:3]


def cards(ids: Sequence[str]) -> list[int]:
    return sorted(CARDS.index[c] for c in ids)


def doms(ids: Sequence[str]) -> list[int]:
    return [DOMAINS.index[d] for d in ids]


def setup(
    specials0: Sequence[str] = ("1-", "2-", "3-"),
    specials1: Sequence[str] = ("1+", "2+", "3+"),
    piles: Sequence[Sequence[str]] | None = None,
    **options: Any,
) -> NineDomainsState:
    """A fresh game where player 0 holds the base cards and ``specials0``, player 1 ``specials1``.

    ``piles[i]`` lists pile i's domains in the order they come up (round 1 first).
    """
    s = GAME.new_game(2, 0, options)
    assert isinstance(s, NineDomainsState)
    s.hand = [cards([*BASE, *specials0]), cards([*BASE, *specials1])]
    if piles is None:
        piles = NO_PURPLE
    s.piles = [list(reversed(doms(p))) for p in piles]
    return s


def play_round(s: NineDomainsState, row0: Sequence[str], row1: Sequence[str]) -> list[Event]:
    """Both players place their three cards (interleaved), left to right."""
    events: list[Event] = []
    for i in range(3):
        events += s.apply(0, Place(row0[i], i))
        events += s.apply(1, Place(row1[i], i))
    return events


def decline(s: NineDomainsState, p: int) -> list[Event]:
    return s.apply(p, Decline())


def swap(s: NineDomainsState, p: int, give: str, take: str) -> list[Event]:
    return s.apply(p, SwapGive(give)) + s.apply(p, SwapTake(take))


def exchange(s: NineDomainsState, p: int, recover: str, discard: str) -> list[Event]:
    return s.apply(p, Recover(recover)) + s.apply(p, Discard(discard))


def won(s: NineDomainsState, p: int) -> list[str]:
    return [DOMAINS.ids[d] for d in s.won[p]]


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def combat_event(events: Sequence[Event], pile: int) -> Event:
    for e in events:
        if e.kind in ("domain_won", "domain_removed") and e.data["pile"] == pile:
            return e
    raise AssertionError(f"no combat event for pile {pile}")


def last_round(hand0: Sequence[str], hand1: Sequence[str], **options: Any) -> NineDomainsState:
    """A game at the start of round 3 holding exactly these three cards each."""
    s = setup(**options)
    s.rnd = 2
    s.hand = [cards(hand0), cards(hand1)]
    return s
