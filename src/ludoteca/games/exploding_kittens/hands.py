"""Cards leaving and changing hands, and what each seat knows about the others' hands.

``hk[o]`` lists the cards observer o knows another seat holds, as ``holder * 32 + card``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import EKState


def played_publicly(st: EKState, p: int, c: int) -> None:
    """p showed card c (played, discarded): observers who knew p held one know one less."""
    code = p * 32 + c
    for k in st.hk:
        if k and code in k:
            k.remove(code)


def transfer(st: EKState, src: int, dst: int, c: int, seers: int) -> None:
    """Card c moves from src's hand to dst's; the seats in the bitmask `seers` see which."""
    st.hands[src][c] -= 1
    st.hn[src] -= 1
    st.hands[dst][c] += 1
    st.hn[dst] += 1
    code = src * 32 + c
    for o in range(st.num_players):
        k = st.hk[o]
        if seers >> o & 1:
            if code in k:
                k.remove(code)
            if o != dst:
                k.append(dst * 32 + c)
        elif k:
            # o saw a card leave src but not which: o no longer knows what src holds
            st.hk[o] = [x for x in k if x >> 5 != src]


def discard_from_hand(st: EKState, p: int, c: int, k: int = 1) -> None:
    st.hands[p][c] -= k
    st.hn[p] -= k
    for _ in range(k):
        st.discard.append(c)
        played_publicly(st, p, c)
