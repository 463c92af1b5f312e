"""The phases of an Exploding Kittens turn and the markers of a pending combo, in one place so
that the rules, the legal moves, the state and the view agree.

The state keeps a ``Phase`` (an int underneath, so the hot path compares ints and a compiled
core can store plain numbers); its JSON and the views say the phase's name.
"""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    MAIN = 0  # the active player plays cards or draws
    TARGET = 1  # choosing the target of Targeted Attack, Favor or a combo
    NAME = 2  # a triple's named card
    FIVE = 3  # picking five different cards one by one
    WINDOW = 4  # the Nope window: every seat still in answers
    GIVE = 5  # a Favor's target chooses the card to give
    TAKE = 6  # a five-card combo takes a card from the discard pile
    ALTER = 7  # Alter the Future: placing the top cards
    DEFUSE = 8  # a drawn kitten being put back
    BURY = 9  # Bury, printed variant: putting the top card back
    OVER = 10

    @property
    def key(self) -> str:
        """The phase's name in JSON and views ("window")."""
        return self.name.lower()


# module-level names for the hot path (a global lookup, not an enum attribute) and for the
# compiled core; DEFUSE_PHASE and BURY_PHASE because DEFUSE and BURY are card codes
MAIN, TARGET, NAME, FIVE, WINDOW, GIVE, TAKE, ALTER, DEFUSE_PHASE, BURY_PHASE, OVER = Phase
# the JSON word of each phase, by value (PHASES: the older name, read by the rl encoders)
PHASE_NAMES: tuple[str, ...] = tuple(p.key for p in Phase)
PHASES = PHASE_NAMES
PHASE_OF: dict[str, Phase] = {p.key: p for p in Phase}

# a pending play that is not a single card (card codes are 0..NK-1); NO_PEND: nothing pending
PEND_PAIR, PEND_TRIPLE, PEND_FIVE = 100, 101, 102
NO_PEND = -1
