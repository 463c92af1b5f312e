"""The actions of Sala de Miaula: each is one small decision of the active player.

Places (slots) are numbered 0..2 on each side. ``target`` is an enemy place for effects aimed
at the enemy, an own place for effects aimed at an ally, and ``NO_TARGET`` (3) for effects
without a target; for an attack, ``LIFE`` (3) is the opponent's life.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar

from ...engine import Action, ActionSpace
from .cards import CardSpec

PLACES = 3
LIFE = 3
NO_TARGET = 3
TARGETS = (0, 1, 2, 3)


@dataclass(frozen=True, slots=True)
class PlayCreature(Action):
    """Put a creature from the hand into a free place (the creature of the turn's pair)."""

    TYPE: ClassVar[str] = "play_creature"
    card: str


@dataclass(frozen=True, slots=True)
class PlayItem(Action):
    """Equip an item from the hand on an own creature (the non-creature of the pair)."""

    TYPE: ClassVar[str] = "play_item"
    card: str
    slot: int


@dataclass(frozen=True, slots=True)
class PlaySpell(Action):
    """Cast a spell from the hand (the non-creature of the pair); it goes to the Canil."""

    TYPE: ClassVar[str] = "play_spell"
    card: str
    target: int


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """One action: the listed creatures (one, or several combined) attack one target."""

    TYPE: ClassVar[str] = "attack"
    attackers: tuple[int, ...]
    target: int


@dataclass(frozen=True, slots=True)
class UseAbility(Action):
    TYPE: ClassVar[str] = "use_ability"
    slot: int
    target: int


@dataclass(frozen=True, slots=True)
class UseItem(Action):
    """The creature uses its item's ability as its action."""

    TYPE: ClassVar[str] = "use_item"
    slot: int
    target: int


@dataclass(frozen=True, slots=True)
class GoToCanil(Action):
    TYPE: ClassVar[str] = "go_to_canil"
    slot: int


@dataclass(frozen=True, slots=True)
class GoToOficina(Action):
    TYPE: ClassVar[str] = "go_to_oficina"
    slot: int


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    TYPE: ClassVar[str] = "end_turn"


END_TURN = EndTurn()
ATTACKER_SETS: tuple[tuple[int, ...], ...] = tuple(
    c for k in (1, 2, 3) for c in combinations(range(PLACES), k)
)
ATTACKS = {(a, t): Attack(a, t) for a in ATTACKER_SETS for t in TARGETS if t != LIFE or len(a) == 1}
ABILITIES = {(s, t): UseAbility(s, t) for s in range(PLACES) for t in TARGETS}
ITEM_USES = {(s, t): UseItem(s, t) for s in range(PLACES) for t in TARGETS}
TO_CANIL = tuple(GoToCanil(s) for s in range(PLACES))
TO_OFICINA = tuple(GoToOficina(s) for s in range(PLACES))


def build_space(cards: dict[str, CardSpec]) -> ActionSpace:
    """Every action that can ever be legal, for the card pool of the data files."""
    acts: list[Action] = [END_TURN]
    for cid, c in cards.items():
        if c.type == "creature":
            acts.append(PlayCreature(cid))
        elif c.type == "item":
            acts += [PlayItem(cid, s) for s in range(PLACES)]
        else:
            acts += [PlaySpell(cid, t) for t in TARGETS]
    acts += ATTACKS.values()
    acts += ABILITIES.values()
    acts += ITEM_USES.values()
    acts += TO_CANIL
    acts += TO_OFICINA
    return ActionSpace(acts)
