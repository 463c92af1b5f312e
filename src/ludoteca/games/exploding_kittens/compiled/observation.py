"""Exploding Kittens, compiled: one seat's observation vector straight from the core's flat
array ``S`` (``compiled/rules.py``), for doors that step the core and never build a
Python state between moves.

It writes what its readable twin, ``games/exploding_kittens/observation.py``'s ``fill``, writes
from the view (and so what ``encode(view(p))`` gives: tests/rl/test_obs_core.py checks it entry
for entry over fuzzed games). The reference is the encoder; this reads only what that seat's
view shows.

Nothing of another file is frozen into this compiled code: the core's offsets and the
encoder's slices are handed in as a table (``L``) built at run time from both, because numba
keeps a module's cache until that module's own text changes (``_jit.py``), not its imports'.
The encoder object is passed in by the caller (``rl/``), so the compiled code imports nothing of
``rl/``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ....engine.compiled import drivers, observer
from ....engine.compiled.jit import njit
from .. import cards as C
from . import layout as K
from .legal import actors, legal
from .rules import apply

# -- the table L: the core's offsets (as compiled/rules.py lays S out) ----------
(
    L_N,
    L_CUR,
    L_DIR,
    L_OWED,
    L_ATTACKED,
    L_PHASE,
    L_PEND,
    L_PCARD,
    L_PWILDS,
    L_PTARGET,
    L_PNAME,
    L_NOPES,
    L_ANSWERED,
    L_WANTS,
    L_AK,
    L_AI,
    L_LIMBO,
    L_LMASK,
    L_TURNS,
    L_PILEN,
    L_DISCN,
    L_PICKN,
    L_ACTN,
    L_NALIVE,
    L_HANDS,
    L_HN,
    L_PILE,
    L_PK,
    L_DISC,
    L_ALIVE,
    L_GONEN,
    L_GONE,
    L_HKN,
    L_HK,
    L_PICKS,
    L_TTURNS,
    L_ACTORS,
    L_NKC,
    L_CAP,
    L_WINDOW,
    L_ALTER,
    L_PEND_PAIR,
    L_KITTEN,
    L_NK,
) = range(44)
# ... then the encoder's: sizes and where each slice starts
(
    E_K,
    E_PKINDS,
    E_TOP,
    E_SEAT,
    E_PHASE,
    E_CURRENT,
    E_ACTORS,
    E_TURN,
    E_ALIVE,
    E_SIZES,
    E_TTURNS,
    E_GONE,
    E_PILE,
    E_DISCARD,
    E_DTOP,
    E_PEND,
    E_WINDOW,
    E_LIMBO,
    E_HAND,
    E_KTOP,
    E_KBOTTOM,
    E_KDEEP,
    E_KHANDS,
    E_ANSWER,
    E_ALTERO,
    E_SIZE,
) = range(44, 70)
L_SIZE = 70

_CORE = (
    K.N, K.CUR, K.DIR, K.OWED, K.ATTACKED, K.PHASE, K.PEND, K.PCARD, K.PWILDS, K.PTARGET,
    K.PNAME, K.NOPES, K.ANSWERED, K.WANTS, K.AK, K.AI, K.LIMBO, K.LMASK, K.TURNS, K.PILEN,
    K.DISCN, K.PICKN, K.ACTN, K.NALIVE, K.HANDS, K.HN, K.PILE, K.PK, K.DISC, K.ALIVE,
    K.GONEN, K.GONE, K.HKN, K.HK, K.PICKS, K.TTURNS, K.ACTORS, K.NKC, K.CAP, K.WINDOW,
    K.ALTER, K.PEND_PAIR,
)  # fmt: skip


def build_table(encoder: Any, options: Any = None) -> np.ndarray:
    """L for an ``ExplodingKittensEncoder`` (its slices) over this core's layout."""

    # the sizes the encoder module keeps to itself, read back from its layout's slices
    e, f = encoder, encoder.layout.field
    n, k = e.num_players, f("discard").size
    pkinds = f("pending").size - 3 - 2 * n - 3 * k
    top = f("known_top").size // k
    enc = (
        k, pkinds, top, e.o_seat, e.o_phase, e.o_current,
        e.o_actors, e.o_turn, e.o_alive, e.o_hand_sizes, e.o_turns_by_seat, e.o_gone,
        e.o_pile, e.o_discard, e.o_discard_top, e.o_pend, e.o_window, e.o_limbo, e.o_hand,
        e.o_known_top, e.o_known_bottom, e.o_known_deep, e.o_known_hands, e.o_answer,
        e.o_alter, e.size,
    )  # fmt: skip
    L = np.array((*_CORE, C.KITTEN, C.NK, *enc), dtype=np.int64)
    assert L.shape == (L_SIZE,)
    return L


