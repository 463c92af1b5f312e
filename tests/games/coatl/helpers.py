"""Building Coatl positions by hand, keeping every piece and card conserved."""

from __future__ import annotations

from typing import Any

from ludoteca.games.coatl import GAME
from ludoteca.games.coatl.actions import KeepStarting
from ludoteca.games.coatl.cards import COLOURS, PTYPE_BY_ID, TEMPLE_BY_ID
from ludoteca.games.coatl.constants import BODY, HEAD, TAIL, piece
from ludoteca.games.coatl.model import Coatl
from ludoteca.games.coatl.phases import Phase
from ludoteca.games.coatl.state import CoatlState
from ludoteca.games.coatl.supply import fill_empty_spaces

KIND = {"h": HEAD, "b": BODY, "t": TAIL}


def P(name: str) -> int:
    """A piece code from a short name: 'hY' yellow head, 'bR' red body, 'tK' black tail."""
    return piece(KIND[name[0]], COLOURS.index(name[1]))


def pieces(names: str) -> list[int]:
    return [P(x) for x in names.split()]


def seq(letters: str) -> list[int]:
    """Colours from letters, head to tail: 'YYRK' -> [0, 0, 1, 2]."""
    return [COLOURS.index(c) for c in letters]


def T(pid: str) -> int:
    """A Prophecy type id from its catalog id."""
    return PTYPE_BY_ID[pid]


def TM(tid: str) -> int:
    return TEMPLE_BY_ID[tid]


def started(n: int = 3, seed: int = 1, **options: Any) -> CoatlState:
    """A game just past setup: everyone discarded down to their first three Prophecies."""
    s = GAME.new_game(n, seed, options)
    assert isinstance(s, CoatlState)
    for p in range(n):
        pl = s.players[p]
        while len(pl.hand) > 3:
            card = pl.hand.pop()
            s.discard.append(card)
        s.apply(p, KeepStarting())
    assert s.phase == Phase.TURN and s.current == 0
    return s


def _pull_piece(s: CoatlState, code: int) -> None:
    """Take one piece of ``code`` out of its bag (or, if empty, off the supply board)."""
    kind, col = divmod(code, 5)
    if s.bags[kind][col] > 0:
        s.bags[kind][col] -= 1
        return
    spaces = s.heads if kind == HEAD else s.tails if kind == TAIL else None
    if spaces is not None and col in spaces:
        spaces[spaces.index(col)] = -1
        return
    for sp in s.bodies:
        if kind == BODY and col in sp:
            sp.remove(col)
            return
    raise AssertionError(f"no piece {code} left anywhere")


def give_pieces(s: CoatlState, p: int, codes: list[int]) -> None:
    for code in codes:
        _pull_piece(s, code)
        s.players[p].board.append(code)
    s.players[p].board.sort()
    s._legal = None


def _pull_card(s: CoatlState, t: int) -> None:
    if t in s.deck:
        s.deck.remove(t)
        return
    if t in s.discard:
        s.discard.remove(t)
        return
    for pl in s.players:
        if t in pl.hand:
            pl.hand.remove(t)
            if t in pl.shown:
                pl.shown.remove(t)
            pl.hand.append(s.deck.pop())
            pl.hand.sort()
            return
    if t in s.display:
        s.display[s.display.index(t)] = s.deck.pop()
        return
    raise AssertionError(f"no Prophecy {t} left to take")


def set_hand(s: CoatlState, p: int, types: list[int]) -> None:
    """Replace p's hand (the old cards go back into the deck)."""
    pl = s.players[p]
    s.deck.extend(pl.hand)
    pl.hand = []
    pl.shown = []
    for t in types:
        _pull_card(s, t)
        pl.hand.append(t)
    pl.hand.sort()
    s._legal = None


def build(
    s: CoatlState,
    p: int,
    names: str,
    prophecies: list[int] | None = None,
    done: bool = False,
    temple: int = -1,
) -> Coatl:
    """Put a Coatl on p's table from piece names, head side first."""
    codes = pieces(names)
    for code in codes:
        _pull_piece(s, code)
    cards = list(prophecies or [])
    for t in cards:
        _pull_card(s, t)
    if temple >= 0:
        take_temple(s, temple)
    c = Coatl(codes, cards, temple, done)
    s.players[p].coatls.append(c)
    s._legal = None
    return c


def take_temple(s: CoatlState, t: int) -> None:
    for pile in s.piles:
        if t in pile:
            pile.remove(t)
            return
    for pl in s.players:
        if t in pl.promised:
            pl.promised.remove(t)
            return
        if t in pl.temples:
            pl.temples.remove(t)
            # keep each hand's size: give back a pile card
            for pile in s.piles:
                if pile:
                    pl.temples.append(pile.pop(0))
                    pl.temples.sort()
                    return
    raise AssertionError(f"temple {t} not found")


def give_temple(s: CoatlState, p: int, t: int) -> None:
    take_temple(s, t)
    s.players[p].temples.append(t)
    s.players[p].temples.sort()
    s._legal = None


def put_on_pile_top(s: CoatlState, t: int, pile: int = 0) -> None:
    take_temple(s, t)
    s.piles[pile].append(t)
    s._legal = None


def empty_board(s: CoatlState, p: int) -> None:
    """Pieces on p's board go back to their bags."""
    for code in s.players[p].board:
        kind, col = divmod(code, 5)
        s.bags[kind][col] += 1
    s.players[p].board = []
    s._legal = None


def set_supply(s: CoatlState, bodies: list[str], heads: str, tails: str) -> None:
    """Lay the supply board out by hand: bodies like ['YR', '', 'K'], heads 'Y-', tails '--'."""
    for sp in s.bodies:
        for col in sp:
            s.bags[BODY][col] += 1
    for col in s.heads:
        if col >= 0:
            s.bags[HEAD][col] += 1
    for col in s.tails:
        if col >= 0:
            s.bags[TAIL][col] += 1
    s.bodies = [[COLOURS.index(x) for x in sp] for sp in bodies]
    s.heads = [-1 if x == "-" else COLOURS.index(x) for x in heads]
    s.tails = [-1 if x == "-" else COLOURS.index(x) for x in tails]
    for sp in s.bodies:
        for col in sp:
            assert s.bags[BODY][col] > 0
            s.bags[BODY][col] -= 1
    for col in s.heads:
        if col >= 0:
            s.bags[HEAD][col] -= 1
    for col in s.tails:
        if col >= 0:
            s.bags[TAIL][col] -= 1
    s._legal = None


def refill(s: CoatlState) -> None:
    fill_empty_spaces(s)


def types(actions: list[Any], cls: type) -> list[Any]:
    return [a for a in actions if isinstance(a, cls)]
