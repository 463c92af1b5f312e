"""A new game: the deal (1 Defuse and 7 random cards each, then the pile) and the first turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.rng import Rng
from .cards import DEFUSE, KITTEN, NK, deck_with
from .options import Options
from .pile import shuffle
from .state import EKState
from .turns import start_turn

if TYPE_CHECKING:
    from .game import ExplodingKittens


def deal(game: ExplodingKittens, num_players: int, seed: int, options: Options) -> EKState:
    """1 Defuse and 7 random cards each; the rest, the spare Defuses and n-1 kittens form the pile."""
    n = num_players
    st = EKState(game, n, options, Rng(seed))
    deck = deck_with(n, options.extra_cards)
    others = [c for c in range(NK) if c not in (DEFUSE, KITTEN) for _ in range(deck[c])]
    shuffle(st.rng, others)
    for p in range(n):
        h = st.hands[p]
        h[DEFUSE] = 1
        for c in others[7 * p : 7 * p + 7]:
            h[c] += 1
        st.hn[p] = 8
    pile = others[7 * n :] + [DEFUSE] * (deck[DEFUSE] - n) + [KITTEN] * (n - 1)
    shuffle(st.rng, pile)
    st.pile = pile
    st.pk = [0] * len(pile)
    st.cur = st.rng.randbelow(n)  # the text names no first player: a random seat
    start_turn(st, st.cur, 1, False)
    return st
