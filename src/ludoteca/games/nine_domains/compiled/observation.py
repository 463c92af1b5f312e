"""The Nine Domains, compiled: one seat's observation vector straight from the core's flat
array ``S`` (``compiled/layout.py``), for doors that step the core and never build a Python
state between moves.

It writes what its readable twin, ``games/nine_domains/observation.py``'s ``fill``, writes from
the view (and so what ``encode(view(p))`` gives: tests/rl/test_obs_core_nine_domains.py checks
it entry for entry over fuzzed games). The reference is the encoder; this reads only what that
seat's view shows: its own hand and face-down cards, of the opponent only what everyone knows,
and the piles' depths only with ``open_piles``.

The core's offsets are read as its constants (``_jit.py`` stamps this module's cache with the
core's file too). What may change without touching either file, the encoder's slices and the
card and domain catalog (data files), reaches the compiled code as a table (``L``) built at
run time, as does the one option the core does not keep (``open_piles``). The encoder object
is passed in by the caller (``rl/``), so the compiled code imports nothing of ``rl/``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ....engine.compiled import drivers, observer
from ....engine.compiled.jit import njit
from ..cards import CARDS, DOMAINS, ELEMENTS, PILES, ROUNDS
from ..phases import DRAFT_ORDER, POWER_NAMES, Phase
from .layout import (
    BONUS,
    CCAP,
    CONT,
    DCAP,
    DRAFT_STEP,
    ELEMENTS_OFF,
    HAND,
    HANDN,
    HIST,
    HISTN,
    NP,
    NPLACED,
    O_FOUR_OPP,
    OUTC,
    PEND,
    PENDN,
    PHASE,
    PICK,
    PILE,
    PILEN,
    PLACED,
    POOL,
    POOLN,
    REMOVED,
    REMOVEDN,
    RND,
    SEEN,
    SEENN,
    USED,
    USEDN,
    WON,
    WONN,
)
from .legal import actors, legal
from .lists import _contains
from .rules import step
from .table import DRAFTING, EMPTY, PLACING, POWERS, SWAP

# -- the table L: sizes and the encoder's slices ----------------------------------------
(
    E_C,  # the encoder's card slots (catalog + one for an unknown id)
    E_D,  # its domain slots
    E_ROUNDS,
    E_HANDN,  # a full hand (rounds x piles), the hand-size scale
    E_NBASE,  # the base cards are the catalog's first E_NBASE
    E_NELEM,
    E_OPEN,  # open_piles: the piles' depths are public
    E_SEAT,
    E_PHASE,
    E_ROUND,
    E_ACTORS,
    E_PILES,
    E_REMOVED,
    E_PLAYERS,
    E_PSIZE,
    E_HAND,
    E_PLACED,
    E_OPP,
    E_HIST,
    E_RSIZE,
    E_INC,
    E_FLAGS,
    E_PEND,
    E_NPOW,
    E_DRAFT,
    E_SIZE,
) = range(26)
L_DORDER = 32  # [8] the draft's seat order
# per card, by catalog index
L_VALUE = L_DORDER + 8
L_ADJ = L_VALUE + CCAP
L_ADJ1 = L_ADJ + CCAP
L_NEXT = L_ADJ1 + CCAP
L_NEXTOPT = L_NEXT + CCAP
L_LAST = L_NEXTOPT + CCAP
L_NOSTR = L_LAST + CCAP
# per domain
L_DVP = L_NOSTR + CCAP
L_DMASK = L_DVP + DCAP
L_DHALVES = L_DMASK + DCAP
L_SIZE = L_DHALVES + DCAP


def build_table(encoder: Any, options: Any) -> np.ndarray:
    """L for a ``NineDomainsEncoder`` (its slices) and the game's options, over the catalog."""

    e, f = encoder, encoder.layout.field
    c, d = f("hand").size, f("removed").size
    # the sizes the encoder module keeps to itself, read back from its slices; the indices
    # written below are the game's own codes (phase, element bit, power kind), which the
    # encoder's vocabularies follow (the tests check it entry for entry)
    nelem = e.player_size - d - 2 - 1 - 2 * c - 2
    npow = f("pending").size - 3 - PILES - d - c
    if (
        PILES != NP
        or len(CARDS) >= c
        or len(DOMAINS) >= d
        or f("phase").size < len(Phase)
        or nelem != len(ELEMENTS)
        or npow < len(POWER_NAMES)
        or len(DRAFT_ORDER) > 8
        or f("piles").size != PILES * (1 + d + ROUNDS * d)
    ):
        raise ValueError("the Nine Domains encoder and the compiled observation disagree")
    L = np.zeros(L_SIZE, dtype=np.int64)
    enc = (
        c, d, ROUNDS, ROUNDS * PILES, len(CARDS.base), nelem, bool(options.open_piles),
        e.o_seat, e.o_phase, e.o_round, e.o_actors, e.o_piles, e.o_removed, e.o_players,
        e.player_size, e.o_hand, e.o_placed, e.o_opponent, e.o_history, e.round_size,
        e.o_incoming, e.o_flags, e.o_pending, npow, e.o_draft, e.size,
    )  # fmt: skip
    L[: len(enc)] = enc
    L[L_DORDER : L_DORDER + len(DRAFT_ORDER)] = DRAFT_ORDER
    for k in range(len(CARDS)):
        L[L_VALUE + k] = CARDS.value[k]
        L[L_ADJ + k] = CARDS.adjacent[k]
        L[L_ADJ1 + k] = CARDS.adjacent_single[k]
        L[L_NEXT + k] = CARDS.next_bonus[k]
        L[L_NEXTOPT + k] = CARDS.next_by_option[k]
        L[L_LAST + k] = CARDS.last_round_self[k]
        L[L_NOSTR + k] = CARDS.no_strength[k]
    for k in range(len(DOMAINS)):
        L[L_DVP + k] = DOMAINS.vp[k]
        L[L_DMASK + k] = DOMAINS.mask[k]
        L[L_DHALVES + k] = DOMAINS.halves[k]
    return L


