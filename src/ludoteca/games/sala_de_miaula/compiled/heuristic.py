"""Sala de Miaula, compiled: the heuristic agent (twin of
``agents/heuristics/sala_de_miaula.py``; its numbers arrive as a table from
``agents/heuristics/compiled/sala_de_miaula.py``, so this module imports no agent).
"""

from __future__ import annotations

from typing import Any

from ....engine.compiled.jit import njit
from ....engine.compiled.rng import mt_random
from ..cards import (
    ELEMENTS,
)
from .layout import (
    CAP,
    F_CARD,
    F_ITEM,
    F_LIVES,
    F_STATUS,
    K_ATK,
    K_EFFECT,
    K_ELEM,
    K_KIND,
    K_LIFE,
    K_LIVES,
    K_NAMED,
    K_PARAM,
    LIFE,
    NO_OPPOSITE,
    PCRE,
    PL,
    TELEM,
    Z_CANIL,
    Z_DECK,
    Z_HAND,
    ZN,
    ZONES,
)
from .model import (
    _attack_value,
    _cd,
    _cr,
    _life_value,
    _reduction,
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
    FAINTED,
    HEALTHY,
    ITEM,
    K_ABILITY,
    K_ATTACK,
    K_CANIL,
    K_ITEM_USE,
    K_OFICINA,
    K_PC,
    K_PI,
    K_PS,
    LIFE_T,
    T_ARG,
    T_ARG2,
    T_ASET,
    T_END,
    T_KIND,
    T_TELEM,
)

# -- the heuristic agent (agents/heuristics/sala_de_miaula.py) ------------------------------
# It reads the match's cards from its view (the options' definitions): here the state's own
# CARDS table, which LAYOUT.load builds from the same definitions. Its only table is the
# agent's OPPOSITE by element number; its other numbers are literals in its methods, written
# here as they are there. Every value it weighs is a small multiple of 0.5 or 0.25 (attack,
# life, 1.5, halves), so its sums are exact in any order and Python's compensated sum (3.12)
# gives what a plain sum gives; its products (x 0.7, 0.8, 1.2) and the item's tie noise
# (random() x 0.1, then added) are one IEEE operation each, done in the same order here.
H_OPP = 0  # [element]: the element that opposes it
H_SIZE = H_OPP + len(ELEMENTS)


@njit
def _opposite(H: Any, el: int) -> int:
    # no terrain (or one outside the pool) has no opposite: no card's element matches it
    return H[H_OPP + el] if el >= 0 else NO_OPPOSITE


@njit
def _h_value(S: Any, at: int) -> float:
    """``_value`` of the creature at ``at``: attack (terrain included) + life, 1.5 more for
    a named ability."""
    bonus = 1.5 if S[_cd(S[at + F_CARD], K_NAMED)] else 0.0
    return float(_attack_value(S, at) + _life_value(S, at)) + bonus


@njit
def _h_card_value(S: Any, c: int) -> float:
    """``_value({"card": c})``: a creature from the hand, without an item."""
    v = S[_cd(c, K_ATK)] + (1 if S[_cd(c, K_ELEM)] == S[TELEM] else 0)
    bonus = 1.5 if S[_cd(c, K_NAMED)] else 0.0
    return float(v + S[_cd(c, K_LIFE)]) + bonus


@njit
def _h_needed(S: Any, at: int) -> int:
    return _life_value(S, at) + _reduction(S, at)


@njit
def _h_kill_value(S: Any, at: int) -> float:
    """Defeating a creature whose Sete Vidas is unused only burns it: half its value."""
    half = S[_cd(S[at + F_CARD], K_LIVES)] != 0 and not S[at + F_LIVES]
    return _h_value(S, at) * (0.5 if half else 1.0)


@njit
def _h_target(S: Any, foe: int, t: int) -> int:
    """``them["field"][t] if t < 3``: the enemy creature's offset, or -1."""
    if t >= PL:
        return -1
    at = _cr(foe, t)
    return at if S[at + F_CARD] >= 0 else -1


