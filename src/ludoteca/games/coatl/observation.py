"""Coatl: the observation of one seat, from ``view(p)``.

The readable RL encoder, the reference (``make(num_players)``, found by
``engine.observation.encoder_for``); its compiled twin, ``compiled/observation.py``, writes the
same vector from the core's array for the doors (tests/rl/test_obs_core_coatl.py holds them equal).

Sized per player count (2..4). Prophecy slices are indexed by the catalog's Prophecy types in
order, Temple slices by its Temples (``games/coatl/data``), pieces by kind (head, body, tail)
and colour (yellow, red, black, green, blue).

The view's JSON was renamed (integers -> names, rules version 2); everything that reads its
words is in the ``_``-functions just below, which accept both spellings.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import Any

import numpy as np

from ...engine.observation import Encoder, OptionsCodec, Vocabulary, onehot
from .cards import PROPHECIES, TEMPLES
from .names import COLOUR_NAMES, KIND_NAMES, PIECE_NAMES, PROPHECY_IDS, TEMPLE_IDS
from .options import CoatlOptions
from .phases import PHASE_NAMES

# the view's colour words, in the rules' colour order (cards.COLOURS = "YRKGB")
COLOUR_KEYS = ("yellow", "red", "black", "green", "blue")
COLOURS = len(COLOUR_KEYS)
KINDS = ("head", "body", "tail")
PIECES = len(KINDS) * COLOURS  # piece index = kind * 5 + colour
PROPHECY = Vocabulary(p.id for p in PROPHECIES)
TEMPLE = Vocabulary(t.id for t in TEMPLES)
PHASES = Vocabulary(("setup", "turn", "prophecy", "assembly", "temple", "vision", "over"))
ENDS = ("coatl", "bodies", "stalled")
BODY_SPACES, HEAD_SPACES, TAIL_SPACES = 6, 2, 2
DISPLAY = 6
TEMPLE_PILES = 2
MAX_COATLS = 3
TOKENS = 3


# -- reading the view's words (the one place that knows their spelling) ---------------------
def _colour(x: Any) -> int:
    """A colour as its index (-1: none): an int already, or a colour name."""
    if x is None:
        return -1
    if isinstance(x, int):
        return x
    if x in COLOUR_KEYS:
        return COLOUR_KEYS.index(x)
    code = _piece(x)  # a piece named with its kind
    return code % COLOURS if code >= 0 else -1


def _piece(x: Any) -> int:
    """A piece as kind * 5 + colour: an int code already, or "red_head"."""
    if isinstance(x, int):
        return x
    colour, _, kind = str(x).rpartition("_")
    if kind not in KINDS or colour not in COLOUR_KEYS:
        return -1
    return KINDS.index(kind) * COLOURS + COLOUR_KEYS.index(colour)


def _prophecy(x: Any) -> int:
    """A Prophecy type as its index (-1: none), from an int or a catalog id."""
    if isinstance(x, int):
        return x if 0 <= x < len(PROPHECY.names) else (-1 if x < 0 else PROPHECY.other)
    return -1 if x is None else PROPHECY[x]


def _temple(x: Any) -> int:
    if isinstance(x, int):
        return x if 0 <= x < len(TEMPLE.names) else (-1 if x < 0 else TEMPLE.other)
    return -1 if x is None else TEMPLE[x]


def _by_colour(x: Any) -> list[int]:
    """Counts per colour: a list in colour order, or {colour name: count}."""
    if isinstance(x, Mapping):
        return [int(x.get(c, 0)) for c in COLOUR_KEYS]
    return [int(v) for v in x]


def _seat(x: Any) -> int:
    """A seat or a Coatl's place (-1: none): None or -1 both say none."""
    return x if isinstance(x, int) and x >= 0 else -1


def _tokens(x: Any) -> list[bool]:
    """Sacrifice tokens still held (perfect pick, vision, promise): a list, or by name."""
    if isinstance(x, Mapping):
        return [bool(x.get(k)) for k in ("perfect_pick", "vision", "promise")]
    return [bool(v) for v in x]


def _final(x: Any) -> list[tuple[int, int]]:
    """Final turns still owed: [seat, actions] pairs or {"seat", "actions"} objects."""
    return [(f["seat"], f["actions"]) if isinstance(f, Mapping) else (f[0], f[1]) for f in x]


def _bags(x: Any) -> list[list[int]]:
    """The bags per kind (head, body, tail): a list of three, or {kind: counts}."""
    if isinstance(x, Mapping):
        return [_by_colour(x.get(k + "s", x.get(k, ()))) for k in KINDS]
    return [_by_colour(b) for b in x]


