"""Coatl, compiled: one seat's observation vector straight from the core's flat array ``S``
(``compiled/layout.py``), for doors that step the core and never build a Python state between
moves.

It writes what its readable twin, ``games/coatl/observation.py``'s ``fill``, writes from the
view (and so what ``encode(view(p))`` gives: tests/rl/test_obs_core_coatl.py checks it entry for
entry over fuzzed games). The reference is the encoder; this reads only what that seat's view
shows: of the other seats' Prophecies and Temples only how many they hold (and the Prophecies
they took face up), of the deck only its size, of each Temple pile its size and top.

The core's layout is read from its module (its file is part of this module's cache stamp,
``_jit.py``). The encoder's slices, its index maps from the state's codes (phases, colours,
pieces, Prophecy types, Temples, bags) and the core's catalog table (for a Coatl's points) are
handed in as a table ``L`` built at run time, because numba keeps a module's cache until that
module's own text changes, not its imports'. The encoder object is passed in by the caller
(``rl/``), so the compiled code imports nothing of ``rl/``: its module's maps are read off the object.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

from ....engine import get_game
from ....engine.compiled import drivers, observer
from ....engine.compiled.jit import njit
from . import table
from .layout import (
    ALEFT,
    BAGS,
    BODYN,
    BODYS,
    C_DONE,
    C_NP,
    C_PC,
    C_PR,
    C_PRN,
    C_TEMPLE,
    CSIZE,
    CUR,
    DECKN,
    DISC,
    DISCN,
    DISPLAY,
    END,
    ENDS,
    FINAL,
    FINALN,
    HEADS,
    LCAP,
    NC,
    NDISPLAY,
    NHEAD,
    NPILE,
    NPL,
    NSPACE,
    NTOK,
    P_BOARD,
    P_BOARDN,
    P_COATL,
    P_HAND,
    P_HANDN,
    P_NCOATL,
    P_PROM,
    P_PROMN,
    P_SHOWN,
    P_SHOWNN,
    P_TEMP,
    P_TEMPN,
    P_TOK,
    PASSES,
    PCAP,
    PHASE,
    PILEN,
    PILES,
    PLAYERS,
    PSIZE,
    TAILS,
    TAKEN,
    TCAP,
    TCOATL,
    TRIGGER,
    TURNS,
)
from .legal import actors, legal
from .rules import apply
from .scoring import _coatl_points

# -- the table L: the encoder's sizes and where each slice starts ----------------------------
(
    E_N,
    E_PT,
    E_TT,
    E_COLOURS,
    E_PIECES,
    E_MAXC,
    E_TOKENS,
    E_DISPLAYN,
    E_PILESN,
    E_SEAT,
    E_PHASE,
    E_TURN,
    E_END,
    E_NENDS,
    E_SUPPLY,
    E_BAGS,
    E_DISPLAY,
    E_DECK,
    E_PILES,
    E_PLAYERS,
    E_PSIZE,
    E_CSIZE,
    E_HAND,
    E_TEMPLES,
    E_SIZE,
) = range(25)
# ... then the encoder's index of each of the state's codes (-1: it writes nothing for it)
M_PHASE = 25  # [phase]
M_END = M_PHASE + 8  # [ENDS code]
M_COLOUR = M_END + len(ENDS)  # [colour]
M_PIECE = M_COLOUR + NC  # [piece code]
M_PROPHECY = M_PIECE + 3 * NC  # [Prophecy type]
M_TEMPLE = M_PROPHECY + PCAP  # [Temple]
M_BAGK = M_TEMPLE + TCAP  # [encoder kind]: the state's bag
M_BAGC = M_BAGK + 3  # [encoder kind][encoder colour]: the state's colour
L_T = M_BAGC + 3 * NC  # the core's own table (its catalog: a Coatl's points) from here on
SEQ = LCAP + 1  # a Coatl's colour sequence, as the core's scoring reads it


def _encoder_module(encoder: Any) -> Any:
    return sys.modules[type(encoder).__module__]


def build_table(encoder: Any, options: Any = None) -> np.ndarray:
    """L for a ``CoatlEncoder`` (its slices and index maps) over this core's layout."""

    m, e = _encoder_module(encoder), encoder
    f = e.layout.field
    pt, tt = f("hand").size, f("temples").size
    kinds = len(m.KINDS)
    if (
        m.COLOURS > NC
        or kinds != 3
        or len(m.PHASE_INDEX) > 8
        or len(m.PIECE_INDEX) > 3 * NC
        or len(m.PROPHECY_INDEX) > PCAP
        or len(m.TEMPLE_INDEX) > TCAP
    ):
        raise ValueError("the Coatl encoder no longer fits this compiled observation")
    head = np.array(
        (
            e.num_players, pt, tt, m.COLOURS, m.PIECES, m.MAX_COATLS, m.TOKENS, m.DISPLAY,
            m.TEMPLE_PILES, e.o_seat, e.o_phase, e.o_turn, e.o_end, len(m.ENDS), e.o_supply,
            e.o_bags, e.o_display, e.o_deck, e.o_piles, e.o_players, e.player_size,
            e.coatl_size, e.o_hand, e.o_temples, e.size,
        ),
        dtype=np.int64,
    )  # fmt: skip
    maps = np.full(L_T - M_PHASE, -1, dtype=np.int64)

    def put(at: int, xs: Any) -> None:
        maps[at - M_PHASE : at - M_PHASE + len(xs)] = xs

    put(M_PHASE, m.PHASE_INDEX)
    put(M_END, [m.ENDS.index(w) if w in m.ENDS else -1 for w in ENDS])
    put(M_COLOUR, m.COLOUR_INDEX)
    put(M_PIECE, m.PIECE_INDEX)
    put(M_PROPHECY, m.PROPHECY_INDEX)
    put(M_TEMPLE, m.TEMPLE_INDEX)
    for k, (kind, colours) in enumerate(m.BAG_INDEX):
        maps[M_BAGK - M_PHASE + k] = kind
        put(M_BAGC + k * NC, colours)
    L = np.concatenate((head, maps, table.build_table(get_game("coatl"))))
    assert head.shape == (M_PHASE,)
    return L


