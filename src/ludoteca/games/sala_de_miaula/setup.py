"""A new game: both decks shuffled, the first player and the terrain drawn (or chosen by the
options), five cards each, and the first turn's start."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import Rng
from .cards import POOL
from .rules import start_turn
from .state import SalaState

if TYPE_CHECKING:
    from .game import SalaDeMiaula

HAND_SIZE = 5


def deal(game: SalaDeMiaula, num_players: int, seed: int, options: Any) -> SalaState:
    """A new game for the two players (``num_players`` is always 2)."""
    s = SalaState(game, options)
    s.rng = Rng(seed)
    for q in range(2):
        s.deck[q] = list(s.decklists[q])
        s.rng.shuffle(s.deck[q])
    s.first = options.first_player if options.first_player is not None else s.rng.randbelow(2)
    if options.terrain is not None:
        s.set_terrain(options.terrain)
    else:
        choices = sorted(t for t, m in POOL.terrains.items() if m.set in options.sets)
        s.set_terrain(s.rng.choice(choices))
    for q in range(2):
        for _ in range(HAND_SIZE):
            s.hand[q].append(s.deck[q].pop())
    s.current = s.first
    s.turn = 1
    start_turn(s)
    return s
