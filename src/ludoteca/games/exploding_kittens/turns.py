"""Whose turn it is and how many turns they owe: starting and ending turns, passing turns on
(attacks, Super Skip), and the way back to the main phase after a play."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .phases import MAIN, NO_PEND

if TYPE_CHECKING:
    from .state import EKState


def next_alive(st: EKState, p: int) -> int:
    d = st.dir
    n = st.num_players
    alive = st.alive
    q = (p + d) % n
    while not alive[q]:
        q = (q + d) % n
    return q


def start_turn(st: EKState, p: int, owed: int, attacked: bool) -> None:
    st.cur = p
    st.owed = owed
    st.attacked = attacked
    st.turns += 1
    st.tturns[p] += 1
    st.phase = MAIN
    st._actors = (p,)


def end_one_turn(st: EKState) -> None:
    """A draw, Skip or Reverse ends one turn: the same player goes on if more are owed."""
    st.owed -= 1
    if st.owed > 0:
        p = st.cur
        st.turns += 1
        st.tturns[p] += 1
        st.phase = MAIN
        st._actors = (p,)
    else:
        start_turn(st, next_alive(st, st.cur), 1, False)


def pass_turns(st: EKState, k: int, target: int) -> None:
    """An attack ends all the attacker's turns; the target owes k, plus (stacking) what the
    attacker still owed."""
    owed = k + st.owed if (st.attacked and st.o_stack) else k
    start_turn(st, target, owed, True)


def to_main(st: EKState) -> None:
    """The play is over (done, cancelled or empty): the active player goes on with the turn."""
    st.phase = MAIN
    st.pend = NO_PEND
    st._actors = (st.cur,)
