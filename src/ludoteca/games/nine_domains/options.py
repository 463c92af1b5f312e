"""The options of The Nine Domains: each one closes a gap of the rule text two ways.

The default of every option is the reading docs/rules/nine-domains.md argues for.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...engine import GameOptions


class NineDomainsOptions(GameOptions):
    special_deal: Literal["random", "draft", "independent"] = Field(
        "random",
        description=(
            "How each player gets 3 of the 9 special cards: 'random' (dealt from one shared pool, "
            "hidden until played), 'draft' (open draft from the shared pool, seat 0 first, "
            "order 0-1-1-0-0-1), 'independent' (each player draws 3 from a full set of their own, "
            "so both may hold the same special)."
        ),
    )
    four_plus_target: Literal["owner", "opponent"] = Field(
        "owner",
        description=(
            "Whose next card at the same pile the 4+ weakens by 1: its owner's (default) or the "
            "opponent's."
        ),
    )
    vp_tie: Literal["draw", "domains"] = Field(
        "draw",
        description="Equal VP after round 3: a draw (default), or more domains wins (then a draw).",
    )
    malus_counts_as_bonus: bool = Field(
        True,
        description=(
            "For the tie rule, a negative strength change (4+) counts as a negative combat bonus "
            "(default); if false only positive changes count as bonus."
        ),
    )
    three_plus_effect_win_scores: bool = Field(
        False,
        description=(
            "Whether a 3+ that wins by a card effect (against the *) earns the 7 VP, taking the * "
            "as strength 0; default: no, an effect win has no margin."
        ),
    )
    exchange_this_round: bool = Field(
        True,
        description=(
            "Whether the 3- may take back a card played this same round (default) or only cards "
            "of earlier rounds."
        ),
    )
    open_piles: bool = Field(
        False,
        description="Show every domain of the three piles, not only the top one of each.",
    )
