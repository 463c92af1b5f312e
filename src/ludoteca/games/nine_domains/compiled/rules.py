"""The Nine Domains, compiled: ``games/nine_domains/state.py`` and ``combat.py`` over the flat
int64 array declared in ``layout.py`` (see Exploding Kittens' ``compiled/`` for the pattern: the
package is the reference; card and domain data reach the compiled code as a table, never as
frozen constants).

Nothing in a game draws from the state's generator after the deal (the deal shuffles; play has
no chance), so the generator is only read by ``deal``.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ....engine.compiled.jit import njit
from ....engine.compiled.rng import MT_N, mt_below, mt_random, mt_seed, randbelow
from ....engine.game import Game
from .. import actions as A
from ..cards import (
    ALL_ELEMENTS_MASK,
    CARDS,
    DOMAINS,
    PILES,
    PURPLE_HALVES_NEEDED,
    ROUNDS,
    SPECIALS_PER_PLAYER,
)
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
    O_EFFECT_SCORES,
    O_EXCH_ROUND,
    O_FOUR_OPP,
    O_INDEP,
    O_MALUS,
    O_VP_DOMAINS,
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
    RCAP,
    REASON,
    REMOVED,
    REMOVEDN,
    RND,
    SEEN,
    SEENN,
    SIZE,
    USED,
    USEDN,
    WINNER,
    WON,
    WONN,
)

ACAP = 512

DRAFTING, PLACING, POWERS, OVER = 0, 1, 2, 3
SWAP, EXCHANGE = 0, 1
EMPTY = -1
REMOVED_W = -1
P_NONE, P_SWAP, P_EXCHANGE, P_BONUS = 0, 1, 2, 3
CARD_POWERS = {
    "": P_NONE,
    "swap_domain": P_SWAP,
    "exchange_card": P_EXCHANGE,
    "victory_bonus": P_BONUS,
}

# -- the table --------------------------------------------------------------------------
T_NC, T_ND, T_ROUNDS, T_PSIZE, T_NBASE, T_NSPEC, T_K, T_ALLMASK, T_HALVES, T_DECLINE = range(10)
T_VALUE = 16
T_SIGN = T_VALUE + CCAP
T_ADJ = T_SIGN + CCAP
T_ADJ1 = T_ADJ + CCAP
T_NEXT = T_ADJ1 + CCAP
T_NEXTOPT = T_NEXT + CCAP
T_LAST = T_NEXTOPT + CCAP
T_NOSTR = T_LAST + CCAP
T_POWER = T_NOSTR + CCAP
T_BVP = T_POWER + CCAP
T_BMARGIN = T_BVP + CCAP
T_SPECIAL = T_BMARGIN + CCAP
T_SPECIALS = T_SPECIAL + CCAP  # the special cards in order
T_EFFECT = T_SPECIALS + CCAP  # [a * CCAP + b]
T_DVP = T_EFFECT + CCAP * CCAP
T_DMASK = T_DVP + DCAP
T_DHALVES = T_DMASK + DCAP
T_C_PLACE = T_DHALVES + DCAP  # [card * 3 + pile]
T_C_DRAFT = T_C_PLACE + CCAP * NP
T_C_GIVE = T_C_DRAFT + CCAP
T_C_TAKE = T_C_GIVE + DCAP
T_C_RECOVER = T_C_TAKE + DCAP
T_C_DISCARD = T_C_RECOVER + CCAP
T_KIND = T_C_DISCARD + CCAP
T_ARG = T_KIND + ACAP
T_ARG2 = T_ARG + ACAP
T_SIZE = T_ARG2 + ACAP

K_PLACE, K_DRAFT, K_GIVE, K_TAKE, K_RECOVER, K_DISCARD, K_DECLINE = range(7)
_DRAFT_ORDER = (0, 1, 1, 0, 0, 1)


def _const(name: str) -> Any:
    """A constant of the game package, wherever its layout keeps it (None: nowhere)."""
    import importlib

    for module in ("state", "phases", "rules", "cards"):
        try:
            mod = importlib.import_module(f"ludoteca.games.nine_domains.{module}")
        except ImportError:
            continue
        if hasattr(mod, name):
            return getattr(mod, name)
    return None


def supported() -> str:
    phases = tuple(_const(k) for k in ("DRAFTING", "PLACING", "POWERS", "OVER"))
    if phases != (DRAFTING, PLACING, POWERS, OVER):
        return "the phase numbers changed"
    powers = tuple(_const(k) for k in ("SWAP", "EXCHANGE", "EMPTY"))
    if powers != (SWAP, EXCHANGE, EMPTY) or _const("DRAFT_ORDER") != _DRAFT_ORDER:
        return "the power numbers or the draft order changed"
    if PILES != NP or ROUNDS > RCAP or len(CARDS) > CCAP or len(DOMAINS) > DCAP:
        return "the catalog is larger than the core's capacity"
    if set(CARDS.power) - set(CARD_POWERS):
        return "a card has a power the core does not know"
    return ""


def build_table(game: Game) -> np.ndarray:
    T = np.full(T_SIZE, -1, dtype=np.int64)
    enc = game.action_space.encode
    nc = len(CARDS)
    T[T_NC] = nc
    T[T_ND] = len(DOMAINS)
    T[T_ROUNDS] = ROUNDS
    T[T_PSIZE] = DOMAINS.pile_size
    T[T_NBASE] = len(CARDS.base)
    T[T_NSPEC] = len(CARDS.specials)
    T[T_K] = SPECIALS_PER_PLAYER

    T[T_ALLMASK] = ALL_ELEMENTS_MASK
    T[T_HALVES] = PURPLE_HALVES_NEEDED
    T[T_DECLINE] = enc(A.DECLINE)
    for c in range(nc):
        T[T_VALUE + c] = CARDS.value[c]
        T[T_SIGN + c] = CARDS.sign[c]
        T[T_ADJ + c] = CARDS.adjacent[c]
        T[T_ADJ1 + c] = CARDS.adjacent_single[c]
        T[T_NEXT + c] = CARDS.next_bonus[c]
        T[T_NEXTOPT + c] = CARDS.next_by_option[c]
        T[T_LAST + c] = CARDS.last_round_self[c]
        T[T_NOSTR + c] = CARDS.no_strength[c]
        T[T_POWER + c] = CARD_POWERS[CARDS.power[c]]
        T[T_BVP + c] = CARDS.bonus_vp[c]
        T[T_BMARGIN + c] = CARDS.bonus_margin[c]
        T[T_SPECIAL + c] = CARDS.is_special[c]
        for b in range(nc):
            T[T_EFFECT + c * CCAP + b] = CARDS.effect[c][b]
        for i in range(NP):
            T[T_C_PLACE + c * NP + i] = enc(A.PLACE[c][i])
        T[T_C_RECOVER + c] = enc(A.RECOVER[c])
        T[T_C_DISCARD + c] = enc(A.DISCARD[c])
    for i, c in enumerate(CARDS.specials):
        T[T_SPECIALS + i] = c
        T[T_C_DRAFT + c] = enc(A.DRAFT[c])
    for d in range(len(DOMAINS)):
        T[T_DVP + d] = DOMAINS.vp[d]
        T[T_DMASK + d] = DOMAINS.mask[d]
        T[T_DHALVES + d] = DOMAINS.halves[d]
        T[T_C_GIVE + d] = enc(A.SWAP_GIVE[d])
        T[T_C_TAKE + d] = enc(A.SWAP_TAKE[d])
    space = game.action_space
    for code in range(space.size):
        a = space.decode(code)
        if isinstance(a, A.Place):
            kind, arg, arg2 = K_PLACE, CARDS.index[a.card], a.pile
        elif isinstance(a, A.Draft):
            kind, arg, arg2 = K_DRAFT, CARDS.index[a.card], 0
        elif isinstance(a, A.SwapGive):
            kind, arg, arg2 = K_GIVE, DOMAINS.index[a.domain], 0
        elif isinstance(a, A.SwapTake):
            kind, arg, arg2 = K_TAKE, DOMAINS.index[a.domain], 0
        elif isinstance(a, A.Recover):
            kind, arg, arg2 = K_RECOVER, CARDS.index[a.card], 0
        elif isinstance(a, A.Discard):
            kind, arg, arg2 = K_DISCARD, CARDS.index[a.card], 0
        elif isinstance(a, A.Decline):
            kind, arg, arg2 = K_DECLINE, 0, 0
        else:  # pragma: no cover - checked by supported() callers through the tests
            raise ValueError(f"the core does not know the action {a!r}")
        T[T_KIND + code] = kind
        T[T_ARG + code] = arg
        T[T_ARG2 + code] = arg2
    return T


# -- sorted lists -------------------------------------------------------------------------
@njit
def _remove(S: Any, base: int, nslot: int, x: int) -> None:
    k = S[nslot]
    for i in range(k):
        if S[base + i] == x:
            for j in range(i, k - 1):
                S[base + j] = S[base + j + 1]
            S[nslot] = k - 1
            return


@njit
def _insort(S: Any, base: int, nslot: int, x: int) -> None:
    """``bisect.insort`` (after equal items)."""
    k = S[nslot]
    i = k
    while i > 0 and S[base + i - 1] > x:
        S[base + i] = S[base + i - 1]
        i -= 1
    S[base + i] = x
    S[nslot] = k + 1


@njit
def _contains(S: Any, base: int, k: int, x: int) -> bool:
    for i in range(k):  # noqa: SIM110 (a loop, not a generator, in compiled code)
        if S[base + i] == x:
            return True
    return False


# -- who acts -----------------------------------------------------------------------------
@njit
def actors(S: Any, out: Any) -> int:
    ph = S[PHASE]
    if ph == PLACING:
        m = 0
        for p in range(2):
            if S[NPLACED + p] < NP:
                out[m] = p
                m += 1
        return m
    if ph == POWERS:
        out[0] = S[PEND]
        return 1
    if ph == DRAFTING:
        s = S[DRAFT_STEP]
        out[0] = 0 if s == 0 or s == 3 or s == 4 else 1  # DRAFT_ORDER (0, 1, 1, 0, 0, 1)
        return 1
    return 0


@njit
def _recoverable(S: Any, p: int, out: Any) -> int:
    """``state.recoverable(p)``: the used cards the 3- may take back, sorted."""
    k = S[USEDN + p]
    m = 0
    skip_round = not S[O_EXCH_ROUND] and S[HISTN] > 0
    last = HIST + (S[HISTN] - 1) * 2 * NP + p * NP
    for i in range(k):
        c = S[USED + p * CCAP + i]
        if skip_round and _contains(S, last, NP, c):
            continue
        j = m
        while j > 0 and out[j - 1] > c:
            out[j] = out[j - 1]
            j -= 1
        out[j] = c
        m += 1
    return m


@njit
def _sorted_copy(S: Any, base: int, k: int, out: Any) -> int:
    for i in range(k):
        c = S[base + i]
        j = i
        while j > 0 and out[j - 1] > c:
            out[j] = out[j - 1]
            j -= 1
        out[j] = c
    return k


@njit
def legal(S: Any, T: Any, p: int, out: Any) -> int:
    ph = S[PHASE]
    m = 0
    if ph == PLACING:
        if p < 0 or p > 1 or S[NPLACED + p] >= NP:
            return 0
        for i in range(S[HANDN + p]):
            c = S[HAND + p * CCAP + i]
            for j in range(NP):
                if S[PLACED + p * NP + j] == EMPTY:
                    out[m] = T[T_C_PLACE + c * NP + j]
                    m += 1
        return m
    if ph == POWERS:
        owner = S[PEND]
        kind = S[PEND + 1]
        if p != owner:
            return 0
        tmp = np.empty(CCAP, dtype=np.int64)
        if kind == SWAP:
            if S[PICK] == EMPTY:
                k = _sorted_copy(S, WON + owner * DCAP, S[WONN + owner], tmp)
                for i in range(k):
                    out[m] = T[T_C_GIVE + tmp[i]]
                    m += 1
            else:
                q = 1 - owner
                k = _sorted_copy(S, WON + q * DCAP, S[WONN + q], tmp)
                for i in range(k):
                    out[m] = T[T_C_TAKE + tmp[i]]
                    m += 1
        elif S[PICK] == EMPTY:
            k = _recoverable(S, owner, tmp)
            for i in range(k):
                out[m] = T[T_C_RECOVER + tmp[i]]
                m += 1
        else:
            for i in range(S[HANDN + owner]):
                out[m] = T[T_C_DISCARD + S[HAND + owner * CCAP + i]]
                m += 1
        out[m] = T[T_DECLINE]
        return m + 1
    if ph == DRAFTING:
        tmp = np.empty(1, dtype=np.int64)
        actors(S, tmp)
        if p != tmp[0]:
            return 0
        for i in range(S[POOLN]):
            out[m] = T[T_C_DRAFT + S[POOL + i]]
            m += 1
        return m
    return 0


# -- combat -------------------------------------------------------------------------------
@njit
def _add(T: Any, cards: Any, total: Any, plus: Any, p: int, i: int, v: int) -> None:
    if T[T_NOSTR + cards[p, i]]:
        return
    total[p, i] += v
    if v > 0:
        plus[p, i] += v


@njit
def _modifiers(S: Any, T: Any, cards: Any, total: Any, plus: Any) -> None:
    last = S[RND] == T[T_ROUNDS] - 1
    four_opp = S[O_FOUR_OPP]
    hist = S[HISTN]
    for p in range(2):
        for i in range(NP):
            c = cards[p, i]
            if T[T_ADJ + c]:
                single = i == 0 or i == NP - 1
                amount = T[T_ADJ1 + c] if single else T[T_ADJ + c]
                if i - 1 >= 0:
                    _add(T, cards, total, plus, p, i - 1, amount)
                if i + 1 < NP:
                    _add(T, cards, total, plus, p, i + 1, amount)
            if last and T[T_LAST + c]:
                _add(T, cards, total, plus, p, i, T[T_LAST + c])
        if hist > 0:
            base = HIST + (hist - 1) * 2 * NP + p * NP
            for i in range(NP):
                c = S[base + i]
                if T[T_NEXT + c]:
                    target = 1 - p if (T[T_NEXTOPT + c] and four_opp) else p
                    _add(T, cards, total, plus, target, i, T[T_NEXT + c])


@njit
def _fight(T: Any, a: int, sa: int, ta: int, b: int, sb: int, tb: int) -> tuple[int, bool]:
    e = T[T_EFFECT + a * CCAP + b]
    if e:
        return (0 if e > 0 else 1), True
    if sa != sb:
        return (0 if sa > sb else 1), False
    if ta != tb:
        return (0 if ta > tb else 1), False
    if a == b:
        return REMOVED_W, False
    if T[T_SIGN + a] != T[T_SIGN + b]:
        return (0 if T[T_SIGN + a] > T[T_SIGN + b] else 1), False
    return REMOVED_W, False


@njit
def _has_all_elements(S: Any, T: Any, p: int) -> bool:
    mask = 0
    halves = 0
    for i in range(S[WONN + p]):
        d = S[WON + p * DCAP + i]
        mask |= T[T_DMASK + d]
        halves += T[T_DHALVES + d]
    return mask == T[T_ALLMASK] and halves >= T[T_HALVES]


@njit
def _points(S: Any, T: Any, p: int) -> int:
    vp = S[BONUS + p]
    for i in range(S[WONN + p]):
        vp += T[T_DVP + S[WON + p * DCAP + i]]
    return vp


@njit
def _resolve_round(S: Any, T: Any) -> None:
    cards = np.empty((2, NP), dtype=np.int64)
    for p in range(2):
        for i in range(NP):
            cards[p, i] = S[PLACED + p * NP + i]
    total = np.zeros((2, NP), dtype=np.int64)
    plus = np.zeros((2, NP), dtype=np.int64)
    _modifiers(S, T, cards, total, plus)
    tie = total if S[O_MALUS] else plus
    r = S[HISTN]
    for i in range(NP):
        k = S[PILEN + i] - 1
        S[PILEN + i] = k
        S[CONT + r * NP + i] = S[PILE + i * DCAP + k]
    for i in range(NP):
        a = cards[0, i]
        b = cards[1, i]
        sa = T[T_VALUE + a] + total[0, i]
        sb = T[T_VALUE + b] + total[1, i]
        w, by_effect = _fight(T, a, sa, tie[0, i], b, sb, tie[1, i])
        d = S[CONT + r * NP + i]
        S[OUTC + r * NP + i] = w
        if w == REMOVED_W:
            S[REMOVED + S[REMOVEDN]] = d
            S[REMOVEDN] += 1
            continue
        S[WON + w * DCAP + S[WONN + w]] = d
        S[WONN + w] += 1
        wc = cards[w, i]
        lc = cards[1 - w, i]
        ws = sa if w == 0 else sb
        ls = sb if w == 0 else sa
        power = T[T_POWER + wc]
        if power == P_BONUS:
            has_margin = True
            if not by_effect:
                mg = ws - ls
            elif not S[O_EFFECT_SCORES]:
                has_margin = False
                mg = 0
            else:
                mg = ws - (0 if T[T_NOSTR + lc] else ls)
            if has_margin and mg >= T[T_BMARGIN + wc]:
                S[BONUS + w] += T[T_BVP + wc]
        elif power == P_SWAP or power == P_EXCHANGE:  # noqa: SIM109 (plain compares compile simply)
            k = S[PENDN]
            S[PEND + 3 * k] = w
            S[PEND + 3 * k + 1] = SWAP if power == P_SWAP else EXCHANGE
            S[PEND + 3 * k + 2] = i
            S[PENDN] = k + 1
    for p in range(2):
        for i in range(NP):
            c = cards[p, i]
            S[USED + p * CCAP + S[USEDN + p]] = c
            S[USEDN + p] += 1
        for i in range(NP):
            c = cards[p, i]
            if T[T_SPECIAL + c] and not _contains(S, SEEN + p * CCAP, S[SEENN + p], c):
                _insort(S, SEEN + p * CCAP, SEENN + p, c)
        for i in range(NP):
            S[HIST + r * 2 * NP + p * NP + i] = cards[p, i]
            S[PLACED + p * NP + i] = EMPTY
        S[NPLACED + p] = 0
    S[HISTN] = r + 1
    S[PHASE] = POWERS
    _next_power(S, T)


@njit
def _pop_pending(S: Any) -> None:
    k = S[PENDN]
    for j in range(3, 3 * k):
        S[PEND + j - 3] = S[PEND + j]
    S[PENDN] = k - 1


@njit
def _next_power(S: Any, T: Any) -> None:
    S[PICK] = EMPTY
    tmp = np.empty(CCAP, dtype=np.int64)
    while S[PENDN] > 0:
        owner = S[PEND]
        kind = S[PEND + 1]
        if kind == SWAP and S[WONN + owner] and S[WONN + 1 - owner]:
            return
        if kind == EXCHANGE and S[HANDN + owner] and _recoverable(S, owner, tmp):
            return
        _pop_pending(S)
    _end_round(S, T)


@njit
def _finish(S: Any, winner: int, reason: int) -> None:
    S[PHASE] = OVER
    S[WINNER] = winner
    S[REASON] = reason
    S[PENDN] = 0
    S[PICK] = EMPTY


@njit
def _end_round(S: Any, T: Any) -> None:
    if not S[ELEMENTS_OFF]:
        d0 = _has_all_elements(S, T, 0)
        d1 = _has_all_elements(S, T, 1)
        if d0 and d1:
            S[ELEMENTS_OFF] = 1
        elif d0 or d1:
            _finish(S, 0 if d0 else 1, 1)
            return
    S[RND] += 1
    if S[RND] < T[T_ROUNDS]:
        S[PHASE] = PLACING
        return
    v0 = _points(S, T, 0)
    v1 = _points(S, T, 1)
    if v0 != v1:
        _finish(S, 0 if v0 > v1 else 1, 2)
    elif S[O_VP_DOMAINS] and S[WONN] != S[WONN + 1]:
        _finish(S, 0 if S[WONN] > S[WONN + 1] else 1, 2)
    else:
        _finish(S, EMPTY, 3)


@njit
def apply(S: Any, T: Any, p: int, code: int) -> None:
    kind = T[T_KIND + code]
    arg = T[T_ARG + code]
    if kind == K_PLACE:
        _remove(S, HAND + p * CCAP, HANDN + p, arg)
        S[PLACED + p * NP + T[T_ARG2 + code]] = arg
        S[NPLACED + p] += 1
        if S[NPLACED] == NP and S[NPLACED + 1] == NP:
            _resolve_round(S, T)
    elif kind == K_DRAFT:
        _remove(S, POOL, POOLN, arg)
        _insort(S, HAND + p * CCAP, HANDN + p, arg)
        _insort(S, SEEN + p * CCAP, SEENN + p, arg)
        S[DRAFT_STEP] += 1
        if S[DRAFT_STEP] == 6:
            S[PHASE] = PLACING
    elif kind == K_DECLINE:
        _pop_pending(S)
        _next_power(S, T)
    elif kind == K_GIVE or kind == K_RECOVER:  # noqa: SIM109
        S[PICK] = arg
    elif kind == K_TAKE:
        give = S[PICK]
        mine = WON + p * DCAP
        theirs = WON + (1 - p) * DCAP
        for i in range(S[WONN + p]):
            if S[mine + i] == give:
                S[mine + i] = arg
                break
        for i in range(S[WONN + 1 - p]):
            if S[theirs + i] == arg:
                S[theirs + i] = give
                break
        _pop_pending(S)
        _next_power(S, T)
    elif kind == K_DISCARD:
        recover = S[PICK]
        _remove(S, USED + p * CCAP, USEDN + p, recover)
        S[USED + p * CCAP + S[USEDN + p]] = arg
        S[USEDN + p] += 1
        _remove(S, HAND + p * CCAP, HANDN + p, arg)
        _insort(S, HAND + p * CCAP, HANDN + p, recover)
        if T[T_SPECIAL + arg] and not _contains(S, SEEN + p * CCAP, S[SEENN + p], arg):
            _insort(S, SEEN + p * CCAP, SEENN + p, arg)
        _pop_pending(S)
        _next_power(S, T)


# -- the deal -----------------------------------------------------------------------------
@njit
def _shuffle(rng: Any, xs: Any, k: int) -> None:
    """``Rng.shuffle`` (rejection sampling, unlike Exploding Kittens' multiply-shift)."""
    for i in range(k - 1, 0, -1):
        j = randbelow(rng, i + 1)
        a = xs[i]
        xs[i] = xs[j]
        xs[j] = a


@njit
def deal(S: Any, T: Any, rng: Any, deal_kind: int, opts: Any) -> None:
    """``NineDomainsState.new``: deal_kind 0 random, 1 draft, 2 independent; ``opts`` = (four
    opponent, malus counts, effect scores, exchange this round, vp tie by domains)."""
    S[:] = 0
    S[PICK] = EMPTY
    S[WINNER] = EMPTY
    S[PHASE] = PLACING
    for i in range(5):
        S[O_FOUR_OPP + i] = opts[i]
    S[O_INDEP] = deal_kind == 2
    for p in range(2):
        for i in range(NP):
            S[PLACED + p * NP + i] = EMPTY
    nd = T[T_ND]
    deck = np.arange(nd)
    _shuffle(rng, deck, nd)
    size = T[T_PSIZE]
    for i in range(NP):
        for j in range(size):
            S[PILE + i * DCAP + j] = deck[i * size + j]
        S[PILEN + i] = size
    nb = T[T_NBASE]
    ns = T[T_NSPEC]
    k = T[T_K]
    for p in range(2):
        for c in range(nb):
            S[HAND + p * CCAP + c] = c
        S[HANDN + p] = nb
    if deal_kind == 1:
        for i in range(ns):
            S[POOL + i] = T[T_SPECIALS + i]
        S[POOLN] = ns
        S[PHASE] = DRAFTING
        return
    pool = np.empty(ns, dtype=np.int64)
    if deal_kind == 2:
        for p in range(2):
            for i in range(ns):
                pool[i] = T[T_SPECIALS + i]
            _shuffle(rng, pool, ns)
            for i in range(k):
                _insort(S, HAND + p * CCAP, HANDN + p, pool[i])
        return
    for i in range(ns):
        pool[i] = T[T_SPECIALS + i]
    _shuffle(rng, pool, ns)
    for p in range(2):
        for i in range(k):
            _insort(S, HAND + p * CCAP, HANDN + p, pool[p * k + i])


# -- the heuristic agent (agents/heuristics/nine_domains.py) ----------------------------
# Its numbers (the fitted weights, each card's static power, its id's place in string order)
# are read from the agent's module into a float table; it draws nothing from its generator.
H_DECISIVE, H_NEED, H_SWAPV, H_MEANVP, H_NEUMAIER, H_KEEPW, H_SHORT, H_EXACT = range(8)
H_VPW = 8  # [2]
H_UW = H_VPW + 2  # [2][5]
H_POWER = H_UW + 10  # [card]
H_IDRANK = H_POWER + CCAP  # [card]: the card id's place in sorted order (Draft's tie-break)
H_SIZE = H_IDRANK + CCAP


@njit
def _pysum(H: Any, xs: Any, n: int) -> float:
    """Python's ``sum`` of n floats (from an int 0 start), as this Python does it."""
    f = 0.0
    if not H[H_NEUMAIER]:
        for i in range(n):
            f += xs[i]
        return f
    c = 0.0
    for i in range(n):
        x = xs[i]
        t = f + x
        if abs(f) >= abs(x):
            c += (f - t) + x
        else:
            c += (x - t) + f
        f = t
    if c != 0.0 and np.isfinite(c):
        f += c
    return f


@njit
def _units(T: Any, doms: Any, n: int) -> int:
    mask = 0
    halves = 0
    for i in range(n):
        mask |= T[T_DMASK + doms[i]]
        halves += T[T_DHALVES + doms[i]]
    bits = 0
    while mask:
        bits += mask & 1
        mask >>= 1
    return bits + min(halves, 2)


@njit
def _all_elements(T: Any, doms: Any, n: int) -> bool:
    mask = 0
    halves = 0
    for i in range(n):
        mask |= T[T_DMASK + doms[i]]
        halves += T[T_DHALVES + doms[i]]
    return mask == T[T_ALLMASK] and halves >= T[T_HALVES]


@njit
def _position_value(
    T: Any, H: Any, mine: Any, nm: int, theirs: Any, nt: int, b0: int, b1: int, on: bool, done: int
) -> float:
    """agents/heuristics/nine_domains.position_value."""
    dec = H[H_DECISIVE]
    if on:
        a = _all_elements(T, mine, nm)
        b = _all_elements(T, theirs, nt)
        if a != b:
            return dec if a else -dec
        if a and b:
            on = False
    vm = 0
    for i in range(nm):
        vm += T[T_DVP + mine[i]]
    vt = 0
    for i in range(nt):
        vt += T[T_DVP + theirs[i]]
    diff = vm + b0 - vt - b1
    if done >= T[T_ROUNDS]:
        head = dec if diff > 0 else (-dec if diff < 0 else 0.0)
        return head + 0.05 * diff
    r = min(done, 2) - 1
    if r < 0:  # Python's index -1: the last weight
        r += 2
    logit = H[H_VPW + r] * diff
    if on:
        um = min(_units(T, mine, nm), 4)
        ut = min(_units(T, theirs, nt), 4)
        logit += H[H_UW + r * 5 + um] - H[H_UW + r * 5 + ut]
    return dec * (2.0 / (1.0 + math.exp(-logit)) - 1.0)


@njit
def _incoming(S: Any, T: Any, out: Any) -> None:
    """view.incoming: last round's 1+/2+/4+ on this round's cards, [player][pile]."""
    out[:, :] = 0
    h = S[HISTN]
    if h == 0 or S[RND] >= T[T_ROUNDS]:
        return
    for p in range(2):
        base = HIST + (h - 1) * 2 * NP + p * NP
        for i in range(NP):
            c = S[base + i]
            nb = T[T_NEXT + c]
            if nb:
                target = 1 - p if (T[T_NEXTOPT + c] and S[O_FOUR_OPP]) else p
                out[target, i] += nb


@njit
def _known_unplayed(S: Any, T: Any, q: int, out: Any) -> int:
    """view.known_unplayed: q's unused base cards and shown specials, sorted."""
    m = 0
    used = USED + q * CCAP
    nu = S[USEDN + q]
    for c in range(T[T_NBASE]):
        if not _contains(S, used, nu, c):
            out[m] = c
            m += 1
    for i in range(S[SEENN + q]):
        c = S[SEEN + q * CCAP + i]
        if not _contains(S, used, nu, c):
            j = m
            while j > 0 and out[j - 1] > c:
                out[j] = out[j - 1]
                j -= 1
            out[j] = c
            m += 1
    return m


@njit
def _specials_pool(S: Any, T: Any, me: int, out: Any) -> int:
    """The specials the opponent may hold unseen, in the catalog's order (possible_specials)."""
    q = 1 - me
    m = 0
    for i in range(T[T_NSPEC]):
        c = T[T_SPECIALS + i]
        if _contains(S, SEEN + q * CCAP, S[SEENN + q], c):
            continue
        if not S[O_INDEP] and (
            _contains(S, HAND + me * CCAP, S[HANDN + me], c)
            or _contains(S, USED + me * CCAP, S[USEDN + me], c)
            or _contains(S, PLACED + me * NP, NP, c)
        ):
            continue
        out[m] = c
        m += 1
    return m


@njit
def _fight_outcome(T: Any, a: int, sa: int, ta: int, b: int, sb: int, tb: int) -> int:
    w, _ = _fight(T, a, sa, ta, b, sb, tb)
    return w


@njit
def _choose_k(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


@njit
def _permutations(n: int, k: int) -> Any:
    """itertools.permutations(range(n), k) for k <= 3, in its order (rows of positions)."""
    total = 1
    for i in range(k):
        total *= n - i
    out = np.zeros((max(total, 0), NP), dtype=np.int64)
    r = 0
    for a in range(n):
        if k == 1:
            out[r, 0] = a
            r += 1
            continue
        for b in range(n):
            if b == a:
                continue
            if k == 2:
                out[r, 0] = a
                out[r, 1] = b
                r += 1
                continue
            for c in range(n):
                if c == a or c == b:  # noqa: SIM109 (plain compares compile simply)
                    continue
                out[r, 0] = a
                out[r, 1] = b
                out[r, 2] = c
                r += 1
    return out


@njit
def _perm3(n: int) -> int:
    return n * (n - 1) * (n - 2) if n >= 3 else 0


@njit
def _refine_rows(
    S: Any, T: Any, H: Any, me: int, my_rows: Any, nrows: int, tops: Any, opp: Any, nopp: int
) -> Any:
    """HeuristicAgent._refine: each of my rows' mean position value over the opponent's rows."""
    q = 1 - me
    rnd = S[RND]
    on = not S[ELEMENTS_OFF]
    out = np.zeros(nrows, dtype=np.float64)
    cards = np.empty((2, NP), dtype=np.int64)
    total = np.zeros((2, NP), dtype=np.int64)
    plus = np.zeros((2, NP), dtype=np.int64)
    side = np.empty((2, DCAP), dtype=np.int64)
    ns = np.zeros(2, dtype=np.int64)
    swappers = np.empty(NP, dtype=np.int64)
    for j in range(nrows):
        tv = 0.0
        for r in range(nopp):
            for i in range(NP):
                cards[me, i] = my_rows[j, i]
                cards[q, i] = opp[r, i]
            total[:, :] = 0
            plus[:, :] = 0
            _modifiers(S, T, cards, total, plus)
            tie = total if S[O_MALUS] else plus
            # side 0: mine, side 1: theirs
            for x in range(2):
                who = me if x == 0 else q
                ns[x] = S[WONN + who]
                for i in range(ns[x]):
                    side[x, i] = S[WON + who * DCAP + i]
            b_me = S[BONUS + me]
            b_q = S[BONUS + q]
            nsw = 0
            for i in range(NP):
                a = cards[0, i]
                c = cards[1, i]
                sa = T[T_VALUE + a] + total[0, i]
                sc = T[T_VALUE + c] + total[1, i]
                w, by_effect = _fight(T, a, sa, tie[0, i], c, sc, tie[1, i])
                if w == REMOVED_W:
                    continue
                wc = cards[w, i]
                x = 0 if w == me else 1
                side[x, ns[x]] = tops[i]
                ns[x] += 1
                power = T[T_POWER + wc]
                if power == P_BONUS and not by_effect:
                    ws = sa if w == 0 else sc
                    ls = sc if w == 0 else sa
                    if ws - ls >= T[T_BMARGIN + wc]:
                        if x == 0:
                            b_me += T[T_BVP + wc]
                        else:
                            b_q += T[T_BVP + wc]
                elif power == P_SWAP:
                    swappers[nsw] = x
                    nsw += 1
            for k in range(nsw):
                tk = swappers[k]  # the taker's side
                gv = 1 - tk
                if ns[tk] and ns[gv]:
                    ti = 0  # the giver's best domain (the first of the best)
                    for i in range(1, ns[gv]):
                        if T[T_DVP + side[gv, i]] > T[T_DVP + side[gv, ti]]:
                            ti = i
                    gi = 0  # the taker's worst (the first of the worst)
                    for i in range(1, ns[tk]):
                        if T[T_DVP + side[tk, i]] < T[T_DVP + side[tk, gi]]:
                            gi = i
                    t = side[gv, ti]
                    g = side[tk, gi]
                    if T[T_DVP + t] > T[T_DVP + g]:
                        side[tk, gi] = t
                        side[gv, ti] = g
            tv += _position_value(T, H, side[0], ns[0], side[1], ns[1], b_me, b_q, on, rnd + 1)
        out[j] = tv / nopp
    return out


@njit
def _heuristic_place(S: Any, T: Any, H: Any, me: int) -> int:
    """HeuristicAgent._place (through _rank): the action code of its choice."""
    q = 1 - me
    rounds = T[T_ROUNDS]
    rnd = min(S[RND] + 1, rounds) - 1
    last = rnd == rounds - 1
    on = not S[ELEMENTS_OFF]
    nm = S[WONN + me]
    nt = S[WONN + q]
    mine = S[WON + me * DCAP : WON + me * DCAP + nm]
    theirs = S[WON + q * DCAP : WON + q * DCAP + nt]
    b0 = S[BONUS + me]
    b1 = S[BONUS + q]
    tops = np.empty(NP, dtype=np.int64)
    for i in range(NP):
        tops[i] = S[PILE + i * DCAP + S[PILEN + i] - 1]
    placed = S[PLACED + me * NP : PLACED + me * NP + NP]
    nh = S[HANDN + me]
    hand = S[HAND + me * CCAP : HAND + me * CCAP + nh]
    free = np.empty(NP, dtype=np.int64)
    k = 0
    for i in range(NP):
        if placed[i] == EMPTY:
            free[k] = i
            k += 1
    inc = np.zeros((2, NP), dtype=np.int64)
    _incoming(S, T, inc)
    # the opponent's possible cards and their weights
    known = np.empty(CCAP, dtype=np.int64)
    nk = _known_unplayed(S, T, q, known)
    unknown = S[HANDN + q] + S[NPLACED + q] - nk
    pool = np.empty(CCAP, dtype=np.int64)
    npool = _specials_pool(S, T, me, pool) if unknown > 0 else 0
    ou = np.empty(2 * CCAP, dtype=np.int64)
    ow = np.empty(2 * CCAP, dtype=np.float64)
    no = 0
    for i in range(nk):
        ou[no] = known[i]
        ow[no] = 1.0
        no += 1
    if unknown > 0 and npool > 0:
        w = unknown / npool
        for i in range(npool):
            ou[no] = pool[i]
            ow[no] = w
            no += 1
    total_w = _pysum(H, ow, no)
    if total_w == 0.0:
        total_w = 1.0
    four_opp = S[O_FOUR_OPP]
    malus = S[O_MALUS]
    dec = H[H_DECISIVE]
    # the value of each joint outcome of the three combats (0 mine, 1 theirs, 2 removed)
    values = np.empty(27, dtype=np.float64)
    m2 = np.empty(DCAP, dtype=np.int64)
    t2 = np.empty(DCAP, dtype=np.int64)
    for o in range(27):
        digits = (o // 9, (o // 3) % 3, o % 3)
        a = 0
        for i in range(nm):
            m2[a] = mine[i]
            a += 1
        b = 0
        for i in range(nt):
            t2[b] = theirs[i]
            b += 1
        for i in range(NP):
            if digits[i] == 0:
                m2[a] = tops[i]
                a += 1
            elif digits[i] == 1:
                t2[b] = tops[i]
                b += 1
        values[o] = _position_value(T, H, m2, a, t2, b, b0, b1, on, rnd + 1)
    swap_gain = 0.0
    if nt:
        best_take = T[T_DVP + theirs[0]]
        for i in range(1, nt):
            best_take = max(best_take, T[T_DVP + theirs[i]])
        worst_own = best_take
        if nm:
            worst_own = T[T_DVP + mine[0]]
            for i in range(1, nm):
                worst_own = min(worst_own, T[T_DVP + mine[i]])
        swap_gain = H[H_SWAPV] * max(0.0, best_take - worst_own)
    vp_unit = dec * H[H_VPW + min(rnd, 1)] / 2
    future_slot = (H[H_MEANVP] + (H[H_NEED] if on else 0.0)) * vp_unit
    keep = np.zeros(CCAP, dtype=np.float64)
    for hi in range(nh):
        c = hand[hi]
        score = 0.0
        for j in range(no):
            u = ou[j]
            win = _fight_outcome(T, c, T[T_VALUE + c], 0, u, T[T_VALUE + u], 0)
            if win == 0:
                score += ow[j]
            elif win == REMOVED_W:
                score += 0.5 * ow[j]
            else:
                score += 0.0
        keep[c] = score / total_w
    # pile_odds(i, c, change, plus), remembered as the reference's cache does (same numbers)
    ncombo = 1
    for i in range(k):
        ncombo *= nh - i
    scores = np.empty(max(ncombo, 1), dtype=np.float64)
    keeps = np.empty(max(ncombo, 1), dtype=np.float64)
    combos = np.empty((max(ncombo, 1), NP), dtype=np.int64)
    full = np.empty(NP, dtype=np.int64)
    change = np.empty(NP, dtype=np.int64)
    plus = np.empty(NP, dtype=np.int64)
    odds = np.empty((NP, 3), dtype=np.float64)
    perms = _permutations(nh, k)
    n = 0
    for pi in range(perms.shape[0]):
        for i in range(NP):
            full[i] = placed[i]
        for j in range(k):
            full[free[j]] = hand[perms[pi, j]]
            combos[n, j] = hand[perms[pi, j]]
        for i in range(NP):
            change[i] = inc[me, i]
            plus[i] = max(0, inc[me, i])
        for i in range(NP):
            c = full[i]
            if T[T_ADJ + c]:
                single = i == 0 or i == NP - 1
                amt = T[T_ADJ1 + c] if single else T[T_ADJ + c]
                if i - 1 >= 0:
                    change[i - 1] += amt
                    plus[i - 1] += amt
                if i + 1 < NP:
                    change[i + 1] += amt
                    plus[i + 1] += amt
            if last and T[T_LAST + c]:
                change[i] += T[T_LAST + c]
        score = 0.0
        for i in range(NP):
            c = full[i]
            s_me = T[T_VALUE + c] + change[i]
            t_me = change[i] if malus else plus[i]
            opp_in = inc[q, i]
            pw = 0.0
            pl = 0.0
            pr = 0.0
            extra = 0.0
            for j in range(no):
                u = ou[j]
                w = ow[j]
                o_change = opp_in + (T[T_LAST + u] if last else 0)
                s_u = T[T_VALUE + u] + o_change
                t_u = o_change if malus else max(0, o_change)
                win, by_effect = _fight(T, c, s_me, t_me, u, s_u, t_u)
                if win == 0:
                    pw += w
                    if (
                        T[T_POWER + c] == P_BONUS
                        and not by_effect
                        and s_me - s_u >= T[T_BMARGIN + c]
                    ):
                        extra += w * T[T_BVP + c] * vp_unit
                    elif T[T_POWER + c] == P_SWAP:
                        extra += w * swap_gain * vp_unit
                elif win == 1:
                    pl += w
                else:
                    pr += w
            odds[i, 0] = pw / total_w
            odds[i, 1] = pl / total_w
            odds[i, 2] = pr / total_w
            score += extra / total_w
        for o in range(27):
            score += odds[0, o // 9] * odds[1, (o // 3) % 3] * odds[2, o % 3] * values[o]
        keep_term = 0.0
        if not last:
            for j in range(k):
                c = combos[n, j]
                keep_term -= H[H_KEEPW] * keep[c] * future_slot
                if T[T_NEXT + c] and not (T[T_NEXTOPT + c] and four_opp):
                    keep_term += 0.3 * T[T_NEXT + c] * vp_unit
        scores[n] = score + keep_term
        keeps[n] = keep_term
        n += 1
    # the shortlist: the best first, equal scores in the order they came (a stable sort)
    short: int = min(n, int(H[H_SHORT]))
    order = np.empty(short, dtype=np.int64)
    used = np.zeros(n, dtype=np.bool_)
    for s in range(short):
        best = -1
        for j in range(n):
            if not used[j] and (best < 0 or scores[j] > scores[best]):
                best = j
        used[best] = True
        order[s] = best
    best_i = 0
    if short > 1:
        # every row the opponent may have put down, when they are few enough
        kk = unknown
        nhands = 1
        if kk > 0 and npool >= kk:
            nhands = _choose_k(npool, kk)
            width = nk + kk
        else:
            width = nk
            kk = 0
        n_rows = _perm3(width) * nhands
        if 0 < n_rows <= np.int64(H[H_EXACT]):
            opp = np.empty((n_rows, NP), dtype=np.int64)
            h = np.empty(CCAP, dtype=np.int64)
            comb = np.arange(kk)
            pr3 = _permutations(width, NP)
            r = 0
            for _ in range(nhands):
                for i in range(nk):
                    h[i] = known[i]
                for i in range(kk):
                    h[nk + i] = pool[comb[i]]
                for pi in range(pr3.shape[0]):
                    for i in range(NP):
                        opp[r, i] = h[pr3[pi, i]]
                    r += 1
                # the next combination, in itertools' order
                i = kk - 1
                while i >= 0 and comb[i] == i + npool - kk:
                    i -= 1
                if i >= 0:
                    comb[i] += 1
                    for j in range(i + 1, kk):
                        comb[j] = comb[j - 1] + 1
            rows = np.empty((short, NP), dtype=np.int64)
            for s in range(short):
                for i in range(NP):
                    rows[s, i] = placed[i]
                for j in range(k):
                    rows[s, free[j]] = combos[order[s], j]
            refined = _refine_rows(S, T, H, me, rows, short, tops, opp, n_rows)
            for s in range(1, short):
                if refined[s] + keeps[order[s]] > refined[best_i] + keeps[order[best_i]]:
                    best_i = s
    card = combos[order[best_i], 0]
    return T[T_C_PLACE + card * NP + free[0]]


@njit
def _heuristic_swap(S: Any, T: Any, H: Any, me: int) -> int:
    q = 1 - me
    on = not S[ELEMENTS_OFF]
    nm = S[WONN + me]
    nt = S[WONN + q]
    mine = S[WON + me * DCAP : WON + me * DCAP + nm].copy()
    theirs = S[WON + q * DCAP : WON + q * DCAP + nt].copy()
    b0 = S[BONUS + me]
    b1 = S[BONUS + q]
    rnd_view = min(S[RND] + 1, T[T_ROUNDS])
    done = rnd_view if S[PHASE] == POWERS else rnd_view - 1
    best = _position_value(T, H, mine, nm, theirs, nt, b0, b1, on, done)
    bg = -1
    bt = -1
    pick = S[PICK]
    m2 = np.empty(DCAP, dtype=np.int64)
    t2 = np.empty(DCAP, dtype=np.int64)
    ng = 1 if pick != EMPTY else nm
    for gi in range(ng):
        g = pick if pick != EMPTY else mine[gi]
        for ti in range(nt):
            t = theirs[ti]
            for i in range(nm):
                m2[i] = t if mine[i] == g else mine[i]
            for i in range(nt):
                t2[i] = g if theirs[i] == t else theirs[i]
            score = _position_value(T, H, m2, nm, t2, nt, b0, b1, on, done)
            if score > best:
                best = score
                bg = g
                bt = t
    if bg < 0:
        return T[T_DECLINE]
    if pick == EMPTY:
        return T[T_C_GIVE + bg]
    return T[T_C_TAKE + bt]


@njit
def _heuristic_exchange(S: Any, T: Any, H: Any, me: int, buf: Any, m: int) -> int:
    weakest = S[HAND + me * CCAP]
    for i in range(1, S[HANDN + me]):
        c = S[HAND + me * CCAP + i]
        if H[H_POWER + c] < H[H_POWER + weakest]:
            weakest = c
    if S[PICK] == EMPTY:
        top = -1
        for i in range(m):
            code = buf[i]
            if T[T_KIND + code] != K_RECOVER:
                continue
            if top < 0 or H[H_POWER + T[T_ARG + code]] > H[H_POWER + T[T_ARG + top]]:
                top = code
        if top < 0:
            return T[T_DECLINE]
        if H[H_POWER + T[T_ARG + top]] <= H[H_POWER + weakest]:
            return T[T_DECLINE]
        return top
    return T[T_C_DISCARD + weakest]


@njit
def heuristic(S: Any, T: Any, H: Any, p: int, buf: Any, m: int) -> int:
    """HeuristicAgent.act: the code of the action it picks from ``buf[:m]``, the legal moves."""
    if m == 1:
        return buf[0]
    ph = S[PHASE]
    if ph == PLACING:
        return _heuristic_place(S, T, H, p)
    if ph == DRAFTING:
        best = buf[0]
        for i in range(1, m):
            c = T[T_ARG + buf[i]]
            b = T[T_ARG + best]
            if H[H_POWER + c] > H[H_POWER + b] or (
                H[H_POWER + c] == H[H_POWER + b] and H[H_IDRANK + c] > H[H_IDRANK + b]
            ):
                best = buf[i]
        return best
    if ph == POWERS:
        if S[PEND + 1] == SWAP:
            return _heuristic_swap(S, T, H, p)
        return _heuristic_exchange(S, T, H, p, buf, m)
    return buf[0]


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
    ``kinds[0]``) plays RANDOM from its generator or HEURISTIC (which draws nothing)."""
    buf = np.empty(ACAP, dtype=np.int64)
    who = np.empty(2, dtype=np.int64)
    steps = 0
    keep = codes.shape[0]
    while steps < max_steps:
        if actors(S, who) == 0:
            break
        p = who[0]
        m = legal(S, T, p, buf)
        g = p if mode == CHOOSE_AGENTS else 0
        if kinds[g] == HEURISTIC:
            code = heuristic(S, T, H, p, buf, m)
        else:
            i = mt_below(mts[p], m) if mode == CHOOSE_AGENTS else np.int64(mt_random(mts[0]) * m)
            code = buf[i]
        if steps < keep:
            seats[steps] = p
            codes[steps] = code
        apply(S, T, p, code)
        steps += 1
    return steps


@njit
def random_games(
    T: Any,
    H: Any,
    seeds: Any,
    deal_kind: int,
    opts: Any,
    agent_seeds: Any,
    moves: Any,
    winners: Any,
) -> None:
    S = np.zeros(SIZE, dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    mts = np.zeros((2, MT_N + 1), dtype=np.uint64)
    empty = np.zeros(0, dtype=np.int64)
    kinds = np.zeros(2, dtype=np.int64)
    for g in range(seeds.shape[0]):
        rng[0] = np.uint64(seeds[g])
        for p in range(2):
            mt_seed(mts[p], agent_seeds[g, p])
        deal(S, T, rng, deal_kind, opts)
        moves[g] = playout(S, T, H, rng, mts, kinds, CHOOSE_AGENTS, 1 << 40, empty, empty)
        winners[g] = S[WINNER]


@njit
def step_many(Ss: Any, T: Any, players: Any, codes: Any) -> None:
    for g in range(Ss.shape[0]):
        if codes[g] >= 0:
            apply(Ss[g], T, players[g], codes[g])


@njit
def legal_many(Ss: Any, T: Any, players: Any, masks: Any) -> None:
    buf = np.empty(ACAP, dtype=np.int64)
    for g in range(Ss.shape[0]):
        masks[g, :] = 0
        m = legal(Ss[g], T, players[g], buf)
        for i in range(m):
            masks[g, buf[i]] = 1


_DEALS = {"random": 0, "draft": 1, "independent": 2}
