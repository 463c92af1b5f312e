"""``determinize``: a full state consistent with one player's view, the unseen re-drawn.

What a player cannot see: the opponent's unshown specials and face-down placements, and the
domains under the top of each pile (unless open_piles). Each hidden pool is rebuilt from the
view's facts in sorted order and sampled with the caller's ``rng``; the new state's own RNG is
reseeded from ``rng`` too, so nothing of the true hidden state survives.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...engine import Rng
from .cards import DOMAINS, PILES
from .view import known_unplayed, possible_specials

if TYPE_CHECKING:
    from .state import NineDomainsState

EMPTY = -1


def determinize(state: NineDomainsState, p: int, rng: random.Random) -> NineDomainsState:
    from .state import PLACING

    new = state.clone()
    q = 1 - p
    # -- the opponent's cards: the known ones plus unknown specials drawn from what is left
    known = known_unplayed(state, q)
    n_hidden = len(state.hand[q]) + state.nplaced[q]
    k = n_hidden - len(known)
    sampled: list[int] = []
    if k > 0:
        own = [*state.hand[p], *state.used[p], *(c for c in state.placed[p] if c != EMPTY)]
        pool = sorted(
            possible_specials(state.seen[q], own, state.options.special_deal == "independent")
        )
        rng.shuffle(pool)
        sampled = pool[:k]
    cards = sorted(known + sampled)
    m = state.nplaced[q]
    new.placed[q] = [EMPTY] * PILES
    if state.phase == PLACING and m:
        spots = sorted(rng.sample(range(PILES), m))
        rng.shuffle(cards)
        for i, spot in enumerate(spots):
            new.placed[q][spot] = cards[i]
        cards = sorted(cards[m:])
    new.hand[q] = cards
    # -- the piles: everything under the visible tops, from the domains nobody has seen
    if not state.options.open_piles:
        visible = {pile[-1] for pile in state.piles if pile}
        gone = set(state.won[0]) | set(state.won[1]) | set(state.removed) | visible
        pool = sorted(d for d in range(len(DOMAINS)) if d not in gone)
        rng.shuffle(pool)
        at = 0
        for i, pile in enumerate(state.piles):
            depth = len(pile) - 1
            if depth > 0:
                new.piles[i] = [*pool[at : at + depth], pile[-1]]
                at += depth
    new.rng = Rng.from_random(rng)
    return new
