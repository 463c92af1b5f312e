"""The plain pieces of a Coatl position: a Coatl on the table and a player's belongings."""

from __future__ import annotations

from typing import Any

from .constants import BODY, HEAD, NUM_COLOURS, TAIL, TOKENS

# phases of the decision owed now
SETUP, TURN, PROPHECY, ASSEMBLY, TEMPLE, VISION, OVER = range(7)
PHASE_NAMES = ("setup", "turn", "prophecy", "assembly", "temple", "vision", "over")


class Coatl:
    """A sculpture: pieces from head side to tail side, the cards beside it."""

    __slots__ = ("done", "pieces", "prophecies", "temple")

    def __init__(
        self,
        pieces: list[int] | None = None,
        prophecies: list[int] | None = None,
        temple: int = -1,
        done: bool = False,
    ) -> None:
        self.pieces: list[int] = pieces if pieces is not None else []
        self.prophecies: list[int] = prophecies if prophecies is not None else []
        self.temple = temple
        self.done = done

    def colours(self) -> list[int]:
        return [p % NUM_COLOURS for p in self.pieces]

    def has_head(self) -> bool:
        return bool(self.pieces) and self.pieces[0] // NUM_COLOURS == HEAD

    def has_tail(self) -> bool:
        return bool(self.pieces) and self.pieces[-1] // NUM_COLOURS == TAIL

    def bodies(self) -> int:
        return sum(1 for p in self.pieces if p // NUM_COLOURS == BODY)

    def closed(self) -> bool:
        return self.has_head() and self.has_tail()

    def clone(self) -> Coatl:
        return Coatl(self.pieces[:], self.prophecies[:], self.temple, self.done)

    def to_json(self) -> dict[str, Any]:
        return {
            "pieces": self.pieces[:],
            "prophecies": self.prophecies[:],
            "temple": self.temple,
            "done": self.done,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Coatl:
        return cls(list(d["pieces"]), list(d["prophecies"]), int(d["temple"]), bool(d["done"]))


class Player:
    """A seat's board (pieces, sorted), hands (sorted ids), sacrifice tokens and Coatls.

    ``temples`` are the secret Temples in hand; ``promised`` those taken face up with the
    Priest's Promise: in hand too, but everyone saw which they are. ``shown`` are the
    Prophecies in ``hand`` that the whole table saw arrive (taken from the face-up display)
    and has not seen leave: public knowledge about a hidden hand (sorted, a part of ``hand``)."""

    __slots__ = ("board", "coatls", "hand", "promised", "shown", "temples", "tokens")

    def __init__(
        self,
        board: list[int] | None = None,
        hand: list[int] | None = None,
        temples: list[int] | None = None,
        tokens: list[bool] | None = None,
        coatls: list[Coatl] | None = None,
        promised: list[int] | None = None,
        shown: list[int] | None = None,
    ) -> None:
        self.board: list[int] = board if board is not None else []
        self.hand: list[int] = hand if hand is not None else []
        self.temples: list[int] = temples if temples is not None else []
        self.tokens: list[bool] = tokens if tokens is not None else [True] * TOKENS
        self.coatls: list[Coatl] = coatls if coatls is not None else []
        self.promised: list[int] = promised if promised is not None else []
        self.shown: list[int] = shown if shown is not None else []

    def unfinished(self) -> int:
        return sum(1 for c in self.coatls if not c.done)

    def finished(self) -> int:
        return sum(1 for c in self.coatls if c.done)

    def clone(self) -> Player:
        return Player(
            self.board[:],
            self.hand[:],
            self.temples[:],
            self.tokens[:],
            [c.clone() for c in self.coatls],
            self.promised[:],
            self.shown[:],
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "board": self.board[:],
            "hand": self.hand[:],
            "temples": self.temples[:],
            "tokens": self.tokens[:],
            "coatls": [c.to_json() for c in self.coatls],
            "promised": self.promised[:],
            "shown": self.shown[:],
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Player:
        return cls(
            list(d["board"]),
            list(d["hand"]),
            list(d["temples"]),
            [bool(x) for x in d["tokens"]],
            [Coatl.from_json(c) for c in d["coatls"]],
            list(d["promised"]),
            list(d.get("shown", [])),
        )
