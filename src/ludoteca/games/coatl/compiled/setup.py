"""Coatl, compiled: the deal (twin of ``setup.py``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ....engine.compiled.jit import njit
from ....engine.compiled.rng import randbelow
from .layout import (
    ALEFT,
    BAGS,
    BODY,
    DECK,
    DECKN,
    DISPLAY,
    HEAD,
    HEADS,
    NC,
    NDISPLAY,
    NHEAD,
    NPL,
    NTOK,
    O_TOKENS,
    P_HAND,
    P_HANDN,
    P_TEMP,
    P_TEMPN,
    P_TOK,
    PHASE,
    PILEN,
    PILES,
    PLAYERS,
    PSIZE,
    TAIL,
    TAILS,
    TCAP,
    TCOATL,
    TRIGGER,
)
from .lists import (
    _insort,
    _shuffle,
)
from .supply import (
    _draw_card,
    _fill_empty,
)
from .table import (
    SETUP,
    T_BODIES_PC,
    T_FULL,
    T_HEADS_PC,
    T_NDECK,
    T_NTEMPLES,
    T_REDUCED,
    T_STARTING,
    T_TAILS_PC,
)


# -- the deal (setup.py) --------------------------------------------------------------------
@njit
def deal(S: Any, T: Any, rng: Any, n: int, opts: Any) -> None:
    """``setup.new_state``; ``opts`` = (sacrifice tokens, reduced bodies, keep exactly three,
    tie-break counts unfinished)."""
    S[:] = 0
    S[NPL] = n
    for i in range(4):
        S[O_TOKENS + i] = opts[i]
    S[PHASE] = SETUP
    S[ALEFT] = 1
    S[TCOATL] = -1
    S[TRIGGER] = -1
    bodies = T[T_REDUCED + n] if opts[1] else T[T_BODIES_PC]
    for c in range(NC):
        S[BAGS + HEAD * NC + c] = T[T_HEADS_PC]
        S[BAGS + BODY * NC + c] = bodies
        S[BAGS + TAIL * NC + c] = T[T_TAILS_PC]
    for i in range(NHEAD):
        S[HEADS + i] = -1
        S[TAILS + i] = -1
    _fill_empty(S, rng)
    for q in range(n):
        pb = PLAYERS + q * PSIZE
        for i in range(NTOK):
            S[pb + P_TOK + i] = opts[0]
    nt = T[T_NTEMPLES]
    temples = np.arange(nt)
    for i in range(nt - 1, 0, -1):
        j = randbelow(rng, i + 1)
        a = temples[i]
        temples[i] = temples[j]
        temples[j] = a
    left = nt
    for q in range(n):
        pb = PLAYERS + q * PSIZE
        left -= 1
        S[pb + P_TEMP] = temples[left]
        S[pb + P_TEMPN] = 1
    half = (left + 1) // 2
    for i in range(half):
        S[PILES + i] = temples[i]
    S[PILEN] = half
    for i in range(half, left):
        S[PILES + TCAP + i - half] = temples[i]
    S[PILEN + 1] = left - half
    nd = T[T_NDECK]
    for i in range(nd):
        S[DECK + i] = T[T_FULL + i]
    _shuffle(rng, S, DECK, nd)
    S[DECKN] = nd
    for i in range(NDISPLAY):
        S[DISPLAY + i] = _draw_card(S, rng)
    for q in range(n):
        pb = PLAYERS + q * PSIZE
        for _ in range(T[T_STARTING + q]):
            _insort(S, pb + P_HAND, pb + P_HANDN, _draw_card(S, rng))
