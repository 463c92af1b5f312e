"""Coatl, compiled: the result (twin of ``scoring.py``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ....engine.compiled.jit import njit
from .layout import (
    C_DONE,
    C_PR,
    C_PRN,
    C_TEMPLE,
    CSIZE,
    LCAP,
    MAXP,
    NPL,
    O_TIEUNF,
    P_COATL,
    P_NCOATL,
    PLAYERS,
    PSIZE,
)
from .patterns import (
    _colours,
    _ppoints,
    _tpoints,
)


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
    result_keys(S, T, keys)
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


@njit
def result_keys(S: Any, T: Any, keys: Any) -> None:
    """Each seat's ``scoring.result`` key into ``keys[seat]`` (zeroed first): its points, the
    cards beside its Coatls, its best Coatl."""
    n = S[NPL]
    keys[:n, :] = 0
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
