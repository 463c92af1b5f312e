"""The words of Coatl's JSON: what each small integer of the in-memory state is called outside.

States, actions, views and events all leave the package through these names (docs/rules/coatl.md,
"JSON"), and come back through the ``*_CODE`` maps, which raise KeyError on a word they do not
know (the callers turn it into a clear error). Inside, everything stays a small int.
"""

from __future__ import annotations

from .cards import PROPHECIES, PTYPE_BY_ID, TEMPLE_BY_ID, TEMPLES
from .constants import BODY_SPACES, HEAD_SPACES, NUM_COLOURS

COLOUR_NAMES = ("yellow", "red", "black", "green", "blue")  # by colour index (cards.COLOURS)
KIND_NAMES = ("head", "body", "tail")  # by piece kind
# by piece code (kind * 5 + colour): "red_head", "blue_body", "green_tail"
PIECE_NAMES = tuple(f"{COLOUR_NAMES[c]}_{k}" for k in KIND_NAMES for c in range(NUM_COLOURS))
END_NAMES = ("front", "back")  # the head side and the tail side of a Coatl
TOKEN_NAMES = ("perfect_pick", "vision", "promise")  # the sacrifice tokens, in index order
ROW_NAMES = ("bodies", "heads", "tails")  # the supply board's rows, as in view["supply"]
PROPHECY_IDS = tuple(p.id for p in PROPHECIES)  # by Prophecy type
TEMPLE_IDS = tuple(t.id for t in TEMPLES)  # by Temple index

COLOUR_CODE = {n: i for i, n in enumerate(COLOUR_NAMES)}
KIND_CODE = {n: i for i, n in enumerate(KIND_NAMES)}
PIECE_CODE = {n: i for i, n in enumerate(PIECE_NAMES)}
END_CODE = {n: i for i, n in enumerate(END_NAMES)}
PROPHECY_CODE = PTYPE_BY_ID
TEMPLE_CODE = TEMPLE_BY_ID

_ROW_START = (0, BODY_SPACES, BODY_SPACES + HEAD_SPACES)


def space_words(space: int) -> tuple[str, int]:
    """A supply space (0-5 bodies, 6-7 heads, 8-9 tails) as its row and its place in the row."""
    row = 0 if space < BODY_SPACES else 1 if space < BODY_SPACES + HEAD_SPACES else 2
    return ROW_NAMES[row], space - _ROW_START[row]


def space_code(row: str, index: int) -> int:
    return _ROW_START[ROW_NAMES.index(row)] + index


def prophecy_or_none(t: int) -> str | None:
    """A display slot or other place that holds a Prophecy type or -1 (empty)."""
    return PROPHECY_IDS[t] if t >= 0 else None


def temple_or_none(t: int) -> str | None:
    return TEMPLE_IDS[t] if t >= 0 else None


def colour_or_none(c: int) -> str | None:
    return COLOUR_NAMES[c] if c >= 0 else None


def prophecy_code(name: str | None) -> int:
    return -1 if name is None else PROPHECY_CODE[name]


def temple_code(name: str | None) -> int:
    return -1 if name is None else TEMPLE_CODE[name]


def colour_code(name: str | None) -> int:
    return -1 if name is None else COLOUR_CODE[name]


def index_or_none(i: int) -> int | None:
    """A seat or a Coatl's place, or -1 (none)."""
    return i if i >= 0 else None