@njit
def _encode_table(S: Any, L: Any, high: float, p: int, out: Any) -> None:
    """The seat, the phase, who plays and who acts, the turn's counters, and each player's
    life, hand size, turns and cards gone to the discard."""
    n = S[L[L_N]]
    k = L[E_K]
    out[L[E_SEAT] + p] = 1.0
    out[L[E_PHASE] + S[L[L_PHASE]]] = 1.0
    out[L[E_CURRENT] + (S[L[L_CUR]] - p + n) % n] = 1.0
    acts, actn = L[L_ACTORS], S[L[L_ACTN]]
    for i in range(actn):
        out[L[E_ACTORS] + (S[acts + i] - p + n) % n] = 1.0
    t = L[E_TURN]
    out[t] = 1.0 if S[L[L_DIR]] == 1 else 0.0
    out[t + 1] = min(S[L[L_OWED]] / 4, high)
    out[t + 2] = 1.0 if S[L[L_ATTACKED]] else 0.0
    out[t + 3] = min(S[L[L_TURNS]] / 100, high)
    cap = L[L_CAP]
    for q in range(n):
        r = (q - p + n) % n
        out[L[E_ALIVE] + r] = 1.0 if S[L[L_ALIVE] + q] else 0.0
        out[L[E_SIZES] + r] = min(S[L[L_HN] + q] / 10, high)
        out[L[E_TTURNS] + r] = min(S[L[L_TTURNS] + q] / 30, high)
        at = L[E_GONE] + r * k
        g = L[L_GONE] + q * cap
        for i in range(S[L[L_GONEN] + q]):
            out[at + S[g + i]] += 0.25


@njit
def _encode_piles(S: Any, L: Any, high: float, out: Any) -> None:
    """The draw pile's size and the kittens left in it, the discard and its top."""
    out[L[E_PILE]] = min(S[L[L_PILEN]] / 60, high)
    limbo, lmask = S[L[L_LIMBO]], S[L[L_LMASK]]
    public_kitten = 1 if (limbo == L[L_KITTEN] and lmask == -1) else 0
    out[L[E_PILE] + 1] = (S[L[L_NALIVE]] - 1 - public_kitten) / 10
    disc, discn = L[L_DISC], S[L[L_DISCN]]
    if discn > 0:
        at = L[E_DISCARD]
        for i in range(discn):
            out[at + S[disc + i]] += 0.25
        out[L[E_DTOP] + S[disc + discn - 1]] = 1.0


@njit
def _encode_pending(S: Any, L: Any, high: float, p: int, out: Any) -> None:
    """The play waiting for its Nope window: kind, player, card, wilds, picks, target, name,
    Nopes."""
    pend = S[L[L_PEND]]
    if pend < 0:
        return
    n = S[L[L_N]]
    k = L[E_K]
    at = L[E_PEND]
    out[at] = 1.0
    at += 1
    pp = L[L_PEND_PAIR]
    out[at + (0 if pend < pp else pend - pp + 1)] = 1.0
    at += L[E_PKINDS]
    out[at + (S[L[L_CUR]] - p + n) % n] = 1.0
    at += n
    pcard = S[L[L_PCARD]]
    if pcard >= 0:
        out[at + pcard] = 1.0
    at += k
    out[at] = min(S[L[L_PWILDS]] / 4, high)
    at += 1
    picks = L[L_PICKS]
    for i in range(S[L[L_PICKN]]):
        out[at + S[picks + i]] += 1.0
    at += k
    ptarget = S[L[L_PTARGET]]
    if ptarget >= 0:
        out[at + (ptarget - p + n) % n] = 1.0
    at += n
    pname = S[L[L_PNAME]]
    if pname >= 0:
        out[at + pname] = 1.0
    at += k
    out[at] = min(S[L[L_NOPES]] / 4, high)


