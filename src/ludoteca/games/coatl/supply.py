"""The supply board, the three bags, the Prophecy deck and display: drawing and refilling."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Event
from .constants import (
    BODIES_PER_COLOUR,
    BODY,
    DISPLAY_SIZE,
    HEAD,
    NUM_COLOURS,
    REDUCED_BODIES_PER_COLOUR,
    TAIL,
)
from .names import PROPHECY_IDS

if TYPE_CHECKING:
    from .options import CoatlOptions
    from .state import CoatlState


def bodies_per_colour(options: CoatlOptions, num_players: int) -> int:
    """Body pieces of each colour in the game (the "fewer body pieces" variant by count)."""
    return REDUCED_BODIES_PER_COLOUR[num_players] if options.reduced_bodies else BODIES_PER_COLOUR


def draw_piece(s: CoatlState, kind: int) -> int:
    """A random piece of ``kind`` from its bag (colour), or -1 when the bag is empty."""
    bag = s.bags[kind]
    total = sum(bag)
    if total == 0:
        return -1
    r = s.rng.randbelow(total)
    for c in range(NUM_COLOURS):
        if r < bag[c]:
            bag[c] -= 1
            return c
        r -= bag[c]
    raise AssertionError("unreachable: bag counts changed while drawing")


def needs_refill(s: CoatlState) -> bool:
    """The text: refill when every body space is empty, or every head and tail space is."""
    if not any(s.bodies):
        return True
    return all(h < 0 for h in s.heads) and all(t < 0 for t in s.tails)


def fill_empty_spaces(s: CoatlState) -> None:
    """Draw pieces into every empty space (a body space may get a single last piece)."""
    for space in s.bodies:
        if not space:
            for _ in range(2):
                c = draw_piece(s, BODY)
                if c >= 0:
                    space.append(c)
    for i in range(len(s.heads)):
        if s.heads[i] < 0:
            s.heads[i] = draw_piece(s, HEAD)
    for i in range(len(s.tails)):
        if s.tails[i] < 0:
            s.tails[i] = draw_piece(s, TAIL)


def refill_if_needed(s: CoatlState, events: list[Event], force: bool = False) -> None:
    if force or needs_refill(s):
        fill_empty_spaces(s)
        events.append(Event("supply_refilled", {}))


def bodies_exhausted(s: CoatlState) -> bool:
    """The second end trigger: no body piece left, neither on the supply board nor in the bag."""
    return sum(s.bags[BODY]) == 0 and not any(s.bodies)


def draw_card(s: CoatlState, events: list[Event]) -> int:
    """The top Prophecy of the deck, shuffling the discard pile into a new deck when it is empty."""
    if not s.deck and s.discard:
        pool = sorted(s.discard)
        s.discard = []
        s.rng.shuffle(pool)
        s.deck = pool
        events.append(Event("deck_reshuffled", {"count": len(pool)}))
    return s.deck.pop() if s.deck else -1


def refill_display(s: CoatlState, events: list[Event]) -> None:
    revealed = []
    for i in range(DISPLAY_SIZE):
        if s.display[i] < 0:
            c = draw_card(s, events)
            if c < 0:
                break
            s.display[i] = c
            revealed.append(c)
    if revealed:
        events.append(Event("display_refilled", {"cards": [PROPHECY_IDS[c] for c in revealed]}))


def cards_to_take(s: CoatlState) -> bool:
    return bool(s.deck or s.discard) or any(c >= 0 for c in s.display)
