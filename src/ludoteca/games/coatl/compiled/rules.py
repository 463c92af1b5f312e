"""Coatl, compiled: ``games/coatl/`` (legal.py, assembly.py, rules.py, supply.py, setup.py,
patterns.py, scoring.py) over one flat int64 array (see ``exploding_kittens.py`` for the
pattern: the package is the reference; the Prophecy and Temple catalogs, the limits and the
action codes reach the compiled code as a table, never as frozen constants).

Chance comes from the state's SplitMix64 during play too (pieces drawn from the bags, the
Prophecy deck reshuffled), so ``apply`` takes the generator, drawing exactly as supply.py does.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ....engine.compiled.core import unmirrored
from ....engine.compiled.jit import njit
from ....engine.compiled.layout import Block, Count, Field, Layout, List, Scalar
from ....engine.compiled.rng import MT_N, genrand32, mt_below, mt_random, mt_seed, randbelow
from ....engine.game import Game
from .. import actions as A
from .. import cards as C
from .. import constants as K
from .. import patterns
from ..model import Coatl, Player
from ..options import CoatlOptions
from ..phases import Phase
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
TIERS = 8
MAX_OCC = 64  # patterns.py counts occurrences up to this (points by count table)

# -- the array: declared once (offsets, the plain copies in and out, the field check) --------
# a player's block and a Coatl's (offsets inside PLAYERS)
P_BOARDN = 0
P_BOARD = 1
P_HANDN = P_BOARD + BCAP
P_HAND = P_HANDN + 1
P_TEMPN = P_HAND + HCAP
P_TEMP = P_TEMPN + 1
P_PROMN = P_TEMP + TCAP
P_PROM = P_PROMN + 1
P_SHOWNN = P_PROM + TCAP
P_SHOWN = P_SHOWNN + 1
P_TOK = P_SHOWN + HCAP
P_NCOATL = P_TOK + NTOK
P_COATL = P_NCOATL + 1
# a Coatl
C_NP, C_DONE, C_TEMPLE, C_PRN = range(4)
C_PR = 4
C_PC = C_PR + PRCAP
CSIZE = C_PC + LCAP
PSIZE = P_COATL + COATLS * CSIZE
LAYOUT = Layout(
    [
        Scalar("PHASE", "phase"),
        Scalar("CUR", "current"),
        Scalar("ALEFT", "actions_left"),
        Scalar("TAKEN", "taken"),
        Scalar("TCOATL", "temple_coatl"),
        Scalar("TURNS", "turns"),
        Field("END", "end"),  # ENDS.index(end): copied below
        Scalar("TRIGGER", "trigger"),
        Scalar("PASSES", "passes"),
        Scalar("NPL", "num_players", store_back=False),
        Field("O_TOKENS"),  # the options' flags, copied below
        Field("O_REDUCED"),
        Field("O_KEEP3"),
        Field("O_TIEUNF"),
        Count("DECKN"),
        Count("DISCN"),
        Field("FINALN"),  # len(final): copied below
    ],
    [
        Block("BODYN", "bodies", NSPACE),  # [space]: how many pieces on it
        Block("BODYS", "bodies", 2 * NSPACE),  # [space][2]
        Block("HEADS", "heads", NHEAD),
        Block("TAILS", "tails", NHEAD),
        Block("BAGS", "bags", 3 * NC),  # [kind][colour]
        Block("DISPLAY", "display", NDISPLAY),
        Block("PILEN", "piles", NPILE),
        Block("PILES", "piles", NPILE * TCAP),  # [pile][TCAP], top last
        Block("FINAL", "final", 2 * FCAP),  # [k][seat, actions]
        List("DECK", "deck", cap=PCAP, count="DECKN"),  # top last
        List("DISC", "discard", cap=PCAP, count="DISCN"),  # oldest first
        Block("PLAYERS", "players", MAXP * PSIZE),  # [seat][PSIZE]
    ],
    reserve=32,
    seats="num_players",
)
# the state's slots the array does not mirror, and why
NOT_MIRRORED = {
    "game": "the game object",
    "options": "read through the O_* flags",
    "rng": "the generator travels beside the array",
    "_legal": "the reference's cache of legal actions (dropped on the way back)",
}
(
    PHASE, CUR, ALEFT, TAKEN, TCOATL, TURNS, END, TRIGGER, PASSES, NPL,
    O_TOKENS, O_REDUCED, O_KEEP3, O_TIEUNF, DECKN, DISCN, FINALN,
    BODYN, BODYS, HEADS, TAILS, BAGS, DISPLAY, PILEN, PILES, FINAL, DECK, DISC, PLAYERS,
    SIZE,
) = LAYOUT.offsets  # fmt: skip
LAYOUT.check(globals())
WSIZE = 2 * (LCAP + 1) + NC * 4  # scratch: two colour sequences and the assembly memo

SETUP, TURN, PROPHECY, ASSEMBLY, TEMPLE, VISION_PHASE, OVER = range(7)
ENDS = ("", "coatl", "bodies", "stalled")
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
    why = unmirrored(LAYOUT, CoatlState.__slots__, NOT_MIRRORED)
    if why:
        return why
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
    T = np.full(T_SIZE, -1, dtype=np.int64)
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
    return T


# -- state in and out --------------------------------------------------------------------
def _put(S: np.ndarray, at: int, xs: list[int]) -> None:
    S[at : at + len(xs)] = xs


def _putn(S: np.ndarray, nslot: int, at: int, xs: list[int], cap: int) -> None:
    if len(xs) > cap:
        raise ValueError("a Coatl state beyond the core's capacity")
    S[nslot] = len(xs)
    S[at : at + len(xs)] = xs


def from_state(st: CoatlState) -> np.ndarray:
    """The flat array of a state: the layout's plain fields, then the nested ones (spaces,
    piles, players and their Coatls) copied here."""
    S = LAYOUT.load(st)
    o = st.options
    S[END] = ENDS.index(st.end)
    S[O_TOKENS] = bool(o.sacrifice_tokens)
    S[O_REDUCED] = bool(o.reduced_bodies)
    S[O_KEEP3] = bool(o.keep_exactly_three)
    S[O_TIEUNF] = bool(o.tiebreak_counts_unfinished)
    for i, space in enumerate(st.bodies):
        _putn(S, BODYN + i, BODYS + 2 * i, space, 2)
    _put(S, HEADS, st.heads)
    _put(S, TAILS, st.tails)
    for k in range(3):
        _put(S, BAGS + k * NC, st.bags[k])
    _put(S, DISPLAY, st.display)
    for i, pile in enumerate(st.piles):
        _putn(S, PILEN + i, PILES + i * TCAP, pile, TCAP)
    _putn(S, FINALN, FINAL, [x for f in st.final for x in f], 2 * FCAP)
    S[FINALN] = len(st.final)
    for q, pl in enumerate(st.players):
        b = PLAYERS + q * PSIZE
        _putn(S, b + P_BOARDN, b + P_BOARD, pl.board, BCAP)
        _putn(S, b + P_HANDN, b + P_HAND, pl.hand, HCAP)
        _putn(S, b + P_TEMPN, b + P_TEMP, pl.temples, TCAP)
        _putn(S, b + P_PROMN, b + P_PROM, pl.promised, TCAP)
        _putn(S, b + P_SHOWNN, b + P_SHOWN, pl.shown, HCAP)
        _put(S, b + P_TOK, [int(bool(x)) for x in pl.tokens])
        if len(pl.coatls) > COATLS:
            raise ValueError("a Coatl state beyond the core's capacity")
        S[b + P_NCOATL] = len(pl.coatls)
        for ci, c in enumerate(pl.coatls):
            cb = b + P_COATL + ci * CSIZE
            _putn(S, cb + C_NP, cb + C_PC, c.pieces, LCAP)
            _putn(S, cb + C_PRN, cb + C_PR, c.prophecies, PRCAP)
            S[cb + C_DONE] = bool(c.done)
            S[cb + C_TEMPLE] = c.temple
    return S


def to_state(S: np.ndarray, st: CoatlState) -> None:

    LAYOUT.store(S, st)
    v = S[:PLAYERS].tolist()
    st.end = ENDS[v[END]]
    st.bodies = [v[BODYS + 2 * i : BODYS + 2 * i + v[BODYN + i]] for i in range(NSPACE)]
    st.heads = v[HEADS : HEADS + NHEAD]
    st.tails = v[TAILS : TAILS + NHEAD]
    st.bags = [v[BAGS + k * NC : BAGS + k * NC + NC] for k in range(3)]
    st.display = v[DISPLAY : DISPLAY + NDISPLAY]
    st.piles = [v[PILES + i * TCAP : PILES + i * TCAP + v[PILEN + i]] for i in range(NPILE)]
    st.final = [v[FINAL + 2 * j : FINAL + 2 * j + 2] for j in range(v[FINALN])]
    players = []
    for q in range(st.num_players):
        b = PLAYERS + q * PSIZE
        w = S[b : b + PSIZE].tolist()
        coatls = []
        for ci in range(w[P_NCOATL]):
            cb = P_COATL + ci * CSIZE
            coatls.append(
                Coatl(
                    w[cb + C_PC : cb + C_PC + w[cb + C_NP]],
                    w[cb + C_PR : cb + C_PR + w[cb + C_PRN]],
                    w[cb + C_TEMPLE],
                    bool(w[cb + C_DONE]),
                )
            )
        players.append(
            Player(
                w[P_BOARD : P_BOARD + w[P_BOARDN]],
                w[P_HAND : P_HAND + w[P_HANDN]],
                w[P_TEMP : P_TEMP + w[P_TEMPN]],
                [bool(x) for x in w[P_TOK : P_TOK + NTOK]],
                coatls,
                w[P_PROM : P_PROM + w[P_PROMN]],
                w[P_SHOWN : P_SHOWN + w[P_SHOWNN]],
            )
        )
    st.players = players
    st._legal = None  # the reference's cached legal list belongs to the state it had


# -- lists in the array -------------------------------------------------------------------
@njit
def _remove(S: Any, base: int, nslot: int, x: int) -> bool:
    """``list.remove`` (the first equal item); False when it is not there."""
    k = S[nslot]
    for i in range(k):
        if S[base + i] == x:
            for j in range(i, k - 1):
                S[base + j] = S[base + j + 1]
            S[nslot] = k - 1
            return True
    return False


@njit
def _insort(S: Any, base: int, nslot: int, x: int) -> None:
    k = S[nslot]
    i = k
    while i > 0 and S[base + i - 1] > x:
        S[base + i] = S[base + i - 1]
        i -= 1
    S[base + i] = x
    S[nslot] = k + 1


@njit
def _push(S: Any, base: int, nslot: int, x: int) -> None:
    S[base + S[nslot]] = x
    S[nslot] += 1


@njit
def _contains(S: Any, base: int, k: int, x: int) -> bool:
    for i in range(k):  # noqa: SIM110 (a loop, not a generator, in compiled code)
        if S[base + i] == x:
            return True
    return False


@njit
def _shuffle(rng: Any, S: Any, base: int, k: int) -> None:
    """``Rng.shuffle`` (rejection sampling)."""
    for i in range(k - 1, 0, -1):
        j = randbelow(rng, i + 1)
        a = S[base + i]
        S[base + i] = S[base + j]
        S[base + j] = a


# -- patterns (patterns.py) ---------------------------------------------------------------
@njit
def _occurrences(T: Any, t: int, seq: Any, n: int) -> int:
    fam = T[T_PFAM + t]
    cb = T_PCOL + t * 5
    c0 = T[cb]
    found = 0
    if fam == F_COUNT:
        for i in range(n):
            if seq[i] == c0:
                found += 1
        return found
    if fam == F_PAIR or fam == F_TRIO:  # noqa: SIM109 (plain compares compile simply)
        run = 0
        for i in range(n + 1):
            if i < n and seq[i] == c0:
                run += 1
            elif run:
                if fam == F_PAIR:
                    if run == 2:
                        found += 1
                else:
                    found += run // 3
                run = 0
        return found
    if fam == F_BRIDGE:
        m = T[cb + 1]
        b = T[cb + 2]
        i = 0
        while i < n:
            if seq[i] == c0:
                j = i + 1
                while j < n and seq[j] == m:
                    j += 1
                if j > i + 1 and j < n and seq[j] == b:
                    found += 1
                    i = j + 1
                    continue
            i += 1
        return found
    if fam == F_MIRROR:
        b = T[cb + 1]
        i = 0
        while i + 5 <= n:
            if seq[i] == c0 and seq[i + 1] == b:
                j = i + 3
                while j + 1 < n and not (seq[j] == b and seq[j + 1] == c0):
                    j += 1
                if j + 1 < n:
                    found += 1
                    i = j + 2
                    continue
                return found
            i += 1
        return found
    k = T[T_PNC + t]
    i = 0
    while i + k <= n:
        ok = True
        for d in range(k):
            if seq[i + d] != T[cb + d]:
                ok = False
                break
        if ok:
            found += 1
            i += k
        else:
            i += 1
    return found


@njit
def _ppoints(T: Any, t: int, seq: Any, n: int) -> int:
    """``prophecy_points``: the highest tier reached (0: not fulfilled)."""
    k = _occurrences(T, t, seq, n)
    if k > MAX_OCC - 1:
        k = MAX_OCC - 1
    pts = 0
    for i in range(T[T_PNT + t]):
        if k >= T[T_PNEED + t * TIERS + i]:
            pts = T[T_PVAL + t * TIERS + i]
    return pts


@njit
def _count(seq: Any, n: int, c: int) -> int:
    k = 0
    for i in range(n):
        if seq[i] == c:
            k += 1
    return k


@njit
def _condition(T: Any, at: int, seq: Any, n: int) -> bool:
    kind = T[T_TKIND + at]
    if kind == TK_ABSENT:
        return _count(seq, n, T[T_TC0 + at]) == 0
    if kind == TK_LENGTH:
        return n == T[T_TVAL + at]
    a = _count(seq, n, T[T_TC0 + at])
    return a > 0 and a == _count(seq, n, T[T_TC1 + at])


@njit
def _tpoints(T: Any, temple: int, seq: Any, n: int) -> int:
    met = int(_condition(T, temple * 2, seq, n)) + int(_condition(T, temple * 2 + 1, seq, n))
    if met == 2:
        return T[T_BOTH]
    if met == 1:
        return T[T_ONE]
    return 0


@njit
def _colours(S: Any, cb: int, seq: Any) -> int:
    n = S[cb + C_NP]
    for i in range(n):
        seq[i] = S[cb + C_PC + i] % NC
    return n


# -- legal moves (legal.py, assembly.py) ----------------------------------------------------
@njit
def actors(S: Any, out: Any) -> int:
    if S[PHASE] == OVER:
        return 0
    out[0] = S[CUR]
    return 1


@njit
def _closed(S: Any, pb: int) -> int:
    for ci in range(S[pb + P_NCOATL]):
        cb = pb + P_COATL + ci * CSIZE
        k = S[cb + C_NP]
        if not S[cb + C_DONE] and k > 0 and S[cb + C_PC] < NC and S[cb + C_PC + k - 1] >= 2 * NC:
            return ci
    return -1


@njit
def _attachable(S: Any, T: Any, pb: int, ci: int, seq: Any, n: int, out: Any, m: int) -> int:
    cb = pb + P_COATL + ci * CSIZE
    if S[cb + C_PRN] >= T[T_MAX_PR]:
        return m
    prev = -1
    for i in range(S[pb + P_HANDN]):
        t = S[pb + P_HAND + i]
        if t == prev:
            continue
        prev = t
        if _contains(S, cb + C_PR, S[cb + C_PRN], t):
            continue
        if _ppoints(T, t, seq, n) > 0:
            out[m] = T[T_C_ATTACH + ci * PCAP + t]
            m += 1
    return m


@njit
def _fits(
    S: Any,
    T: Any,
    pb: int,
    cb: int,
    seq: Any,
    n: int,
    col: int,
    front: bool,
    closes: bool,
    new: Any,
) -> bool:
    if front:
        new[0] = col
        for i in range(n):
            new[i + 1] = seq[i]
    else:
        for i in range(n):
            new[i] = seq[i]
        new[n] = col
    k = n + 1
    nb = S[cb + C_PRN]
    for i in range(nb):
        if _ppoints(T, S[cb + C_PR + i], new, k) <= 0:
            return False
    if closes:
        bodies = False
        for i in range(S[cb + C_NP]):
            if S[cb + C_PC + i] // NC == BODY:
                bodies = True
                break
        if not bodies:
            return False
        if nb == 0:
            prev = -1
            for i in range(S[pb + P_HANDN]):
                t = S[pb + P_HAND + i]
                if t == prev:
                    continue
                prev = t
                if _ppoints(T, t, new, k) > 0:
                    return True
            return False
    return True


@njit
def _assembly(S: Any, T: Any, pb: int, out: Any, m: int, seq: Any, new: Any, memo: Any) -> int:
    ci = _closed(S, pb)
    if ci >= 0:
        cb = pb + P_COATL + ci * CSIZE
        n = _colours(S, cb, seq)
        m = _attachable(S, T, pb, ci, seq, n, out, m)
        if S[cb + C_PRN] > 0:
            out[m] = T[T_C_FINISH + ci]
            m += 1
        return m
    ncoatl = S[pb + P_NCOATL]
    unfinished = 0
    for j in range(ncoatl):
        if not S[pb + P_COATL + j * CSIZE + C_DONE]:
            unfinished += 1
    nboard = S[pb + P_BOARDN]
    if unfinished < T[T_MAX_UNF] and ncoatl < T[T_MAX_COATLS]:
        prev = -1
        for i in range(nboard):
            x = S[pb + P_BOARD + i]
            if x != prev:
                out[m] = T[T_C_START + x]
                m += 1
                prev = x
    # memo: the pattern checks per (colour, end, closes), 5 * 2 * 2, -1 unknown
    for ci in range(ncoatl):
        cb = pb + P_COATL + ci * CSIZE
        if S[cb + C_DONE]:
            continue
        n = _colours(S, cb, seq)
        k = S[cb + C_NP]
        head = k > 0 and S[cb + C_PC] < NC
        tail = k > 0 and S[cb + C_PC + k - 1] >= 2 * NC
        plain = S[cb + C_PRN] == 0
        memo[:] = -1
        adds = T_C_ADD + ci * 3 * NC * 2
        prev = -1
        for i in range(nboard):
            x = S[pb + P_BOARD + i]
            if x == prev:
                continue
            prev = x
            kind = x // NC
            col = x % NC
            if not head and kind != TAIL:
                closes = kind == HEAD and tail
                if plain and not closes:
                    out[m] = T[adds + x * 2]
                    m += 1
                else:
                    key = (col * 2) * 2 + int(closes)
                    if memo[key] < 0:
                        memo[key] = int(_fits(S, T, pb, cb, seq, n, col, True, closes, new))
                    if memo[key]:
                        out[m] = T[adds + x * 2]
                        m += 1
            if not tail and kind != HEAD:
                closes = kind == TAIL and head
                if plain and not closes:
                    out[m] = T[adds + x * 2 + 1]
                    m += 1
                else:
                    key = (col * 2 + 1) * 2 + int(closes)
                    if memo[key] < 0:
                        memo[key] = int(_fits(S, T, pb, cb, seq, n, col, False, closes, new))
                    if memo[key]:
                        out[m] = T[adds + x * 2 + 1]
                        m += 1
        m = _attachable(S, T, pb, ci, seq, n, out, m)
    return m


@njit
def _can_draw(S: Any) -> bool:
    return S[DECKN] > 0 or S[DISCN] > 0


@njit
def _take(S: Any, T: Any, pb: int, out: Any, m: int) -> int:
    if S[pb + P_HANDN] >= T[T_HAND_LIMIT]:
        return m
    for i in range(NDISPLAY):
        if S[DISPLAY + i] >= 0:
            out[m] = T[T_C_TAKEPR + i]
            m += 1
    if _can_draw(S):
        out[m] = T[T_C_DRAW]
        m += 1
    return m


@njit
def _turn(S: Any, T: Any, pb: int, out: Any, seq: Any, new: Any, memo: Any) -> int:
    m = 0
    room = T[T_BOARD_LIMIT] - S[pb + P_BOARDN]
    for i in range(NSPACE):
        k = S[BODYN + i]
        if k > 0 and k <= room:
            out[m] = T[T_C_TAKEP + i]
            m += 1
    if room >= 1:
        for i in range(NHEAD):
            if S[HEADS + i] >= 0:
                out[m] = T[T_C_TAKEP + NSPACE + i]
                m += 1
        for i in range(NHEAD):
            if S[TAILS + i] >= 0:
                out[m] = T[T_C_TAKEP + NSPACE + NHEAD + i]
                m += 1
    m = _take(S, T, pb, out, m)
    m = _assembly(S, T, pb, out, m, seq, new, memo)
    if S[O_TOKENS]:
        if S[pb + P_TOK + PERFECT_PICK]:
            if room >= 1:
                for kind in (HEAD, TAIL):
                    for c in range(NC):
                        if S[BAGS + kind * NC + c] > 0:
                            out[m] = T[T_C_PICK1 + kind * NC + c]
                            m += 1
            if room >= 2:
                bag = BAGS + BODY * NC
                for a in range(NC):
                    for b in range(a, NC):
                        if S[bag + a] >= (2 if a == b else 1) and S[bag + b] >= 1:
                            out[m] = T[T_C_PICK2 + a * NC + b]
                            m += 1
        if S[pb + P_TOK + VISION] and _cards_to_take(S):
            out[m] = T[T_C_VISION]
            m += 1
        if S[pb + P_TOK + PROMISE]:
            for i in range(NPILE):
                if S[PILEN + i] > 0:
                    out[m] = T[T_C_PROMISE + i]
                    m += 1
    if m == 0:
        out[0] = T[T_C_PASS]
        m = 1
    return m


@njit
def _cards_to_take(S: Any) -> bool:
    if _can_draw(S):
        return True
    for i in range(NDISPLAY):  # noqa: SIM110
        if S[DISPLAY + i] >= 0:
            return True
    return False


@njit
def _candidates(S: Any, T: Any, pb: int, seq: Any, n: int, out: Any) -> int:
    """``temple_candidates``: the Temples (own hand, promised, pile tops) the Coatl fulfils,
    sorted."""
    pool = np.zeros(TCAP, dtype=np.int64)
    for i in range(S[pb + P_TEMPN]):
        pool[S[pb + P_TEMP + i]] = 1
    for i in range(S[pb + P_PROMN]):
        pool[S[pb + P_PROM + i]] = 1
    for i in range(NPILE):
        k = S[PILEN + i]
        if k > 0:
            pool[S[PILES + i * TCAP + k - 1]] = 1
    m = 0
    for t in range(T[T_NTEMPLES]):
        if pool[t] and _tpoints(T, t, seq, n) > 0:
            out[m] = t
            m += 1
    return m


@njit
def legal(S: Any, T: Any, p: int, out: Any) -> int:
    """``legal_actions(p)``'s codes in ``out``, in its order; returns how many."""
    return _legal(S, T, p, out, np.empty(WSIZE, dtype=np.int64))


