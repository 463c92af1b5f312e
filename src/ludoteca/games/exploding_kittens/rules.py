"""The moves: one handler per action type, dispatched by a table (``MOVES``), called with
actions already known to be legal. Pure functions over an EKState.

A move starts a play (a card, a combo), completes it (target, named card, picks: then the play
is announced and the Nope window opens, nope.py), answers the window, or finishes what an
effect asked for (the card a Favor gives, a placement of Alter the Future, where a kitten goes).
What the cards do is in effects.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...engine.actions import Action
from ...engine.events import Event
from . import actions as A
from .cards import DEFUSE, FAVOR, KEYS, KITTEN, TARGETED_ATTACK, WILD
from .effects import alter_pick
from .events import TO, ev
from .hands import discard_from_hand, played_publicly, transfer
from .nope import answer, open_window
from .phases import FIVE, NAME, PEND_FIVE, PEND_PAIR, PEND_TRIPLE, TARGET
from .pile import draw, explode, put_back
from .turns import end_one_turn, to_main

if TYPE_CHECKING:
    from .state import EKState


def _pend(st: EKState, pend: int, card: int, wilds: int) -> None:
    st.pend = pend
    st.pcard = card
    st.pwilds = wilds
    st.ptarget = -1
    st.pname = -1
    st.nopes = 0


def announce(st: EKState) -> list[Event]:
    """Targets and names are chosen: announce the play and open the window for everyone."""
    pend = st.pend
    p = st.cur
    open_window(st)
    if pend < PEND_PAIR:
        return [Event("play", {"player": p, "card": KEYS[pend], "target": st.ptarget}, None)]
    size = 2 if pend == PEND_PAIR else 3 if pend == PEND_TRIPLE else 5
    return [
        ev(
            "combo",
            player=p,
            size=size,
            card=KEYS[st.pcard] if st.pcard >= 0 else "",
            cards=[KEYS[c] for c in st.picks] if pend == PEND_FIVE and st.pcard < 0 else [],
            target=st.ptarget,
            name=KEYS[st.pname] if st.pname >= 0 else "",
        )
    ]


# -- starting a play ------------------------------------------------------------------------
def do_play(st: EKState, p: int, a: A.Play) -> list[Event]:
    c = a.card
    discard_from_hand(st, p, c)
    _pend(st, c, c, 0)
    if c in (TARGETED_ATTACK, FAVOR):
        st.phase = TARGET
        return []
    return announce(st)


def _combo(st: EKState, p: int, c: int, wilds: int, size: int, pend: int) -> None:
    discard_from_hand(st, p, c, size - wilds)
    if wilds:
        discard_from_hand(st, p, WILD, wilds)
    _pend(st, pend, c, wilds)


def do_pair(st: EKState, p: int, a: A.Pair) -> list[Event]:
    _combo(st, p, a.card, a.wilds, 2, PEND_PAIR)
    st.phase = TARGET
    return []


def do_triple(st: EKState, p: int, a: A.Triple) -> list[Event]:
    _combo(st, p, a.card, a.wilds, 3, PEND_TRIPLE)
    st.phase = TARGET
    return []


def do_five_same(st: EKState, p: int, a: A.FiveSame) -> list[Event]:
    _combo(st, p, a.card, a.wilds, 5, PEND_FIVE)
    st.picks = []
    return announce(st)


def do_five_start(st: EKState, p: int, a: A.FiveStart) -> list[Event]:
    _pend(st, PEND_FIVE, -1, 0)
    st.picks = []
    st.phase = FIVE
    return []


# -- completing it --------------------------------------------------------------------------
def do_five_pick(st: EKState, p: int, a: A.FivePick) -> list[Event]:
    discard_from_hand(st, p, a.card)
    st.picks.append(a.card)
    if len(st.picks) == 5:
        return announce(st)
    return []


def do_target(st: EKState, p: int, a: A.Target) -> list[Event]:
    st.ptarget = a.player
    if st.pend == PEND_TRIPLE:
        st.phase = NAME
        return []
    return announce(st)


def do_name(st: EKState, p: int, a: A.Name) -> list[Event]:
    st.pname = a.card
    return announce(st)


# -- the window -----------------------------------------------------------------------------
def do_nope(st: EKState, p: int, a: A.Nope) -> list[Event]:
    return answer(st, p, True)


def do_pass(st: EKState, p: int, a: A.Pass) -> list[Event]:
    return answer(st, p, False)


# -- what an effect asked for ---------------------------------------------------------------
def do_give(st: EKState, p: int, a: A.Give) -> list[Event]:
    to = st.cur
    transfer(st, p, to, a.card, (1 << p) | (1 << to))
    to_main(st)
    return [
        ev("gave", player=p, target=to),
        ev("gave_card", TO[p] | TO[to], player=p, target=to, card=KEYS[a.card]),
    ]


def do_take(st: EKState, p: int, a: A.Take) -> list[Event]:
    c = a.card
    st.discard.remove(c)
    st.hands[p][c] += 1
    st.hn[p] += 1
    for o in range(st.num_players):
        if o != p:
            st.hk[o].append(p * 32 + c)
    to_main(st)
    return [ev("take", player=p, card=KEYS[c])]


def do_alter(st: EKState, p: int, a: A.AlterPick) -> list[Event]:
    return alter_pick(st, a.card)


def do_bury_at(st: EKState, p: int, a: A.BuryAt) -> list[Event]:
    put_back(st, p, a.position, st.limbo, st.lmask)
    out = [ev("buried", player=p), ev("buried_at", TO[p], player=p, position=a.position)]
    end_one_turn(st)
    return out


# -- drawing --------------------------------------------------------------------------------
def do_draw(st: EKState, p: int, a: A.Draw) -> list[Event]:
    return draw(st, False)


def do_defuse(st: EKState, p: int, a: A.DefuseAt) -> list[Event]:
    st.hands[p][DEFUSE] -= 1
    st.hn[p] -= 1
    st.discard.append(DEFUSE)
    played_publicly(st, p, DEFUSE)
    put_back(st, p, a.position, KITTEN, 1 << p)
    out = [ev("defused", player=p), ev("placed", TO[p], player=p, position=a.position)]
    end_one_turn(st)
    return out


def do_explode(st: EKState, p: int, a: A.Explode) -> list[Event]:
    return explode(st, p)


Move = Callable[["EKState", int, Any], list[Event]]

MOVES: dict[type[Action], Move] = {
    A.Draw: do_draw,
    A.Play: do_play,
    A.Pair: do_pair,
    A.Triple: do_triple,
    A.FiveSame: do_five_same,
    A.FiveStart: do_five_start,
    A.FivePick: do_five_pick,
    A.Target: do_target,
    A.Name: do_name,
    A.Nope: do_nope,
    A.Pass: do_pass,
    A.Give: do_give,
    A.Take: do_take,
    A.AlterPick: do_alter,
    A.DefuseAt: do_defuse,
    A.BuryAt: do_bury_at,
    A.Explode: do_explode,
}


def apply(st: EKState, p: int, a: Action) -> list[Event]:
    return MOVES[type(a)](st, p, a)
