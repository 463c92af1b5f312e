"""Sala de Miaula, compiled: the cards' effects (twin of ``effects.py``)."""

from __future__ import annotations

from typing import Any

from ....engine.compiled.jit import njit
from .layout import (
    F_CARD,
    F_ITEM,
    F_STATUS,
    K_KIND,
    LIFE,
    O_DRAW_ENDS,
    OVER,
    PL,
    TERRAIN,
    Z_CANIL,
    Z_DECK,
    ZN,
)
from .model import (
    _brave,
    _cd,
    _cr,
    _damage_creature,
    _draw,
    _enter,
    _free_place,
    _give_status,
    _has_potion,
    _may_stand,
    _place_for,
    _pop,
    _push,
    _revivable,
    _scare,
    _set_terrain,
    _take,
)
from .table import (
    CREATURE,
    E_CURE_ALL,
    E_DAMAGE,
    E_DAMAGE_ALL,
    E_DRAW,
    E_HAMMER,
    E_HEAL,
    E_PURR,
    E_REVIVE,
    E_SCARE,
    E_SPRING,
    E_STATUS,
    E_TERRAIN,
    HEALTHY,
    NO_TARGET,
    T_MAXLIFE,
)


# -- the effects ----------------------------------------------------------------------------
@njit
def _enemy_at(S: Any, owner: int, target: int) -> int:
    """The enemy creature's offset in ``target``, or -1."""
    if not 0 <= target < PL:
        return -1
    at = _cr(1 - owner, target)
    return at if S[at + F_CARD] >= 0 else -1


@njit
def can_use(S: Any, eff: int, param: int, owner: int, target: int) -> bool:
    if eff == E_STATUS:
        at = _enemy_at(S, owner, target)
        return at >= 0 and not _has_potion(S, at)
    if eff == E_SCARE:
        return _enemy_at(S, owner, target) >= 0 and not _brave(S, 1 - owner)
    if eff == E_DAMAGE:
        return _enemy_at(S, owner, target) >= 0
    if eff == E_HAMMER:
        return _enemy_at(S, owner, target) >= 0
    if eff == E_TERRAIN:
        return target == NO_TARGET and param != S[TERRAIN]
    if eff == E_PURR:
        if target == NO_TARGET:
            return True
        if not 0 <= target < PL:
            return False
        at = _cr(owner, target)
        return S[at + F_CARD] >= 0 and S[at + F_STATUS] != HEALTHY
    if eff == E_REVIVE:
        return target == NO_TARGET and _free_place(S, owner) >= 0 and _revivable(S, owner) >= 0
    if eff == E_SPRING:
        return target == NO_TARGET and _free_place(S, owner) >= 0 and S[ZN + Z_DECK * 2 + owner] > 0
    return target == NO_TARGET  # damage_all, heal, draw, cure_all


@njit
def _heal(S: Any, T: Any, owner: int, amount: int) -> None:
    S[LIFE + owner] = min(T[T_MAXLIFE], S[LIFE + owner] + amount)


@njit
def run(S: Any, T: Any, eff: int, param: int, owner: int, target: int) -> None:
    foe = 1 - owner
    if eff == E_STATUS:
        _give_status(S, foe, target, param)
    elif eff == E_SCARE:
        _scare(S, foe, target)
    elif eff == E_DAMAGE:
        _damage_creature(S, foe, target, param)
    elif eff == E_HAMMER:
        at = _cr(foe, target)
        if S[at + F_ITEM] >= 0:
            _push(S, Z_CANIL, foe, S[at + F_ITEM])
            S[at + F_ITEM] = -1
        _damage_creature(S, foe, target, param)
    elif eff == E_DAMAGE_ALL:
        for slot in range(PL):  # each creature is hit on its own
            if S[_cr(foe, slot) + F_CARD] >= 0:
                _damage_creature(S, foe, slot, param)
    elif eff == E_HEAL:
        _heal(S, T, owner, param)
    elif eff == E_DRAW:
        for _ in range(param):
            if S[ZN + Z_DECK * 2 + owner] == 0 and not S[O_DRAW_ENDS]:
                break
            _draw(S, owner)
            if S[OVER]:
                break
    elif eff == E_CURE_ALL:
        for slot in range(PL):
            at = _cr(owner, slot)
            if S[at + F_CARD] >= 0:
                S[at + F_STATUS] = HEALTHY
    elif eff == E_TERRAIN:
        _set_terrain(S, T, param)
    elif eff == E_PURR:
        if target == NO_TARGET:
            _heal(S, T, owner, param)
        else:
            S[_cr(owner, target) + F_STATUS] = HEALTHY
    elif eff == E_REVIVE:
        card = _take(S, Z_CANIL, owner, _revivable(S, owner))
        _enter(S, owner, card, _place_for(S, owner, False))
    elif eff == E_SPRING:
        card = _pop(S, Z_DECK, owner)  # revealed to everyone
        if S[_cd(card, K_KIND)] == CREATURE and _may_stand(S, card):
            _enter(S, owner, card, _place_for(S, owner, False))
        else:
            _push(S, Z_CANIL, owner, card)
