"""What each action does: one handler per action type, found by the action's type.

The handlers change the state in place and append the events the table and each player see;
``apply`` is called only with a legal action of the acting player (legal.py lists them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...engine import Action, Event
from .actions import (
    FRONT,
    AddPiece,
    AttachProphecy,
    ChooseTemple,
    DiscardStarting,
    DrawProphecy,
    EndAssembly,
    FinishCoatl,
    KeepStarting,
    Pass,
    PerfectPick,
    Promise,
    StartCoatl,
    StopTaking,
    TakePieces,
    TakeProphecy,
    Vision,
    VisionDiscard,
    VisionDone,
)
from .cards import FULL_DECK, NUM_TEMPLES
from .constants import (
    BOARD_LIMIT,
    BODY,
    BODY_SPACES,
    DISPLAY_SIZE,
    HAND_LIMIT,
    HEAD,
    HEAD_SPACES,
    MAX_COATLS,
    MAX_PROPHECIES_PER_COATL,
    MAX_UNFINISHED,
    NUM_COLOURS,
    PERFECT_PICK,
    PROMISE,
    TAIL,
    VISION,
    piece,
)
from .legal import take_actions, temple_candidates
from .model import Coatl, Player
from .names import END_NAMES, PIECE_NAMES, PROPHECY_IDS, TEMPLE_IDS, space_words
from .patterns import prophecy_points
from .phases import Phase
from .supply import (
    bodies_exhausted,
    bodies_per_colour,
    draw_card,
    fill_empty_spaces,
    refill_display,
    refill_if_needed,
)

if TYPE_CHECKING:
    from .state import CoatlState

Move = Callable[["CoatlState", int, Player, Any, list[Event]], None]
# the hot path compares plain ints (the specialised int comparison), so the phases are read as ints
SETUP, TURN, PROPHECY, ASSEMBLY, TEMPLE, VISION_PHASE, OVER = map(int, Phase)


def apply(s: CoatlState, a: Action) -> list[Event]:
    p = s.current
    ev: list[Event] = []
    kind = type(a)
    if kind is not Pass:
        s.passes = 0
    MOVES[kind](s, p, s.players[p], a, ev)
    return ev


def _take_pieces(s: CoatlState, p: int, pl: Player, a: TakePieces, ev: list[Event]) -> None:
    take_pieces(s, pl, a.space, ev)
    end_action(s, ev)


def _take_prophecy(s: CoatlState, p: int, pl: Player, a: TakeProphecy, ev: list[Event]) -> None:
    card = s.display[a.slot]
    s.display[a.slot] = -1
    _to_hand(pl, card)
    _sorted_insert(pl.shown, card)  # the table saw it go into this hand
    ev.append(Event("took_prophecy", {"player": p, "prophecy": PROPHECY_IDS[card], "slot": a.slot}))
    _after_take(s, pl, ev)


def _draw_prophecy(s: CoatlState, p: int, pl: Player, a: DrawProphecy, ev: list[Event]) -> None:
    card = draw_card(s, ev)
    _to_hand(pl, card)
    ev.append(Event("drew_prophecy", {"player": p}))  # the table, spectators included
    ev.append(
        Event("drew_prophecy_own", {"player": p, "prophecy": PROPHECY_IDS[card]}, frozenset((p,)))
    )
    _after_take(s, pl, ev)


def _stop_taking(s: CoatlState, p: int, pl: Player, a: StopTaking, ev: list[Event]) -> None:
    end_action(s, ev)


def _start_coatl(s: CoatlState, p: int, pl: Player, a: StartCoatl, ev: list[Event]) -> None:
    pl.board.remove(a.piece)
    pl.coatls.append(Coatl([a.piece]))
    s.phase = ASSEMBLY
    ev.append(
        Event(
            "started_coatl",
            {"player": p, "coatl": len(pl.coatls) - 1, "piece": PIECE_NAMES[a.piece]},
        )
    )


def _add_piece(s: CoatlState, p: int, pl: Player, a: AddPiece, ev: list[Event]) -> None:
    c = pl.coatls[a.coatl]
    pl.board.remove(a.piece)
    if a.end == FRONT:
        c.pieces.insert(0, a.piece)
    else:
        c.pieces.append(a.piece)
    s.phase = ASSEMBLY
    ev.append(
        Event(
            "added_piece",
            {
                "player": p,
                "coatl": a.coatl,
                "piece": PIECE_NAMES[a.piece],
                "end": END_NAMES[a.end],
            },
        )
    )


def _attach_prophecy(s: CoatlState, p: int, pl: Player, a: AttachProphecy, ev: list[Event]) -> None:
    _from_hand(pl, a.prophecy)
    pl.coatls[a.coatl].prophecies.append(a.prophecy)
    s.phase = ASSEMBLY
    ev.append(
        Event(
            "attached_prophecy",
            {"player": p, "coatl": a.coatl, "prophecy": PROPHECY_IDS[a.prophecy]},
        )
    )


def _finish_coatl(s: CoatlState, p: int, pl: Player, a: FinishCoatl, ev: list[Event]) -> None:
    c = pl.coatls[a.coatl]
    c.done = True
    s.temple_coatl = a.coatl
    if temple_candidates(s, pl, c.colours()):
        s.phase = TEMPLE
    else:
        _after_finish(s, pl, ev)


def _choose_temple(s: CoatlState, p: int, pl: Player, a: ChooseTemple, ev: list[Event]) -> None:
    c = pl.coatls[s.temple_coatl]
    if a.temple in pl.temples:
        pl.temples.remove(a.temple)
        source = "hand"
    elif a.temple in pl.promised:
        pl.promised.remove(a.temple)
        source = "hand"
    else:
        pile = next(i for i, pile in enumerate(s.piles) if pile and pile[-1] == a.temple)
        s.piles[pile].pop()
        source = f"pile{pile}"
    c.temple = a.temple
    ev.append(
        Event(
            "fulfilled_temple",
            {
                "player": p,
                "coatl": s.temple_coatl,
                "temple": TEMPLE_IDS[a.temple],
                "source": source,
            },
        )
    )
    _after_finish(s, pl, ev)


def _end_assembly(s: CoatlState, p: int, pl: Player, a: EndAssembly, ev: list[Event]) -> None:
    end_action(s, ev)


def _perfect_pick(s: CoatlState, p: int, pl: Player, a: PerfectPick, ev: list[Event]) -> None:
    pl.tokens[PERFECT_PICK] = False
    for col in a.colours:
        s.bags[a.kind][col] -= 1
        _to_board(pl, piece(a.kind, col))
    ev.append(
        Event(
            "perfect_pick",
            {"player": p, "pieces": [PIECE_NAMES[piece(a.kind, col)] for col in a.colours]},
        )
    )
    fill_empty_spaces(s)
    ev.append(Event("supply_refilled", {}))
    end_action(s, ev)


def _vision(s: CoatlState, p: int, pl: Player, a: Vision, ev: list[Event]) -> None:
    pl.tokens[VISION] = False
    old = [c for c in s.display if c >= 0]
    s.discard.extend(old)
    s.display = [-1] * DISPLAY_SIZE
    ev.append(Event("vision", {"player": p, "discarded": [PROPHECY_IDS[t] for t in old]}))
    refill_display(s, ev)
    s.phase = VISION_PHASE


def _vision_discard(s: CoatlState, p: int, pl: Player, a: VisionDiscard, ev: list[Event]) -> None:
    _from_hand(pl, a.prophecy)
    s.discard.append(a.prophecy)
    ev.append(Event("discarded_prophecy", {"player": p, "prophecy": PROPHECY_IDS[a.prophecy]}))


def _vision_done(s: CoatlState, p: int, pl: Player, a: VisionDone, ev: list[Event]) -> None:
    s.phase = PROPHECY
    s.taken = 0
    if not take_actions(s, pl):
        end_action(s, ev)


def _promise(s: CoatlState, p: int, pl: Player, a: Promise, ev: list[Event]) -> None:
    pl.tokens[PROMISE] = False
    t = s.piles[a.pile].pop()
    _sorted_insert(pl.promised, t)  # it was face up: everyone knows which it is
    ev.append(Event("promise", {"player": p, "pile": a.pile, "temple": TEMPLE_IDS[t]}))
    end_action(s, ev)


def _pass(s: CoatlState, p: int, pl: Player, a: Pass, ev: list[Event]) -> None:
    s.passes += 1
    ev.append(Event("passed", {"player": p}))
    end_action(s, ev)


def _discard_starting(
    s: CoatlState, p: int, pl: Player, a: DiscardStarting, ev: list[Event]
) -> None:
    pl.hand.remove(a.prophecy)
    s.discard.append(a.prophecy)
    ev.append(Event("discarded_starting", {"player": p, "prophecy": PROPHECY_IDS[a.prophecy]}))


def _keep_starting(s: CoatlState, p: int, pl: Player, a: KeepStarting, ev: list[Event]) -> None:
    ev.append(Event("kept_starting", {"player": p, "count": len(pl.hand)}))
    s.current += 1
    if s.current == s.num_players:
        s.current = 0
        s.phase = TURN
        s.actions_left = 1
        ev.append(Event("turn_started", {"player": 0, "actions": 1}))


MOVES: dict[type[Action], Move] = {
    TakePieces: _take_pieces,
    TakeProphecy: _take_prophecy,
    DrawProphecy: _draw_prophecy,
    StopTaking: _stop_taking,
    StartCoatl: _start_coatl,
    AddPiece: _add_piece,
    AttachProphecy: _attach_prophecy,
    FinishCoatl: _finish_coatl,
    ChooseTemple: _choose_temple,
    EndAssembly: _end_assembly,
    PerfectPick: _perfect_pick,
    Vision: _vision,
    VisionDiscard: _vision_discard,
    VisionDone: _vision_done,
    Promise: _promise,
    Pass: _pass,
    DiscardStarting: _discard_starting,
    KeepStarting: _keep_starting,
}


def _sorted_insert(xs: list[int], x: int) -> None:
    i = 0
    while i < len(xs) and xs[i] < x:
        i += 1
    xs.insert(i, x)


def _to_hand(pl: Player, card: int) -> None:
    _sorted_insert(pl.hand, card)


def _from_hand(pl: Player, card: int) -> None:
    """A Prophecy leaves the hand face up: the table now knows one copy fewer is there."""
    pl.hand.remove(card)
    if card in pl.shown:
        pl.shown.remove(card)


def _to_board(pl: Player, code: int) -> None:
    _sorted_insert(pl.board, code)


def take_pieces(s: CoatlState, pl: Player, space: int, ev: list[Event]) -> None:
    if space < BODY_SPACES:
        taken = [piece(BODY, c) for c in s.bodies[space]]
        s.bodies[space] = []
    elif space < BODY_SPACES + HEAD_SPACES:
        taken = [piece(HEAD, s.heads[space - BODY_SPACES])]
        s.heads[space - BODY_SPACES] = -1
    else:
        i = space - BODY_SPACES - HEAD_SPACES
        taken = [piece(TAIL, s.tails[i])]
        s.tails[i] = -1
    for code in taken:
        _to_board(pl, code)
    row, index = space_words(space)
    ev.append(
        Event(
            "took_pieces",
            {
                "player": s.current,
                "pieces": [PIECE_NAMES[x] for x in taken],
                "row": row,
                "index": index,
            },
        )
    )
    refill_if_needed(s, ev)


def _after_take(s: CoatlState, pl: Player, ev: list[Event]) -> None:
    s.taken += 1
    s.phase = PROPHECY
    if not take_actions(s, pl):  # hand full or nothing left: the action ends by itself
        end_action(s, ev)


def _after_finish(s: CoatlState, pl: Player, ev: list[Event]) -> None:
    p = s.current
    ev.append(Event("finished_coatl", {"player": p, "coatl": s.temple_coatl}))
    s.temple_coatl = -1
    if pl.finished() >= MAX_COATLS:
        if not s.end:
            s.end = "coatl"
            s.trigger = p
            n = s.num_players
            # counted from the first player (seat 0): those after the trigger seat in this
            # round take two actions, those before it one; the trigger seat takes none
            s.final = [[q, 2] for q in range(p + 1, n)] + [[q, 1] for q in range(p)]
            ev.append(Event("end_triggered", {"player": p, "reason": "coatl"}))
        end_action(s, ev)  # nothing is left to assemble
    else:
        s.phase = ASSEMBLY


def end_action(s: CoatlState, ev: list[Event]) -> None:
    s.taken = 0
    if not s.end and bodies_exhausted(s):
        p = s.current
        n = s.num_players
        s.end = "bodies"
        s.trigger = p
        # everyone plays until all have had as many turns, then one final turn each
        s.final = [[q, 1] for q in range(p + 1, n)] + [[q, 1] for q in range(n)]
        ev.append(Event("end_triggered", {"player": p, "reason": "bodies"}))
    s.actions_left -= 1
    if s.actions_left > 0:
        s.phase = TURN
        return
    end_turn(s, ev)


def end_turn(s: CoatlState, ev: list[Event]) -> None:
    refill_display(s, ev)
    s.turns += 1
    if s.end:
        if not s.final:
            s.phase = OVER
            ev.append(Event("game_over", {"reason": s.end}))
            return
        seat, k = s.final.pop(0)
        s.current = seat
        s.actions_left = k
    elif s.passes >= s.num_players:
        # everyone passed in a row: no one can ever act again, so the game stops here
        s.end = "stalled"
        s.phase = OVER
        ev.append(Event("game_over", {"reason": s.end}))
        return
    else:
        s.current = (s.current + 1) % s.num_players
        s.actions_left = 1
    s.phase = TURN
    ev.append(Event("turn_started", {"player": s.current, "actions": s.actions_left}))


def check_invariants(s: CoatlState) -> None:
    per_kind = [3, bodies_per_colour(s.options, s.num_players), 3]
    seen = [[0] * NUM_COLOURS for _ in range(3)]
    for kind in range(3):
        for col in range(NUM_COLOURS):
            seen[kind][col] += s.bags[kind][col]
    for space in s.bodies:
        assert len(space) <= 2, "a body space holds at most two pieces"
        for col in space:
            seen[BODY][col] += 1
    for h in s.heads:
        if h >= 0:
            seen[HEAD][h] += 1
    for t in s.tails:
        if t >= 0:
            seen[TAIL][t] += 1
    cards: Counter[int] = (
        Counter(s.deck) + Counter(s.discard) + Counter(x for x in s.display if x >= 0)
    )
    temples = [t for pile in s.piles for t in pile]
    for pl in s.players:
        assert len(pl.board) <= BOARD_LIMIT, "more than 8 pieces on a player board"
        if s.phase != SETUP:
            assert len(pl.hand) <= HAND_LIMIT, "more than 5 Prophecies in a hand"
        assert pl.board == sorted(pl.board) and pl.hand == sorted(pl.hand)
        assert pl.shown == sorted(pl.shown) and not Counter(pl.shown) - Counter(pl.hand), (
            "the cards the table saw enter a hand are in that hand"
        )
        assert pl.unfinished() <= MAX_UNFINISHED and len(pl.coatls) <= MAX_COATLS
        for code in pl.board:
            seen[code // NUM_COLOURS][code % NUM_COLOURS] += 1
        cards += Counter(pl.hand)
        temples += pl.temples + pl.promised
        for c in pl.coatls:
            assert c.pieces, "a Coatl on the table has at least one piece"
            kinds = [x // NUM_COLOURS for x in c.pieces]
            assert kinds.count(HEAD) <= 1 and kinds.count(TAIL) <= 1
            assert HEAD not in kinds[1:] and TAIL not in kinds[:-1], "head first, tail last"
            assert len(c.prophecies) <= MAX_PROPHECIES_PER_COATL and len(set(c.prophecies)) == len(
                c.prophecies
            )
            if c.done:
                assert c.closed() and c.bodies() >= 1 and c.prophecies, (
                    "a finished Coatl is complete"
                )
                seq = c.colours()
                assert all(prophecy_points(t, seq) > 0 for t in c.prophecies), (
                    "a fulfilled card scores"
                )
            elif c.prophecies:
                seq = c.colours()
                assert all(prophecy_points(t, seq) > 0 for t in c.prophecies), (
                    "an attached card is fulfilled"
                )
            if c.temple >= 0:
                temples.append(c.temple)
            for code in c.pieces:
                seen[code // NUM_COLOURS][code % NUM_COLOURS] += 1
            cards += Counter(c.prophecies)
    for kind in range(3):
        assert seen[kind] == [per_kind[kind]] * NUM_COLOURS, (
            f"pieces of kind {kind} not conserved: {seen[kind]}"
        )
    assert cards == Counter(FULL_DECK), "Prophecy cards not conserved"
    assert sorted(temples) == list(range(NUM_TEMPLES)), "Temple cards not conserved"
    if s.phase not in (OVER, SETUP):
        assert 1 <= s.actions_left <= 2
