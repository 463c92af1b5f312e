"""The assembly moves a player may make now: the hot path of every playout and search.

``piece_fits`` states the rule for one piece (docs/rules/coatl.md, "no dead end");
``assembly_actions`` lists the same moves, in the same order, without asking it piece by piece:

- a new sequence depends only on the piece's colour and end (not its kind), so the pattern
  checks are made once per (colour, end) and Coatl, not once per board piece;
- a Coatl with no card beside it accepts any non-closing piece unseen: only closing it, or
  keeping its attached cards fulfilled, needs the pattern matcher;
- the actions are interned instances (frozen, so sharing is safe): listing allocates nothing.

tests/games/coatl/test_assembly.py checks the lists against ``piece_fits`` on random games.
"""

from __future__ import annotations

from ...engine import Action
from .actions import BACK, FRONT, AddPiece, AttachProphecy, FinishCoatl, StartCoatl
from .cards import NUM_PTYPES
from .constants import BODY, HEAD, MAX_COATLS, MAX_PROPHECIES_PER_COATL, MAX_UNFINISHED, TAIL
from .constants import NUM_COLOURS as NC
from .model import Coatl, Player
from .patterns import prophecy_points, seq_points

_CODES = range(3 * NC)
START: tuple[StartCoatl, ...] = tuple(StartCoatl(p) for p in _CODES)
ADD: tuple[tuple[tuple[AddPiece, AddPiece], ...], ...] = tuple(
    tuple((AddPiece(ci, p, FRONT), AddPiece(ci, p, BACK)) for p in _CODES)
    for ci in range(MAX_COATLS)
)
ATTACH: tuple[tuple[AttachProphecy, ...], ...] = tuple(
    tuple(AttachProphecy(ci, t) for t in range(NUM_PTYPES)) for ci in range(MAX_COATLS)
)
FINISH: tuple[FinishCoatl, ...] = tuple(FinishCoatl(ci) for ci in range(MAX_COATLS))
# piece code -> (kind, colour), to skip the divisions in the inner loop
_KIND = tuple(p // NC for p in _CODES)
_COLOUR = tuple(p % NC for p in _CODES)


def closed_coatl(pl: Player) -> int:
    """The unfinished Coatl that has both head and tail (it must be finished now), or -1."""
    for i, c in enumerate(pl.coatls):
        ps = c.pieces
        # head codes are kind 0 (< NC), tail codes kind 2 (>= 2 * NC)
        if not c.done and ps and ps[0] < NC and ps[-1] >= 2 * NC:
            return i
    return -1


def attachable(pl: Player, c: Coatl, seq: list[int] | tuple[int, ...]) -> list[int]:
    """Prophecy types in hand that may go beside Coatl ``c`` (of colours ``seq``) now."""
    return _attachable(sorted(set(pl.hand)), c, tuple(seq))


def _attachable(hand_types: list[int], c: Coatl, seq: tuple[int, ...]) -> list[int]:
    beside = c.prophecies
    if len(beside) >= MAX_PROPHECIES_PER_COATL:
        return []
    return [t for t in hand_types if t not in beside and seq_points(t, seq) > 0]


def piece_fits(
    pl: Player, c: Coatl, seq: list[int], code: int, end: int, head: bool, tail: bool
) -> bool:
    """May piece ``code`` go at ``end`` of unfinished Coatl ``c``? (No dead end, docs/rules.)

    The rule as written, one piece at a time: the reference ``assembly_actions`` must agree
    with. ``head`` / ``tail``: whether ``c`` already has them."""
    kind = code // NC
    if end == FRONT:
        if head or kind == TAIL:
            return False
        new = [code % NC, *seq]
    else:
        if tail or kind == HEAD:
            return False
        new = [*seq, code % NC]
    # the cards already beside it must stay fulfilled
    for t in c.prophecies:
        if prophecy_points(t, new) <= 0:
            return False
    if (head or kind == HEAD) and (tail or kind == TAIL):
        # this piece closes the Coatl: it must then be completable at once
        if c.bodies() == 0:
            return False
        if not c.prophecies and not any(prophecy_points(t, new) > 0 for t in set(pl.hand)):
            return False
    return True


def _fits(
    hand_types: list[int], c: Coatl, seq: tuple[int, ...], col: int, end: int, closes: bool
) -> bool:
    """``piece_fits`` for a piece of colour ``col`` whose kind the caller already allowed."""
    new = (col, *seq) if end == FRONT else (*seq, col)
    beside = c.prophecies
    for t in beside:
        if seq_points(t, new) <= 0:
            return False
    if closes:
        # a closing piece is a head or a tail, so the body count is the Coatl's own
        if not any(_KIND[x] == BODY for x in c.pieces):
            return False
        if not beside:
            return any(seq_points(t, new) > 0 for t in hand_types)
    return True


def assembly_actions(pl: Player) -> list[Action]:
    """The assembly sub-actions (EndAssembly aside)."""
    hand_types = sorted(set(pl.hand))
    ci = closed_coatl(pl)
    if ci >= 0:
        c = pl.coatls[ci]
        row = ATTACH[ci]
        acts: list[Action] = [row[t] for t in _attachable(hand_types, c, tuple(c.colours()))]
        if c.prophecies:
            acts.append(FINISH[ci])
        return acts
    acts = []
    pieces = sorted(set(pl.board))
    if pl.unfinished() < MAX_UNFINISHED and len(pl.coatls) < MAX_COATLS:
        acts += [START[p] for p in pieces]
    for ci, c in enumerate(pl.coatls):
        if c.done:
            continue
        ps = c.pieces
        seq = tuple(_COLOUR[x] for x in ps)
        head = bool(ps) and ps[0] < NC
        tail = bool(ps) and ps[-1] >= 2 * NC
        plain = not c.prophecies  # nothing beside it to keep fulfilled
        memo: dict[tuple[int, int, bool], bool] = {}
        adds = ADD[ci]
        for p in pieces:
            kind = _KIND[p]
            col = _COLOUR[p]
            if not head and kind != TAIL:
                closes = kind == HEAD and tail
                if plain and not closes:
                    acts.append(adds[p][FRONT])
                else:
                    key = (col, FRONT, closes)
                    ok = memo.get(key)
                    if ok is None:
                        ok = memo[key] = _fits(hand_types, c, seq, col, FRONT, closes)
                    if ok:
                        acts.append(adds[p][FRONT])
            if not tail and kind != HEAD:
                closes = kind == TAIL and head
                if plain and not closes:
                    acts.append(adds[p][BACK])
                else:
                    key = (col, BACK, closes)
                    ok = memo.get(key)
                    if ok is None:
                        ok = memo[key] = _fits(hand_types, c, seq, col, BACK, closes)
                    if ok:
                        acts.append(adds[p][BACK])
        row = ATTACH[ci]
        acts += [row[t] for t in _attachable(hand_types, c, seq)]
    return acts
