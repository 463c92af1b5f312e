"""Every action of the game: small frozen dataclasses, each one decision of a chain.

A turn is a chain of atomic decisions: choose a card (or combo), then its target, then the
named card; everyone answers the Nope window; the target of a Favor chooses the card to give.
In memory a card is its integer code (see cards.py), which the rules index with; in JSON it is
its key (``{"type": "play", "card": "skip"}``). Players are seats in both.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ...engine.actions import Action, ActionSpace
from .cards import ACTION_CARDS, CATS, HOLDABLE, KEYS, MAX_PILE, NK, WILD

MAX_PLAYERS = 10


class CardAction(Action):
    """An action naming a card: its JSON says the card's key, its ``card`` field the code."""

    __slots__ = ()
    card: int

    def to_json(self) -> dict[str, Any]:
        out = Action.to_json(self)
        out["card"] = KEYS[self.card]
        return out


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """End the turn by drawing the top card."""

    TYPE: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Play(CardAction):
    """Play one action card (its target, if any, is chosen next)."""

    TYPE: ClassVar[str] = "play"
    card: int


@dataclass(frozen=True, slots=True)
class Pair(CardAction):
    """Two identical cards: `wilds` of them may be wild cats standing in for a cat."""

    TYPE: ClassVar[str] = "pair"
    card: int
    wilds: int


@dataclass(frozen=True, slots=True)
class Triple(CardAction):
    TYPE: ClassVar[str] = "triple"
    card: int
    wilds: int


@dataclass(frozen=True, slots=True)
class FiveSame(CardAction):
    """Five identical cards (option five_card_combo = "identical")."""

    TYPE: ClassVar[str] = "five_same"
    card: int
    wilds: int


@dataclass(frozen=True, slots=True)
class FiveStart(Action):
    """Begin a combo of five different cards; the cards are then picked one by one."""

    TYPE: ClassVar[str] = "five_start"


@dataclass(frozen=True, slots=True)
class FivePick(CardAction):
    TYPE: ClassVar[str] = "five_pick"
    card: int


@dataclass(frozen=True, slots=True)
class Target(Action):
    TYPE: ClassVar[str] = "target"
    player: int


@dataclass(frozen=True, slots=True)
class Name(CardAction):
    """The card asked for by a triple."""

    TYPE: ClassVar[str] = "name"
    card: int


@dataclass(frozen=True, slots=True)
class Nope(Action):
    TYPE: ClassVar[str] = "nope"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    TYPE: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Give(CardAction):
    """The card a Favor's target gives."""

    TYPE: ClassVar[str] = "give"
    card: int


@dataclass(frozen=True, slots=True)
class Take(CardAction):
    """The card a five-card combo takes from the discard pile."""

    TYPE: ClassVar[str] = "take"
    card: int


@dataclass(frozen=True, slots=True)
class AlterPick(CardAction):
    """Alter the Future: the card to put at the next position from the top."""

    TYPE: ClassVar[str] = "alter_pick"
    card: int


@dataclass(frozen=True, slots=True)
class DefuseAt(Action):
    """Defuse the kitten and put it back secretly, `position` cards from the top (0 = top)."""

    TYPE: ClassVar[str] = "defuse"
    position: int


@dataclass(frozen=True, slots=True)
class BuryAt(Action):
    """Bury, printed variant: put the top card back `position` cards from the top, unseen."""

    TYPE: ClassVar[str] = "bury_at"
    position: int


@dataclass(frozen=True, slots=True)
class Explode(Action):
    """The clock ran out on a Defuse decision: the kitten goes off. Never a legal action."""

    TYPE: ClassVar[str] = "explode"


# interned instances: the hot path hands these out instead of building new objects
DRAW = Draw()
NOPE_ACT = Nope()
PASS = Pass()
FIVE_START = FiveStart()
EXPLODE = Explode()
PLAY = {c: Play(c) for c in ACTION_CARDS}
PAIR = {c: Pair(c, 0) for c in HOLDABLE}
PAIR_W = {c: Pair(c, 1) for c in CATS}
TRIPLE = {c: Triple(c, 0) for c in HOLDABLE}
TRIPLE_W = {(c, w): Triple(c, w) for c in CATS for w in (1, 2)}
FIVE_SAME = {c: FiveSame(c, 0) for c in HOLDABLE}
FIVE_SAME_W = {(c, w): FiveSame(c, w) for c in CATS for w in (1, 2, 3, 4)}
FIVE_PICK = [FivePick(c) for c in range(NK)]
TARGET = [Target(p) for p in range(MAX_PLAYERS)]
NAME = [Name(c) for c in range(NK)]
GIVE = [Give(c) for c in range(NK)]
TAKE = [Take(c) for c in range(NK)]
ALTER = [AlterPick(c) for c in range(NK)]
DEFUSE_AT: list[Action] = [DefuseAt(i) for i in range(MAX_PILE + 1)]
BURY_AT: list[Action] = [BuryAt(i) for i in range(MAX_PILE + 1)]


def build_action_space() -> ActionSpace:
    acts: list[Action] = [DRAW, *PLAY.values(), *PAIR.values(), *PAIR_W.values()]
    acts += [*TRIPLE.values(), *TRIPLE_W.values(), FIVE_START, *FIVE_SAME.values()]
    acts += [*FIVE_SAME_W.values()]
    acts += [FIVE_PICK[c] for c in HOLDABLE]
    acts += TARGET
    acts += [NAME[c] for c in HOLDABLE]
    acts += [NOPE_ACT, PASS]
    acts += [GIVE[c] for c in HOLDABLE]
    acts += [TAKE[c] for c in HOLDABLE]
    acts += [ALTER[c] for c in range(NK)]
    acts += DEFUSE_AT + BURY_AT
    return ActionSpace(acts, extra=[EXPLODE])


assert WILD not in CATS
