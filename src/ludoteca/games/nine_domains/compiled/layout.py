"""The Nine Domains, compiled: the state as one flat int64 array (twin of ``state.py``'s
``NineDomainsState`` fields).

The array is declared once (``LAYOUT``): its offsets, the copy in (``from_state``) and out
(``to_state``) and the check against the state's slots derive from the declaration; what the
fields cannot describe (the reason as a word, the options' flags, the per-round records and the
pending powers) is copied beside it here, in ``Block`` and unnamed fields the declaration still
places. The Python package is the reference; tests/games/nine_domains/test_compiled.py holds the
twin to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ....engine.compiled.layout import (
    Block,
    Count,
    Field,
    Layout,
    List,
    Rows,
    Scalar,
    SeatLists,
    Seats,
)

if TYPE_CHECKING:
    from ..state import NineDomainsState

NP = 3  # piles (the package insists on three)
RCAP = 8  # rounds
CCAP = 32  # cards
DCAP = 32  # domains

REASONS = ("", "elements", "points", "draw")

# -- the array: declared once (offsets, copy in and out and the field check derive from it) --
LAYOUT = Layout(
    [
        Scalar("PHASE", "phase"),
        Scalar("RND", "rnd"),
        Scalar("DRAFT_STEP", "draft_step"),
        Scalar("PICK", "pick"),
        Scalar("ELEMENTS_OFF", "elements_off", as_bool=True),
        Scalar("WINNER", "winner"),
        Field("REASON", "reason"),  # an index of REASONS: copied by from_state/to_state
        Count("PENDN"),
        # the options' flags: written by from_state, never back
        Field("O_FOUR_OPP"),
        Field("O_MALUS"),
        Field("O_EFFECT_SCORES"),
        Field("O_EXCH_ROUND"),
        Field("O_VP_DOMAINS"),
        Count("REMOVEDN"),
        Count("POOLN"),
        Count("HISTN"),
    ],
    [
        Seats("PILEN", cap=NP),
        SeatLists("PILE", "piles", seats=NP, cap=DCAP, counts="PILEN", per_seat=False),
        Seats("WONN", cap=2),
        SeatLists("WON", "won", seats=2, cap=DCAP, counts="WONN"),
        List("REMOVED", "removed", cap=DCAP, count="REMOVEDN"),
        Seats("BONUS", "bonus", cap=2),
        Seats("HANDN", cap=2),
        SeatLists("HAND", "hand", seats=2, cap=CCAP, counts="HANDN"),  # sorted
        Rows("PLACED", "placed", cap=2, width=NP),
        Seats("NPLACED", "nplaced", cap=2),
        Seats("USEDN", cap=2),
        SeatLists("USED", "used", seats=2, cap=CCAP, counts="USEDN"),
        Seats("SEENN", cap=2),
        SeatLists("SEEN", "seen", seats=2, cap=CCAP, counts="SEENN"),  # sorted
        Block("HIST", "history", length=RCAP * 2 * NP),  # [round][2][3]
        Block("CONT", "contested", length=RCAP * NP),  # [round][3]
        Block("OUTC", "outcomes", length=RCAP * NP),  # [round][3]
        List("POOL", "draft_pool", cap=CCAP, count="POOLN"),
        Block("PEND", "pending", length=3 * RCAP * NP),  # [k][owner, kind, pile]
        Field("O_INDEP"),  # special_deal == "independent" (what the heuristic may infer)
    ],
    reserve=16,
)
# the state's slots the array does not mirror, and why
NOT_MIRRORED = {
    "options": "read through the O_* flags",
    "rng": "only the deal draws; the generator travels beside the array",
}
(
    PHASE, RND, DRAFT_STEP, PICK, ELEMENTS_OFF, WINNER, REASON, PENDN,
    O_FOUR_OPP, O_MALUS, O_EFFECT_SCORES, O_EXCH_ROUND, O_VP_DOMAINS,
    REMOVEDN, POOLN, HISTN,
    PILEN, PILE, WONN, WON, REMOVED, BONUS, HANDN, HAND, PLACED, NPLACED, USEDN, USED,
    SEENN, SEEN, HIST, CONT, OUTC, POOL, PEND, O_INDEP,
    SIZE,
) = LAYOUT.offsets  # fmt: skip
LAYOUT.check(globals())


# -- state in and out (the layout's, plus the blocks and flags it places) ------------------
def _put(S: np.ndarray, at: int, xs: list[int]) -> None:
    S[at : at + len(xs)] = xs


def from_state(st: NineDomainsState) -> np.ndarray:
    """The flat array of a state (its generator apart)."""
    S = LAYOUT.load(st)
    o = st.options
    S[REASON] = REASONS.index(st.reason)
    S[O_FOUR_OPP] = o.four_plus_target == "opponent"
    S[O_MALUS] = bool(o.malus_counts_as_bonus)
    S[O_EFFECT_SCORES] = bool(o.three_plus_effect_win_scores)
    S[O_EXCH_ROUND] = bool(o.exchange_this_round)
    S[O_VP_DOMAINS] = o.vp_tie == "domains"
    S[O_INDEP] = o.special_deal == "independent"
    S[HISTN] = len(st.history)
    for r, rows in enumerate(st.history):
        _put(S, HIST + r * 2 * NP, rows[0])
        _put(S, HIST + r * 2 * NP + NP, rows[1])
        _put(S, CONT + r * NP, st.contested[r])
        _put(S, OUTC + r * NP, st.outcomes[r])
    S[PENDN] = len(st.pending)
    for j, (owner, kind, where) in enumerate(st.pending):
        S[PEND + 3 * j : PEND + 3 * j + 3] = (owner, kind, where)
    return S


def to_state(S: np.ndarray, st: NineDomainsState) -> None:
    """Write the array back into ``st`` (same game, same options)."""
    LAYOUT.store(S, st)
    st.reason = REASONS[int(S[REASON])]
    h = int(S[HISTN])
    st.history = S[HIST : HIST + h * 2 * NP].reshape(h, 2, NP).tolist()
    st.contested = S[CONT : CONT + h * NP].reshape(h, NP).tolist()
    st.outcomes = S[OUTC : OUTC + h * NP].reshape(h, NP).tolist()
    k = int(S[PENDN])
    st.pending = [tuple(x) for x in S[PEND : PEND + 3 * k].reshape(-1, 3).tolist()]
