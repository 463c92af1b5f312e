"""The Nine Domains, compiled: the deal (twin of ``setup.py``), drawing from the state's
SplitMix64 exactly as the package does. Nothing in a game draws from the generator after the
deal (the deal shuffles; play has no chance), so only ``deal`` reads it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ....engine.compiled.jit import njit
from ....engine.compiled.rng import randbelow
from .layout import (
    CCAP,
    DCAP,
    HAND,
    HANDN,
    NP,
    O_FOUR_OPP,
    O_INDEP,
    PHASE,
    PICK,
    PILE,
    PILEN,
    PLACED,
    POOL,
    POOLN,
    WINNER,
)
from .lists import (
    _insort,
)
from .table import (
    DRAFTING,
    EMPTY,
    PLACING,
    T_K,
    T_NBASE,
    T_ND,
    T_NSPEC,
    T_PSIZE,
    T_SPECIALS,
)


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
