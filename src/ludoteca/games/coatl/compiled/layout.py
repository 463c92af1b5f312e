"""Coatl, compiled: the state as one flat int64 array (twin of ``state.py``'s ``CoatlState``
fields and ``model.py``'s ``Player`` and ``Coatl``).

The array is declared once (``LAYOUT``, with the nested ``PLAYER`` and ``COATL`` records): its
offsets, the copy in (``from_state``) and out (``to_state``) and the check against the state's
and the records' slots derive from the declaration. The Python package is the reference;
tests/games/coatl/test_compiled.py holds the twin to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ....engine.compiled.layout import (
    Count,
    Fixed,
    Layout,
    List,
    Option,
    Record,
    Records,
    Scalar,
    SeatLists,
    Seats,
    Word,
)
from ..model import Coatl, Player

if TYPE_CHECKING:
    from ..state import CoatlState

NC = 5  # colours; a piece code is kind * NC + colour
HEAD, BODY, TAIL = 0, 1, 2
NSPACE = 6  # body spaces
NHEAD = 2  # head spaces, and as many tail spaces
NDISPLAY = 6
NPILE = 2
NTOK = 3
PERFECT_PICK, VISION, PROMISE = 0, 1, 2
PCAP = 64  # Prophecy types / cards
TCAP = 16  # Temples
BCAP = 8  # board
HCAP = 8  # hand (six at most, in the setup)
COATLS = 3
PRCAP = 4  # Prophecies beside a Coatl
LCAP = 128  # pieces in a Coatl (every body piece of the game and a head and a tail fit)
FCAP = 8  # turns owed after the end trigger
MAXP = 4  # players
ENDS = ("", "coatl", "bodies", "stalled")

# -- the array: declared once (offsets, copies in and out, the field check derive from it) --
# a Coatl on a player's table (offsets inside its record)
COATL = Record(
    [
        Count("C_NP"),
        Scalar("C_DONE", "done", as_bool=True),
        Scalar("C_TEMPLE", "temple"),
        Count("C_PRN"),
        List("C_PR", "prophecies", cap=PRCAP, count="C_PRN"),
        List("C_PC", "pieces", cap=LCAP, count="C_NP"),  # head side first
    ],
    make=Coatl,
)
C_NP, C_DONE, C_TEMPLE, C_PRN, C_PR, C_PC, CSIZE = COATL.offsets
# a player's belongings (offsets inside PLAYERS' record)
PLAYER = Record(
    [
        Count("P_BOARDN"),
        List("P_BOARD", "board", cap=BCAP, count="P_BOARDN"),
        Count("P_HANDN"),
        List("P_HAND", "hand", cap=HCAP, count="P_HANDN"),
        Count("P_TEMPN"),
        List("P_TEMP", "temples", cap=TCAP, count="P_TEMPN"),
        Count("P_PROMN"),
        List("P_PROM", "promised", cap=TCAP, count="P_PROMN"),
        Count("P_SHOWNN"),
        List("P_SHOWN", "shown", cap=HCAP, count="P_SHOWNN"),
        Fixed("P_TOK", "tokens", length=NTOK, as_bool=True),
        Count("P_NCOATL"),
        Records("P_COATL", "coatls", record=COATL, cap=COATLS, count="P_NCOATL"),
    ],
    make=Player,
)
(
    P_BOARDN, P_BOARD, P_HANDN, P_HAND, P_TEMPN, P_TEMP, P_PROMN, P_PROM, P_SHOWNN, P_SHOWN,
    P_TOK, P_NCOATL, P_COATL, PSIZE,
) = PLAYER.offsets  # fmt: skip
LAYOUT = Layout(
    [
        Scalar("PHASE", "phase"),
        Scalar("CUR", "current"),
        Scalar("ALEFT", "actions_left"),
        Scalar("TAKEN", "taken"),
        Scalar("TCOATL", "temple_coatl"),
        Scalar("TURNS", "turns"),
        Word("END", "end", words=ENDS),
        Scalar("TRIGGER", "trigger"),
        Scalar("PASSES", "passes"),
        Scalar("NPL", "num_players", store_back=False),
        Option("O_TOKENS", option="sacrifice_tokens"),
        Option("O_REDUCED", option="reduced_bodies"),
        Option("O_KEEP3", option="keep_exactly_three"),
        Option("O_TIEUNF", option="tiebreak_counts_unfinished"),
        Count("DECKN"),
        Count("DISCN"),
        Count("FINALN"),
    ],
    [
        Seats("BODYN", cap=NSPACE),  # [space]: how many pieces on it
        SeatLists("BODYS", "bodies", seats=NSPACE, cap=2, counts="BODYN", per_seat=False),
        Fixed("HEADS", "heads", length=NHEAD),
        Fixed("TAILS", "tails", length=NHEAD),
        Fixed("BAGS", "bags", length=NC, rows=3),  # [kind][colour]
        Fixed("DISPLAY", "display", length=NDISPLAY),
        Seats("PILEN", cap=NPILE),
        SeatLists("PILES", "piles", seats=NPILE, cap=TCAP, counts="PILEN", per_seat=False),
        List("FINAL", "final", cap=FCAP, count="FINALN", shape=(2,)),  # [k][seat, actions]
        List("DECK", "deck", cap=PCAP, count="DECKN"),  # top last
        List("DISC", "discard", cap=PCAP, count="DISCN"),  # oldest first
        Records("PLAYERS", "players", record=PLAYER, cap=MAXP),  # [seat][PSIZE]
    ],
    reserve=32,
    seats="num_players",
    clears=("_legal",),  # the reference's cached legal list belongs to the state it had
)
# the state's slots the array does not mirror, and why
NOT_MIRRORED = {
    "game": "the game object",
    "options": "read through the O_* flags",
    "rng": "the generator travels beside the array",
}
(
    PHASE, CUR, ALEFT, TAKEN, TCOATL, TURNS, END, TRIGGER, PASSES, NPL,
    O_TOKENS, O_REDUCED, O_KEEP3, O_TIEUNF, DECKN, DISCN, FINALN,
    BODYN, BODYS, HEADS, TAILS, BAGS, DISPLAY, PILEN, PILES, FINAL, DECK, DISC, PLAYERS,
    SIZE,
) = LAYOUT.offsets  # fmt: skip
LAYOUT.check(globals())


def from_state(st: CoatlState) -> np.ndarray:
    """The flat array of a state (its generator apart)."""
    return LAYOUT.load(st)


def to_state(S: np.ndarray, st: CoatlState) -> None:
    """Write the array back into ``st`` (same game, same seats, same options)."""
    LAYOUT.store(S, st)