@njit
def _fill_turn(S: Any, L: Any, p: int, out: Any) -> None:
    """The seat, the phase, the turn's counters and the game's end (kind, trigger, finals)."""
    n = S[NPL]
    out[L[E_SEAT] + p] = 1.0
    out[L[E_PHASE] + L[M_PHASE + S[PHASE]]] = 1.0
    at = L[E_TURN]
    out[at + (S[CUR] - p + n) % n] = 1.0
    at += n
    out[at] = S[ALEFT] / 2
    out[at + 1] = S[TAKEN] / 4
    out[at + 2] = S[TURNS] / 50
    out[at + 3] = S[PASSES] / n
    tc, maxc = S[TCOATL], L[E_MAXC]
    out[at + 4 + (tc if 0 <= tc < maxc else maxc)] = 1.0
    at = L[E_END]
    end = L[M_END + S[END]]
    if end >= 0:
        out[at + end] = 1.0
    trig = S[TRIGGER]
    if trig >= 0:
        out[at + L[E_NENDS] + (trig - p + n) % n] = 1.0
    at += L[E_NENDS] + n
    for j in range(S[FINALN]):
        out[at + (S[FINAL + 2 * j] - p + n) % n] += S[FINAL + 2 * j + 1] / 2


@njit
def _fill_supply(S: Any, L: Any, out: Any) -> None:
    """The body and head/tail spaces by colour, the bags, the display, the deck and discard,
    the temple piles."""
    pt, tt, ncol = L[E_PT], L[E_TT], L[E_COLOURS]
    at = L[E_SUPPLY]
    for i in range(NSPACE):
        for j in range(S[BODYN + i]):
            c = L[M_COLOUR + S[BODYS + 2 * i + j]]
            if 0 <= c < ncol:
                out[at + c] += 1.0
        at += ncol
    for i in range(2 * NHEAD):  # the head spaces, then the tail spaces
        x = S[HEADS + i] if i < NHEAD else S[TAILS + i - NHEAD]
        if x >= 0:
            c = L[M_COLOUR + x]
            if 0 <= c < ncol:
                out[at + c] += 1.0
        at += ncol
    at = L[E_BAGS]
    for k in range(3):
        bag = BAGS + L[M_BAGK + k] * NC
        for c in range(ncol):
            colour = L[M_BAGC + k * NC + c]
            out[at + k * ncol + c] = (S[bag + colour] if colour >= 0 else 0) / 24
    at = L[E_DISPLAY]
    for i in range(min(NDISPLAY, L[E_DISPLAYN])):
        t = S[DISPLAY + i]
        if t >= 0:
            out[at + i * pt + L[M_PROPHECY + t]] = 1.0
    at = L[E_DECK]
    out[at] = S[DECKN] / 54
    for i in range(S[DISCN]):
        out[at + 1 + L[M_PROPHECY + S[DISC + i]]] += 1.0
    for i in range(min(NPILE, L[E_PILESN])):
        at = L[E_PILES] + i * (1 + tt)
        k = S[PILEN + i]
        out[at] = k / 15
        if k > 0:
            out[at + 1 + L[M_TEMPLE + S[PILES + i * TCAP + k - 1]]] = 1.0


