"""The Nine Domains, compiled: strengths with their modifiers, one fight, the element check
(twin of ``combat.py``).
"""

from __future__ import annotations

from typing import Any

from ....engine.compiled.jit import njit
from .layout import (
    BONUS,
    CCAP,
    DCAP,
    HIST,
    HISTN,
    NP,
    O_FOUR_OPP,
    RND,
    WON,
    WONN,
)
from .table import (
    REMOVED_W,
    T_ADJ,
    T_ADJ1,
    T_ALLMASK,
    T_DHALVES,
    T_DMASK,
    T_DVP,
    T_EFFECT,
    T_HALVES,
    T_LAST,
    T_NEXT,
    T_NEXTOPT,
    T_NOSTR,
    T_ROUNDS,
    T_SIGN,
)


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