@njit
def _strength_change(S: Any, L: Any, r: int, p: int, i: int, four_opp: bool) -> int:
    """combat.modifiers' total change of player p's card at pile i in finished round r."""
    row = HIST + r * 2 * NP
    total = 0
    for j in (i - 1, i + 1):  # the 1- beside it (a lone neighbour at an end gives the single)
        if 0 <= j < NP:
            y = S[row + p * NP + j]
            if L[L_ADJ + y]:
                total += L[L_ADJ1 + y] if j == 0 or j == NP - 1 else L[L_ADJ + y]
    x = S[row + p * NP + i]
    if r == L[E_ROUNDS] - 1:
        total += L[L_LAST + x]
    if r > 0:  # last round's 1+, 2+, 4+ at the same pile, to their owner or the opponent
        prev = row - 2 * NP
        for q in range(2):
            y = S[prev + q * NP + i]
            if L[L_NEXT + y]:
                target = 1 - q if (L[L_NEXTOPT + y] and four_opp) else q
                if target == p:
                    total += L[L_NEXT + y]
    return total


@njit
def _encode_turn(S: Any, L: Any, p: int, out: Any) -> int:
    """The seat, the phase, the round and who acts; returns the phase."""
    rounds = L[E_ROUNDS]
    out[L[E_SEAT] + p] = 1.0
    phase = S[PHASE]
    out[L[E_PHASE] + phase] = 1.0
    out[L[E_ROUND]] = min(S[RND] + 1, rounds) / rounds
    at = L[E_ACTORS]
    if phase == PLACING:
        for q in range(2):
            if S[NPLACED + q] < NP:
                out[at + (q - p + 2) % 2] = 1.0
    elif phase == POWERS:
        out[at + (S[PEND] - p + 2) % 2] = 1.0
    elif phase == DRAFTING:
        out[at + (L[L_DORDER + S[DRAFT_STEP]] - p + 2) % 2] = 1.0
    return phase


