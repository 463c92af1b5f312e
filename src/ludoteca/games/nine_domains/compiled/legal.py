"""The Nine Domains, compiled: who acts and the legal moves (twin of ``legal.py``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ....engine.compiled.jit import njit
from .layout import (
    CCAP,
    DCAP,
    DRAFT_STEP,
    HAND,
    HANDN,
    HIST,
    HISTN,
    NP,
    NPLACED,
    O_EXCH_ROUND,
    PEND,
    PHASE,
    PICK,
    PLACED,
    POOL,
    POOLN,
    USED,
    USEDN,
    WON,
    WONN,
)
from .lists import (
    _contains,
)
from .table import (
    DRAFTING,
    EMPTY,
    PLACING,
    POWERS,
    SWAP,
    T_C_DISCARD,
    T_C_DRAFT,
    T_C_GIVE,
    T_C_PLACE,
    T_C_RECOVER,
    T_C_TAKE,
    T_DECLINE,
)


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
