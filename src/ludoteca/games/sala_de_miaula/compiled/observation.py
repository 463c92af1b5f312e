"""Sala de Miaula, compiled: one seat's observation vector straight from the core's flat array
``S`` (``compiled/layout.py``), for doors that step the core and never build a Python
state between moves.

It writes what its readable twin, ``games/sala_de_miaula/observation.py``'s ``fill``, writes
from the view (and so what ``encode(view(p))`` gives: tests/rl/test_obs_core_sala_de_miaula.py
checks it entry for entry over fuzzed games). The reference is the encoder; this reads only what
that seat's view shows: both sides' public zones and counts, and seat p's own hand, never the
other hand nor the order of either deck.

The core's layout is read from its module's constants (``_jit.py`` stamps this file's cache
with the core's file too). The encoder's offsets, scales and vocabularies are not frozen into
compiled code: numba keeps a module's cache until that module's own text changes, so they go
into a table (``L``) built at run time from the encoder object the caller hands in (the compiled code
imports nothing of ``rl/``). The core numbers cards and terrains in sorted order, the encoder
in data-file order: the table maps one onto the other.

The deck lists are the only thing the encoding needs that S does not hold: they come from the
options, so the table is built for one match's options (as the template is); with hidden lists
(option ``decklists``) a seat's observation writes its own list only, as its view carries.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

from ....engine.compiled import drivers, observer
from ....engine.compiled.jit import njit
from .layout import (
    CAP,
    CF,
    CUR,
    ELEMENTS,
    F_ACTED,
    F_CARD,
    F_ITEM,
    F_LIVES,
    F_OFICINA,
    F_STATUS,
    F_STURN,
    FIELD,
    FIRST,
    IDS,
    LIFE,
    NSPENT,
    O_OFICINA,
    OVER,
    PCRE,
    PL,
    POTH,
    SPENT,
    TELEM,
    TERRAIN,
    TERRAINS,
    TURN,
    Z_CANIL,
    Z_DECK,
    Z_HAND,
    Z_KNOWN,
    ZN,
    ZONES,
)
from .legal import actors, legal
from .rules import step
from .table import HEALTHY

# -- the table L: the encoder's offsets and sizes ---------------------------------------
(
    E_SEAT,
    E_TURN,
    E_TERRAIN,
    E_FLAGS,
    E_PLAYERS,
    E_HAND,
    E_K,  # card slots (the vocabulary and its "other" slot)
    E_NTERRAIN,  # terrain slots, before the element's
    E_SLOT,  # one field place's entries
    E_PLAYER,  # one side's entries
    E_PLACES,
    E_NSTATUS,
    E_SIZE,
) = range(13)
# ... its scales (the divisors it writes counters with)
D_TURN, D_LIFE, D_DECK, D_HAND, D_ACTIONS, D_STATUS = range(13, 19)
# ... where the maps and the deck lists start: core card -> encoder card, core terrain + 2
# (-2: outside the pool, -1: none) -> encoder terrain, core element + 1 (-1: none) -> encoder
# element; deck list q: L[L_DLN + q] encoder card indices from L[L_DLAT + q]
L_CI, L_TI, L_EI, L_DLAT, L_DLN = 19, 20, 21, 22, 24
L_OPEN = 26  # 1: both deck lists are public (decklists=open); 0: each seat writes its own
L_HEAD = 27

# the scales the encoder's fill writes as literals (turn / 30, hand / 5, actions / 3, status turns / 10)
TURN_SCALE, HAND_SCALE, ACTIONS_SCALE, STATUS_SCALE = 30, 5, 3, 10


def _vocabularies(encoder: Any) -> Any:
    """The encoder's module (its vocabularies and constants), from the object handed in."""
    return sys.modules[type(encoder).__module__]


def build_table(encoder: Any, options: Any) -> np.ndarray:
    """L for a ``SalaDeMiaulaEncoder`` (its slices and vocabularies) and one match's options
    (parsed: ``deck_0`` and ``deck_1`` are the full deck lists)."""
    m = _vocabularies(encoder)
    cards, terrains, elements = m.CARDS, m.TERRAINS, m.ELEMENTS
    e, f = encoder, encoder.layout.field
    k = cards.size
    head = [0] * L_HEAD
    head[E_SEAT], head[E_TURN], head[E_TERRAIN] = e.o_seat, e.o_turn, e.o_terrain
    head[E_FLAGS], head[E_PLAYERS], head[E_HAND] = e.o_flags, e.o_players, e.o_hand
    head[E_K], head[E_NTERRAIN], head[E_SLOT] = k, terrains.size, e.slot_size
    head[E_PLAYER] = f("players").size // 2
    head[E_PLACES], head[E_NSTATUS], head[E_SIZE] = m.PLACES, len(m.STATUSES), e.size
    head[D_TURN], head[D_LIFE], head[D_DECK] = TURN_SCALE, m.START_LIFE, m.DECK
    head[D_HAND], head[D_ACTIONS], head[D_STATUS] = HAND_SCALE, ACTIONS_SCALE, STATUS_SCALE
    ci = [cards[c] for c in IDS]
    ti = [terrains.other, terrains.other] + [terrains[t] for t in TERRAINS]
    ei = [elements.other] + [elements[x] for x in ELEMENTS]
    decks = [[cards[c] for c in sorted(d)] for d in (options.deck_0, options.deck_1)]
    head[L_OPEN] = 1 if options.decklists == "open" else 0
    body: list[int] = []
    for name, part in ((L_CI, ci), (L_TI, ti), (L_EI, ei)):
        head[name] = L_HEAD + len(body)
        body += part
    for q, d in enumerate(decks):
        head[L_DLAT + q], head[L_DLN + q] = L_HEAD + len(body), len(d)
        body += d
    return np.array(head + body, dtype=np.int64)


