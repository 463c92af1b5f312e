"""Sala de Miaula, compiled: who acts and the legal moves (twin of ``legal.py``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ....engine.compiled.jit import njit
from .effects import (
    can_use,
)
from .layout import (
    CAP,
    CUR,
    F_ACTED,
    F_CARD,
    F_ITEM,
    F_STATUS,
    K_EFFECT,
    K_GUARD,
    K_KIND,
    K_PARAM,
    NSPENT,
    O_OFI_ANY,
    O_OFICINA,
    OVER,
    PCRE,
    PL,
    POTH,
    Z_HAND,
    ZN,
    ZONES,
)
from .model import (
    _cd,
    _cr,
    _free_place,
    _may_stand,
)
from .table import (
    CREATURE,
    FAINTED,
    HEALTHY,
    ITEM,
    LIFE_T,
    NG,
    T_AB,
    T_ASET,
    T_ATK,
    T_CANIL,
    T_END,
    T_IU,
    T_MAX_ACTIONS,
    T_OFI,
    T_PC,
    T_PI,
    T_PS,
)


# -- legal moves ----------------------------------------------------------------------------
@njit
def actors(S: Any, out: Any) -> int:
    if S[OVER]:
        return 0
    out[0] = S[CUR]
    return 1


@njit
def _attack_targets(S: Any, p: int, out: Any) -> int:
    """``legal.attack_targets``: awake guards first; else the occupied places; else life."""
    foe = 1 - p
    k = 0
    for i in range(PL):
        at = _cr(foe, i)
        c = S[at + F_CARD]
        if c >= 0 and S[at + F_STATUS] != FAINTED and S[_cd(c, K_GUARD)]:
            out[k] = i
            k += 1
    if k:
        return k
    for i in range(PL):
        if S[_cr(foe, i) + F_CARD] >= 0:
            out[k] = i
            k += 1
    if k:
        return k
    out[0] = LIFE_T
    return 1


@njit
def _hand_plays(S: Any, T: Any, p: int, out: Any, m: int) -> int:
    """The plays from p's hand (a creature, an item on a creature, a spell at a target), each
    card once, into ``out`` from m; returns the new count."""
    free = _free_place(S, p) >= 0
    hat = ZONES + (Z_HAND * 2 + p) * CAP
    nh = S[ZN + Z_HAND * 2 + p]
    for h in range(nh):
        cid = S[hat + h]
        dup = False
        for j in range(h):
            if S[hat + j] == cid:
                dup = True
                break
        if dup:
            continue
        kind = S[_cd(cid, K_KIND)]
        if kind == CREATURE:
            if not S[PCRE] and free and _may_stand(S, cid):
                out[m] = T[T_PC + cid]
                m += 1
        elif S[POTH]:
            continue
        elif kind == ITEM:
            for i in range(PL):
                if S[_cr(p, i) + F_CARD] >= 0:
                    out[m] = T[T_PI + cid * PL + i]
                    m += 1
        else:
            eff = S[_cd(cid, K_EFFECT)]
            par = S[_cd(cid, K_PARAM)]
            for t in range(4):
                if can_use(S, eff, par, p, t):
                    out[m] = T[T_PS + cid * 4 + t]
                    m += 1
    return m


@njit
def _attacks(S: Any, T: Any, p: int, out: Any, m: int) -> int:
    """The attacks of p's ready creatures (each group at each target; life by one creature
    only) into ``out`` from m; returns the new count."""
    ready = 0
    for i in range(PL):
        at = _cr(p, i)
        if S[at + F_CARD] >= 0 and not S[at + F_ACTED] and S[at + F_STATUS] == HEALTHY:
            ready |= 1 << i
    if ready:
        targets = np.empty(PL, dtype=np.int64)
        nt = _attack_targets(S, p, targets)
        for k in range(nt):
            t = targets[k]
            for g in range(NG):
                gm = T[T_ASET + g]
                if gm & ready != gm:
                    continue
                if t == LIFE_T and gm & (gm - 1):
                    continue  # only one creature attacks life
                out[m] = T[T_ATK + g * 4 + t]
                m += 1
    return m


@njit
def _creature_actions(S: Any, T: Any, p: int, out: Any, m: int) -> int:
    """What p's creatures that have not acted may do (ability, item, canil, oficina) into
    ``out`` from m; returns the new count."""
    for i in range(PL):
        at = _cr(p, i)
        c = S[at + F_CARD]
        if c < 0 or S[at + F_ACTED]:
            continue
        status = S[at + F_STATUS]
        if status != FAINTED:
            eff = S[_cd(c, K_EFFECT)]
            if eff >= 0:
                par = S[_cd(c, K_PARAM)]
                for t in range(4):
                    if can_use(S, eff, par, p, t):
                        out[m] = T[T_AB + i * 4 + t]
                        m += 1
            it = S[at + F_ITEM]
            if it >= 0:
                eff = S[_cd(it, K_EFFECT)]
                if eff >= 0:
                    par = S[_cd(it, K_PARAM)]
                    for t in range(4):
                        if can_use(S, eff, par, p, t):
                            out[m] = T[T_IU + i * 4 + t]
                            m += 1
        out[m] = T[T_CANIL + i]
        m += 1
        if S[O_OFICINA] and (status == HEALTHY or S[O_OFI_ANY]):
            out[m] = T[T_OFI + i]
            m += 1
    return m


@njit
def legal(S: Any, T: Any, p: int, out: Any) -> int:
    if S[OVER] or p != S[CUR]:
        return 0
    out[0] = T[T_END]
    m = _hand_plays(S, T, p, out, 1)
    if S[NSPENT] >= T[T_MAX_ACTIONS]:
        return m
    m = _attacks(S, T, p, out, m)
    return _creature_actions(S, T, p, out, m)
