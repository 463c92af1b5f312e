"""Coatl, compiled: the numbers the core reads (twin of ``cards.py``, ``constants.py`` and
``actions.py``): the Prophecy and Temple catalogs, the limits and the action codes reach the
compiled code as one table built from the package (``build_table``), never as frozen
constants; ``supported()`` says when the package outgrew the core.
"""

from __future__ import annotations

import numpy as np

from ....engine.game import Game
from .. import actions as A
from .. import cards as C
from .. import constants as K
from .. import patterns
from ..options import CoatlOptions
from ..phases import Phase
from .layout import (
    BCAP,
    BODY,
    COATLS,
    HCAP,
    HEAD,
    LCAP,
    MAXP,
    NC,
    NDISPLAY,
    NHEAD,
    NPILE,
    NSPACE,
    NTOK,
    PCAP,
    PRCAP,
    TAIL,
    TCAP,
)

TIERS = 8
MAX_OCC = 64  # patterns.py counts occurrences up to this (points by count table)
WSIZE = 2 * (LCAP + 1) + NC * 4  # scratch: two colour sequences and the assembly memo

SETUP, TURN, PROPHECY, ASSEMBLY, TEMPLE, VISION_PHASE, OVER = range(7)
E_NONE, E_COATL, E_BODIES, E_STALLED = range(4)

# -- the table --------------------------------------------------------------------------
(T_NPT, T_NTEMPLES, T_NDECK, T_BOARD_LIMIT, T_HAND_LIMIT, T_KEEP, T_MAX_UNF, T_MAX_COATLS) = range(
    8
)
T_MAX_PR, T_HEADS_PC, T_TAILS_PC, T_BODIES_PC, T_ONE, T_BOTH, T_NCODES = range(8, 15)
T_REDUCED = 16  # [players]
T_STARTING = T_REDUCED + MAXP + 1  # [seat]
T_FULL = T_STARTING + MAXP  # the full deck, catalog order
T_PFAM = T_FULL + PCAP  # [type]
T_PNC = T_PFAM + PCAP
T_PCOL = T_PNC + PCAP  # [type][5]
T_PNT = T_PCOL + PCAP * 5
T_PNEED = T_PNT + PCAP  # [type][TIERS]
T_PVAL = T_PNEED + PCAP * TIERS
T_TKIND = T_PVAL + PCAP * TIERS  # [temple][2]
T_TC0 = T_TKIND + TCAP * 2
T_TC1 = T_TC0 + TCAP * 2
T_TVAL = T_TC1 + TCAP * 2
# action codes by what they name
T_C_DSTART = T_TVAL + TCAP * 2  # [type]
T_C_KEEP = T_C_DSTART + PCAP
T_C_TAKEP = T_C_KEEP + 1  # [space 0..9]
T_C_TAKEPR = T_C_TAKEP + NSPACE + 2 * NHEAD  # [slot]
T_C_DRAW = T_C_TAKEPR + NDISPLAY
T_C_STOP = T_C_DRAW + 1
T_C_START = T_C_STOP + 1  # [piece]
T_C_ADD = T_C_START + 3 * NC  # [coatl][piece][end]
T_C_ATTACH = T_C_ADD + COATLS * 3 * NC * 2  # [coatl][type]
T_C_FINISH = T_C_ATTACH + COATLS * PCAP
T_C_TEMPLE = T_C_FINISH + COATLS
T_C_ENDA = T_C_TEMPLE + TCAP
T_C_PICK1 = T_C_ENDA + 1  # [kind][colour]
T_C_PICK2 = T_C_PICK1 + 3 * NC  # [a][b]
T_C_VISION = T_C_PICK2 + NC * NC
T_C_VDISC = T_C_VISION + 1
T_C_VDONE = T_C_VDISC + PCAP
T_C_PROMISE = T_C_VDONE + 1
T_C_PASS = T_C_PROMISE + NPILE
T_KIND = T_C_PASS + 1  # [code]
ACAP = 512
T_A1 = T_KIND + ACAP
T_A2 = T_A1 + ACAP
T_A3 = T_A2 + ACAP
T_SIZE = T_A3 + ACAP

(
    K_DSTART,
    K_KEEP,
    K_TAKEP,
    K_TAKEPR,
    K_DRAW,
    K_STOP,
    K_START,
    K_ADD,
    K_ATTACH,
    K_FINISH,
    K_TEMPLE,
    K_ENDA,
    K_PICK,
    K_VISION,
    K_VDISC,
    K_VDONE,
    K_PROMISE,
    K_PASS,
) = range(18)
F_COUNT, F_PAIR, F_TRIO, F_BRIDGE, F_MIRROR, F_SEQ = range(6)
FAMILIES = {
    "colour_count": F_COUNT,
    "exact_pair": F_PAIR,
    "trio": F_TRIO,
    "bridge": F_BRIDGE,
    "mirror": F_MIRROR,
    "ordered_pair": F_SEQ,
    "alternating": F_SEQ,
    "two_two": F_SEQ,
    "three_two": F_SEQ,
    "rainbow": F_SEQ,
}
TK_ABSENT, TK_LENGTH, TK_EQUAL = range(3)
CONDITIONS = {"absent": TK_ABSENT, "length": TK_LENGTH, "equal": TK_EQUAL}
OPTIONS = (
    "sacrifice_tokens",
    "reduced_bodies",
    "keep_exactly_three",
    "tiebreak_counts_unfinished",
)