@njit
def _legal(S: Any, T: Any, p: int, out: Any, W: Any) -> int:
    ph = S[PHASE]
    if ph == OVER or p != S[CUR]:
        return 0
    pb = PLAYERS + p * PSIZE
    seq = W[: LCAP + 1]
    new = W[LCAP + 1 : 2 * (LCAP + 1)]
    memo = W[2 * (LCAP + 1) :]
    if ph == TURN:
        return _turn(S, T, pb, out, seq, new, memo)
    if ph == ASSEMBLY:
        m = _assembly(S, T, pb, out, 0, seq, new, memo)
        if _closed(S, pb) < 0:
            out[m] = T[T_C_ENDA]
            m += 1
        return m
    if ph == PROPHECY:
        m = _take(S, T, pb, out, 0)
        if S[TAKEN] > 0:
            out[m] = T[T_C_STOP]
            m += 1
        return m
    if ph == TEMPLE:
        n = _colours(S, pb + P_COATL + S[TCOATL] * CSIZE, seq)
        k = _candidates(S, T, pb, seq, n, new)
        for i in range(k):
            out[i] = T[T_C_TEMPLE + new[i]]
        return k
    nh = S[pb + P_HANDN]
    m = 0
    if ph == VISION_PHASE:
        prev = -1
        for i in range(nh):
            t = S[pb + P_HAND + i]
            if t != prev:
                out[m] = T[T_C_VDISC + t]
                m += 1
                prev = t
        if nh < T[T_HAND_LIMIT]:
            out[m] = T[T_C_VDONE]
            m += 1
        return m
    if ph == SETUP:
        keep3 = S[O_KEEP3]
        floor = T[T_KEEP] if keep3 else 0
        if nh > floor:
            prev = -1
            for i in range(nh):
                t = S[pb + P_HAND + i]
                if t != prev:
                    out[m] = T[T_C_DSTART + t]
                    m += 1
                    prev = t
        if nh == T[T_KEEP] or (nh < T[T_KEEP] and not keep3):
            out[m] = T[T_C_KEEP]
            m += 1
        return m
    return 0


