"""Coatl, compiled: the bags, the display and the Prophecy deck (twin of ``supply.py``), drawing
from the state's SplitMix64 exactly as the package does.
"""

from __future__ import annotations

from typing import Any

from ....engine.compiled.jit import njit
from ....engine.compiled.rng import randbelow
from .layout import (
    BAGS,
    BODY,
    BODYN,
    BODYS,
    DECK,
    DECKN,
    DISC,
    DISCN,
    DISPLAY,
    HEAD,
    HEADS,
    NC,
    NDISPLAY,
    NHEAD,
    NSPACE,
    TAIL,
    TAILS,
)
from .lists import (
    _shuffle,
)


# -- the supply (supply.py) ---------------------------------------------------------------
@njit
def _draw_piece(S: Any, rng: Any, kind: int) -> int:
    bag = BAGS + kind * NC
    total = 0
    for c in range(NC):
        total += S[bag + c]
    if total == 0:
        return -1
    r = randbelow(rng, total)
    for c in range(NC):
        if r < S[bag + c]:
            S[bag + c] -= 1
            return c
        r -= S[bag + c]
    return -1  # unreachable: the counts add up to total


@njit
def _fill_empty(S: Any, rng: Any) -> None:
    for i in range(NSPACE):
        if S[BODYN + i] == 0:
            for _ in range(2):
                c = _draw_piece(S, rng, BODY)
                if c >= 0:
                    S[BODYS + 2 * i + S[BODYN + i]] = c
                    S[BODYN + i] += 1
    for i in range(NHEAD):
        if S[HEADS + i] < 0:
            S[HEADS + i] = _draw_piece(S, rng, HEAD)
    for i in range(NHEAD):
        if S[TAILS + i] < 0:
            S[TAILS + i] = _draw_piece(S, rng, TAIL)


@njit
def _needs_refill(S: Any) -> bool:
    empty = True
    for i in range(NSPACE):
        if S[BODYN + i] > 0:
            empty = False
            break
    if empty:
        return True
    for i in range(NHEAD):  # noqa: SIM110
        if S[HEADS + i] >= 0 or S[TAILS + i] >= 0:
            return False
    return True


@njit
def _bodies_exhausted(S: Any) -> bool:
    for c in range(NC):
        if S[BAGS + BODY * NC + c] > 0:
            return False
    for i in range(NSPACE):  # noqa: SIM110
        if S[BODYN + i] > 0:
            return False
    return True


@njit
def _draw_card(S: Any, rng: Any) -> int:
    if S[DECKN] == 0 and S[DISCN] > 0:
        k = S[DISCN]
        # sorted(discard), then shuffled, becomes the deck
        for i in range(k):
            x = S[DISC + i]
            j = i
            while j > 0 and S[DECK + j - 1] > x:
                S[DECK + j] = S[DECK + j - 1]
                j -= 1
            S[DECK + j] = x
        S[DISCN] = 0
        _shuffle(rng, S, DECK, k)
        S[DECKN] = k
    k = S[DECKN]
    if k == 0:
        return -1
    S[DECKN] = k - 1
    return S[DECK + k - 1]


@njit
def _refill_display(S: Any, rng: Any) -> None:
    for i in range(NDISPLAY):
        if S[DISPLAY + i] < 0:
            c = _draw_card(S, rng)
            if c < 0:
                break
            S[DISPLAY + i] = c
