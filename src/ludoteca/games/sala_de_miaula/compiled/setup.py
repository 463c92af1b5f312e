"""Sala de Miaula, compiled: the deal (twin of ``setup.py``). Nothing in a game draws from the
state's generator after the deal (the deal shuffles, picks the first player and the terrain;
play has no chance), so only ``deal`` reads it.
"""

from __future__ import annotations

from typing import Any

from ....engine.compiled.jit import njit
from ....engine.compiled.rng import randbelow
from .layout import (
    CAP,
    CUR,
    FIRST,
    TELEM,
    TERRAIN,
    TURN,
    Z_DECK,
    Z_HAND,
    ZN,
    ZONES,
)
from .model import (
    _pop,
    _push,
)
from .rules import (
    start_turn,
)
from .table import (
    T_HAND_SIZE,
    T_TELEM,
)


# -- the deal -------------------------------------------------------------------------------
@njit
def deal(S: Any, T: Any, rng: Any, first: int, terrain: int, choices: Any) -> None:
    """``SalaDeMiaula._new_game`` on ``S``, a fresh state whose decks hold the sorted deck
    lists: shuffle both, the first player (``first`` < 0: drawn), the terrain (``terrain`` < 0:
    drawn from ``choices``), five cards each, the first turn."""
    for q in range(2):
        at = ZONES + (Z_DECK * 2 + q) * CAP
        n = S[ZN + Z_DECK * 2 + q]
        for i in range(n - 1, 0, -1):
            j = randbelow(rng, i + 1)
            x = S[at + i]
            S[at + i] = S[at + j]
            S[at + j] = x
    S[FIRST] = first if first >= 0 else randbelow(rng, 2)
    t = terrain if terrain >= 0 else choices[randbelow(rng, choices.shape[0])]
    S[TERRAIN] = t
    S[TELEM] = T[T_TELEM + t]
    for q in range(2):
        for _ in range(T[T_HAND_SIZE]):
            _push(S, Z_HAND, q, _pop(S, Z_DECK, q))
    S[CUR] = S[FIRST]
    S[TURN] = 1
    start_turn(S, T)
