"""Exploding Kittens, compiled: the legal moves of a seat over the flat array. Twin of
``legal.py``.
"""

from __future__ import annotations

from typing import Any

from ....engine.compiled.jit import njit
from .layout import (
    ACTN,
    ACTORS,
    AI,
    AK,
    ALIVE,
    ALTER,
    BURY_PHASE,
    CUR,
    DEFUSE_PHASE,
    DISC,
    DISCN,
    FIVE,
    GIVE,
    HANDS,
    HN,
    MAIN,
    NAME,
    NKC,
    O_FIVE,
    PEND,
    PHASE,
    PICKN,
    PICKS,
    PILE,
    PILEN,
    T_ALTERC,
    T_BURYAT,
    T_C_DRAW,
    T_C_FIVE_START,
    T_C_NOPE,
    T_C_PASS,
    T_DEFUSEAT,
    T_FAVOR,
    T_FIVEPICK,
    T_FIVESAME,
    T_FIVESAMEW,
    T_GIVE,
    T_ISACT,
    T_ISCAT,
    T_KITTEN,
    T_MAXPILE,
    T_NAME,
    T_NK,
    T_NOPE,
    T_PAIR,
    T_PAIRW,
    T_PLAY,
    T_TAKE,
    T_TARGET,
    T_TARGETED,
    T_TRIPLE,
    T_TRIPLEW,
    T_WILD,
    TAKE,
    TARGET,
    WINDOW,
    N,
)


# -- legal moves --------------------------------------------------------------------------
@njit
def _valid_target(S: Any, T: Any, t: int) -> bool:
    if t == S[CUR] or not S[ALIVE + t]:
        return False
    return S[PEND] == T[T_TARGETED] or S[HN + t] > 0


@njit
def _main_actions(S: Any, T: Any, p: int, out: Any) -> int:
    h = HANDS + p * NKC
    nk = T[T_NK]
    tgt = False
    for q in range(S[N]):
        if q != p and S[ALIVE + q] and S[HN + q]:
            tgt = True
            break
    out[0] = T[T_C_DRAW]
    m = 1
    distinct = 0
    favor = T[T_FAVOR]
    for c in range(nk):
        k = S[h + c]
        if not k:
            continue
        distinct += 1
        if T[T_ISACT + c] and (tgt or c != favor):
            out[m] = T[T_PLAY + c]
            m += 1
        if k >= 2 and tgt:
            out[m] = T[T_PAIR + c]
            m += 1
            if k >= 3:
                out[m] = T[T_TRIPLE + c]
                m += 1
    w = S[h + T[T_WILD]]
    if w and tgt:
        for c in range(nk):
            if not T[T_ISCAT + c]:
                continue
            k = S[h + c]
            if k:
                out[m] = T[T_PAIRW + c]
                m += 1
                if k >= 2:
                    out[m] = T[T_TRIPLEW + c * 3 + 1]
                    m += 1
                if w >= 2:
                    out[m] = T[T_TRIPLEW + c * 3 + 2]
                    m += 1
    if S[O_FIVE]:
        if distinct >= 5:
            out[m] = T[T_C_FIVE_START]
            m += 1
    else:
        for c in range(nk):
            if S[h + c] >= 5:
                out[m] = T[T_FIVESAME + c]
                m += 1
        if w:
            for c in range(nk):
                if not T[T_ISCAT + c]:
                    continue
                k = S[h + c]
                if k:
                    for wi in range(max(1, 5 - k), min(w, 4) + 1):
                        out[m] = T[T_FIVESAMEW + c * 5 + wi]
                        m += 1
    return m


@njit
def _five_picks(S: Any, T: Any, p: int, out: Any) -> int:
    """The next card of a five-different combo: held, above the last pick, leaving enough
    cards above it for the picks still needed (as legal_actions slices its list)."""
    nk = T[T_NK]
    m = 0
    need = 5 - S[PICKN]
    last = S[PICKS + S[PICKN] - 1] if S[PICKN] else -1
    held = 0
    for c in range(last + 1, nk):
        if S[HANDS + p * NKC + c]:
            held += 1
    stop = held - need + 1  # Python's slice held[:stop]
    if stop < 0:
        stop = max(0, held + stop)
    for c in range(last + 1, nk):
        if m >= stop:
            break
        if S[HANDS + p * NKC + c]:
            out[m] = T[T_FIVEPICK + c]
            m += 1
    return m


@njit
def legal(S: Any, T: Any, p: int, out: Any) -> int:
    """``legal.legal_actions(st, p)`` as action codes in ``out``, in the same order; returns how
    many."""
    found = False
    for i in range(S[ACTN]):
        if S[ACTORS + i] == p:
            found = True
            break
    if not found:
        return 0
    ph = S[PHASE]
    nk = T[T_NK]
    if ph == WINDOW:
        out[0] = T[T_C_PASS]
        if S[HANDS + p * NKC + T[T_NOPE]]:
            out[1] = T[T_C_NOPE]
            return 2
        return 1
    if ph == MAIN:
        return _main_actions(S, T, p, out)
    m = 0
    if ph == TARGET:
        for t in range(S[N]):
            if _valid_target(S, T, t):
                out[m] = T[T_TARGET + t]
                m += 1
        return m
    if ph == NAME:
        for c in range(nk):
            if c != T[T_KITTEN]:
                out[m] = T[T_NAME + c]
                m += 1
        return m
    if ph == FIVE:
        return _five_picks(S, T, p, out)
    if ph == GIVE:
        for c in range(nk):
            if S[HANDS + p * NKC + c]:
                out[m] = T[T_GIVE + c]
                m += 1
        return m
    if ph == TAKE:
        for c in range(nk):
            for i in range(S[DISCN]):
                if S[DISC + i] == c:
                    out[m] = T[T_TAKE + c]
                    m += 1
                    break
        return m
    if ph == ALTER:
        low = S[PILEN] - S[AK]
        top = S[PILEN] - 1 - S[AI]
        for c in range(nk):
            for i in range(max(low, 0), top + 1):
                if S[PILE + i] == c:
                    out[m] = T[T_ALTERC + c]
                    m += 1
                    break
        return m
    if ph == DEFUSE_PHASE or ph == BURY_PHASE:  # noqa: SIM109 (plain compares compile simply)
        k = min(S[PILEN] + 1, T[T_MAXPILE] + 1)
        base = T_DEFUSEAT if ph == DEFUSE_PHASE else T_BURYAT
        for i in range(k):
            out[i] = T[base + i]
        return k
    return 0


@njit
def actors(S: Any, out: Any) -> int:
    """The seats to act into ``out`` (the core keeps them in order in ``S``); returns how
    many (0: the game is over)."""
    n = S[ACTN]
    for i in range(n):
        out[i] = S[ACTORS + i]
    return n