def supported() -> str:
    """Empty when the package still has the layout this core reads; else why not."""
    if tuple(int(p) for p in Phase) != tuple(range(7)) or [p.name for p in Phase] != [
        "SETUP",
        "TURN",
        "PROPHECY",
        "ASSEMBLY",
        "TEMPLE",
        "VISION",
        "OVER",
    ]:
        return "the phase numbers changed"
    extra = set(CoatlOptions.model_fields) - set(OPTIONS)
    if extra:
        return f"the core does not play the option(s) {', '.join(sorted(extra))}"
    shape = (
        K.NUM_COLOURS,
        (K.HEAD, K.BODY, K.TAIL),
        K.BODY_SPACES,
        K.HEAD_SPACES,
        K.TAIL_SPACES,
        K.DISPLAY_SIZE,
        K.TEMPLE_PILES,
        K.TOKENS,
        (K.PERFECT_PICK, K.VISION, K.PROMISE),
        K.MAX_COATLS,
    )
    if shape != (NC, (HEAD, BODY, TAIL), NSPACE, NHEAD, NHEAD, NDISPLAY, NPILE, NTOK, (0, 1, 2), 3):
        return "the board's layout changed"
    if (
        C.NUM_PTYPES > PCAP
        or len(C.FULL_DECK) > PCAP
        or C.NUM_TEMPLES > TCAP
        or K.BOARD_LIMIT > BCAP
        or max(K.STARTING_PROPHECIES) > HCAP
        or K.HAND_LIMIT > HCAP
        or K.MAX_PROPHECIES_PER_COATL > PRCAP
        or max(len(p.tiers) for p in C.PROPHECIES) > TIERS
        or len(K.STARTING_PROPHECIES) < MAXP
        or A.ACTION_SPACE.size > ACAP
        or NC * K.BODIES_PER_COLOUR + 2 > LCAP
        or max(K.REDUCED_BODIES_PER_COLOUR.values()) > K.BODIES_PER_COLOUR
    ):
        return "the catalog is larger than the core's capacity"
    if patterns._MAX_OCC != MAX_OCC:
        return "the pattern scoring changed"
    if set(p.family for p in C.PROPHECIES) - set(FAMILIES):
        return "a Prophecy has a family the core does not know"
    kinds = {c.kind for t in C.TEMPLES for c in (t.a, t.b)}
    if kinds - set(CONDITIONS):
        return "a Temple has a condition the core does not know"
    return ""


# the action types build_table reads (by class name: the core's completeness declaration)
ACTION_TYPES = (
    "DiscardStarting",
    "KeepStarting",
    "TakePieces",
    "TakeProphecy",
    "DrawProphecy",
    "StopTaking",
    "StartCoatl",
    "AddPiece",
    "AttachProphecy",
    "FinishCoatl",
    "ChooseTemple",
    "EndAssembly",
    "PerfectPick",
    "Vision",
    "VisionDiscard",
    "VisionDone",
    "Promise",
    "Pass",
)


def build_table(game: Game) -> np.ndarray:
    """The table: the limits, the catalogs and the action codes (-1 where nothing is)."""
    T = np.full(T_SIZE, -1, dtype=np.int64)
    _limits(T)
    _catalogs(T)
    _action_codes(T, game)
    return T


def _limits(T: np.ndarray) -> None:
    """The rules' numbers (constants.py) and the deck's size."""
    T[T_NPT] = C.NUM_PTYPES
    T[T_NTEMPLES] = C.NUM_TEMPLES
    T[T_NDECK] = len(C.FULL_DECK)
    T[T_BOARD_LIMIT] = K.BOARD_LIMIT
    T[T_HAND_LIMIT] = K.HAND_LIMIT
    T[T_KEEP] = K.KEEP_STARTING
    T[T_MAX_UNF] = K.MAX_UNFINISHED
    T[T_MAX_COATLS] = K.MAX_COATLS
    T[T_MAX_PR] = K.MAX_PROPHECIES_PER_COATL
    T[T_HEADS_PC] = K.HEADS_PER_COLOUR
    T[T_TAILS_PC] = K.TAILS_PER_COLOUR
    T[T_BODIES_PC] = K.BODIES_PER_COLOUR
    T[T_ONE] = C.TEMPLE_ONE
    T[T_BOTH] = C.TEMPLE_BOTH
    for n, k in K.REDUCED_BODIES_PER_COLOUR.items():
        T[T_REDUCED + n] = k
    for seat in range(MAXP):
        T[T_STARTING + seat] = K.STARTING_PROPHECIES[seat]
    for i, t in enumerate(C.FULL_DECK):
        T[T_FULL + i] = t