@njit
def _h_terrain(S: Any, T: Any, H: Any, p: int, buf: Any, m: int) -> int:
    """Step 2: the terrain spell that sweeps the most more of them than of us (above 0.5)."""
    foe = 1 - p
    best, best_gain = -1, 0.5
    hat = ZONES + (Z_HAND * 2 + p) * CAP
    for i in range(m):
        code = buf[i]
        if T[T_KIND + code] != K_PS:
            continue
        c = T[T_ARG + code]
        if S[_cd(c, K_EFFECT)] != E_TERRAIN:
            continue
        bad = _opposite(H, T[T_TELEM + S[_cd(c, K_PARAM)]])
        theirs = 0.0
        for slot in range(PL):
            at = _cr(foe, slot)
            if S[at + F_CARD] >= 0 and S[_cd(S[at + F_CARD], K_ELEM)] == bad:
                theirs += _h_value(S, at)
        mine = 0.0
        for slot in range(PL):
            at = _cr(p, slot)
            if S[at + F_CARD] >= 0 and S[_cd(S[at + F_CARD], K_ELEM)] == bad:
                mine += _h_value(S, at)
        lost = 0
        gained = 0
        now_bad = _opposite(H, S[TELEM])
        for h in range(S[ZN + Z_HAND * 2 + p]):
            x = S[hat + h]
            if S[_cd(x, K_KIND)] == CREATURE:
                if S[_cd(x, K_ELEM)] == bad:
                    lost += 1
                if S[_cd(x, K_ELEM)] == now_bad:
                    gained += 1
        gain = theirs - mine
        gain -= 2 * lost
        gain += 2 * gained
        if gain > best_gain:
            best, best_gain = code, gain
    return best


@njit
def _h_spell(S: Any, T: Any, p: int, buf: Any, m: int) -> int:
    """``_good_spell``: the spell that pays off most now (above 0), or -1."""
    foe = 1 - p
    best, score = -1, 0.0
    for i in range(m):
        code = buf[i]
        if T[T_KIND + code] != K_PS:
            continue
        c = T[T_ARG + code]
        e = S[_cd(c, K_EFFECT)]
        par = S[_cd(c, K_PARAM)]
        tat = _h_target(S, foe, T[T_ARG2 + code])
        s = 0.0
        if e == E_DAMAGE and tat >= 0 and par >= _h_needed(S, tat):
            s = _h_value(S, tat)
        elif e == E_SCARE and tat >= 0:
            s = _h_value(S, tat) * 0.8
        elif e == E_STATUS and tat >= 0 and S[tat + F_STATUS] == HEALTHY:
            s = float(_attack_value(S, tat)) * (1.2 if par == FAINTED else 0.7)
        elif e == E_HEAL and S[LIFE + p] <= 15 - par:
            s = float(par)
        elif e == E_DRAW and S[ZN + Z_DECK * 2 + p] > 6:
            s = 2.5
        elif e == E_CURE_ALL:
            n = 0
            for slot in range(PL):
                at = _cr(p, slot)
                if S[at + F_CARD] >= 0 and S[at + F_STATUS] != HEALTHY:
                    n += 3
            s = float(n)
        elif e == E_DAMAGE_ALL:
            for slot in range(PL):
                at = _cr(foe, slot)
                if S[at + F_CARD] >= 0 and par >= _h_needed(S, at):
                    s += _h_value(S, at)
        if s > score:
            best, score = code, s
    return best


@njit
def _h_kill(S: Any, T: Any, p: int, buf: Any, m: int) -> int:
    """``_best_kill``: the attack that defeats with the fewest attackers, then the least
    wasted damage (above 0), or -1."""
    foe = 1 - p
    best, score = -1, 0.0
    for i in range(m):
        code = buf[i]
        if T[T_KIND + code] != K_ATTACK:
            continue
        tat = _cr(foe, T[T_ARG2 + code])
        gm = T[T_ASET + T[T_ARG + code]]
        dmg = 0
        n = 0
        for slot in range(PL):
            if gm >> slot & 1:
                dmg += _attack_value(S, _cr(p, slot))
                n += 1
        need = _h_needed(S, tat)
        if dmg < need:
            continue
        s = _h_kill_value(S, tat) * 10 - 8 * n - (dmg - need)
        if s > score:
            best, score = code, s
    return best