@njit
def _encode_piles(S: Any, L: Any, out: Any) -> None:
    """The piles' depths and tops (the rest with ``open_piles``) and the removed domains."""
    d, rounds = L[E_D], L[E_ROUNDS]
    at = L[E_PILES]
    stride = 1 + d + rounds * d
    open_piles = L[E_OPEN]
    for i in range(NP):
        k = S[PILEN + i]
        out[at] = k / rounds
        if k:
            base = PILE + i * DCAP
            out[at + 1 + S[base + k - 1]] = 1.0
            if open_piles:  # top first, the rest hidden unless the option shows them
                for depth in range(min(k, rounds)):
                    out[at + 1 + d + depth * d + S[base + k - 1 - depth]] = 1.0
        at += stride
    at = L[E_REMOVED]
    for i in range(S[REMOVEDN]):
        out[at + S[REMOVED + i]] += 1.0


@njit
def _encode_domains(S: Any, L: Any, q: int, at: int, out: Any) -> int:
    """Player q's won domains, points, elements and halves from ``at``; returns where the
    player's next part starts."""
    won = WON + q * DCAP
    vp = 0
    mask = 0
    halves = 0
    for i in range(S[WONN + q]):
        dom = S[won + i]
        out[at + dom] += 1.0
        vp += L[L_DVP + dom]
        mask |= L[L_DMASK + dom]
        halves += L[L_DHALVES + dom]
    at += L[E_D]
    bonus = S[BONUS + q]
    out[at] = (vp + bonus) / 10
    out[at + 1] = bonus / 5
    at += 2
    for i in range(L[E_NELEM]):
        if mask >> i & 1:
            out[at + i] = 1.0
    at += L[E_NELEM]
    out[at] = halves / 2
    return at + 1


@njit
def _encode_cards(S: Any, L: Any, p: int, q: int, at: int, out: Any) -> None:
    """Player q's used and shown cards from ``at``, its counts, and its hand and placed cards
    (seat p's own) or what everyone knows it still holds (the opponent's)."""
    c = L[E_C]
    r = (q - p + 2) % 2
    used, nused = USED + q * CCAP, S[USEDN + q]
    for i in range(nused):
        out[at + S[used + i]] += 1.0
    at += c
    seen, nseen = SEEN + q * CCAP, S[SEENN + q]
    for i in range(nseen):
        out[at + S[seen + i]] += 1.0
    at += c
    nhand = S[HANDN + q]
    nplaced = S[NPLACED + q]
    out[at] = nhand / L[E_HANDN]
    out[at + 1] = nplaced / NP
    if r == 0:
        hand = HAND + q * CCAP
        for i in range(nhand):
            out[L[E_HAND] + S[hand + i]] += 1.0
        for i in range(NP):
            x = S[PLACED + q * NP + i]
            base = L[E_PLACED] + i * (c + 1)
            out[base if x == EMPTY else base + 1 + x] = 1.0
    else:
        # view.known_unplayed: the unused base cards and the shown specials not used
        opp = L[E_OPP]
        known = 0
        for x in range(L[E_NBASE]):
            if not _contains(S, used, nused, x):
                out[opp + x] += 1.0
                known += 1
        for i in range(nseen):
            x = S[seen + i]
            if not _contains(S, used, nused, x):
                out[opp + x] += 1.0
                known += 1
        out[opp + c] = (nhand + nplaced - known) / 3


@njit
def _encode_round(S: Any, L: Any, p: int, rnd: int, four_opp: bool, out: Any) -> None:
    """Finished round rnd: its contested domains, both rows, their strengths, the outcomes."""
    c, d = L[E_C], L[E_D]
    at = L[E_HIST] + rnd * L[E_RSIZE]
    out[at] = 1.0
    at += 1
    for i in range(NP):
        out[at + i * d + S[CONT + rnd * NP + i]] = 1.0
    at += NP * d
    row = HIST + rnd * 2 * NP
    for q in range(2):
        r = (q - p + 2) % 2
        for i in range(NP):
            out[at + (r * NP + i) * c + S[row + q * NP + i]] = 1.0
    at += 2 * NP * c
    for q in range(2):
        r = (q - p + 2) % 2
        for i in range(NP):
            x = S[row + q * NP + i]
            j = at + (r * NP + i) * 2
            if L[L_NOSTR + x]:
                out[j + 1] = 1.0
            else:
                out[j] = (L[L_VALUE + x] + _strength_change(S, L, rnd, q, i, four_opp)) / 10
    at += 2 * NP * 2
    for i in range(NP):
        w = S[OUTC + rnd * NP + i]
        out[at + i * 3 + (2 if w < 0 else (w - p + 2) % 2)] = 1.0


