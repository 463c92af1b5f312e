"""Plain, fast objects the rules work on: a card's rules data and a creature on the table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import OPPOSITE, CardSpec

CREATURE, SPELL, ITEM = 0, 1, 2
_TYPES = {"creature": CREATURE, "spell": SPELL, "item": ITEM}

HEALTHY, SICK, FAINTED = 0, 1, 2
STATUS_NAMES = ("healthy", "sick", "fainted")
STATUS_CODES = {"sick": SICK, "fainted": FAINTED}


class Card:
    """One card's rules, read once from its :class:`CardSpec`."""

    __slots__ = (
        "ability",
        "attack",
        "courage",
        "effect",
        "element",
        "guard",
        "id",
        "kind",
        "life",
        "lives",
        "opposite",
        "params",
        "passive",
        "potion",
        "reduce",
        "set",
    )

    def __init__(self, cid: str, spec: CardSpec) -> None:
        self.id = cid
        self.ability = spec.ability  # for the words only
        self.set = spec.set
        self.kind = _TYPES[spec.type]
        self.element = spec.element
        self.opposite = OPPOSITE[spec.element] if spec.element else None
        self.attack = spec.attack
        self.life = spec.life
        self.effect = spec.effect
        self.params: Mapping[str, Any] = dict(spec.params)
        self.passive = spec.passive
        pp = spec.passive_params
        self.guard = spec.passive == "guard"
        self.lives = spec.passive == "lives"
        self.courage = spec.passive == "courage"
        self.potion = spec.passive == "potion"
        self.reduce = int(pp.get("amount", 0)) if spec.passive == "reduce" else 0


def build_cards(specs: Mapping[str, CardSpec]) -> dict[str, Card]:
    return {cid: Card(cid, s) for cid, s in specs.items()}


class Creature:
    """A creature in a place. ``acted``: it has no action left this turn (it acted, or it may
    not act: it came down on the very first turn, or in the place of one that acted)."""

    __slots__ = ("acted", "card", "item", "lives_used", "oficina", "status", "status_turn")

    def __init__(self, card: str) -> None:
        self.card = card
        self.item: str | None = None
        self.status = HEALTHY
        self.status_turn = (
            0  # the turn the status was given (it lasts to its owner's next turn end)
        )
        self.acted = True
        self.oficina = False
        self.lives_used = False

    def copy(self) -> Creature:
        c = Creature.__new__(Creature)
        c.card = self.card
        c.item = self.item
        c.status = self.status
        c.status_turn = self.status_turn
        c.acted = self.acted
        c.oficina = self.oficina
        c.lives_used = self.lives_used
        return c

    def to_json(self) -> dict[str, Any]:
        return {
            "card": self.card,
            "item": self.item,
            "status": STATUS_NAMES[self.status],
            "status_turn": self.status_turn,
            "acted": self.acted,
            "oficina": self.oficina,
            "lives_used": self.lives_used,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Creature:
        c = cls(str(d["card"]))
        c.item = d.get("item")
        c.status = STATUS_NAMES.index(d.get("status", "healthy"))
        c.status_turn = int(d.get("status_turn", 0))
        c.acted = bool(d.get("acted", True))
        c.oficina = bool(d.get("oficina", False))
        c.lives_used = bool(d.get("lives_used", False))
        return c
