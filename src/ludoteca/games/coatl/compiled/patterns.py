"""Coatl, compiled: a Prophecy's and a Temple's patterns counted on a Coatl (twin of
``patterns.py``).
"""

from __future__ import annotations

from typing import Any

from ....engine.compiled.jit import njit
from .layout import (
    C_NP,
    C_PC,
    NC,
)
from .table import (
    F_BRIDGE,
    F_COUNT,
    F_MIRROR,
    F_PAIR,
    F_TRIO,
    MAX_OCC,
    T_BOTH,
    T_ONE,
    T_PCOL,
    T_PFAM,
    T_PNC,
    T_PNEED,
    T_PNT,
    T_PVAL,
    T_TC0,
    T_TC1,
    T_TKIND,
    T_TVAL,
    TIERS,
    TK_ABSENT,
    TK_LENGTH,
)


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