@njit
def _fill_coatl(S: Any, L: Any, cb: int, pts: int, at: int, out: Any) -> None:
    """The Coatl at ``cb`` (worth ``pts``) from ``at``: its pieces, head and tail, prophecies,
    temple, whether done, its points."""
    pt, tt, ncol, npieces = L[E_PT], L[E_TT], L[E_COLOURS], L[E_PIECES]
    k = S[cb + C_NP]
    out[at] = 1.0
    out[at + 1] = k / 12
    for i in range(k):
        out[at + 2 + L[M_PIECE + S[cb + C_PC + i]]] += 0.25
    j = at + 2 + npieces
    if k > 0:
        first = L[M_PIECE + S[cb + C_PC]]
        if first // ncol == 0:
            out[j + first % ncol] = 1.0
        last = L[M_PIECE + S[cb + C_PC + k - 1]]
        if last // ncol == 2:
            out[j + ncol + last % ncol] = 1.0
    j += 2 * ncol
    for i in range(S[cb + C_PRN]):
        out[j + L[M_PROPHECY + S[cb + C_PR + i]]] += 1.0
    j += pt
    temple = S[cb + C_TEMPLE]
    if temple >= 0:
        out[j + L[M_TEMPLE + temple]] = 1.0
    j += tt
    out[j] = 1.0 if S[cb + C_DONE] else 0.0
    out[j + 1] = pts / 20


@njit
def _fill_player(S: Any, L: Any, T: Any, p: int, q: int, out: Any, seq: Any) -> None:
    """Player q as seat p sees it: board, hand size, shown prophecies, temples, promises,
    tokens, score, its Coatls, and seat p's own hand and temples."""
    n = S[NPL]
    pt, tt = L[E_PT], L[E_TT]
    npieces, ntok, maxc = L[E_PIECES], min(NTOK, L[E_TOKENS]), L[E_MAXC]
    pb = PLAYERS + q * PSIZE
    at = L[E_PLAYERS] + (q - p + n) % n * L[E_PSIZE]
    for i in range(S[pb + P_BOARDN]):
        out[at + L[M_PIECE + S[pb + P_BOARD + i]]] += 1 / 8
    at += npieces
    out[at] = S[pb + P_HANDN] / 5
    at += 1
    for i in range(S[pb + P_SHOWNN]):
        out[at + L[M_PROPHECY + S[pb + P_SHOWN + i]]] += 1.0
    at += pt
    out[at] = S[pb + P_TEMPN] / 3
    at += 1
    for i in range(S[pb + P_PROMN]):
        out[at + L[M_TEMPLE + S[pb + P_PROM + i]]] += 1.0
    at += tt
    for i in range(ntok):
        out[at + i] = 1.0 if S[pb + P_TOK + i] else 0.0
    at += L[E_TOKENS]
    score_at = at
    score = 0
    at += 1
    for ci in range(S[pb + P_NCOATL]):
        cb = pb + P_COATL + ci * CSIZE
        pts = _coatl_points(S, T, cb, seq)
        if S[cb + C_DONE]:
            score += pts
        if ci >= maxc:
            continue
        _fill_coatl(S, L, cb, pts, at, out)
        at += L[E_CSIZE]
    out[score_at] = score / 50
    if q == p:
        for i in range(S[pb + P_HANDN]):
            out[L[E_HAND] + L[M_PROPHECY + S[pb + P_HAND + i]]] += 1.0
        for i in range(S[pb + P_TEMPN]):
            out[L[E_TEMPLES] + L[M_TEMPLE + S[pb + P_TEMP + i]]] += 1.0


@njit
def _fill(S: Any, L: Any, p: int, out: Any, seq: Any) -> None:
    """What ``fill`` writes from the view for seat p, over ``out`` (a copy of the template)."""
    T = L[L_T:]
    _fill_turn(S, L, p, out)
    _fill_supply(S, L, out)
    for q in range(S[NPL]):
        _fill_player(S, L, T, p, q, out, seq)


@njit
def _clip(out: Any, high: float, low: float) -> None:
    # compared in float32 (as encode's numpy clip does) and as selects, which the compiler
    # vectorises: half the cost of branches, a quarter of min/max in float64
    hi, lo = np.float32(high), np.float32(low)
    for i in range(out.shape[0]):
        v = out[i]
        v = hi if v > hi else v
        out[i] = lo if v < lo else v


@njit
def encode(S: Any, L: Any, tmpl: Any, high: float, low: float, p: int, out: Any) -> None:
    """Seat p's observation of S into ``out`` (float32, the encoder's size): ``tmpl`` (the
    options' entries) plus what ``fill`` writes from the view, clipped into [low, high] like
    ``encode``."""
    # element by element: a slice assignment costs several times this loop here
    for i in range(out.shape[0]):
        out[i] = tmpl[i]
    # the one allocation: the core's scoring reads a Coatl's colours from a scratch array,
    # and a scratch kept in L would be shared by threads (nogil); it costs ~0.1 us of ~2
    seq = np.empty(SEQ, dtype=np.int64)
    _fill(S, L, p, out, seq)
    _clip(out, high, low)


# row by row, and a door's whole step: the shared drivers' templates around this game's pieces
encode_many, advance = drivers.observation(__name__, encode, apply, actors, legal)


class Observer(observer.Observer):
    """This game's compiled observation, as a door drives it (``engine/compiled/observer.py``)."""

    encode = staticmethod(encode)
    build_table = staticmethod(build_table)
    advance = staticmethod(advance)