@njit
def _encode_incoming(S: Any, L: Any, p: int, four_opp: bool, out: Any) -> None:
    """view.incoming: last round's 1+, 2+, 4+ on this round's piles."""
    nh = S[HISTN]
    if nh and S[RND] < L[E_ROUNDS]:
        last = HIST + (nh - 1) * 2 * NP
        for t in range(2):
            r = (t - p + 2) % 2
            for i in range(NP):
                x = 0  # summed first: the encoder divides the sum
                for q in range(2):
                    y = S[last + q * NP + i]
                    nb = L[L_NEXT + y]
                    if nb and (1 - q if (L[L_NEXTOPT + y] and four_opp) else q) == t:
                        x += nb
                if x:
                    out[L[E_INC] + r * NP + i] = x / 3


@njit
def _encode_pending(S: Any, L: Any, p: int, phase: int, out: Any) -> None:
    """The power waiting to be used (owner, kind, pile, pick) and the draft's pool and turn."""
    d = L[E_D]
    if S[PENDN] > 0:
        owner, kind, pile_at = S[PEND], S[PEND + 1], S[PEND + 2]
        at = L[E_PEND]
        npow = L[E_NPOW]
        out[at] = 1.0
        out[at + 1 + (owner - p + 2) % 2] = 1.0
        out[at + 3 + kind] = 1.0
        out[at + 3 + npow + pile_at] = 1.0
        pick = S[PICK]
        if pick != EMPTY:
            base = at + 3 + npow + NP
            out[base + pick if kind == SWAP else base + d + pick] = 1.0
    if phase == DRAFTING:
        at = L[E_DRAFT]
        out[at] = 1.0
        for i in range(S[POOLN]):
            out[at + 1 + S[POOL + i]] += 1.0
        out[at + 1 + L[E_C] + (L[L_DORDER + S[DRAFT_STEP]] - p + 2) % 2] = 1.0


@njit
def encode(S: Any, L: Any, tmpl: Any, high: float, low: float, p: int, out: Any) -> None:
    """Seat p's observation of S into ``out`` (float32, the encoder's size): ``tmpl`` (the
    options' entries) plus what ``fill`` writes from the view, clipped into [low, high] like
    ``encode``."""
    # element by element: a slice assignment costs several times this loop here
    for i in range(out.shape[0]):
        out[i] = tmpl[i]
    phase = _encode_turn(S, L, p, out)
    _encode_piles(S, L, out)
    for q in range(2):
        at = L[E_PLAYERS] + (q - p + 2) % 2 * L[E_PSIZE]
        at = _encode_domains(S, L, q, at, out)
        _encode_cards(S, L, p, q, at, out)
    four_opp = S[O_FOUR_OPP] != 0
    for rnd in range(min(S[HISTN], L[E_ROUNDS])):
        _encode_round(S, L, p, rnd, four_opp, out)
    _encode_incoming(S, L, p, four_opp, out)
    out[L[E_FLAGS]] = 1.0 if S[ELEMENTS_OFF] else 0.0
    _encode_pending(S, L, p, phase, out)
    # in float32, as a select: this form vectorizes (branches, or min/max of mixed widths,
    # do not)
    hi, lo = np.float32(high), np.float32(low)
    for i in range(out.shape[0]):
        v = out[i]
        v = hi if v > hi else v
        out[i] = lo if v < lo else v


# row by row, and a door's whole step: the shared drivers' templates around this game's pieces
encode_many, advance = drivers.observation(__name__, encode, step, actors, legal)


class Observer(observer.Observer):
    """This game's compiled observation, as a door drives it (``engine/compiled/observer.py``)."""

    encode = staticmethod(encode)
    build_table = staticmethod(build_table)
    advance = staticmethod(advance)