class CoatlEncoder(Encoder):
    game_id = "coatl"

    def __init__(self, num_players: int) -> None:
        super().__init__(num_players)
        n = num_players
        pt, tt = PROPHECY.size, TEMPLE.size
        add = self.layout.add
        self.options = OptionsCodec(CoatlOptions)
        self.o_seat = add("seat", n, "my absolute seat, one-hot")
        self.o_phase = add("phase", PHASES.size, "phase one-hot (setup, turn, prophecy, ...)")
        self.o_turn = add(
            "turn",
            n + 4 + MAX_COATLS + 1,
            "current player (relative one-hot); actions left / 2; pieces taken this action / 4; "
            "turns / 50; passes in a row / players; Coatl the Temple is chosen for (one-hot, "
            "or none)",
        )
        self.o_end = add(
            "end",
            len(ENDS) + n + n,
            "end trigger fired (coatl, bodies, stalled); who fired it (relative); final "
            "actions still owed per relative seat / 2",
        )
        self.o_supply = add(
            "supply",
            (BODY_SPACES + HEAD_SPACES + TAIL_SPACES) * COLOURS,
            "pieces on each supply space (6 body spaces, 2 head, 2 tail), counts per colour",
        )
        self.o_bags = add(
            "bags", len(KINDS) * COLOURS, "pieces left in the bags per kind and colour / 24"
        )
        self.o_display = add("display", DISPLAY * pt, "face-up Prophecies, one-hot per slot")
        self.o_deck = add("deck", 1 + pt, "Prophecy deck size / 54; discard pile counts per type")
        self.o_piles = add(
            "temple_piles", TEMPLE_PILES * (1 + tt), "per Temple pile: size / 15, top card"
        )
        self.coatl_size = 2 + PIECES + 2 * COLOURS + pt + tt + 1 + 1
        self.player_size = PIECES + 1 + pt + 1 + tt + TOKENS + 1 + MAX_COATLS * self.coatl_size
        self.o_players = add(
            "players",
            n * self.player_size,
            "per relative seat: board pieces (counts / 8 per kind and colour); Prophecies in "
            "hand / 5; the shown ones (taken from the display, counts); Temples in hand / 3; "
            "Temples promised (counts); sacrifice tokens left (perfect pick, vision, promise); "
            "score / 50; then each Coatl: present, length / 12, pieces (counts / 4), head "
            "colour and tail colour one-hot, Prophecies beside it, its Temple, finished, "
            "points / 20",
        )
        self.o_hand = add("hand", pt, "my Prophecies, counts per type")
        self.o_temples = add("temples", tt, "my Temples, counts")
        self.o_options = add("options", self.options.size, self.options.doc)

    def fill(self, buf: np.ndarray, view: Mapping[str, Any]) -> None:
        me = view["you"] or 0
        self._fill_table(buf, view, me)
        self._fill_supply(buf, view)
        for q, info in enumerate(view["players"]):
            at = self._fill_player(buf, info, (q - me) % self.num_players)
            for coatl in info["coatls"][:MAX_COATLS]:
                self._fill_coatl(buf, coatl, at)
                at += self.coatl_size
            if q == me:
                for x in info.get("hand", ()):
                    onehot_add(buf, self.o_hand, _prophecy(x), PROPHECY.size, 1.0)
                for x in info.get("temples", ()):
                    onehot_add(buf, self.o_temples, _temple(x), TEMPLE.size, 1.0)
        self.options.fill(buf, self.o_options, view["options"])

    def _fill_table(self, buf: np.ndarray, view: Mapping[str, Any], me: int) -> None:
        """Seat, phase, the turn's counters and how the game is ending."""
        n = self.num_players

        def rel(q: int) -> int:
            return (q - me) % n

        buf[self.o_seat + me] = 1.0
        buf[self.o_phase + PHASES[view["phase"]]] = 1.0
        at = self.o_turn
        buf[at + rel(view["current"])] = 1.0
        at += n
        buf[at] = view["actions_left"] / 2
        buf[at + 1] = view["taken"] / 4
        buf[at + 2] = view["turns"] / 50
        buf[at + 3] = view["passes"] / n
        tc = _seat(view["temple_coatl"])
        buf[at + 4 + (tc if 0 <= tc < MAX_COATLS else MAX_COATLS)] = 1.0
        at = self.o_end
        if view["end"] in ENDS:
            buf[at + ENDS.index(view["end"])] = 1.0
        trig = _seat(view["trigger"])
        if trig >= 0:
            buf[at + len(ENDS) + rel(trig)] = 1.0
        for q, k in _final(view["final"]):
            buf[at + len(ENDS) + n + rel(q)] += k / 2

    def _fill_supply(self, buf: np.ndarray, view: Mapping[str, Any]) -> None:
        """The pieces on the board's spaces and in the bags, the display, deck and piles."""
        pt, tt = PROPHECY.size, TEMPLE.size
        supply = view["supply"]
        at = self.o_supply
        for space in [*supply["bodies"], *supply["heads"], *supply["tails"]]:
            for x in space if isinstance(space, list) else [space]:
                c = _colour(x)
                if 0 <= c < COLOURS:
                    buf[at + c] += 1.0
            at += COLOURS
        for k, bag in enumerate(_bags(view["bags"])):
            for c, cnt in enumerate(bag[:COLOURS]):
                buf[self.o_bags + k * COLOURS + c] = cnt / 24
        for i, x in enumerate(view["display"][:DISPLAY]):
            onehot(buf, self.o_display + i * pt, _prophecy(x), pt)
        buf[self.o_deck] = view["deck_size"] / 54
        for x in view["discard"]:
            t = _prophecy(x)
            if t >= 0:
                buf[self.o_deck + 1 + t] += 1.0
        for i, pile in enumerate(view["piles"][:TEMPLE_PILES]):
            at = self.o_piles + i * (1 + tt)
            buf[at] = pile["size"] / 15
            onehot(buf, at + 1, _temple(pile["top"]), tt)

    def _fill_player(self, buf: np.ndarray, info: Mapping[str, Any], r: int) -> int:
        """A player's board, shown cards, Temples, tokens and score (``r``: the seat relative
        to this one); returns where its Coatls go."""
        pt, tt = PROPHECY.size, TEMPLE.size
        at = self.o_players + r * self.player_size
        for x in info["board"]:
            onehot_add(buf, at, _piece(x), PIECES, 1 / 8)
        at += PIECES
        buf[at] = info["hand_size"] / 5
        at += 1
        for x in info["shown"]:
            onehot_add(buf, at, _prophecy(x), pt, 1.0)
        at += pt
        buf[at] = info["temple_hand_size"] / 3
        at += 1
        for x in info["promised"]:
            onehot_add(buf, at, _temple(x), tt, 1.0)
        at += tt
        for i, left in enumerate(_tokens(info["tokens"])[:TOKENS]):
            buf[at + i] = 1.0 if left else 0.0
        at += TOKENS
        buf[at] = info["score"] / 50
        at += 1
        return at

    def _fill_coatl(self, buf: np.ndarray, coatl: Mapping[str, Any], at: int) -> None:
        """One Coatl at ``at``: its pieces, its ends, its Prophecies, its Temple, its points."""
        pt, tt = PROPHECY.size, TEMPLE.size
        pieces = [_piece(x) for x in coatl["pieces"]]
        buf[at] = 1.0
        buf[at + 1] = len(pieces) / 12
        for x in pieces:
            onehot_add(buf, at + 2, x, PIECES, 0.25)
        j = at + 2 + PIECES
        if pieces and pieces[0] // COLOURS == 0:
            buf[j + pieces[0] % COLOURS] = 1.0
        if pieces and pieces[-1] // COLOURS == 2:
            buf[j + COLOURS + pieces[-1] % COLOURS] = 1.0
        j += 2 * COLOURS
        for x in coatl["prophecies"]:
            onehot_add(buf, j, _prophecy(x), pt, 1.0)
        j += pt
        onehot(buf, j, _temple(coatl["temple"]), tt)
        j += tt
        buf[j] = 1.0 if coatl["done"] else 0.0
        buf[j + 1] = coatl.get("points", 0) / 20

    def template(self, options: Any) -> array:
        buf = super().template(options)
        self.options.fill(buf, self.o_options, options.model_dump(mode="json"))
        return buf


