"""The Nine Domains, compiled: the state as one flat int64 array (twin of ``state.py``'s
``NineDomainsState`` fields).

The array is declared once (``LAYOUT``): its offsets, the copy in (``LAYOUT.load``, which
``Core.load`` calls) and out (``LAYOUT.store``) and the check against the state's slots derive
from the declaration, the per-round records (nested lists) and the pending powers (tuples)
included. The Python package is the reference; tests/games/nine_domains/test_compiled.py holds
the twin to it.
"""

from __future__ import annotations

from ....engine.compiled.layout import (
    Count,
    Layout,
    List,
    Option,
    Rows,
    Scalar,
    SeatLists,
    Seats,
    Word,
)

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
        Word("REASON", "reason", words=REASONS),
        Count("PENDN"),
        # the options' flags: read in, never written back
        Option("O_FOUR_OPP", option="four_plus_target", equals="opponent"),
        Option("O_MALUS", option="malus_counts_as_bonus"),
        Option("O_EFFECT_SCORES", option="three_plus_effect_win_scores"),
        Option("O_EXCH_ROUND", option="exchange_this_round"),
        Option("O_VP_DOMAINS", option="vp_tie", equals="domains"),
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
        # per round (their count HISTN): [round][seat][pile] cards, [round][pile] domains and
        # winners
        List("HIST", "history", cap=RCAP, count="HISTN", shape=(2, NP)),
        List("CONT", "contested", cap=RCAP, count="HISTN", shape=(NP,)),
        List("OUTC", "outcomes", cap=RCAP, count="HISTN", shape=(NP,)),
        List("POOL", "draft_pool", cap=CCAP, count="POOLN"),
        # [k][owner, kind, pile]
        List("PEND", "pending", cap=RCAP * NP, count="PENDN", shape=(3,), item_tuple=True),
        # what the heuristic may infer
        Option("O_INDEP", option="special_deal", equals="independent"),
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