# -- the supply (supply.py) ---------------------------------------------------------------
@njit
def _draw_piece(S: Any, rng: Any, kind: int) -> int:
    bag = BAGS + kind * NC
    total = 0
    for c in range(NC):
        total += S[bag + c]
    if total == 0:
        return -1
    r = randbelow(rng, total)
    for c in range(NC):
        if r < S[bag + c]:
            S[bag + c] -= 1
            return c
        r -= S[bag + c]
    return -1  # unreachable: the counts add up to total


@njit
def _fill_empty(S: Any, rng: Any) -> None:
    for i in range(NSPACE):
        if S[BODYN + i] == 0:
            for _ in range(2):
                c = _draw_piece(S, rng, BODY)
                if c >= 0:
                    S[BODYS + 2 * i + S[BODYN + i]] = c
                    S[BODYN + i] += 1
    for i in range(NHEAD):
        if S[HEADS + i] < 0:
            S[HEADS + i] = _draw_piece(S, rng, HEAD)
    for i in range(NHEAD):
        if S[TAILS + i] < 0:
            S[TAILS + i] = _draw_piece(S, rng, TAIL)


@njit
def _needs_refill(S: Any) -> bool:
    empty = True
    for i in range(NSPACE):
        if S[BODYN + i] > 0:
            empty = False
            break
    if empty:
        return True
    for i in range(NHEAD):  # noqa: SIM110
        if S[HEADS + i] >= 0 or S[TAILS + i] >= 0:
            return False
    return True


