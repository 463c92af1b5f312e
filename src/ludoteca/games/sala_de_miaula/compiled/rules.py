"""Sala de Miaula, compiled: ``games/sala_de_miaula/rules.py``, ``legal.py`` and ``effects.py``
over the flat int64 array declared in ``layout.py`` (the pattern of Exploding Kittens'
``compiled/``: the package is the reference, this a second implementation held to it move for
move by tests/games/sala_de_miaula/test_compiled.py).

The cards a match plays with are data: each state carries its cards' rules as a block of its own
array (kind, element, attack, life, effect and its parameter, passives; ``layout.py`` builds
it), so the compiled effects read what the options say.

Nothing in a game draws from the state's generator after the deal (the deal shuffles, picks
the first player and the terrain; play has no chance), so only ``deal`` reads it.

The heuristic agent (``agents/heuristics/sala_de_miaula.py``) is here too, step for step: it
reads the cards from the same block and draws from its generator only where it does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ....engine.compiled.jit import njit
from ....engine.compiled.rng import MT_N, mt_below, mt_random, mt_seed, randbelow
from ....engine.game import Game
from .. import actions as A
from .. import effects as FX
from .. import model as TB
from ..cards import (
    DECK_SIZE,
    EFFECT_PARAMS,
    ELEMENTS,
    PASSIVE_EFFECTS,
    POOL,
)
from ..legal import MAX_ACTIONS
from ..setup import HAND_SIZE
from .layout import (
    CAP,
    CARDS,
    CF,
    CFN,
    CUR,
    EFFECTS,
    EINDEX,
    F_ACTED,
    F_CARD,
    F_ITEM,
    F_LIVES,
    F_OFICINA,
    F_STATUS,
    F_STURN,
    FIELD,
    FIRST,
    INDEX,
    K_ATK,
    K_COURAGE,
    K_EFFECT,
    K_ELEM,
    K_GUARD,
    K_KIND,
    K_LIFE,
    K_LIVES,
    K_NAMED,
    K_OPP,
    K_PARAM,
    K_POTION,
    K_REDUCE,
    LIFE,
    NC,
    NO_OPPOSITE,
    NSPENT,
    O_DRAW_ENDS,
    O_FIRST_DRAWS,
    O_OFI_ANY,
    O_OFICINA,
    OVER,
    PCRE,
    PL,
    POTH,
    REASON,
    SPENT,
    TELEM,
    TERRAIN,
    TERRAINS,
    TURN,
    WIN,
    Z_CANIL,
    Z_DECK,
    Z_HAND,
    Z_KNOWN,
    ZN,
    ZONES,
)

if TYPE_CHECKING:
    pass

ACAP = 256  # legal actions at once (at most 1 + 25 x 4 + 28 + 30)


CREATURE, SPELL, ITEM = TB.CREATURE, TB.SPELL, TB.ITEM
HEALTHY, SICK, FAINTED = TB.HEALTHY, TB.SICK, TB.FAINTED
NO_TARGET = A.NO_TARGET
LIFE_T = A.LIFE  # an attack's target: the opponent's life
NG = 7  # attacker groups of three places (supported() checks the package agrees)
R_LIFE, R_DECK_OUT = 1, 2

(
    E_STATUS,
    E_SCARE,
    E_DAMAGE,
    E_HAMMER,
    E_DAMAGE_ALL,
    E_HEAL,
    E_DRAW,
    E_CURE_ALL,
    E_TERRAIN,
    E_PURR,
    E_REVIVE,
    E_SPRING,
) = range(12)
PASSIVES = ("guard", "reduce", "lives", "courage", "potion")


# -- the table --------------------------------------------------------------------------
T_NC, T_END, T_MAXLIFE, T_HAND_SIZE, T_MAX_ACTIONS = range(5)
T_TELEM = 8  # [terrain]
T_PC = T_TELEM + len(TERRAINS)  # [card]
T_PI = T_PC + NC  # [card * 3 + slot]
T_PS = T_PI + NC * PL  # [card * 4 + target]
T_ASET = T_PS + NC * 4  # [attacker group]: the group's places as a bit mask
T_ATK = T_ASET + NG  # [group * 4 + target]
T_AB = T_ATK + NG * 4  # [slot * 4 + target]
T_IU = T_AB + PL * 4
T_CANIL = T_IU + PL * 4  # [slot]
T_OFI = T_CANIL + PL
T_KIND = T_OFI + PL  # [code]
T_ARG = T_KIND + ACAP * 8
T_ARG2 = T_ARG + ACAP * 8
T_SIZE = T_ARG2 + ACAP * 8

K_END, K_PC, K_PI, K_PS, K_ATTACK, K_ABILITY, K_ITEM_USE, K_CANIL, K_OFICINA = range(9)


def supported() -> str:
    """Empty when this core plays the package as it is; else why not (then: reference)."""
    if (TB.CREATURE, TB.SPELL, TB.ITEM) != (0, 1, 2) or (TB.HEALTHY, TB.SICK, TB.FAINTED) != (
        0,
        1,
        2,
    ):
        return "the card kinds or statuses changed"
    if set(FX.EFFECTS) != set(EFFECTS):
        return "an effect the core does not know (effects.EFFECTS changed)"
    if set(PASSIVE_EFFECTS) != set(PASSIVES):
        return "a passive the core does not know"
    for name, params in EFFECT_PARAMS.items():
        if len(params) > 1 or set(params.values()) - {"int", "status", "terrain"}:
            return f"effect {name!r} takes parameters the core does not read"
    if A.PLACES != PL or A.TARGETS != (0, 1, 2, 3) or A.LIFE != 3 or A.NO_TARGET != 3:
        return "the places or targets changed"
    if len(A.ATTACKER_SETS) != NG or A.ATTACKER_SETS[-1] != (0, 1, 2):
        return "the attacker groups changed"
    if DECK_SIZE > CAP:
        return "a deck is larger than the core's capacity"
    return ""


# the action types build_table reads (by class name: the core's completeness declaration)
ACTION_TYPES = (
    "EndTurn",
    "PlayCreature",
    "PlayItem",
    "PlaySpell",
    "Attack",
    "UseAbility",
    "UseItem",
    "GoToCanil",
    "GoToOficina",
)


def build_table(game: Game) -> np.ndarray:

    space = game.action_space
    if space.size > ACAP * 8:
        raise ValueError("the action space is larger than the core's table")
    T = np.full(T_SIZE, -1, dtype=np.int64)
    enc = space.encode
    T[T_NC] = NC
    T[T_END] = enc(A.END_TURN)
    T[T_MAXLIFE] = FX.MAX_LIFE
    T[T_HAND_SIZE] = HAND_SIZE
    T[T_MAX_ACTIONS] = MAX_ACTIONS
    for i, t in enumerate(TERRAINS):
        T[T_TELEM + i] = EINDEX[POOL.terrains[t].element]
    groups = {g: k for k, g in enumerate(A.ATTACKER_SETS)}
    for k, g in enumerate(A.ATTACKER_SETS):
        T[T_ASET + k] = sum(1 << i for i in g)
    for code in range(space.size):
        a = space.decode(code)
        arg = arg2 = 0
        if isinstance(a, A.EndTurn):
            kind = K_END
        elif isinstance(a, A.PlayCreature):
            kind, arg = K_PC, INDEX[a.card]
            T[T_PC + arg] = code
        elif isinstance(a, A.PlayItem):
            kind, arg, arg2 = K_PI, INDEX[a.card], a.slot
            T[T_PI + arg * PL + a.slot] = code
        elif isinstance(a, A.PlaySpell):
            kind, arg, arg2 = K_PS, INDEX[a.card], a.target
            T[T_PS + arg * 4 + a.target] = code
        elif isinstance(a, A.Attack):
            kind, arg, arg2 = K_ATTACK, groups[a.attackers], a.target
            T[T_ATK + arg * 4 + a.target] = code
        elif isinstance(a, A.UseAbility):
            kind, arg, arg2 = K_ABILITY, a.slot, a.target
            T[T_AB + a.slot * 4 + a.target] = code
        elif isinstance(a, A.UseItem):
            kind, arg, arg2 = K_ITEM_USE, a.slot, a.target
            T[T_IU + a.slot * 4 + a.target] = code
        elif isinstance(a, A.GoToCanil):
            kind, arg = K_CANIL, a.slot
            T[T_CANIL + a.slot] = code
        elif isinstance(a, A.GoToOficina):
            kind, arg = K_OFICINA, a.slot
            T[T_OFI + a.slot] = code
        else:  # pragma: no cover - a new action type: the build fails, the reference plays
            raise ValueError(f"the core does not know the action {a!r}")
        T[T_KIND + code] = kind
        T[T_ARG + code] = arg
        T[T_ARG2 + code] = arg2
    return T


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
def legal(S: Any, T: Any, p: int, out: Any) -> int:
    if S[OVER] or p != S[CUR]:
        return 0
    out[0] = T[T_END]
    m = 1
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
    if S[NSPENT] >= T[T_MAX_ACTIONS]:
        return m
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


# -- the heuristic agent (agents/heuristics/sala_de_miaula.py) ------------------------------
# It reads the match's cards from its view (the options' definitions): here the state's own
# card block, which from_state builds from the same definitions. Its only table is the
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


# -- playouts -------------------------------------------------------------------------------
CHOOSE_AGENTS, CHOOSE_SEARCH = 0, 1
UNTIL_TURN = 2  # a mode bit: stop when the turn passes to the other player
RANDOM, HEURISTIC = 0, 1


@njit
def playout(
    S: Any,
    T: Any,
    H: Any,
    mts: Any,
    kinds: Any,
    mode: int,
    max_steps: int,
    seats: Any,
    codes: Any,
) -> int:
    """Moves for ``actors[0]`` until the end or ``max_steps``. CHOOSE_AGENTS: seat p plays
    agent ``kinds[p]`` with generator ``mts[p]`` (RANDOM: ``rng.choice``; HEURISTIC: the
    heuristic agent). CHOOSE_SEARCH: every seat plays ISMCTS' policy ``kinds[0]`` with
    ``mts[0]`` (RANDOM: ``legal[int(rng.random() * k)]``; HEURISTIC: the agent, which itself
    answers a single legal move without asking its generator, as the search's policy does).
    With the UNTIL_TURN bit set it also stops as soon as the player to move changes (the turn
    is over: the search's leaf evaluation values the next turn's start)."""
    buf = np.empty(ACAP, dtype=np.int64)
    who = np.empty(2, dtype=np.int64)
    steps = 0
    keep = codes.shape[0]
    agents = (mode & CHOOSE_SEARCH) == CHOOSE_AGENTS
    turn_of = S[CUR] if mode & UNTIL_TURN else -1
    while steps < max_steps:
        if actors(S, who) == 0:
            break
        if turn_of >= 0 and S[CUR] != turn_of:
            break
        p = who[0]
        m = legal(S, T, p, buf)
        g = p if agents else 0
        if kinds[g] == HEURISTIC:
            code = heuristic(S, T, H, p, buf, m, mts[g])
        else:
            i = mt_below(mts[p], m) if agents else np.int64(mt_random(mts[0]) * m)
            code = buf[i]
        if steps < keep:
            seats[steps] = p
            codes[steps] = code
        apply(S, T, p, code)
        steps += 1
    return steps


@njit
def random_games(
    T: Any,
    H: Any,
    fresh: Any,
    seeds: Any,
    first: int,
    terrain: int,
    choices: Any,
    agent_seeds: Any,
    moves: Any,
    winners: Any,
) -> None:
    S = np.empty_like(fresh)
    rng = np.zeros(1, dtype=np.uint64)
    mts = np.zeros((2, MT_N + 1), dtype=np.uint64)
    empty = np.zeros(0, dtype=np.int64)
    kinds = np.zeros(2, dtype=np.int64)
    for g in range(seeds.shape[0]):
        S[:] = fresh
        rng[0] = np.uint64(seeds[g])
        for p in range(2):
            mt_seed(mts[p], agent_seeds[g, p])
        deal(S, T, rng, first, terrain, choices)
        moves[g] = playout(S, T, H, mts, kinds, CHOOSE_AGENTS, 1 << 40, empty, empty)
        w = S[WIN]
        winners[g] = 0 if w == 1 else 1 if w == 2 else -1


@njit
def step_many(Ss: Any, T: Any, players: Any, codes: Any) -> None:
    for g in range(Ss.shape[0]):
        if codes[g] >= 0:
            apply(Ss[g], T, players[g], codes[g])


@njit
def legal_many(Ss: Any, T: Any, players: Any, masks: Any) -> None:
    buf = np.empty(ACAP, dtype=np.int64)
    for g in range(Ss.shape[0]):
        masks[g, :] = 0
        m = legal(Ss[g], T, players[g], buf)
        for i in range(m):
            masks[g, buf[i]] = 1
