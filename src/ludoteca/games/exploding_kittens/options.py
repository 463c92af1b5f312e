"""The game's options: each is a place where the text is silent or differs from the printed game."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import (
    Field,
    SerializerFunctionWrapHandler,
    StrictInt,
    field_validator,
    model_serializer,
)

from ...engine.game import GameOptions
from .cards import CODE, IMPLEMENTED

MAX_EXTRA = 20  # copies of one extra card: a variant, not a new deck


class Options(GameOptions):
    stacking_attacks: bool = Field(
        True,
        description=(
            "An attacked player who attacks passes on the turns they still owe plus the new ones "
            "(the printed rule; the text is silent). False: the target always owes just 2 (or 3)."
        ),
    )
    super_skip_passes_turns: bool = Field(
        True,
        description=(
            "Super Skip passes the turns you still owe to the next player (the text). "
            "False: they are simply ended (the printed card)."
        ),
    )
    bury_anywhere: bool = Field(
        False,
        description=(
            "Bury puts the top card back anywhere, unseen, as the printed card does. "
            "False (the text): you draw it, see it, and it goes to the bottom."
        ),
    )
    five_card_combo: Literal["different", "identical"] = Field(
        "different",
        description=(
            "Five different cards (the printed rule; the text's note on the wild cat only makes "
            "sense this way) or five identical cards (the text's literal wording)."
        ),
    )
    extra_cards: dict[str, StrictInt] = Field(
        default_factory=dict,
        description=(
            "Cards shuffled into the deck besides the table's, by card key and number "
            "(a designer's variant: the cards the text does not have enter play only this way)."
        ),
    )

    @field_validator("extra_cards")
    @classmethod
    def _known_cards(cls, v: dict[str, int]) -> dict[str, int]:
        for key, k in v.items():
            if key not in CODE:
                raise ValueError(f"unknown card {key!r}")
            if IMPLEMENTED[key] in ("defuse", "kitten"):
                raise ValueError(f"{key!r}: its number follows the rules")
            if not 1 <= k <= MAX_EXTRA:
                raise ValueError(f"{key!r}: from 1 to {MAX_EXTRA} copies, not {k!r}")
        # one spelling for one variant: the record's JSON lists the cards in catalog order
        return {key: v[key] for key in sorted(v, key=CODE.__getitem__)}

    @model_serializer(mode="wrap")
    def _unwritten_when_empty(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # no extra cards is the text's game: written as before the option existed, so the
        # options, states, views and records of every such game stay byte for byte the same
        out: dict[str, Any] = handler(self)
        if not self.extra_cards:
            out.pop("extra_cards", None)
        return out
