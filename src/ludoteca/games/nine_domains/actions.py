"""The actions of The Nine Domains and its fixed integer action space.

A round is a chain of atomic decisions: three ``Place`` per player (one card in front of one
pile), then, for each winning 2- or 3-, its owner's two-step choice or ``Decline``.
Every action that can exist is built once here; ``legal_actions`` hands out these objects.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...engine import Action, ActionSpace
from .cards import CARDS, DOMAINS, PILES


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put ``card`` face down in front of pile ``pile`` (0 left, 1 centre, 2 right)."""

    TYPE: ClassVar[str] = "place"
    card: str
    pile: int


@dataclass(frozen=True, slots=True)
class Draft(Action):
    """Take ``card`` from the open pool of specials (option special_deal = "draft")."""

    TYPE: ClassVar[str] = "draft"
    card: str


@dataclass(frozen=True, slots=True)
class SwapGive(Action):
    """2-, first step: the domain of yours you offer in the swap."""

    TYPE: ClassVar[str] = "swap_give"
    domain: str


@dataclass(frozen=True, slots=True)
class SwapTake(Action):
    """2-, second step: the opponent's domain you take in exchange."""

    TYPE: ClassVar[str] = "swap_take"
    domain: str


@dataclass(frozen=True, slots=True)
class Recover(Action):
    """3-, first step: the used card of yours you take back into your hand."""

    TYPE: ClassVar[str] = "recover"
    card: str


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """3-, second step: the card of your hand you set aside face up in its place."""

    TYPE: ClassVar[str] = "discard"
    card: str


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Do not use the power ("pode": the owner may)."""

    TYPE: ClassVar[str] = "decline"


# lookup tables by card / domain / pile index: the hot path never builds an action
PLACE: tuple[tuple[Place, ...], ...] = tuple(
    tuple(Place(cid, pile) for pile in range(PILES)) for cid in CARDS.ids
)
DRAFT: tuple[Draft, ...] = tuple(Draft(cid) for cid in CARDS.ids)
SWAP_GIVE: tuple[SwapGive, ...] = tuple(SwapGive(d) for d in DOMAINS.ids)
SWAP_TAKE: tuple[SwapTake, ...] = tuple(SwapTake(d) for d in DOMAINS.ids)
RECOVER: tuple[Recover, ...] = tuple(Recover(cid) for cid in CARDS.ids)
DISCARD: tuple[Discard, ...] = tuple(Discard(cid) for cid in CARDS.ids)
DECLINE = Decline()

ACTION_SPACE = ActionSpace(
    [
        *(a for row in PLACE for a in row),
        *(DRAFT[i] for i in CARDS.specials),
        *SWAP_GIVE,
        *SWAP_TAKE,
        *RECOVER,
        *DISCARD,
        DECLINE,
    ]
)
