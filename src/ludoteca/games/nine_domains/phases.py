"""The phases of a game of The Nine Domains, the draft's seat order and the two follow-up powers."""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    DRAFT = 0  # the open draft of specials (option special_deal = "draft")
    PLACE = 1  # both players place their three cards face down, at the same time
    POWER = 2  # the follow-up powers (2- swap, 3- exchange), pile by pile
    OVER = 3


# the JSON word of each phase, by value
PHASE_NAMES: tuple[str, ...] = tuple(p.name.lower() for p in Phase)

# the follow-up powers a round may leave pending, and their JSON words
SWAP, EXCHANGE = 0, 1
POWER_NAMES = ("swap", "exchange")

# snake order for the open draft of specials: seat 0 picks first, seat 1 answers with two
DRAFT_ORDER = (0, 1, 1, 0, 0, 1)
PLAYERS = (0, 1)
