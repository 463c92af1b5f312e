"""Sala de Miaula, compiled: the zones, a creature on the table and moving cards between them
(twin of ``model.py`` and the state's zones). The cards a match plays with are data: each state
carries its cards' rules as a block of its own array (``layout.py`` builds it), so the compiled
effects read what the options say.
"""

from __future__ import annotations

from typing import Any

from ....engine.compiled.jit import njit
from .layout import (
    CAP,
    CARDS,
    CF,
    CFN,
    CUR,
    F_ACTED,
    F_CARD,
    F_ITEM,
    F_LIVES,
    F_STATUS,
    F_STURN,
    FIELD,
    K_ATK,
    K_COURAGE,
    K_ELEM,
    K_KIND,
    K_LIFE,
    K_LIVES,
    K_OPP,
    K_POTION,
    K_REDUCE,
    LIFE,
    OVER,
    PL,
    REASON,
    SPENT,
    TELEM,
    TERRAIN,
    TURN,
    WIN,
    Z_CANIL,
    Z_DECK,
    Z_HAND,
    Z_KNOWN,
    ZN,
    ZONES,
)
from .table import (
    CREATURE,
    FAINTED,
    R_DECK_OUT,
    R_LIFE,
    T_TELEM,
)


# -- zones ----------------------------------------------------------------------------------
@njit
def _push(S: Any, z: int, p: int, x: int) -> None:
    n = S[ZN + z * 2 + p]
    S[ZONES + (z * 2 + p) * CAP + n] = x
    S[ZN + z * 2 + p] = n + 1


@njit
def _take(S: Any, z: int, p: int, i: int) -> int:
    """Removes and returns the card at index ``i`` of the zone (``list.pop(i)``)."""
    at = ZONES + (z * 2 + p) * CAP
    n = S[ZN + z * 2 + p]
    x = S[at + i]
    for j in range(i, n - 1):
        S[at + j] = S[at + j + 1]
    S[ZN + z * 2 + p] = n - 1
    return x


@njit
def _pop(S: Any, z: int, p: int) -> int:
    return _take(S, z, p, S[ZN + z * 2 + p] - 1)


@njit
def _find(S: Any, z: int, p: int, x: int) -> int:
    at = ZONES + (z * 2 + p) * CAP
    for i in range(S[ZN + z * 2 + p]):
        if S[at + i] == x:
            return i
    return -1


@njit
def _sort_zone(S: Any, z: int, p: int) -> None:
    at = ZONES + (z * 2 + p) * CAP
    n = S[ZN + z * 2 + p]
    for i in range(1, n):
        x = S[at + i]
        j = i - 1
        while j >= 0 and S[at + j] > x:
            S[at + j + 1] = S[at + j]
            j -= 1
        S[at + j + 1] = x


# -- reading the table ----------------------------------------------------------------------
@njit
def _cr(p: int, slot: int) -> int:
    return FIELD + (p * PL + slot) * CF


@njit
def _cd(c: int, k: int) -> int:
    return CARDS + c * CFN + k


@njit
def _attack_value(S: Any, at: int) -> int:
    c = S[at + F_CARD]
    v = S[_cd(c, K_ATK)]
    it = S[at + F_ITEM]
    if it >= 0:
        v += S[_cd(it, K_ATK)]
    if S[_cd(c, K_ELEM)] == S[TELEM]:
        v += 1
    return v


@njit
def _life_value(S: Any, at: int) -> int:
    v = S[_cd(S[at + F_CARD], K_LIFE)]
    it = S[at + F_ITEM]
    if it >= 0:
        v += S[_cd(it, K_LIFE)]
    return v


@njit
def _reduction(S: Any, at: int) -> int:
    v = S[_cd(S[at + F_CARD], K_REDUCE)]
    it = S[at + F_ITEM]
    if it >= 0:
        v += S[_cd(it, K_REDUCE)]
    return v


@njit
def _has_potion(S: Any, at: int) -> bool:
    it = S[at + F_ITEM]
    return it >= 0 and S[_cd(it, K_POTION)] != 0


@njit
def _brave(S: Any, p: int) -> bool:
    for i in range(PL):
        at = _cr(p, i)
        c = S[at + F_CARD]
        if c < 0:
            continue
        if S[_cd(c, K_COURAGE)]:
            return True
        it = S[at + F_ITEM]
        if it >= 0 and S[_cd(it, K_COURAGE)]:
            return True
    return False