@njit
def _bodies_exhausted(S: Any) -> bool:
    for c in range(NC):
        if S[BAGS + BODY * NC + c] > 0:
            return False
    for i in range(NSPACE):  # noqa: SIM110
        if S[BODYN + i] > 0:
            return False
    return True


@njit
def _draw_card(S: Any, rng: Any) -> int:
    if S[DECKN] == 0 and S[DISCN] > 0:
        k = S[DISCN]
        # sorted(discard), then shuffled, becomes the deck
        for i in range(k):
            x = S[DISC + i]
            j = i
            while j > 0 and S[DECK + j - 1] > x:
                S[DECK + j] = S[DECK + j - 1]
                j -= 1
            S[DECK + j] = x
        S[DISCN] = 0
        _shuffle(rng, S, DECK, k)
        S[DECKN] = k
    k = S[DECKN]
    if k == 0:
        return -1
    S[DECKN] = k - 1
    return S[DECK + k - 1]


@njit
def _refill_display(S: Any, rng: Any) -> None:
    for i in range(NDISPLAY):
        if S[DISPLAY + i] < 0:
            c = _draw_card(S, rng)
            if c < 0:
                break
            S[DISPLAY + i] = c


# -- what a move does (rules.py) ----------------------------------------------------------
@njit
def _from_hand(S: Any, pb: int, t: int) -> None:
    _remove(S, pb + P_HAND, pb + P_HANDN, t)
    _remove(S, pb + P_SHOWN, pb + P_SHOWNN, t)


@njit
def _end_turn(S: Any, rng: Any) -> None:
    _refill_display(S, rng)
    S[TURNS] += 1
    n = S[NPL]
    if S[END] != E_NONE:
        k = S[FINALN]
        if k == 0:
            S[PHASE] = OVER
            return
        S[CUR] = S[FINAL]
        S[ALEFT] = S[FINAL + 1]
        for j in range(2, 2 * k):
            S[FINAL + j - 2] = S[FINAL + j]
        S[FINALN] = k - 1
    elif S[PASSES] >= n:
        S[END] = E_STALLED
        S[PHASE] = OVER
        return
    else:
        S[CUR] = (S[CUR] + 1) % n
        S[ALEFT] = 1
    S[PHASE] = TURN


@njit
def _owe(S: Any, seat: int, k: int) -> None:
    j = S[FINALN]
    S[FINAL + 2 * j] = seat
    S[FINAL + 2 * j + 1] = k
    S[FINALN] = j + 1


@njit
def _end_action(S: Any, rng: Any) -> None:
    S[TAKEN] = 0
    if S[END] == E_NONE and _bodies_exhausted(S):
        p = S[CUR]
        n = S[NPL]
        S[END] = E_BODIES
        S[TRIGGER] = p
        S[FINALN] = 0
        for q in range(p + 1, n):
            _owe(S, q, 1)
        for q in range(n):
            _owe(S, q, 1)
    S[ALEFT] -= 1
    if S[ALEFT] > 0:
        S[PHASE] = TURN
        return
    _end_turn(S, rng)


@njit
def _after_take(S: Any, T: Any, rng: Any, pb: int) -> None:
    S[TAKEN] += 1
    S[PHASE] = PROPHECY
    if S[pb + P_HANDN] >= T[T_HAND_LIMIT] or not _cards_to_take(S):
        _end_action(S, rng)