@njit
def _counts(S: Any, L: Any, z: int, q: int, ci: int, at: int, out: Any) -> None:
    """0.5 at ``at + encoder index`` per card of zone z of seat q (a multiset as counts)."""
    base = ZONES + (z * 2 + q) * CAP
    for i in range(S[ZN + z * 2 + q]):
        out[at + L[ci + S[base + i]]] += 0.5


@njit
def encode(S: Any, L: Any, tmpl: Any, high: float, low: float, p: int, out: Any) -> None:
    """Seat p's observation of S into ``out`` (float32, the encoder's size): ``tmpl`` (the
    options' entries) plus what ``fill`` writes from the view, clipped into [low, high] like
    ``encode``."""
    # element by element: a slice assignment costs several times this loop here
    for i in range(out.shape[0]):
        out[i] = tmpl[i]
    k = L[E_K]
    ci = L[L_CI]
    turn = S[TURN]
    out[L[E_SEAT] + p] = 1.0
    at = L[E_TURN]
    out[at] = turn / L[D_TURN]
    out[at + 1 + (S[CUR] - p + 2) % 2] = 1.0
    out[at + 3 + (S[FIRST] - p + 2) % 2] = 1.0
    out[at + 5] = 1.0 if S[OVER] else 0.0
    at = L[E_TERRAIN]
    out[at + L[L[L_TI] + 2 + S[TERRAIN]]] = 1.0
    out[at + L[E_NTERRAIN] + L[L[L_EI] + 1 + S[TELEM]]] = 1.0
    at = L[E_FLAGS]
    out[at] = 1.0 if S[O_OFICINA] else 0.0
    out[at + 1] = 1.0 if S[PCRE] else 0.0
    out[at + 2] = 1.0 if S[POTH] else 0.0
    out[at + 3] = S[NSPENT] / L[D_ACTIONS]
    places = min(PL, L[E_PLACES])
    for i in range(places):
        out[at + 4 + i] = 1.0 if S[SPENT + i] else 0.0
    slot, nstatus = L[E_SLOT], L[E_NSTATUS]
    for q in range(2):
        at = L[E_PLAYERS] + (q - p + 2) % 2 * L[E_PLAYER]
        out[at] = S[LIFE + q] / L[D_LIFE]
        out[at + 1] = S[ZN + Z_DECK * 2 + q] / L[D_DECK]
        out[at + 2] = S[ZN + Z_HAND * 2 + q] / L[D_HAND]
        at += 3
        _counts(S, L, Z_KNOWN, q, ci, at, out)
        _counts(S, L, Z_CANIL, q, ci, at + k, out)
        if L[L_OPEN] or q == p:
            d = L[L_DLAT + q]
            for i in range(L[L_DLN + q]):
                out[at + 2 * k + L[d + i]] += 0.5
        at += 3 * k
        for i in range(places):
            f = FIELD + (q * PL + i) * CF
            card = S[f + F_CARD]
            if card >= 0:
                out[at] = 1.0
                out[at + 1 + L[ci + card]] = 1.0
                item = S[f + F_ITEM]
                if item >= 0:
                    out[at + 1 + k + L[ci + item]] = 1.0
                j = at + 1 + 2 * k
                status = S[f + F_STATUS]
                if 0 <= status < nstatus:
                    out[j + status] = 1.0
                if status != HEALTHY:
                    out[j + 3] = (turn - S[f + F_STURN]) / L[D_STATUS]
                out[j + 4] = 1.0 if S[f + F_ACTED] else 0.0
                out[j + 5] = 1.0 if S[f + F_OFICINA] else 0.0
                out[j + 6] = 1.0 if S[f + F_LIVES] else 0.0
            at += slot
    _counts(S, L, Z_HAND, p, ci, L[E_HAND], out)
    # in float32, as a select: this form vectorizes (min/max of mixed widths does not)
    lo, hi = np.float32(low), np.float32(high)
    for i in range(out.shape[0]):
        v = out[i]
        out[i] = hi if v > hi else (lo if v < lo else v)


# row by row, and a door's whole step: the shared drivers' templates around this game's pieces
encode_many, advance = drivers.observation(__name__, encode, step, actors, legal)


class Observer(observer.Observer):
    """This game's compiled observation, as a door drives it (``engine/compiled/observer.py``)."""

    encode = staticmethod(encode)
    build_table = staticmethod(build_table)
    advance = staticmethod(advance)
