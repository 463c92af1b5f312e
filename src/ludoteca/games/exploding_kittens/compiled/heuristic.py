"""Exploding Kittens, compiled: the heuristic agent over the flat array. Twin of
``agents/heuristics/exploding_kittens.py``; its card preferences arrive as a table built by
``agents/heuristics/compiled/exploding_kittens.py`` (the ``H_*`` slots below), so this package
imports no agent.
"""

from __future__ import annotations

from typing import Any

from ....engine.compiled.jit import njit
from .layout import (
    ALTER,
    BURY_PHASE,
    CUR,
    DEFUSE_PHASE,
    FIVE,
    GIVE,
    HANDS,
    HN,
    K_PAIR,
    K_TRIPLE,
    LIMBO,
    LMASK,
    MAIN,
    NALIVE,
    NAME,
    NKC,
    NOPES,
    OWED,
    PCARD,
    PEND,
    PEND_PAIR,
    PEND_TRIPLE,
    PHASE,
    PILE,
    PILEN,
    PK,
    PTARGET,
    T_ALTER3,
    T_ALTER5,
    T_ARG,
    T_ATTACK,
    T_C_DRAW,
    T_C_NOPE,
    T_C_PASS,
    T_DEFUSE,
    T_FAVOR,
    T_KIND,
    T_KITTEN,
    T_NAME,
    T_NOPE,
    T_PLAY,
    T_SEE3,
    T_SEE5,
    T_TARGET,
    T_TARGETED,
    TAKE,
    TARGET,
    WINDOW,
)
from .rules import _next_alive

# -- the heuristic agent (agents/heuristics/exploding_kittens.py) --------------------------
# its card preferences reach the compiled code as a table too, built from the agent's module
H_VAL = 0  # [card]: how much the agent wants to keep it
H_AIM_NEXT = H_VAL + NKC  # [card]: aimed at the next player (attack, triple attack)
H_AIM_TARGET = H_AIM_NEXT + NKC  # [card]: aimed at a chosen target
H_ESCAPE = H_AIM_TARGET + NKC  # [card]: worth a Nope back when Noped
H_DODGEN = H_ESCAPE + NKC
H_DODGE = H_DODGEN + 1  # the cards that dodge a known kitten, in the agent's order
H_SIZE = H_DODGE + NKC


@njit
def _has(buf: Any, m: int, code: int) -> bool:
    for i in range(m):  # noqa: SIM110 (a loop, not a generator, in compiled code)
        if buf[i] == code:
            return True
    return False


@njit
def _heuristic_main(S: Any, T: Any, H: Any, p: int, buf: Any, m: int, risk: float) -> int:
    h = HANDS + p * NKC
    top = -1
    k = S[PILEN]
    if k and S[PK + k - 1] & (1 << p):
        top = S[PILE + k - 1]
    if top == T[T_KITTEN]:
        for i in range(H[H_DODGEN]):
            code = T[T_PLAY + H[H_DODGE + i]]
            if code >= 0 and _has(buf, m, code):
                return code
        return T[T_C_DRAW]
    if top >= 0:
        return T[T_C_DRAW]
    for slot in (T_SEE3, T_SEE5, T_ALTER3, T_ALTER5):
        code = T[T_PLAY + T[slot]]
        if _has(buf, m, code):
            return code
    kittens = S[NALIVE] - 1 - (1 if (S[LIMBO] == T[T_KITTEN] and S[LMASK] == -1) else 0)
    now = kittens / max(1, k)
    if S[h + T[T_DEFUSE]] == 0:
        best = -1
        for i in range(m):  # the cheapest triple (first of the cheapest)
            code = buf[i]
            if T[T_KIND + code] == K_TRIPLE and (
                best < 0 or H[H_VAL + T[T_ARG + code]] < H[H_VAL + T[T_ARG + best]]
            ):
                best = code
        if best >= 0:
            return best
        if now > risk:
            for i in range(min(6, H[H_DODGEN])):
                code = T[T_PLAY + H[H_DODGE + i]]
                if code >= 0 and _has(buf, m, code):
                    return code
        for i in range(m):
            code = buf[i]
            if T[T_KIND + code] == K_PAIR and H[H_VAL + T[T_ARG + code]] < 10:
                return code
        code = T[T_PLAY + T[T_FAVOR]]
        if _has(buf, m, code):
            return code
    code = T[T_PLAY + T[T_ATTACK]]
    if now > 2 * risk and _has(buf, m, code):
        return code
    return T[T_C_DRAW]


@njit
def heuristic(S: Any, T: Any, H: Any, p: int, buf: Any, m: int, risk: float) -> int:
    """``HeuristicAgent.act`` over the state (what it reads of its view, read directly); -1
    where it would fall back to ``rng.choice(legal)``."""
    ph = S[PHASE]
    if ph == WINDOW:
        if not _has(buf, m, T[T_C_NOPE]):
            return T[T_C_PASS]
        pend = S[PEND]
        pc = S[PCARD]
        effective = S[NOPES] % 2 == 0
        mine = S[CUR] == p
        hits = False
        if pend == PEND_PAIR or pend == PEND_TRIPLE or (pc >= 0 and H[H_AIM_TARGET + pc]):  # noqa: SIM109
            hits = S[PTARGET] == p
        elif pc >= 0 and H[H_AIM_NEXT + pc]:
            hits = _next_alive(S, S[CUR]) == p
        if effective and hits and not mine:
            return T[T_C_NOPE]
        if not effective and mine and pc >= 0 and H[H_ESCAPE + pc]:
            return T[T_C_NOPE]
        return T[T_C_PASS]
    if ph == MAIN:
        return _heuristic_main(S, T, H, p, buf, m, risk)
    if ph == DEFUSE_PHASE:
        return buf[m - 1] if S[OWED] > 1 else buf[0]
    if ph == TARGET:
        if S[PCARD] == T[T_TARGETED]:
            code = T[T_TARGET + _next_alive(S, p)]
            return code if _has(buf, m, code) else buf[0]
        best = buf[0]
        for i in range(1, m):
            if S[HN + T[T_ARG + buf[i]]] > S[HN + T[T_ARG + best]]:
                best = buf[i]
        return best
    if ph == NAME:
        c = T[T_DEFUSE] if S[HANDS + p * NKC + T[T_DEFUSE]] == 0 else T[T_NOPE]
        return T[T_NAME + c]
    if ph == GIVE or ph == FIVE:  # noqa: SIM109
        best = buf[0]
        for i in range(1, m):
            c = T[T_ARG + buf[i]]
            b = T[T_ARG + best]
            if H[H_VAL + c] < H[H_VAL + b] or (H[H_VAL + c] == H[H_VAL + b] and c < b):
                best = buf[i]
        return best
    if ph == TAKE:
        best = buf[0]
        for i in range(1, m):
            if H[H_VAL + T[T_ARG + buf[i]]] > H[H_VAL + T[T_ARG + best]]:
                best = buf[i]
        return best
    if ph == ALTER:
        for i in range(m):
            if T[T_ARG + buf[i]] != T[T_KITTEN]:
                return buf[i]
        return buf[0]
    if ph == BURY_PHASE:
        return buf[m - 1]
    return -1