@njit
def _after_finish(S: Any, T: Any, rng: Any, pb: int) -> None:
    p = S[CUR]
    S[TCOATL] = -1
    finished = 0
    for j in range(S[pb + P_NCOATL]):
        if S[pb + P_COATL + j * CSIZE + C_DONE]:
            finished += 1
    if finished >= T[T_MAX_COATLS]:
        if S[END] == E_NONE:
            n = S[NPL]
            S[END] = E_COATL
            S[TRIGGER] = p
            S[FINALN] = 0
            for q in range(p + 1, n):
                _owe(S, q, 2)
            for q in range(p):
                _owe(S, q, 1)
        _end_action(S, rng)
    else:
        S[PHASE] = ASSEMBLY


@njit
def apply(S: Any, T: Any, rng: Any, p: int, code: int) -> None:
    kind = T[T_KIND + code]
    a1 = T[T_A1 + code]
    pb = PLAYERS + p * PSIZE
    if kind != K_PASS:
        S[PASSES] = 0
    if kind == K_TAKEP:
        if a1 < NSPACE:
            for i in range(S[BODYN + a1]):
                _insort(S, pb + P_BOARD, pb + P_BOARDN, BODY * NC + S[BODYS + 2 * a1 + i])
            S[BODYN + a1] = 0
        elif a1 < NSPACE + NHEAD:
            _insort(S, pb + P_BOARD, pb + P_BOARDN, HEAD * NC + S[HEADS + a1 - NSPACE])
            S[HEADS + a1 - NSPACE] = -1
        else:
            i = a1 - NSPACE - NHEAD
            _insort(S, pb + P_BOARD, pb + P_BOARDN, TAIL * NC + S[TAILS + i])
            S[TAILS + i] = -1
        if _needs_refill(S):
            _fill_empty(S, rng)
        _end_action(S, rng)
    elif kind == K_TAKEPR:
        card = S[DISPLAY + a1]
        S[DISPLAY + a1] = -1
        _insort(S, pb + P_HAND, pb + P_HANDN, card)
        _insort(S, pb + P_SHOWN, pb + P_SHOWNN, card)
        _after_take(S, T, rng, pb)
    elif kind == K_DRAW:
        card = _draw_card(S, rng)
        _insort(S, pb + P_HAND, pb + P_HANDN, card)
        _after_take(S, T, rng, pb)
    elif kind == K_STOP or kind == K_ENDA:  # noqa: SIM109
        _end_action(S, rng)
    elif kind == K_START:
        _remove(S, pb + P_BOARD, pb + P_BOARDN, a1)
        ci = S[pb + P_NCOATL]
        cb = pb + P_COATL + ci * CSIZE
        S[cb + C_NP] = 1
        S[cb + C_PC] = a1
        S[cb + C_PRN] = 0
        S[cb + C_DONE] = 0
        S[cb + C_TEMPLE] = -1
        S[pb + P_NCOATL] = ci + 1
        S[PHASE] = ASSEMBLY
    elif kind == K_ADD:
        x = T[T_A2 + code]
        _remove(S, pb + P_BOARD, pb + P_BOARDN, x)
        cb = pb + P_COATL + a1 * CSIZE
        k = S[cb + C_NP]
        if T[T_A3 + code] == 0:  # the front (head side)
            for i in range(k, 0, -1):
                S[cb + C_PC + i] = S[cb + C_PC + i - 1]
            S[cb + C_PC] = x
        else:
            S[cb + C_PC + k] = x
        S[cb + C_NP] = k + 1
        S[PHASE] = ASSEMBLY
    elif kind == K_ATTACH:
        t = T[T_A2 + code]
        _from_hand(S, pb, t)
        cb = pb + P_COATL + a1 * CSIZE
        _push(S, cb + C_PR, cb + C_PRN, t)
        S[PHASE] = ASSEMBLY
    elif kind == K_FINISH:
        cb = pb + P_COATL + a1 * CSIZE
        S[cb + C_DONE] = 1
        S[TCOATL] = a1
        seq = np.empty(LCAP + 1, dtype=np.int64)
        tmp = np.empty(TCAP, dtype=np.int64)
        n = _colours(S, cb, seq)
        if _candidates(S, T, pb, seq, n, tmp) > 0:
            S[PHASE] = TEMPLE
        else:
            _after_finish(S, T, rng, pb)
    elif kind == K_TEMPLE:
        cb = pb + P_COATL + S[TCOATL] * CSIZE
        if not _remove(S, pb + P_TEMP, pb + P_TEMPN, a1) and not _remove(
            S, pb + P_PROM, pb + P_PROMN, a1
        ):
            for i in range(NPILE):
                k = S[PILEN + i]
                if k > 0 and S[PILES + i * TCAP + k - 1] == a1:
                    S[PILEN + i] = k - 1
                    break
        S[cb + C_TEMPLE] = a1
        _after_finish(S, T, rng, pb)
    elif kind == K_PICK:
        S[pb + P_TOK + PERFECT_PICK] = 0
        bag = BAGS + a1 * NC
        c = T[T_A2 + code]
        S[bag + c] -= 1
        _insort(S, pb + P_BOARD, pb + P_BOARDN, a1 * NC + c)
        c = T[T_A3 + code]
        if c >= 0:
            S[bag + c] -= 1
            _insort(S, pb + P_BOARD, pb + P_BOARDN, a1 * NC + c)
        _fill_empty(S, rng)
        _end_action(S, rng)
    elif kind == K_VISION:
        S[pb + P_TOK + VISION] = 0
        for i in range(NDISPLAY):
            if S[DISPLAY + i] >= 0:
                _push(S, DISC, DISCN, S[DISPLAY + i])
            S[DISPLAY + i] = -1
        _refill_display(S, rng)
        S[PHASE] = VISION_PHASE
    elif kind == K_VDISC:
        _from_hand(S, pb, a1)
        _push(S, DISC, DISCN, a1)
    elif kind == K_VDONE:
        S[PHASE] = PROPHECY
        S[TAKEN] = 0
        if S[pb + P_HANDN] >= T[T_HAND_LIMIT] or not _cards_to_take(S):
            _end_action(S, rng)
    elif kind == K_PROMISE:
        S[pb + P_TOK + PROMISE] = 0
        k = S[PILEN + a1] - 1
        S[PILEN + a1] = k
        _insort(S, pb + P_PROM, pb + P_PROMN, S[PILES + a1 * TCAP + k])
        _end_action(S, rng)
    elif kind == K_PASS:
        S[PASSES] += 1
        _end_action(S, rng)
    elif kind == K_DSTART:
        _remove(S, pb + P_HAND, pb + P_HANDN, a1)
        _push(S, DISC, DISCN, a1)
    elif kind == K_KEEP:
        S[CUR] += 1
        if S[CUR] == S[NPL]:
            S[CUR] = 0
            S[PHASE] = TURN
            S[ALEFT] = 1


