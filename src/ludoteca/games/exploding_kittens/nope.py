"""The Nope window: after every card or combo, every seat still in answers Nope or pass.

Three ints of the state hold it: ``nopes`` (Nopes counted on the pending play so far),
``answered`` and ``wants`` (bitmasks; who asked to Nope stays hidden until a Nope counts), and
``_actors`` is the tuple of seats still to answer. One Nope counts per window (the first in
turn order from the active player) and opens a new window; a window closing with no Nope
cancels the play if the Nopes were odd, else lets it take effect (effects.resolve).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.events import Event
from .cards import NOPE
from .effects import resolve
from .events import ev
from .hands import discard_from_hand
from .phases import WINDOW
from .turns import to_main

if TYPE_CHECKING:
    from .state import EKState


def open_window(st: EKState) -> None:
    st.phase = WINDOW
    st.answered = 0
    st.wants = 0
    st._actors = st.alive_t


def answer(st: EKState, p: int, nope: bool) -> list[Event]:
    st.answered |= 1 << p
    if nope:
        st.wants |= 1 << p
    acts = st._actors
    i = acts.index(p)
    st._actors = rest = acts[:i] + acts[i + 1 :]
    if rest:
        return []
    return close_window(st)


def close_window(st: EKState) -> list[Event]:
    wants = st.wants
    if wants:
        # one Nope counts: the first in turn order from the active player; the rest keep theirs
        q = st.cur
        n = st.num_players
        while not wants >> q & 1:
            q = (q + st.dir) % n
        discard_from_hand(st, q, NOPE)
        st.nopes += 1
        open_window(st)
        return [Event("nope", {"player": q, "count": st.nopes}, None)]
    if st.nopes & 1:
        out = [ev("cancelled", player=st.cur, nopes=st.nopes)]
        to_main(st)
        return out
    return resolve(st)
