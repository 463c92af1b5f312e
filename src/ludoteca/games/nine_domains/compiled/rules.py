"""The Nine Domains, compiled: what a move does and the round's flow after the sixth card is
down (twin of ``rules.py``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ....engine.compiled.jit import njit
from .combat import (
    _fight,
    _has_all_elements,
    _modifiers,
    _points,
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
    REASON,
    REMOVED,
    REMOVEDN,
    RND,
    SEEN,
    SEENN,
    USED,
    USEDN,
    WINNER,
    WON,
    WONN,
)
from .legal import (
    _recoverable,
)
from .lists import (
    _contains,
    _insort,
    _remove,
)
from .table import (
    EMPTY,
    EXCHANGE,
    K_DECLINE,
    K_DISCARD,
    K_DRAFT,
    K_GIVE,
    K_PLACE,
    K_RECOVER,
    K_TAKE,
    OVER,
    P_BONUS,
    P_EXCHANGE,
    P_SWAP,
    PLACING,
    POWERS,
    REMOVED_W,
    SWAP,
    T_ARG,
    T_ARG2,
    T_BMARGIN,
    T_BVP,
    T_KIND,
    T_NOSTR,
    T_POWER,
    T_ROUNDS,
    T_SPECIAL,
    T_VALUE,
)


# -- what a move does (rules.py) ----------------------------------------------------------
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


@njit
def step(S: Any, T: Any, rng: Any, p: int, code: int) -> None:
    """``apply`` as the shared drivers call a move (``engine/compiled/drivers.py``): play draws
    no chance after the deal, so ``rng`` is unused."""
    apply(S, T, p, code)
