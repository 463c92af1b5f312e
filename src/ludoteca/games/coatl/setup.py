"""A new game: supply board and bags, Temples, the Prophecy display, starting Prophecies."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Rng
from .cards import FULL_DECK, NUM_TEMPLES
from .constants import (
    BODY_SPACES,
    DISPLAY_SIZE,
    HEAD_SPACES,
    HEADS_PER_COLOUR,
    NUM_COLOURS,
    STARTING_PROPHECIES,
    TAIL_SPACES,
    TAILS_PER_COLOUR,
    TEMPLE_PILES,
    TOKENS,
)
from .model import Player
from .options import CoatlOptions
from .phases import Phase
from .state import CoatlState
from .supply import bodies_per_colour, fill_empty_spaces

if TYPE_CHECKING:
    from .game import CoatlGame


def deal(game: CoatlGame, num_players: int, seed: int, options: CoatlOptions) -> CoatlState:
    s = CoatlState(game, num_players, options, Rng(seed))
    rng = s.rng
    # 1-3. supply board filled from the three bags
    s.bags = [
        [HEADS_PER_COLOUR] * NUM_COLOURS,
        [bodies_per_colour(options, num_players)] * NUM_COLOURS,
        [TAILS_PER_COLOUR] * NUM_COLOURS,
    ]
    s.bodies = [[] for _ in range(BODY_SPACES)]
    s.heads = [-1] * HEAD_SPACES
    s.tails = [-1] * TAIL_SPACES
    fill_empty_spaces(s)
    # without the tokens (the text's advice for a first game) no one holds any
    s.players = [Player(tokens=[options.sacrifice_tokens] * TOKENS) for _ in range(num_players)]
    # 5. one secret Temple each, the rest in two face-up piles
    temples = list(range(NUM_TEMPLES))
    rng.shuffle(temples)
    for pl in s.players:
        pl.temples = [temples.pop()]
    half = (len(temples) + 1) // 2
    s.piles = [temples[:half], temples[half:]]
    assert len(s.piles) == TEMPLE_PILES
    # 6. six face-up Prophecies
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    s.display = [deck.pop() for _ in range(DISPLAY_SIZE)]
    # 7. starting Prophecies by seat: 3, 4, 5, 6; each then keeps up to 3
    for seat, pl in enumerate(s.players):
        pl.hand = sorted(deck.pop() for _ in range(STARTING_PROPHECIES[seat]))
    s.deck = deck
    s.phase = int(Phase.SETUP)
    s.current = 0  # 4. seat 0 holds the first-player marker
    return s
