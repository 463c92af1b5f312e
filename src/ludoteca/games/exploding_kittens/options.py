"""The game's options: each is a place where the text is silent or differs from the printed game."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...engine.game import GameOptions


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