@njit
def _encode_window(S: Any, L: Any, high: float, p: int, out: Any) -> None:
    """The Nope window (who answered, who may answer) and the card in limbo as far as seat p
    sees it."""
    n = S[L[L_N]]
    if S[L[L_PHASE]] == L[L_WINDOW]:
        answered = S[L[L_ANSWERED]]
        acts, actn = L[L_ACTORS], S[L[L_ACTN]]
        at = L[E_WINDOW]
        out[at] = 1.0
        out[at + 1] = min(S[L[L_NOPES]] / 4, high)
        for q in range(n):
            if answered >> q & 1:
                out[at + 2 + (q - p + n) % n] = 1.0
        for i in range(actn):
            out[at + 2 + n + (S[acts + i] - p + n) % n] = 1.0
    limbo, lmask = S[L[L_LIMBO]], S[L[L_LMASK]]
    if limbo < 0:
        out[L[E_LIMBO]] = 1.0
    elif lmask == -1 or lmask >> p & 1:
        out[L[E_LIMBO] + 2 + limbo] = 1.0
    else:
        out[L[E_LIMBO] + 1] = 1.0


@njit
def _encode_knowledge(S: Any, L: Any, p: int, out: Any) -> None:
    """Seat p's hand, the pile cards it knows (top, bottom, deeper) and the cards it knows in
    others' hands."""
    n = S[L[L_N]]
    k = L[E_K]
    at = L[E_HAND]
    hand = L[L_HANDS] + p * L[L_NKC]
    for c in range(L[L_NK]):
        h = S[hand + c]
        if h:
            out[at + c] = h * 0.25
    pile, pile_n = L[L_PILE], S[L[L_PILEN]]
    bit = 1 << p
    bottom = pile_n - 1
    pk = L[L_PK]
    top = L[E_TOP]
    for i in range(pile_n):
        if S[pk + i] & bit:
            pos, c = bottom - i, S[pile + i]
            if pos < top:
                out[L[E_KTOP] + pos * k + c] = 1.0
            if pos == bottom:
                out[L[E_KBOTTOM] + c] = 1.0
            elif pos >= top:
                out[L[E_KDEEP] + c] += 1.0
    at = L[E_KHANDS]
    hk = L[L_HK] + p * L[L_CAP]
    for i in range(S[L[L_HKN] + p]):
        x = S[hk + i]
        out[at + ((x >> 5) - p + n) % n * k + (x & 31)] += 0.25


@njit
def encode(S: Any, L: Any, tmpl: Any, high: float, low: float, p: int, out: Any) -> None:
    """Seat p's observation of S into ``out`` (float32, the encoder's size): ``tmpl`` (the
    options' entries) plus what ``fill`` writes from the view, clipped into [low, high] like
    ``encode``."""
    # element by element: a slice assignment costs several times this loop here
    for i in range(out.shape[0]):
        out[i] = tmpl[i]
    _encode_table(S, L, high, p, out)
    _encode_piles(S, L, high, out)
    _encode_pending(S, L, high, p, out)
    _encode_window(S, L, high, p, out)
    _encode_knowledge(S, L, p, out)
    phase = S[L[L_PHASE]]
    if phase == L[L_WINDOW] and S[L[L_ANSWERED]] >> p & 1:
        out[L[E_ANSWER] + (0 if S[L[L_WANTS]] >> p & 1 else 1)] = 1.0
    if phase == L[L_ALTER] and p == S[L[L_CUR]]:
        out[L[E_ALTERO]] = min(S[L[L_AK]] / 5, high)
        out[L[E_ALTERO] + 1] = min(S[L[L_AI]] / 5, high)
    # in float32, as a select: this form vectorizes (branches, or min/max of mixed widths,
    # do not)
    hi, lo = np.float32(high), np.float32(low)
    for i in range(out.shape[0]):
        v = out[i]
        v = hi if v > hi else v
        out[i] = lo if v < lo else v


# row by row, and a door's whole step: the shared drivers' templates around this game's pieces
encode_many, advance = drivers.observation(__name__, encode, apply, actors, legal)


class Observer(observer.Observer):
    """This game's compiled observation, as a door drives it (``engine/compiled/observer.py``)."""

    encode = staticmethod(encode)
    build_table = staticmethod(build_table)
    advance = staticmethod(advance)