# a Coatl's (points, block) by (pieces, Prophecies, Temple, finished): the same for every
# player count (the block's size does not depend on it)
_COATLS: dict[tuple[Any, ...], tuple[int, array]] = {}

# the state's codes as the encoder's indices, read through the view's words
PHASE_INDEX = tuple(PHASES[name] for name in PHASE_NAMES)
COLOUR_INDEX = tuple(_colour(name) for name in COLOUR_NAMES)
PIECE_INDEX = tuple(_piece(name) for name in PIECE_NAMES)
PROPHECY_INDEX = tuple(_prophecy(t) for t in PROPHECY_IDS)
TEMPLE_INDEX = tuple(_temple(t) for t in TEMPLE_IDS)
# per encoder kind (head, body, tail): the state's bag and, per encoder colour, its colour
BAG_INDEX = tuple(
    (
        KIND_NAMES.index(kind),
        tuple(COLOUR_NAMES.index(c) if c in COLOUR_NAMES else -1 for c in COLOUR_KEYS),
    )
    for kind in KINDS
)
assert all(0 <= i < PIECES for i in PIECE_INDEX), "a piece name the encoder cannot read"


def onehot_add(buf: np.ndarray, at: int, index: int, size: int, value: float) -> None:
    if 0 <= index < size:
        buf[at + index] += value


def make(num_players: int) -> CoatlEncoder:
    return CoatlEncoder(num_players)