@njit
def _h_ability(S: Any, T: Any, p: int, buf: Any, m: int, kind: int) -> int:
    """``_good_ability`` over the abilities (K_ABILITY) or the items' actions (K_ITEM_USE)."""
    foe = 1 - p
    best, score = -1, 0.0
    for i in range(m):
        code = buf[i]
        if T[T_KIND + code] != kind:
            continue
        at = _cr(p, T[T_ARG + code])
        src = S[at + F_CARD] if kind == K_ABILITY else S[at + F_ITEM]
        t = T[T_ARG2 + code]
        e = S[_cd(src, K_EFFECT)]
        par = S[_cd(src, K_PARAM)]
        tat = _h_target(S, foe, t)
        s = 0.0
        if e == E_STATUS and tat >= 0 and S[tat + F_STATUS] != FAINTED:
            if par == FAINTED or S[tat + F_STATUS] == HEALTHY:
                s = float(_attack_value(S, tat))
        elif e == E_SCARE and tat >= 0:
            s = _h_value(S, tat) * 0.7
        elif e == E_DAMAGE and tat >= 0:
            s = _h_value(S, tat) if par >= _h_needed(S, tat) else 0.5
        elif e == E_HAMMER and tat >= 0:
            s = (3.0 if S[tat + F_ITEM] >= 0 else 0.5) + (
                _h_value(S, tat) if par >= _h_needed(S, tat) else 0.0
            )
        elif e == E_DAMAGE_ALL:
            total = 0.0
            for slot in range(PL):
                x = _cr(foe, slot)
                if S[x + F_CARD] >= 0 and par >= _h_needed(S, x):
                    total += _h_value(S, x)
            s = 0.5 + total
        elif e == E_PURR:
            if t < PL:
                s = 3.0
            elif S[LIFE + p] <= 13:
                s = 1.5
        elif e == E_HEAL and S[LIFE + p] <= 13:
            s = 1.5
        elif e == E_REVIVE or e == E_SPRING:  # noqa: SIM109 (compiled code)
            s = 2.0
        elif e == E_DRAW and S[ZN + Z_DECK * 2 + p] > 6:
            s = 1.0
        if s > score:
            best, score = code, s
    return best


@njit
def _h_has(S: Any, z: int, p: int, kind: int) -> bool:
    at = ZONES + (z * 2 + p) * CAP
    for i in range(S[ZN + z * 2 + p]):  # noqa: SIM110 (a loop, not a generator, compiled)
        if S[_cd(S[at + i], K_KIND)] == kind:
            return True
    return False


@njit
def heuristic(S: Any, T: Any, H: Any, p: int, buf: Any, m: int, mt: Any) -> int:
    """``HeuristicAgent.act``: the code it picks from ``buf[:m]``, the legal moves in the
    reference's order; ``mt`` is its generator (it draws only to break ties between items)."""
    if m == 1:
        return buf[0]
    # 1. the way to the opponent's life is clear: the strongest single attacker
    best, top = -1, 0
    for i in range(m):
        code = buf[i]
        if T[T_KIND + code] == K_ATTACK and T[T_ARG2 + code] == LIFE_T:
            gm = T[T_ASET + T[T_ARG + code]]
            slot = 0
            while not gm >> slot & 1:  # the group's first place (a life attack has one)
                slot += 1
            hit = _attack_value(S, _cr(p, slot))
            if best < 0 or hit > top:
                best, top = code, hit
    if best >= 0:
        return best
    # 2. a terrain that sweeps more of them than of us
    best = _h_terrain(S, T, H, p, buf, m)
    if best >= 0:
        return best
    # 3. the best creature into a free place
    worth = 0.0
    for i in range(m):
        code = buf[i]
        if T[T_KIND + code] == K_PC:
            v = _h_card_value(S, T[T_ARG + code])
            if best < 0 or v > worth:
                best, worth = code, v
    if best >= 0:
        return best
    # 4. a spell that pays off now
    best = _h_spell(S, T, p, buf, m)
    if best >= 0:
        return best
    # 5. an item for a creature with free hands: max's key, one draw per candidate in order
    for i in range(m):
        code = buf[i]
        if T[T_KIND + code] != K_PI:
            continue
        at = _cr(p, T[T_ARG2 + code])
        if S[at + F_CARD] < 0 or S[at + F_ITEM] >= 0:
            continue
        v = _h_value(S, at) + mt_random(mt) * 0.1
        if best < 0 or v > worth:
            best, worth = code, v
    if best >= 0:
        return best
    # 6. defeat an enemy with as little as possible
    best = _h_kill(S, T, p, buf, m)
    if best >= 0:
        return best
    # 7. abilities, then the items' actions
    best = _h_ability(S, T, p, buf, m, K_ABILITY)
    if best >= 0:
        return best
    best = _h_ability(S, T, p, buf, m, K_ITEM_USE)
    if best >= 0:
        return best
    # 8. a fainted cat makes room for a creature that waits in the hand
    if not S[PCRE] and _h_has(S, Z_HAND, p, CREATURE):
        for i in range(m):
            code = buf[i]
            if T[T_KIND + code] == K_CANIL and S[_cr(p, T[T_ARG + code]) + F_STATUS] == FAINTED:
                return code
    # 9. the Oficina, when an item waits in the Canil
    if _h_has(S, Z_CANIL, p, ITEM):
        for i in range(m):
            code = buf[i]
            if T[T_KIND + code] == K_OFICINA and S[_cr(p, T[T_ARG + code]) + F_ITEM] < 0:
                return code
    # 10. the turn ends
    return T[T_END]
