"""The numbers of the rule text and of the components (design notes), in one place."""

from __future__ import annotations

NUM_COLOURS = 5
HEAD, BODY, TAIL = 0, 1, 2  # piece kinds; a piece code is kind * 5 + colour
HEADS_PER_COLOUR = 3
TAILS_PER_COLOUR = 3
BODIES_PER_COLOUR = 24
# the "fewer body pieces" variant: bodies per colour by player count
REDUCED_BODIES_PER_COLOUR = {2: 14, 3: 18, 4: 24}

BODY_SPACES = 6  # each holds two body pieces
HEAD_SPACES = 2
TAIL_SPACES = 2
SUPPLY_SPACES = BODY_SPACES + HEAD_SPACES + TAIL_SPACES  # spaces 0-5 bodies, 6-7 heads, 8-9 tails

BOARD_LIMIT = 8  # pieces on a player board
HAND_LIMIT = 5  # Prophecy cards in hand
DISPLAY_SIZE = 6  # face-up Prophecies
STARTING_PROPHECIES = (3, 4, 5, 6)  # by seat, from the first player
KEEP_STARTING = 3
MAX_UNFINISHED = 2
MAX_COATLS = 3
MAX_PROPHECIES_PER_COATL = 4
TEMPLE_PILES = 2

# sacrifice tokens, one of each per player
PERFECT_PICK, VISION, PROMISE = 0, 1, 2
TOKENS = 3


def piece(kind: int, colour: int) -> int:
    return kind * NUM_COLOURS + colour
