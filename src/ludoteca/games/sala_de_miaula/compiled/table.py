"""Sala de Miaula, compiled: the numbers the core reads (twin of ``cards.py`` and
``actions.py``): the card catalog (data, custom cards too), the terrains and the action codes
reach the compiled code as one table built from the package (``build_table``);
``supported()`` says when the package outgrew the core.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ....engine.game import Game
from .. import actions as A
from .. import effects as FX
from .. import model as TB
from ..cards import (
    DECK_SIZE,
    EFFECT_PARAMS,
    PASSIVE_EFFECTS,
    POOL,
)
from ..legal import MAX_ACTIONS
from ..setup import HAND_SIZE
from .layout import (
    CAP,
    EFFECTS,
    EINDEX,
    INDEX,
    NC,
    PL,
    TERRAINS,
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
