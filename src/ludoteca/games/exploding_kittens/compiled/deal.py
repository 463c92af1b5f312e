"""Exploding Kittens, compiled: a new game dealt in compiled code (the benchmark's whole
games). Twin of ``EKState.deal`` (``state.py``).
"""

from __future__ import annotations

from typing import Any

from ....engine.compiled.jit import njit
from ....engine.compiled.rng import randbelow, shuffle_range
from .layout import (
    ALIVE,
    DIR,
    HANDS,
    HN,
    LIMBO,
    NALIVE,
    NKC,
    NO_PEND,
    O_BURY,
    O_FIVE,
    O_SSPASS,
    O_STACK,
    OWED,
    PCARD,
    PEND,
    PILE,
    PILEN,
    PNAME,
    PTARGET,
    T_DECK,
    T_DEFUSE,
    T_KITTEN,
    T_NK,
    N,
)
from .rules import _start_turn


# -- the deal -----------------------------------------------------------------------------
@njit
def deal(S: Any, T: Any, rng: Any, n: int, opts: Any) -> None:
    """``EKState.deal``: ``rng`` holds ``Rng(seed).state``; ``opts`` = (stack, sspass, bury,
    five_different)."""
    S[:] = 0
    S[N] = n
    S[DIR] = 1
    S[OWED] = 1
    S[PEND] = NO_PEND
    S[PCARD] = -1
    S[PTARGET] = -1
    S[PNAME] = -1
    S[LIMBO] = -1
    S[O_STACK] = opts[0]
    S[O_SSPASS] = opts[1]
    S[O_BURY] = opts[2]
    S[O_FIVE] = opts[3]
    nk = T[T_NK]
    deck = T_DECK + n * NKC
    defuse = T[T_DEFUSE]
    kitten = T[T_KITTEN]
    # the other cards in code order, shuffled, in the pile block (used as scratch)
    k = 0
    for c in range(nk):
        if c == defuse or c == kitten:  # noqa: SIM109
            continue
        for _ in range(T[deck + c]):
            S[PILE + k] = c
            k += 1
    shuffle_range(rng, S, PILE, k)
    for p in range(n):
        h = HANDS + p * NKC
        S[h + defuse] = 1
        for i in range(7 * p, 7 * p + 7):
            S[h + S[PILE + i]] += 1
        S[HN + p] = 8
        S[ALIVE + p] = 1
    S[NALIVE] = n
    m = 0
    for i in range(7 * n, k):
        S[PILE + m] = S[PILE + i]
        m += 1
    for _ in range(T[deck + defuse] - n):
        S[PILE + m] = defuse
        m += 1
    for _ in range(n - 1):
        S[PILE + m] = kitten
        m += 1
    shuffle_range(rng, S, PILE, m)
    S[PILEN] = m
    cur = randbelow(rng, n)
    _start_turn(S, cur, 1, 0)