# -- the deal (setup.py) --------------------------------------------------------------------
@njit
def deal(S: Any, T: Any, rng: Any, n: int, opts: Any) -> None:
    """``setup.new_state``; ``opts`` = (sacrifice tokens, reduced bodies, keep exactly three,
    tie-break counts unfinished)."""
    S[:] = 0
    S[NPL] = n
    for i in range(4):
        S[O_TOKENS + i] = opts[i]
    S[PHASE] = SETUP
    S[ALEFT] = 1
    S[TCOATL] = -1
    S[TRIGGER] = -1
    bodies = T[T_REDUCED + n] if opts[1] else T[T_BODIES_PC]
    for c in range(NC):
        S[BAGS + HEAD * NC + c] = T[T_HEADS_PC]
        S[BAGS + BODY * NC + c] = bodies
        S[BAGS + TAIL * NC + c] = T[T_TAILS_PC]
    for i in range(NHEAD):
        S[HEADS + i] = -1
        S[TAILS + i] = -1
    _fill_empty(S, rng)
    for q in range(n):
        pb = PLAYERS + q * PSIZE
        for i in range(NTOK):
            S[pb + P_TOK + i] = opts[0]
    nt = T[T_NTEMPLES]
    temples = np.arange(nt)
    for i in range(nt - 1, 0, -1):
        j = randbelow(rng, i + 1)
        a = temples[i]
        temples[i] = temples[j]
        temples[j] = a
    left = nt
    for q in range(n):
        pb = PLAYERS + q * PSIZE
        left -= 1
        S[pb + P_TEMP] = temples[left]
        S[pb + P_TEMPN] = 1
    half = (left + 1) // 2
    for i in range(half):
        S[PILES + i] = temples[i]
    S[PILEN] = half
    for i in range(half, left):
        S[PILES + TCAP + i - half] = temples[i]
    S[PILEN + 1] = left - half
    nd = T[T_NDECK]
    for i in range(nd):
        S[DECK + i] = T[T_FULL + i]
    _shuffle(rng, S, DECK, nd)
    S[DECKN] = nd
    for i in range(NDISPLAY):
        S[DISPLAY + i] = _draw_card(S, rng)
    for q in range(n):
        pb = PLAYERS + q * PSIZE
        for _ in range(T[T_STARTING + q]):
            _insort(S, pb + P_HAND, pb + P_HANDN, _draw_card(S, rng))


# -- the result (scoring.py) ----------------------------------------------------------------
@njit
def _coatl_points(S: Any, T: Any, cb: int, seq: Any) -> int:
    n = _colours(S, cb, seq)
    pts = 0
    for i in range(S[cb + C_PRN]):
        pts += _ppoints(T, S[cb + C_PR + i], seq, n)
    if S[cb + C_TEMPLE] >= 0:
        pts += _tpoints(T, S[cb + C_TEMPLE], seq, n)
    return pts


@njit
def winner(S: Any, T: Any) -> int:
    """The one winner of a finished game by ``scoring.result``'s keys, or -1 (a shared win)."""
    n = S[NPL]
    keys = np.zeros((MAXP, 3), dtype=np.int64)
    seq = np.empty(LCAP + 1, dtype=np.int64)
    for q in range(n):
        pb = PLAYERS + q * PSIZE
        for ci in range(S[pb + P_NCOATL]):
            cb = pb + P_COATL + ci * CSIZE
            done = S[cb + C_DONE]
            if done:
                pts = _coatl_points(S, T, cb, seq)
                keys[q, 0] += pts
                if pts > keys[q, 2]:
                    keys[q, 2] = pts
            if done or S[O_TIEUNF]:
                keys[q, 1] += S[cb + C_PRN] + (1 if S[cb + C_TEMPLE] >= 0 else 0)
    best = 0
    ties = 1
    for q in range(1, n):
        d = 0
        for j in range(3):
            if keys[q, j] != keys[best, j]:
                d = 1 if keys[q, j] > keys[best, j] else -1
                break
        if d > 0:
            best = q
            ties = 1
        elif d == 0:
            ties += 1
    return best if ties == 1 else -1


# -- the heuristic agent (agents/heuristics/coatl.py) ------------------------------------
# Its weights are read from the agent's module into a float table. Per decision it draws a
# 64-bit seed from its generator, determinizes with random.Random(seed) (view.determinize),
# tries every legal move on a copy and scores the copy (position_value) plus noise * random().
(
    H_ATTACHED,
    H_CARD,
    H_FIT,
    H_PIECE_COATL,
    H_END,
    H_TEMPLE_FIT,
    H_PIECE_BOARD,
    H_WANTED,
    H_TEMPLE,
    H_TOKEN,
    H_FINISHED,
    H_FIRST_END,
    H_MORE_ENDS,
    H_NEEDED_END,
    H_NOISE,
) = range(15)
H_WANTS = 15  # [type][colour]: 1 where the Prophecy names that colour
H_SIZE = H_WANTS + PCAP * NC
# the agent's weights, in the table's order
WEIGHTS = (
    "W_ATTACHED",
    "W_CARD",
    "W_FIT",
    "W_PIECE_COATL",
    "W_END",
    "W_TEMPLE_FIT",
    "W_PIECE_BOARD",
    "W_WANTED",
    "W_TEMPLE",
    "W_TOKEN",
    "W_FINISHED",
    "W_FIRST_END",
    "W_MORE_ENDS",
    "W_NEEDED_END",
)


# the heuristic's integer scratch (heuristic's ``W``): two card pools, the Temples in reach,
# a pattern and the wanted colours, the open Coatls' lengths
HW_POOL = 0
HW_MARK = HW_POOL + PCAP
HW_TEMPLES = HW_MARK + PCAP
HW_PAT = HW_TEMPLES + TCAP + NPILE
HW_LENS = HW_PAT + 5 + NC
HW_SIZE = HW_LENS + COATLS


@njit
def _mt_shuffle(mt: Any, xs: Any, k: int) -> None:
    """``random.Random.shuffle`` of ``xs[:k]``."""
    for i in range(k - 1, 0, -1):
        j = mt_below(mt, i + 1)
        a = xs[i]
        xs[i] = xs[j]
        xs[j] = a


@njit
def _getrandbits64(mt: Any) -> Any:
    """``random.Random.getrandbits(64)``: the first 32-bit output is the low word."""
    lo = genrand32(mt)
    hi = genrand32(mt)
    return lo | (hi << np.uint64(32))


@njit
def _determinize(S: Any, T: Any, B: Any, p: int, dm: Any, pool: Any, mark: Any) -> Any:
    """``view.determinize(S, p, dm)`` into ``B`` for the seat to act: p is the current
    player (the only one who acts), so no re-dealt hand must hold a card the rules revealed
    (determinize's ``_needed_*`` apply to other seats only). Returns the new state's
    generator. Only what p sees is read: the unseen pools are counted from the public places."""
    n = S[NPL]
    B[: PLAYERS + n * PSIZE] = S[: PLAYERS + n * PSIZE]
    # the Prophecies p cannot place, sorted by type (pool), then shuffled
    left = mark
    left[:] = 0
    for i in range(T[T_NDECK]):
        left[T[T_FULL + i]] += 1
    pb = PLAYERS + p * PSIZE
    for i in range(S[pb + P_HANDN]):
        left[S[pb + P_HAND + i]] -= 1
    for i in range(S[DISCN]):
        left[S[DISC + i]] -= 1
    for i in range(NDISPLAY):
        if S[DISPLAY + i] >= 0:
            left[S[DISPLAY + i]] -= 1
    for q in range(n):
        qb = PLAYERS + q * PSIZE
        for ci in range(S[qb + P_NCOATL]):
            cb = qb + P_COATL + ci * CSIZE
            for j in range(S[cb + C_PRN]):
                left[S[cb + C_PR + j]] -= 1
        if q != p:
            for j in range(S[qb + P_SHOWNN]):
                left[S[qb + P_SHOWN + j]] -= 1
    k = 0
    for t in range(T[T_NPT]):
        for _ in range(left[t]):
            pool[k] = t
            k += 1
    _mt_shuffle(dm, pool, k)
    at = 0
    # dealt in the order [current] + the others, so here (p current) the others in seat order
    for q in range(n):
        if q == p:
            continue
        qb = PLAYERS + q * PSIZE
        hidden = S[qb + P_HANDN] - S[qb + P_SHOWNN]
        B[qb + P_HANDN] = 0
        for i in range(S[qb + P_SHOWNN]):
            _insort(B, qb + P_HAND, qb + P_HANDN, S[qb + P_SHOWN + i])
        for i in range(hidden):
            _insort(B, qb + P_HAND, qb + P_HANDN, pool[at + i])
        at += hidden
    for i in range(at, k):
        B[DECK + i - at] = pool[i]
    B[DECKN] = k - at
    # the Temples p cannot see: the other hands and the cards under each pile's top
    seen = mark
    seen[:] = 0
    for i in range(S[pb + P_TEMPN]):
        seen[S[pb + P_TEMP + i]] = 1
    for q in range(n):
        qb = PLAYERS + q * PSIZE
        for i in range(S[qb + P_PROMN]):
            seen[S[qb + P_PROM + i]] = 1
    for i in range(NPILE):
        kp = S[PILEN + i]
        if kp > 0:
            seen[S[PILES + i * TCAP + kp - 1]] = 1
    for q in range(n):
        qb = PLAYERS + q * PSIZE
        for ci in range(S[qb + P_NCOATL]):
            t = S[qb + P_COATL + ci * CSIZE + C_TEMPLE]
            if t >= 0:
                seen[t] = 1
    k = 0
    for t in range(T[T_NTEMPLES]):
        if not seen[t]:
            pool[k] = t
            k += 1
    _mt_shuffle(dm, pool, k)
    at = 0
    for q in range(n):
        if q == p:
            continue
        qb = PLAYERS + q * PSIZE
        kt = S[qb + P_TEMPN]
        B[qb + P_TEMPN] = 0
        for i in range(kt):
            _insort(B, qb + P_TEMP, qb + P_TEMPN, pool[at + i])
        at += kt
    for i in range(NPILE):
        kp = S[PILEN + i]
        if kp > 0:
            base = PILES + i * TCAP
            for j in range(kp - 1):
                B[base + j] = pool[at + j]
            B[base + kp - 1] = S[base + kp - 1]
            at += kp - 1
    return _getrandbits64(dm)


