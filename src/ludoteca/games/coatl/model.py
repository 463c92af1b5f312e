"""The plain pieces of a Coatl position: a Coatl on the table and a player's belongings."""

from __future__ import annotations

from typing import Any

from .constants import BODY, HEAD, NUM_COLOURS, TAIL, TOKENS
from .names import (
    COLOUR_NAMES,
    KIND_NAMES,
    PIECE_CODE,
    PIECE_NAMES,
    PROPHECY_CODE,
    PROPHECY_IDS,
    TEMPLE_CODE,
    TEMPLE_IDS,
    TOKEN_NAMES,
    colour_or_none,
    temple_code,
    temple_or_none,
)


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
            "pieces": [PIECE_NAMES[p] for p in self.pieces],
            "prophecies": [PROPHECY_IDS[t] for t in self.prophecies],
            "temple": temple_or_none(self.temple),
            "done": self.done,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Coatl:
        return cls(
            [PIECE_CODE[p] for p in d["pieces"]],
            [PROPHECY_CODE[t] for t in d["prophecies"]],
            temple_code(d["temple"]),
            bool(d["done"]),
        )


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
            "board": [PIECE_NAMES[p] for p in self.board],
            "hand": [PROPHECY_IDS[t] for t in self.hand],
            "temples": [TEMPLE_IDS[t] for t in self.temples],
            "tokens": tokens_json(self.tokens),
            "coatls": [c.to_json() for c in self.coatls],
            "promised": [TEMPLE_IDS[t] for t in self.promised],
            "shown": [PROPHECY_IDS[t] for t in self.shown],
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Player:
        """A player from its JSON. The board and the hands are multisets: whatever the order
        they are written in, they load in the one order the rules keep them in (sorted by
        code), so a hand-written state passes the state's invariants like a saved one."""
        tokens = d["tokens"]
        if set(tokens) != set(TOKEN_NAMES):
            raise ValueError(f"tokens must name {', '.join(TOKEN_NAMES)}, got {sorted(tokens)}")
        return cls(
            sorted(PIECE_CODE[p] for p in d["board"]),
            sorted(PROPHECY_CODE[t] for t in d["hand"]),
            sorted(TEMPLE_CODE[t] for t in d["temples"]),
            [bool(tokens[n]) for n in TOKEN_NAMES],
            [Coatl.from_json(c) for c in d["coatls"]],
            sorted(TEMPLE_CODE[t] for t in d["promised"]),
            sorted(PROPHECY_CODE[t] for t in d["shown"]),
        )


def tokens_json(tokens: list[bool]) -> dict[str, bool]:
    """The sacrifice tokens by name: still held (true) or spent / played without (false)."""
    return dict(zip(TOKEN_NAMES, tokens, strict=True))


def supply_json(bodies: list[list[int]], heads: list[int], tails: list[int]) -> dict[str, Any]:
    """The supply board by row: up to two colours per body space, a colour or null per head
    and tail space."""
    return {
        "bodies": [[COLOUR_NAMES[c] for c in b] for b in bodies],
        "heads": [colour_or_none(c) for c in heads],
        "tails": [colour_or_none(c) for c in tails],
    }


def bags_json(bags: list[list[int]]) -> dict[str, dict[str, int]]:
    """Pieces left in each bag: {"head": {"yellow": 3, ...}, "body": {...}, "tail": {...}}."""
    return {k: dict(zip(COLOUR_NAMES, bags[i], strict=True)) for i, k in enumerate(KIND_NAMES)}