@njit
def _free_place(S: Any, p: int) -> int:
    for i in range(PL):
        if S[_cr(p, i) + F_CARD] < 0:
            return i
    return -1


@njit
def _place_for(S: Any, p: int, to_act: bool) -> int:
    first = -1
    for i in range(PL):
        if S[_cr(p, i) + F_CARD] < 0:
            if first < 0:
                first = i
            if (S[SPENT + i] != 0) != to_act:
                return i
    return first


@njit
def _may_stand(S: Any, card: int) -> bool:
    return S[_cd(card, K_OPP)] != S[TELEM]


# -- moving cards ---------------------------------------------------------------------------
@njit
def _clear(S: Any, at: int) -> None:
    S[at : at + CF] = 0
    S[at + F_CARD] = -1
    S[at + F_ITEM] = -1


@njit
def _to_canil(S: Any, p: int, slot: int) -> None:
    at = _cr(p, slot)
    _push(S, Z_CANIL, p, S[at + F_CARD])
    if S[at + F_ITEM] >= 0:
        _push(S, Z_CANIL, p, S[at + F_ITEM])
    _clear(S, at)


@njit
def _finish(S: Any, win: int, reason: int) -> None:
    S[OVER] = 1
    S[WIN] = win
    S[REASON] = reason


@njit
def _deck_out(S: Any) -> None:
    a = S[LIFE]
    b = S[LIFE + 1]
    _finish(S, 1 if a > b else 2 if b > a else 3, R_DECK_OUT)


@njit
def _draw(S: Any, p: int) -> None:
    if S[ZN + Z_DECK * 2 + p] == 0:
        _deck_out(S)
        return
    _push(S, Z_HAND, p, _pop(S, Z_DECK, p))


@njit
def _enter(S: Any, p: int, card: int, slot: int) -> int:
    at = _cr(p, slot)
    _clear(S, at)
    S[at + F_CARD] = card
    S[at + F_ACTED] = 1
    return at


@njit
def _defeat(S: Any, p: int, slot: int, damage: int) -> None:
    at = _cr(p, slot)
    if damage < _life_value(S, at):
        return
    if S[_cd(S[at + F_CARD], K_LIVES)] and not S[at + F_LIVES]:
        S[at + F_LIVES] = 1
        return
    _to_canil(S, p, slot)


@njit
def _damage_creature(S: Any, p: int, slot: int, amount: int) -> None:
    _defeat(S, p, slot, max(0, amount - _reduction(S, _cr(p, slot))))


@njit
def _damage_life(S: Any, p: int, amount: int) -> None:
    S[LIFE + p] = max(0, S[LIFE + p] - amount)
    if S[LIFE + p] == 0:
        _finish(S, 1 << (1 - p), R_LIFE)


@njit
def _set_terrain(S: Any, T: Any, t: int) -> None:
    S[TERRAIN] = t
    S[TELEM] = T[T_TELEM + t]
    cur = S[CUR]
    for k in range(2):
        p = cur if k == 0 else 1 - cur
        for slot in range(PL):
            c = S[_cr(p, slot) + F_CARD]
            if c >= 0 and not _may_stand(S, c):
                _to_canil(S, p, slot)


@njit
def _give_status(S: Any, p: int, slot: int, status: int) -> None:
    at = _cr(p, slot)
    if S[at + F_STATUS] == FAINTED and status != FAINTED:
        return
    S[at + F_STATUS] = status
    S[at + F_STURN] = S[TURN]


@njit
def _scare(S: Any, p: int, slot: int) -> None:
    at = _cr(p, slot)
    card = S[at + F_CARD]
    item = S[at + F_ITEM]
    _clear(S, at)
    _push(S, Z_HAND, p, card)
    _push(S, Z_KNOWN, p, card)
    if item >= 0:
        _push(S, Z_HAND, p, item)
        _push(S, Z_KNOWN, p, item)
    _sort_zone(S, Z_KNOWN, p)


@njit
def _revivable(S: Any, p: int) -> int:
    at = ZONES + (Z_CANIL * 2 + p) * CAP
    for i in range(S[ZN + Z_CANIL * 2 + p] - 1, -1, -1):
        c = S[at + i]
        if S[_cd(c, K_KIND)] == CREATURE and _may_stand(S, c):
            return i
    return -1