@njit
def _prefix_progress(seq: Any, n: int, pat: Any, k: int, front: bool, back: bool) -> int:
    """The agent's ``_prefix_progress``: pieces of ``pat[:k]`` already at an open end (-1 in
    the pattern matches no colour)."""
    best = 0
    top = min(k - 1, n)
    if back:
        for j in range(top, 0, -1):
            ok = True
            for d in range(j):
                if seq[n - j + d] != pat[d]:
                    ok = False
                    break
            if ok:
                best = j
                break
    if front:
        for j in range(top, best, -1):
            ok = True
            for d in range(j):
                if seq[d] != pat[k - j + d]:
                    ok = False
                    break
            if ok:
                best = j
                break
    return best


@njit
def _progress(T: Any, t: int, seq: Any, n: int, front: bool, back: bool, pat: Any) -> float:
    """The agent's ``progress``: 0..1 toward Prophecy ``t``'s first tier, along open ends."""
    fam = T[T_PFAM + t]
    cb = T_PCOL + t * 5
    c0 = T[cb]
    if fam == F_COUNT:
        return min(_count(seq, n, c0), 3) / 3
    if fam == F_PAIR or fam == F_TRIO:  # noqa: SIM109
        need = 2 if fam == F_PAIR else 3
        run = 0
        if back:
            while run < n and seq[n - 1 - run] == c0:
                run += 1
        if front and run == 0:
            while run < n and seq[run] == c0:
                run += 1
        return min(run, need - 1) / need
    if fam == F_BRIDGE:
        pat[0] = c0
        pat[1] = T[cb + 1]
        pat[2] = T[cb + 2]
        return _prefix_progress(seq, n, pat, 3, front, back) / 3
    if fam == F_MIRROR:
        c1 = T[cb + 1]
        if back and n >= 3:
            for i in range(n - 2):
                if seq[i] == c0 and seq[i + 1] == c1:
                    return 0.8 if seq[n - 1] == c1 and i + 3 < n else 0.6
        pat[0] = c0
        pat[1] = c1
        pat[2] = -1
        pat[3] = c1
        pat[4] = c0
        return _prefix_progress(seq, n, pat, 5, front, back) / 5
    k = T[T_PNC + t]
    for d in range(k):
        pat[d] = T[cb + d]
    return _prefix_progress(seq, n, pat, k, front, back) / k


@njit
def _card_potentials(
    S: Any, T: Any, pb: int, seqs: Any, lens: Any, opens: Any, no: int, pat: Any, out: Any
) -> None:
    """The agent's ``card_potential`` of each hand card into ``out`` (hand order). Coatl by
    Coatl, each card's best so far kept: a max, so the order does not change the value."""
    nh = S[pb + P_HANDN]
    out[:nh] = 0.0
    for j in range(no):
        seq = seqs[j]
        n = lens[j]
        front = opens[j, 0]
        back = opens[j, 1]
        for i in range(nh):
            t = S[pb + P_HAND + i]
            now = _ppoints(T, t, seq, n)
            if now:
                x = float(now)
            elif front or back:
                pr = _progress(T, t, seq, n, front, back, pat)
                # pr ** 2 is pr * pr for every value progress takes (k / d, 0.6, 0.8)
                x = 0.7 * T[T_PVAL + t * TIERS] * (pr * pr)
            else:
                continue
            if x > out[i]:  # max(best, x): the first of equals
                out[i] = x


@njit
def _position_value(
    S: Any,
    T: Any,
    H: Any,
    me: int,
    seqs: Any,
    lens: Any,
    opens: Any,
    temples: Any,
    pat: Any,
    pots: Any,
) -> float:
    """The agent's ``position_value``, its floating-point operations in its order (scratch:
    ``pat`` 5 + NC long, ``pots`` HCAP)."""
    pb = PLAYERS + me * PSIZE
    v = 0.0
    nt = 0
    for i in range(S[pb + P_TEMPN]):
        temples[nt] = S[pb + P_TEMP + i]
        nt += 1
    for i in range(S[pb + P_PROMN]):
        temples[nt] = S[pb + P_PROM + i]
        nt += 1
    for i in range(NPILE):
        kp = S[PILEN + i]
        if kp > 0:
            temples[nt] = S[PILES + i * TCAP + kp - 1]
            nt += 1
    no = 0
    need_head = 0.0
    need_tail = 0.0
    for ci in range(S[pb + P_NCOATL]):
        cb = pb + P_COATL + ci * CSIZE
        if S[cb + C_DONE]:
            v += _coatl_points(S, T, cb, seqs[no]) + H[H_FINISHED]
            continue
        seq = seqs[no]
        n = _colours(S, cb, seq)
        head = n > 0 and S[cb + C_PC] // NC == HEAD
        tail = n > 0 and S[cb + C_PC + n - 1] // NC == TAIL
        lens[no] = n
        opens[no, 0] = not head
        opens[no, 1] = not tail
        no += 1
        pts = 0
        for i in range(S[cb + C_PRN]):
            pts += _ppoints(T, S[cb + C_PR + i], seq, n)
        v += H[H_ATTACHED] * pts
        v += H[H_PIECE_COATL] * n + H[H_END] * (int(head) + int(tail))
        if S[cb + C_PRN] > 0:
            best = 0
            for i in range(nt):
                x = _tpoints(T, temples[i], seq, n)
                if x > best:
                    best = x
            v += H[H_TEMPLE_FIT] * best
            # a head (tail) is worth more while a Coatl with cards beside it lacks one
            if not head:
                need_head = H[H_NEEDED_END]
            if not tail:
                need_tail = H[H_NEEDED_END]
    wanted = pat[5:]
    wanted[:] = 0
    _card_potentials(S, T, pb, seqs, lens, opens, no, pat, pots)
    for i in range(S[pb + P_HANDN]):
        t = S[pb + P_HAND + i]
        v += H[H_CARD] + H[H_FIT] * pots[i]
        for c in range(NC):
            if H[H_WANTS + t * NC + c]:
                wanted[c] += 1
    heads = 0
    tails = 0
    for i in range(S[pb + P_BOARDN]):
        code = S[pb + P_BOARD + i]
        kind = code // NC
        if kind == BODY:
            v += H[H_PIECE_BOARD] + H[H_WANTED] * wanted[code % NC]
        elif kind == HEAD:
            v += H[H_FIRST_END] + need_head if heads == 0 else H[H_MORE_ENDS]
            heads += 1
        else:
            v += H[H_FIRST_END] + need_tail if tails == 0 else H[H_MORE_ENDS]
            tails += 1
    tokens = 0
    for i in range(NTOK):
        tokens += S[pb + P_TOK + i]
    v += H[H_TEMPLE] * (S[pb + P_TEMPN] + S[pb + P_PROMN]) + H[H_TOKEN] * tokens
    return v


