"""The phases of an Exploding Kittens turn (the numbers the state keeps, the names views show)
and the markers of a pending combo, in one place so that the rules, the legal moves, the state
and the view agree."""

from __future__ import annotations

MAIN, TARGET, NAME, FIVE, WINDOW, GIVE, TAKE, ALTER, DEFUSE_PHASE, BURY_PHASE, OVER = range(11)
PHASES = (
    "main",
    "target",
    "name",
    "five",
    "window",
    "give",
    "take",
    "alter",
    "defuse",
    "bury",
    "over",
)

# a pending play that is not a single card (card codes are 0..NK-1); NO_PEND: nothing pending
PEND_PAIR, PEND_TRIPLE, PEND_FIVE = 100, 101, 102
NO_PEND = -1
