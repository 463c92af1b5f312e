"""The options of a Coatl game (every choice where the text allows two readings)."""

from __future__ import annotations

from pydantic import Field

from ...engine import GameOptions


class CoatlOptions(GameOptions):
    sacrifice_tokens: bool = Field(
        True,
        description="Play with the three sacrifice tokens (the text advises leaving them out of a first game).",
    )
    reduced_bodies: bool = Field(
        False,
        description="Variant: fewer body pieces with fewer players (14 per colour for 2, 18 for 3, 24 for 4).",
    )
    keep_exactly_three: bool = Field(
        False,
        description="Each player keeps exactly 3 starting Prophecies (the text: up to 3).",
    )
    tiebreak_counts_unfinished: bool = Field(
        True,
        description="The first tie-break counts the cards beside unfinished Coatls too (the text says "
        "'beside the Coatls' without 'finished').",
    )