def _catalogs(T: np.ndarray) -> None:
    """Each Prophecy's family, colours and tiers; each Temple's two conditions."""
    for p in C.PROPHECIES:
        t = p.index
        T[T_PFAM + t] = FAMILIES[p.family]
        T[T_PNC + t] = len(p.colours)
        for i, c in enumerate(p.colours):
            T[T_PCOL + t * 5 + i] = c
        T[T_PNT + t] = len(p.tiers)
        for i, (need, value) in enumerate(p.tiers):
            T[T_PNEED + t * TIERS + i] = need
            T[T_PVAL + t * TIERS + i] = value
    for tp in C.TEMPLES:
        for j, cond in enumerate((tp.a, tp.b)):
            at = tp.index * 2 + j
            T[T_TKIND + at] = CONDITIONS[cond.kind]
            T[T_TC0 + at] = cond.colours[0] if cond.colours else -1
            T[T_TC1 + at] = cond.colours[1] if len(cond.colours) > 1 else -1
            T[T_TVAL + at] = cond.value


def _action_codes(T: np.ndarray, game: Game) -> None:
    """Each action code's kind and arguments, and the code of each action by what it names."""
    space = game.action_space
    T[T_NCODES] = space.size
    for code in range(space.size):
        a = space.decode(code)
        a1 = a2 = a3 = -1
        if isinstance(a, A.DiscardStarting):
            kind, a1 = K_DSTART, a.prophecy
            T[T_C_DSTART + a1] = code
        elif isinstance(a, A.KeepStarting):
            kind = K_KEEP
            T[T_C_KEEP] = code
        elif isinstance(a, A.TakePieces):
            kind, a1 = K_TAKEP, a.space
            T[T_C_TAKEP + a1] = code
        elif isinstance(a, A.TakeProphecy):
            kind, a1 = K_TAKEPR, a.slot
            T[T_C_TAKEPR + a1] = code
        elif isinstance(a, A.DrawProphecy):
            kind = K_DRAW
            T[T_C_DRAW] = code
        elif isinstance(a, A.StopTaking):
            kind = K_STOP
            T[T_C_STOP] = code
        elif isinstance(a, A.StartCoatl):
            kind, a1 = K_START, a.piece
            T[T_C_START + a1] = code
        elif isinstance(a, A.AddPiece):
            kind, a1, a2, a3 = K_ADD, a.coatl, a.piece, a.end
            T[T_C_ADD + (a1 * 3 * NC + a2) * 2 + a3] = code
        elif isinstance(a, A.AttachProphecy):
            kind, a1, a2 = K_ATTACH, a.coatl, a.prophecy
            T[T_C_ATTACH + a1 * PCAP + a2] = code
        elif isinstance(a, A.FinishCoatl):
            kind, a1 = K_FINISH, a.coatl
            T[T_C_FINISH + a1] = code
        elif isinstance(a, A.ChooseTemple):
            kind, a1 = K_TEMPLE, a.temple
            T[T_C_TEMPLE + a1] = code
        elif isinstance(a, A.EndAssembly):
            kind = K_ENDA
            T[T_C_ENDA] = code
        elif isinstance(a, A.PerfectPick):
            kind, a1 = K_PICK, a.kind
            a2 = a.colours[0]
            if a.kind == BODY:
                a3 = a.colours[1]
                T[T_C_PICK2 + a2 * NC + a3] = code
            else:
                T[T_C_PICK1 + a1 * NC + a2] = code
        elif isinstance(a, A.Vision):
            kind = K_VISION
            T[T_C_VISION] = code
        elif isinstance(a, A.VisionDiscard):
            kind, a1 = K_VDISC, a.prophecy
            T[T_C_VDISC + a1] = code
        elif isinstance(a, A.VisionDone):
            kind = K_VDONE
            T[T_C_VDONE] = code
        elif isinstance(a, A.Promise):
            kind, a1 = K_PROMISE, a.pile
            T[T_C_PROMISE + a1] = code
        elif isinstance(a, A.Pass):
            kind = K_PASS
            T[T_C_PASS] = code
        else:  # pragma: no cover - the package gained an action: build() turns the core off
            raise ValueError(f"the core does not know the action {a!r}")
        T[T_KIND + code] = kind
        T[T_A1 + code] = a1
        T[T_A2 + code] = a2
        T[T_A3 + code] = a3
