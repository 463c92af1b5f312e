"""Every Coatl decision as a small action, and the fixed action space that numbers them.

In memory, pieces are codes (kind * 5 + colour), Prophecies type ids, Temples indexes, Coatls
their place in the player's row (0..2, in the order they were started). In JSON each names its
pieces, cards and colours in words (names.py): ``{"type": "add_piece", "coatl": 0, "piece":
"red_body", "end": "back"}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ...engine import Action, ActionSpace
from .cards import NUM_PTYPES, NUM_TEMPLES
from .constants import (
    BODY,
    DISPLAY_SIZE,
    HEAD,
    MAX_COATLS,
    NUM_COLOURS,
    SUPPLY_SPACES,
    TAIL,
    TEMPLE_PILES,
    piece,
)
from .names import (
    COLOUR_NAMES,
    END_NAMES,
    KIND_NAMES,
    PIECE_NAMES,
    PROPHECY_IDS,
    TEMPLE_IDS,
    space_words,
)

FRONT, BACK = 0, 1  # the head end and the tail end of a Coatl


@dataclass(frozen=True, slots=True)
class DiscardStarting(Action):
    """Setup: put back one of the starting Prophecies."""

    TYPE: ClassVar[str] = "discard_starting"
    prophecy: int

    def to_json(self) -> dict[str, Any]:
        return {"type": self.TYPE, "prophecy": PROPHECY_IDS[self.prophecy]}


@dataclass(frozen=True, slots=True)
class KeepStarting(Action):
    """Setup: keep the Prophecies still in hand."""

    TYPE: ClassVar[str] = "keep_starting"


@dataclass(frozen=True, slots=True)
class TakePieces(Action):
    """Take the pieces of one supply space (0-5 bodies, 6-7 heads, 8-9 tails)."""

    TYPE: ClassVar[str] = "take_pieces"
    space: int

    def to_json(self) -> dict[str, Any]:
        return dict(
            zip(("type", "row", "index"), (self.TYPE, *space_words(self.space)), strict=True)
        )


@dataclass(frozen=True, slots=True)
class TakeProphecy(Action):
    TYPE: ClassVar[str] = "take_prophecy"
    slot: int


@dataclass(frozen=True, slots=True)
class DrawProphecy(Action):
    TYPE: ClassVar[str] = "draw_prophecy"


@dataclass(frozen=True, slots=True)
class StopTaking(Action):
    TYPE: ClassVar[str] = "stop_taking"


@dataclass(frozen=True, slots=True)
class StartCoatl(Action):
    TYPE: ClassVar[str] = "start_coatl"
    piece: int

    def to_json(self) -> dict[str, Any]:
        return {"type": self.TYPE, "piece": PIECE_NAMES[self.piece]}


@dataclass(frozen=True, slots=True)
class AddPiece(Action):
    TYPE: ClassVar[str] = "add_piece"
    coatl: int
    piece: int
    end: int  # FRONT (head side) or BACK (tail side)

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.TYPE,
            "coatl": self.coatl,
            "piece": PIECE_NAMES[self.piece],
            "end": END_NAMES[self.end],
        }


@dataclass(frozen=True, slots=True)
class AttachProphecy(Action):
    TYPE: ClassVar[str] = "attach_prophecy"
    coatl: int
    prophecy: int

    def to_json(self) -> dict[str, Any]:
        return {"type": self.TYPE, "coatl": self.coatl, "prophecy": PROPHECY_IDS[self.prophecy]}


@dataclass(frozen=True, slots=True)
class FinishCoatl(Action):
    TYPE: ClassVar[str] = "finish_coatl"
    coatl: int


@dataclass(frozen=True, slots=True)
class ChooseTemple(Action):
    TYPE: ClassVar[str] = "choose_temple"
    temple: int

    def to_json(self) -> dict[str, Any]:
        return {"type": self.TYPE, "temple": TEMPLE_IDS[self.temple]}


@dataclass(frozen=True, slots=True)
class EndAssembly(Action):
    TYPE: ClassVar[str] = "end_assembly"


@dataclass(frozen=True, slots=True)
class PerfectPick(Action):
    """Sacrifice: take chosen pieces from the bags: one head, one tail or two bodies."""

    TYPE: ClassVar[str] = "perfect_pick"
    kind: int
    colours: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.TYPE,
            "kind": KIND_NAMES[self.kind],
            "colours": [COLOUR_NAMES[c] for c in self.colours],
        }


@dataclass(frozen=True, slots=True)
class Vision(Action):
    TYPE: ClassVar[str] = "vision"


@dataclass(frozen=True, slots=True)
class VisionDiscard(Action):
    TYPE: ClassVar[str] = "vision_discard"
    prophecy: int

    def to_json(self) -> dict[str, Any]:
        return {"type": self.TYPE, "prophecy": PROPHECY_IDS[self.prophecy]}


@dataclass(frozen=True, slots=True)
class VisionDone(Action):
    TYPE: ClassVar[str] = "vision_done"


@dataclass(frozen=True, slots=True)
class Promise(Action):
    TYPE: ClassVar[str] = "promise"
    pile: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Only when nothing else is legal (see docs/rules/coatl.md)."""

    TYPE: ClassVar[str] = "pass"


def _all_actions() -> list[Action]:
    out: list[Action] = []
    out += [DiscardStarting(t) for t in range(NUM_PTYPES)]
    out.append(KeepStarting())
    out += [TakePieces(s) for s in range(SUPPLY_SPACES)]
    out += [TakeProphecy(s) for s in range(DISPLAY_SIZE)]
    out += [DrawProphecy(), StopTaking()]
    out += [StartCoatl(piece(k, c)) for k in (HEAD, BODY, TAIL) for c in range(NUM_COLOURS)]
    for ci in range(MAX_COATLS):
        for c in range(NUM_COLOURS):
            out.append(AddPiece(ci, piece(HEAD, c), FRONT))
            out.append(AddPiece(ci, piece(BODY, c), FRONT))
            out.append(AddPiece(ci, piece(BODY, c), BACK))
            out.append(AddPiece(ci, piece(TAIL, c), BACK))
    out += [AttachProphecy(ci, t) for ci in range(MAX_COATLS) for t in range(NUM_PTYPES)]
    out += [FinishCoatl(ci) for ci in range(MAX_COATLS)]
    out += [ChooseTemple(t) for t in range(NUM_TEMPLES)]
    out.append(EndAssembly())
    out += [PerfectPick(HEAD, (c,)) for c in range(NUM_COLOURS)]
    out += [PerfectPick(TAIL, (c,)) for c in range(NUM_COLOURS)]
    out += [PerfectPick(BODY, (a, b)) for a in range(NUM_COLOURS) for b in range(a, NUM_COLOURS)]
    out += [Vision()]
    out += [VisionDiscard(t) for t in range(NUM_PTYPES)]
    out += [VisionDone()]
    out += [Promise(i) for i in range(TEMPLE_PILES)]
    out.append(Pass())
    return out


def _impossible_actions() -> list[Action]:
    """Well-formed moves no position ever allows: a head at the tail end, a tail at the head
    end. They parse (so they are refused as illegal, with the reason) but have no code."""
    return [
        AddPiece(ci, piece(kind, c), end)
        for ci in range(MAX_COATLS)
        for c in range(NUM_COLOURS)
        for kind, end in ((HEAD, BACK), (TAIL, FRONT))
    ]


ACTION_SPACE = ActionSpace(_all_actions(), extra=_impossible_actions())