@njit
def position_value(S: Any, T: Any, H: Any, me: int) -> float:
    """``agents.heuristics.coatl.position_value`` of S for seat ``me`` (scratch of its own)."""
    W = np.empty(HW_SIZE, dtype=np.int64)
    return _position_value(
        S,
        T,
        H,
        me,
        np.empty((COATLS, LCAP + 1), dtype=np.int64),
        W[HW_LENS : HW_LENS + COATLS],
        np.empty((COATLS, 2), dtype=np.bool_),
        W[HW_TEMPLES : HW_TEMPLES + TCAP + NPILE],
        W[HW_PAT : HW_PAT + 5 + NC],
        np.empty(HCAP, dtype=np.float64),
    )


@njit
def _restore(C2: Any, B: Any, pb: int) -> None:
    """``C2 = B`` again after a move of the seat whose block is at ``pb``: a move changes the
    shared part and the mover's block only, and everything is read up to its count, so only
    the counted parts are copied back."""
    C2[:PLAYERS] = B[:PLAYERS]
    C2[pb : pb + P_COATL] = B[pb : pb + P_COATL]
    for ci in range(B[pb + P_NCOATL]):
        cb = pb + P_COATL + ci * CSIZE
        end = cb + C_PC + B[cb + C_NP]
        C2[cb:end] = B[cb:end]


@njit
def heuristic(S: Any, T: Any, H: Any, p: int, buf: Any, m: int, mt: Any, X: Any, W: Any) -> int:
    """``HeuristicAgent.act`` for the seat to act, over legal codes ``buf[:m]``, drawing from
    its generator ``mt`` as the agent does. Scratch: ``X`` two state rows (the sample and
    its copy per move), ``W`` HW_SIZE integers."""
    if m == 1:
        return buf[0]
    B = X[0]
    C2 = X[1]
    pool = W[HW_POOL : HW_POOL + PCAP]
    mark = W[HW_MARK : HW_MARK + PCAP]
    temples = W[HW_TEMPLES : HW_TEMPLES + TCAP + NPILE]
    pat = W[HW_PAT : HW_PAT + 5 + NC]
    lens = W[HW_LENS : HW_LENS + COATLS]
    seqs = np.empty((COATLS, LCAP + 1), dtype=np.int64)
    opens = np.empty((COATLS, 2), dtype=np.bool_)
    pots = np.empty(HCAP, dtype=np.float64)
    dm = np.empty(MT_N + 1, dtype=np.uint64)
    rngs = np.empty(2, dtype=np.uint64)
    mt_seed(dm, _getrandbits64(mt))
    rngs[0] = _determinize(S, T, B, p, dm, pool, mark)
    used = PLAYERS + S[NPL] * PSIZE
    C2[:used] = B[:used]
    pb = PLAYERS + p * PSIZE
    best = buf[0]
    best_v = -np.inf
    for i in range(m):
        if i:
            _restore(C2, B, pb)
        rngs[1] = rngs[0]
        apply(C2, T, rngs[1:], p, buf[i])
        v = _position_value(C2, T, H, p, seqs, lens, opens, temples, pat, pots)
        v = v + H[H_NOISE] * mt_random(mt)
        if v > best_v:
            best_v = v
            best = buf[i]
    return best


# -- playouts -----------------------------------------------------------------------------
CHOOSE_AGENTS, CHOOSE_SEARCH = 0, 1
RANDOM, HEURISTIC = 0, 1


@njit
def playout(
    S: Any,
    T: Any,
    H: Any,
    rng: Any,
    mts: Any,
    kinds: Any,
    mode: int,
    max_steps: int,
    seats: Any,
    codes: Any,
) -> int:
    """See exploding_kittens.playout: seat p (CHOOSE_AGENTS) or every seat (CHOOSE_SEARCH,
    ``kinds[0]``) plays RANDOM or HEURISTIC from its generator (the heuristic is asked only
    when there is a choice, as the agent itself and ISMCTS' policy do)."""
    buf = np.empty(ACAP, dtype=np.int64)
    W = np.empty(WSIZE, dtype=np.int64)
    who = np.empty(1, dtype=np.int64)
    heuristic_seats = False
    for g in range(kinds.shape[0]):
        if kinds[g] == HEURISTIC:
            heuristic_seats = True
    X = np.empty((2, SIZE if heuristic_seats else 0), dtype=np.int64)
    HW = np.empty(HW_SIZE, dtype=np.int64)
    steps = 0
    keep = codes.shape[0]
    while steps < max_steps:
        if actors(S, who) == 0:
            break
        p = who[0]
        m = _legal(S, T, p, buf, W)
        g = p if mode == CHOOSE_AGENTS else 0
        if kinds[g] == HEURISTIC:
            code = heuristic(S, T, H, p, buf, m, mts[g], X, HW)
        else:
            i = mt_below(mts[p], m) if mode == CHOOSE_AGENTS else np.int64(mt_random(mts[0]) * m)
            code = buf[i]
        if steps < keep:
            seats[steps] = p
            codes[steps] = code
        apply(S, T, rng, p, code)
        steps += 1
    return steps


@njit
def random_games(
    T: Any, H: Any, seeds: Any, n: int, opts: Any, agent_seeds: Any, moves: Any, winners: Any
) -> None:
    S = np.zeros(SIZE, dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    mts = np.zeros((n, MT_N + 1), dtype=np.uint64)
    empty = np.zeros(0, dtype=np.int64)
    kinds = np.zeros(n, dtype=np.int64)
    for g in range(seeds.shape[0]):
        rng[0] = np.uint64(seeds[g])
        for p in range(n):
            mt_seed(mts[p], agent_seeds[g, p])
        deal(S, T, rng, n, opts)
        moves[g] = playout(S, T, H, rng, mts, kinds, CHOOSE_AGENTS, 1 << 40, empty, empty)
        winners[g] = winner(S, T)


@njit
def step_many(Ss: Any, T: Any, rngs: Any, players: Any, codes: Any) -> None:
    for g in range(Ss.shape[0]):
        if codes[g] >= 0:
            apply(Ss[g], T, rngs[g : g + 1], players[g], codes[g])


@njit
def legal_many(Ss: Any, T: Any, players: Any, masks: Any) -> None:
    buf = np.empty(ACAP, dtype=np.int64)
    for g in range(Ss.shape[0]):
        masks[g, :] = 0
        m = legal(Ss[g], T, players[g], buf)
        for i in range(m):
            masks[g, buf[i]] = 1


def options_array(options: Any) -> np.ndarray:
    return np.array([bool(getattr(options, k)) for k in OPTIONS], dtype=np.int64)
