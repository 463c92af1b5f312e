"""What each card and combo does once its Nope window closed with an even number of Nopes:
one handler per card, in a table keyed by the card's key (and one per kind of combo).

A handler takes the state with the pending play already cleared (``pend`` is NO_PEND; the
target, named card and picks are still there) and returns the events. Every action card of
data/cards.toml has exactly one handler (tests/games/exploding_kittens/test_effects.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...engine.events import Event
from .cards import CODE, KEYS
from .events import TO, ev
from .hands import transfer
from .phases import ALTER, BURY_PHASE, GIVE, NO_PEND, PEND_FIVE, PEND_PAIR, PEND_TRIPLE, TAKE
from .pile import draw, shuffle
from .turns import end_one_turn, next_alive, pass_turns, start_turn, to_main

if TYPE_CHECKING:
    from .state import EKState

Effect = Callable[["EKState"], list[Event]]


def _turns(st: EKState) -> list[Event]:
    return [ev("turns", player=st.cur, owed=st.owed)]


# -- the action cards -----------------------------------------------------------------------
def attack(st: EKState) -> list[Event]:
    pass_turns(st, 2, next_alive(st, st.cur))
    return _turns(st)


def triple_attack(st: EKState) -> list[Event]:
    pass_turns(st, 3, next_alive(st, st.cur))
    return _turns(st)


def targeted_attack(st: EKState) -> list[Event]:
    pass_turns(st, 2, st.ptarget)
    return _turns(st)


def personal_attack(st: EKState) -> list[Event]:
    st.owed += 2
    to_main(st)
    return _turns(st)


def skip(st: EKState) -> list[Event]:
    end_one_turn(st)
    return []


def super_skip(st: EKState) -> list[Event]:
    """Ends every turn owed; with super_skip_passes_turns the rest go to the next player."""
    rest = st.owed - 1
    nxt = next_alive(st, st.cur)
    if st.o_sspass and rest > 0:
        start_turn(st, nxt, rest, st.attacked)
    else:
        start_turn(st, nxt, 1, False)
    return _turns(st)


def reverse(st: EKState) -> list[Event]:
    st.dir = -st.dir
    end_one_turn(st)
    return []


def favor(st: EKState) -> list[Event]:
    t = st.ptarget
    if st.hn[t] == 0:  # the target's last card went on a Nope
        to_main(st)
        return [ev("empty_hand", player=t)]
    st.phase = GIVE
    st._actors = (t,)
    return []


def shuffle_pile(st: EKState) -> list[Event]:
    shuffle(st.rng, st.pile)
    st.pk = [0] * len(st.pile)
    to_main(st)
    return [ev("shuffled", player=st.cur)]


def draw_bottom(st: EKState) -> list[Event]:
    return draw(st, True)


def _see(st: EKState, k: int) -> list[Event]:
    p = st.cur
    k = min(k, len(st.pile))
    bit = 1 << p
    pk = st.pk
    for i in range(1, k + 1):
        pk[-i] |= bit
    cards = [KEYS[st.pile[-i]] for i in range(1, k + 1)]
    to_main(st)
    return [ev("saw", player=p, count=k), ev("future", TO[p], player=p, cards=cards)]


def see_future_3(st: EKState) -> list[Event]:
    return _see(st, 3)


def see_future_5(st: EKState) -> list[Event]:
    return _see(st, 5)


def _alter(st: EKState, k: int) -> list[Event]:
    p = st.cur
    k = min(k, len(st.pile))
    bit = 1 << p
    # the order changes secretly: only p knows these slots from now on
    for i in range(1, k + 1):
        st.pk[-i] = bit
    cards = [KEYS[st.pile[-i]] for i in range(1, k + 1)]
    out = [ev("saw", player=p, count=k), ev("future", TO[p], player=p, cards=cards)]
    # always k - 1 placements, even when some are forced: how many decisions the player makes
    # must not tell the table whether the top cards are alike
    if k <= 1:
        to_main(st)
        out.append(ev("altered", player=p))
        return out
    st.phase = ALTER
    st.ak = k
    st.ai = 0
    st._actors = (p,)
    return out


def alter_future_3(st: EKState) -> list[Event]:
    return _alter(st, 3)


def alter_future_5(st: EKState) -> list[Event]:
    return _alter(st, 5)


def alter_pick(st: EKState, c: int) -> list[Event]:
    """Alter the Future, one placement: card c goes to the next position from the top."""
    pile = st.pile
    top = len(pile) - 1 - st.ai
    j = top
    while pile[j] != c:
        j -= 1
    pile[j], pile[top] = pile[top], pile[j]
    st.ai += 1
    if st.ai == st.ak - 1:  # the last card has its place
        st.ak = st.ai = 0
        to_main(st)
        return [ev("altered", player=st.cur)]
    return []


def swap_top_bottom(st: EKState) -> list[Event]:
    pile, pk = st.pile, st.pk
    pile[0], pile[-1] = pile[-1], pile[0]
    pk[0], pk[-1] = pk[-1], pk[0]
    to_main(st)
    return [ev("swapped", player=st.cur)]


def bury(st: EKState) -> list[Event]:
    """The text: draw the top card, see it, put it at the bottom (the turn's draw). Printed
    (bury_anywhere): it goes back anywhere unseen, the place chosen next (BuryAt)."""
    p = st.cur
    c = st.pile.pop()
    m = st.pk.pop()
    if st.o_bury_any:
        st.limbo = c
        st.lmask = m & (1 << p)
        st.phase = BURY_PHASE
        st._actors = (p,)
        return []
    st.pile.insert(0, c)
    st.pk.insert(0, m | (1 << p))
    out = [ev("buried", player=p), ev("buried_card", TO[p], player=p, card=KEYS[c])]
    end_one_turn(st)
    return out


CARD_EFFECTS: dict[str, Effect] = {
    "attack": attack,
    "targeted_attack": targeted_attack,
    "triple_attack": triple_attack,
    "personal_attack": personal_attack,
    "skip": skip,
    "super_skip": super_skip,
    "reverse": reverse,
    "favor": favor,
    "shuffle": shuffle_pile,
    "draw_bottom": draw_bottom,
    "see_future_3": see_future_3,
    "see_future_5": see_future_5,
    "alter_future_3": alter_future_3,
    "alter_future_5": alter_future_5,
    "swap_top_bottom": swap_top_bottom,
    "bury": bury,
}


# -- the combos -----------------------------------------------------------------------------
def steal(st: EKState) -> list[Event]:
    """A pair: a random card of the target's hand (only the two of them see which)."""
    p, t = st.cur, st.ptarget
    to_main(st)
    if st.hn[t] == 0:
        return [ev("empty_hand", player=t)]
    r = st.rng.randbelow(st.hn[t])
    h = st.hands[t]
    c = 0
    while r >= h[c]:
        r -= h[c]
        c += 1
    transfer(st, t, p, c, (1 << p) | (1 << t))
    return [
        ev("steal", player=p, target=t),
        ev("stolen", TO[p] | TO[t], player=p, target=t, card=KEYS[c]),
    ]


def ask(st: EKState) -> list[Event]:
    """A triple: the named card, if the target holds one (everyone sees it move)."""
    p, t, c = st.cur, st.ptarget, st.pname
    to_main(st)
    if st.hands[t][c]:
        transfer(st, t, p, c, -1)
        return [ev("ask_hit", player=p, target=t, card=KEYS[c])]
    return [ev("ask_miss", player=p, target=t, card=KEYS[c])]


def take_from_discard(st: EKState) -> list[Event]:
    """Five cards: the player chooses a card of the discard pile next (Take)."""
    st.phase = TAKE
    st._actors = (st.cur,)
    return []


COMBO_EFFECTS: dict[int, Effect] = {
    PEND_PAIR: steal,
    PEND_TRIPLE: ask,
    PEND_FIVE: take_from_discard,
}

# what resolve dispatches on: the pending play's code (a card code or a combo marker)
BY_PENDING: dict[int, Effect] = {CODE[k]: f for k, f in CARD_EFFECTS.items()} | COMBO_EFFECTS


def resolve(st: EKState) -> list[Event]:
    """The pending card or combo takes effect (an even number of Nopes was played on it)."""
    pend = st.pend
    st.pend = NO_PEND
    return BY_PENDING[pend](st)
