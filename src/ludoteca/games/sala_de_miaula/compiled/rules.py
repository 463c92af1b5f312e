"""Sala de Miaula, compiled: what each action does, the turn's start and end (twin of
``rules.py``).
"""

from __future__ import annotations

from typing import Any

from ....engine.compiled.jit import njit
from .effects import (
    run,
)
from .layout import (
    CAP,
    CUR,
    F_ACTED,
    F_CARD,
    F_ITEM,
    F_OFICINA,
    F_STATUS,
    F_STURN,
    K_EFFECT,
    K_KIND,
    K_PARAM,
    K_POTION,
    NSPENT,
    O_FIRST_DRAWS,
    PCRE,
    PL,
    POTH,
    SPENT,
    TURN,
    Z_CANIL,
    Z_HAND,
    Z_KNOWN,
    ZN,
    ZONES,
)
from .model import (
    _attack_value,
    _cd,
    _cr,
    _damage_creature,
    _damage_life,
    _draw,
    _enter,
    _find,
    _place_for,
    _push,
    _take,
    _to_canil,
)
from .table import (
    HEALTHY,
    ITEM,
    K_ABILITY,
    K_ATTACK,
    K_CANIL,
    K_END,
    K_ITEM_USE,
    K_OFICINA,
    K_PC,
    K_PI,
    K_PS,
    LIFE_T,
    T_ARG,
    T_ARG2,
    T_ASET,
    T_KIND,
)


# -- moves ----------------------------------------------------------------------------------
@njit
def _spend(S: Any, slot: int) -> int:
    at = _cr(S[CUR], slot)
    S[at + F_ACTED] = 1
    S[NSPENT] += 1
    S[SPENT + slot] = 1
    return at


@njit
def _from_hand(S: Any, p: int, cid: int) -> None:
    _take(S, Z_HAND, p, _find(S, Z_HAND, p, cid))
    k = _find(S, Z_KNOWN, p, cid)
    if k >= 0:
        _take(S, Z_KNOWN, p, k)


@njit
def start_turn(S: Any, T: Any) -> None:
    p = S[CUR]
    S[PCRE] = 0
    S[POTH] = 0
    S[NSPENT] = 0
    S[SPENT : SPENT + PL] = 0
    for i in range(PL):
        at = _cr(p, i)
        if S[at + F_CARD] < 0:
            continue
        S[at + F_ACTED] = 0
        if S[at + F_OFICINA]:  # back with the newest item of the Canil, if hands are free
            S[at + F_OFICINA] = 0
            if S[at + F_ITEM] < 0:
                cat = ZONES + (Z_CANIL * 2 + p) * CAP
                for j in range(S[ZN + Z_CANIL * 2 + p] - 1, -1, -1):
                    if S[_cd(S[cat + j], K_KIND)] == ITEM:
                        item = _take(S, Z_CANIL, p, j)
                        S[at + F_ITEM] = item
                        if S[_cd(item, K_POTION)]:
                            S[at + F_STATUS] = HEALTHY
                        break
    if S[TURN] == 1 and not S[O_FIRST_DRAWS]:
        return
    _draw(S, p)


@njit
def end_turn(S: Any, T: Any) -> None:
    p = S[CUR]
    for i in range(PL):
        at = _cr(p, i)
        if S[at + F_CARD] >= 0 and S[at + F_STATUS] != HEALTHY and S[at + F_STURN] < S[TURN]:
            S[at + F_STATUS] = HEALTHY
    S[CUR] = 1 - p
    S[TURN] += 1
    start_turn(S, T)


@njit
def apply(S: Any, T: Any, p: int, code: int) -> None:
    kind = T[T_KIND + code]
    arg = T[T_ARG + code]
    arg2 = T[T_ARG2 + code]
    if kind == K_END:
        end_turn(S, T)
    elif kind == K_ATTACK:
        gm = T[T_ASET + arg]
        total = 0
        for i in range(PL):
            if gm >> i & 1:
                total += _attack_value(S, _spend(S, i))
        if arg2 == LIFE_T:
            _damage_life(S, 1 - p, total)
        else:
            _damage_creature(S, 1 - p, arg2, total)
    elif kind == K_PC:
        _from_hand(S, p, arg)
        slot = _place_for(S, p, True)
        at = _enter(S, p, arg, slot)
        S[PCRE] = 1
        # the very first turn, and no acting in the place of one that acted this turn
        S[at + F_ACTED] = 1 if S[TURN] == 1 or S[SPENT + slot] else 0
    elif kind == K_PI:
        _from_hand(S, p, arg)
        S[POTH] = 1
        at = _cr(p, arg2)
        if S[at + F_ITEM] >= 0:
            _push(S, Z_CANIL, p, S[at + F_ITEM])
        S[at + F_ITEM] = arg
        if S[_cd(arg, K_POTION)]:
            S[at + F_STATUS] = HEALTHY
    elif kind == K_PS:
        _from_hand(S, p, arg)
        S[POTH] = 1
        run(S, T, S[_cd(arg, K_EFFECT)], S[_cd(arg, K_PARAM)], p, arg2)
        _push(S, Z_CANIL, p, arg)  # once resolved, to the Canil
    elif kind == K_ABILITY:
        c = S[_spend(S, arg) + F_CARD]
        run(S, T, S[_cd(c, K_EFFECT)], S[_cd(c, K_PARAM)], p, arg2)
    elif kind == K_ITEM_USE:
        it = S[_spend(S, arg) + F_ITEM]
        run(S, T, S[_cd(it, K_EFFECT)], S[_cd(it, K_PARAM)], p, arg2)
    elif kind == K_CANIL:
        _spend(S, arg)
        _to_canil(S, p, arg)
    elif kind == K_OFICINA:
        S[_spend(S, arg) + F_OFICINA] = 1


@njit
def step(S: Any, T: Any, rng: Any, p: int, code: int) -> None:
    """``apply`` as the shared drivers call a move (``engine/compiled/drivers.py``): play draws
    no chance after the deal, so ``rng`` is unused."""
    apply(S, T, p, code)
