"""A new game: the domains dealt into three piles, and each player's hand (the base cards and
the special cards, dealt, drawn independently or drafted as the options say)."""

from __future__ import annotations

from typing import Any

from ...engine import Rng
from .cards import CARDS, DOMAINS, PILES, SPECIALS_PER_PLAYER
from .options import NineDomainsOptions
from .phases import PLAYERS, Phase
from .state import NineDomainsState


def deal(game: Any, num_players: int, seed: int, options: NineDomainsOptions) -> NineDomainsState:
    """A new game for the two players (``num_players`` is always 2)."""
    s = NineDomainsState(game, options)
    rng = s.rng = Rng(seed)
    deck = list(range(len(DOMAINS)))
    rng.shuffle(deck)
    size = DOMAINS.pile_size
    s.piles = [deck[i * size : (i + 1) * size] for i in range(PILES)]
    base = list(CARDS.base)
    k = SPECIALS_PER_PLAYER
    if options.special_deal == "draft":
        s.hand = [base[:], base[:]]
        s.draft_pool = list(CARDS.specials)
        s.phase = int(Phase.DRAFT)
    elif options.special_deal == "independent":
        s.hand = [sorted(base + rng.sample(CARDS.specials, k)) for _ in PLAYERS]
    else:
        pool = list(CARDS.specials)
        rng.shuffle(pool)
        s.hand = [sorted(base + pool[:k]), sorted(base + pool[k : 2 * k])]
    return s
