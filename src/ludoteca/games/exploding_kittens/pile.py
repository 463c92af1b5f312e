"""The draw pile: shuffling, drawing (and what a drawn kitten does), secret insertions.

``pile`` is bottom first (the top is ``pile[-1]``); ``pk`` runs parallel to it, a bitmask per
card of the seats that know that card. Moving a card moves its mask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.events import Event
from ...engine.rng import Rng
from .cards import DEFUSE, KEYS, KITTEN
from .events import TO, ev
from .phases import DEFUSE_PHASE, OVER
from .turns import end_one_turn, next_alive, start_turn

if TYPE_CHECKING:
    from .state import EKState


def shuffle(rng: Rng, xs: list[int]) -> None:
    """Fisher-Yates from the state's generator; multiply-shift instead of rejection (its bias,
    below 2**-57 for piles of this size, is far under anything a game could show)."""
    r = rng.next64
    for i in range(len(xs) - 1, 0, -1):
        j = (r() * (i + 1)) >> 64
        xs[i], xs[j] = xs[j], xs[i]


def forget_order(st: EKState, p: int) -> None:
    """p is about to slip a card into the pile secretly: every other seat loses the slots it
    knew, since whether a known card moved down one place would tell where the card went."""
    keep = 1 << p
    st.pk = [m & keep for m in st.pk]


def draw(st: EKState, bottom: bool) -> list[Event]:
    p = st.cur
    if bottom:
        c = st.pile.pop(0)
        m = st.pk.pop(0)
    else:
        c = st.pile.pop()
        m = st.pk.pop()
    if c == KITTEN:
        out = [ev("kitten", player=p, bottom=bottom)]
        if st.hands[p][DEFUSE]:
            st.limbo = KITTEN
            st.lmask = -1
            st.phase = DEFUSE_PHASE
            st._actors = (p,)
        else:
            out += explode(st, p)
        return out
    st.hands[p][c] += 1
    st.hn[p] += 1
    m &= ~(1 << p)
    if m:
        # whoever knew that slot now knows p holds the card
        for o in range(st.num_players):
            if m >> o & 1:
                st.hk[o].append(p * 32 + c)
    out = [
        Event("draw", {"player": p, "bottom": bottom}, None),
        Event("drew", {"player": p, "card": KEYS[c]}, TO[p]),
    ]
    end_one_turn(st)
    return out


def explode(st: EKState, p: int) -> list[Event]:
    """p is out: the kitten and p's hand leave the game, face up."""
    h = st.hands[p]
    gone = [KITTEN]
    for c, k in enumerate(h):
        gone += [c] * k
    st.gone[p] = gone
    st.hands[p] = [0] * len(h)
    st.hn[p] = 0
    st.limbo = -1
    st.lmask = 0
    st.alive[p] = False
    st.alive_t = tuple(q for q in st.alive_t if q != p)
    st.out.append(p)
    st.hk[p] = []
    for o in range(st.num_players):
        if st.hk[o]:
            st.hk[o] = [x for x in st.hk[o] if x >> 5 != p]
    out = [ev("exploded", player=p, cards=[KEYS[c] for c in gone[1:]])]
    if len(st.alive_t) == 1:
        st.phase = OVER
        st._actors = ()
        out.append(ev("winner", player=st.alive_t[0], turns=st.turns))
    else:
        start_turn(st, next_alive(st, p), 1, False)
    return out


def put_back(st: EKState, p: int, position: int, card: int, mask: int) -> None:
    """p slips ``card`` into the pile secretly, ``position`` cards from the top (0 = top)."""
    forget_order(st, p)
    i = len(st.pile) - position
    st.pile.insert(i, card)
    st.pk.insert(i, mask)
    st.limbo = -1
    st.lmask = 0
