"""The rules: which actions are legal now, and what each one does.

Turn structure (docs/rules/coatl.md): a turn is one action (two or one in the final turn after
a third Coatl). Taking Prophecies and assembling are chains of small actions: the first small
action commits the turn to that action, and the chain ends with StopTaking / EndAssembly (or by
itself when nothing more can be done).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

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
from .assembly import assembly_actions, closed_coatl
from .cards import FULL_DECK, NUM_TEMPLES
from .constants import (
    BOARD_LIMIT,
    BODY,
    BODY_SPACES,
    DISPLAY_SIZE,
    HAND_LIMIT,
    HEAD,
    HEAD_SPACES,
    KEEP_STARTING,
    MAX_COATLS,
    MAX_PROPHECIES_PER_COATL,
    MAX_UNFINISHED,
    NUM_COLOURS,
    PERFECT_PICK,
    PROMISE,
    SUPPLY_SPACES,
    TAIL,
    TEMPLE_PILES,
    VISION,
    piece,
)
from .model import ASSEMBLY, OVER, PROPHECY, SETUP, TEMPLE, TURN, Coatl, Player
from .model import VISION as VISION_PHASE
from .names import END_NAMES, PIECE_NAMES, PROPHECY_IDS, TEMPLE_IDS, space_words
from .patterns import prophecy_points, temple_points
from .supply import (
    bodies_exhausted,
    cards_to_take,
    draw_card,
    fill_empty_spaces,
    refill_display,
    refill_if_needed,
)

if TYPE_CHECKING:
    from .state import CoatlState


_END_ASSEMBLY = EndAssembly()
_STOP_TAKING = StopTaking()


# -- legal actions ------------------------------------------------------------------------
def legal_actions(s: CoatlState) -> list[Action]:
    pl = s.players[s.current]
    ph = s.phase
    if ph == TURN:
        return turn_actions(s, pl)
    if ph == ASSEMBLY:
        acts = assembly_actions(pl)
        if closed_coatl(pl) < 0:
            acts.append(_END_ASSEMBLY)
        return acts
    if ph == PROPHECY:
        acts = take_actions(s, pl)
        if s.taken > 0:
            acts.append(_STOP_TAKING)
        return acts
    if ph == TEMPLE:
        seq = pl.coatls[s.temple_coatl].colours()
        return [ChooseTemple(t) for t in temple_candidates(s, pl, seq)]
    if ph == VISION_PHASE:
        acts = [VisionDiscard(t) for t in sorted(set(pl.hand))]
        if len(pl.hand) < HAND_LIMIT:
            acts.append(VisionDone())
        return acts
    if ph == SETUP:
        keep_floor = KEEP_STARTING if s.options.keep_exactly_three else 0
        acts = []
        if len(pl.hand) > keep_floor:
            acts = [DiscardStarting(t) for t in sorted(set(pl.hand))]
        if len(pl.hand) == KEEP_STARTING or (
            len(pl.hand) < KEEP_STARTING and not s.options.keep_exactly_three
        ):
            acts.append(KeepStarting())
        return acts
    return []


# interned actions (frozen, so sharing is safe): listing the moves allocates none of them
_TAKE_PIECES = tuple(TakePieces(i) for i in range(SUPPLY_SPACES))
_TAKE_PROPHECY = tuple(TakeProphecy(i) for i in range(DISPLAY_SIZE))
_DRAW = DrawProphecy()
_PICK_ONE = {k: tuple(PerfectPick(k, (c,)) for c in range(NUM_COLOURS)) for k in (HEAD, TAIL)}
_PICK_TWO = {
    (a, b): PerfectPick(BODY, (a, b)) for a in range(NUM_COLOURS) for b in range(a, NUM_COLOURS)
}
_VISION = Vision()
_PROMISE = tuple(Promise(i) for i in range(TEMPLE_PILES))
_PASS = Pass()


def turn_actions(s: CoatlState, pl: Player) -> list[Action]:
    acts: list[Action] = []
    room = BOARD_LIMIT - len(pl.board)
    for i, space in enumerate(s.bodies):
        if space and len(space) <= room:
            acts.append(_TAKE_PIECES[i])
    if room >= 1:
        for i, h in enumerate(s.heads):
            if h >= 0:
                acts.append(_TAKE_PIECES[BODY_SPACES + i])
        for i, t in enumerate(s.tails):
            if t >= 0:
                acts.append(_TAKE_PIECES[BODY_SPACES + HEAD_SPACES + i])
    acts += take_actions(s, pl)
    acts += assembly_actions(pl)
    if s.options.sacrifice_tokens:
        if pl.tokens[PERFECT_PICK]:
            if room >= 1:
                for kind in (HEAD, TAIL):
                    bag = s.bags[kind]
                    row = _PICK_ONE[kind]
                    acts += [row[c] for c in range(NUM_COLOURS) if bag[c] > 0]
            if room >= 2:
                bag = s.bags[BODY]
                for a in range(NUM_COLOURS):
                    for b in range(a, NUM_COLOURS):
                        if bag[a] >= (2 if a == b else 1) and bag[b] >= 1:
                            acts.append(_PICK_TWO[a, b])
        if pl.tokens[VISION] and cards_to_take(s):
            acts.append(_VISION)
        if pl.tokens[PROMISE]:
            acts += [_PROMISE[i] for i, pile in enumerate(s.piles) if pile]
    if not acts:
        acts.append(_PASS)
    return acts


def take_actions(s: CoatlState, pl: Player) -> list[Action]:
    if len(pl.hand) >= HAND_LIMIT:
        return []
    acts: list[Action] = [_TAKE_PROPHECY[i] for i, c in enumerate(s.display) if c >= 0]
    if s.deck or s.discard:
        acts.append(_DRAW)
    return acts


def temple_candidates(s: CoatlState, pl: Player, seq: list[int]) -> list[int]:
    """Temples (own hand, or the top of a face-up pile) that the finished Coatl fulfils."""
    pool = set(pl.temples) | set(pl.promised)
    for pile in s.piles:
        if pile:
            pool.add(pile[-1])
    return [t for t in sorted(pool) if temple_points(t, seq) > 0]


# -- applying -----------------------------------------------------------------------------
def apply(s: CoatlState, a: Action) -> list[Event]:
    p = s.current
    pl = s.players[p]
    ev: list[Event] = []
    if not isinstance(a, Pass):
        s.passes = 0
    if isinstance(a, TakePieces):
        take_pieces(s, pl, a.space, ev)
        end_action(s, ev)
    elif isinstance(a, TakeProphecy):
        card = s.display[a.slot]
        s.display[a.slot] = -1
        _to_hand(pl, card)
        _sorted_insert(pl.shown, card)  # the table saw it go into this hand
        ev.append(
            Event("took_prophecy", {"player": p, "prophecy": PROPHECY_IDS[card], "slot": a.slot})
        )
        _after_take(s, pl, ev)
    elif isinstance(a, DrawProphecy):
        card = draw_card(s, ev)
        _to_hand(pl, card)
        ev.append(Event("drew_prophecy", {"player": p}))  # the table, spectators included
        ev.append(
            Event(
                "drew_prophecy_own", {"player": p, "prophecy": PROPHECY_IDS[card]}, frozenset((p,))
            )
        )
        _after_take(s, pl, ev)
    elif isinstance(a, StopTaking):
        end_action(s, ev)
    elif isinstance(a, StartCoatl):
        pl.board.remove(a.piece)
        pl.coatls.append(Coatl([a.piece]))
        s.phase = ASSEMBLY
        ev.append(
            Event(
                "started_coatl",
                {"player": p, "coatl": len(pl.coatls) - 1, "piece": PIECE_NAMES[a.piece]},
            )
        )
    elif isinstance(a, AddPiece):
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
    elif isinstance(a, AttachProphecy):
        _from_hand(pl, a.prophecy)
        pl.coatls[a.coatl].prophecies.append(a.prophecy)
        s.phase = ASSEMBLY
        ev.append(
            Event(
                "attached_prophecy",
                {"player": p, "coatl": a.coatl, "prophecy": PROPHECY_IDS[a.prophecy]},
            )
        )
    elif isinstance(a, FinishCoatl):
        c = pl.coatls[a.coatl]
        c.done = True
        s.temple_coatl = a.coatl
        if temple_candidates(s, pl, c.colours()):
            s.phase = TEMPLE
        else:
            _after_finish(s, pl, ev)
    elif isinstance(a, ChooseTemple):
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
    elif isinstance(a, EndAssembly):
        end_action(s, ev)
    elif isinstance(a, PerfectPick):
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
    elif isinstance(a, Vision):
        pl.tokens[VISION] = False
        old = [c for c in s.display if c >= 0]
        s.discard.extend(old)
        s.display = [-1] * DISPLAY_SIZE
        ev.append(Event("vision", {"player": p, "discarded": [PROPHECY_IDS[t] for t in old]}))
        refill_display(s, ev)
        s.phase = VISION_PHASE
    elif isinstance(a, VisionDiscard):
        _from_hand(pl, a.prophecy)
        s.discard.append(a.prophecy)
        ev.append(Event("discarded_prophecy", {"player": p, "prophecy": PROPHECY_IDS[a.prophecy]}))
    elif isinstance(a, VisionDone):
        s.phase = PROPHECY
        s.taken = 0
        if not take_actions(s, pl):
            end_action(s, ev)
    elif isinstance(a, Promise):
        pl.tokens[PROMISE] = False
        t = s.piles[a.pile].pop()
        _sorted_insert(pl.promised, t)  # it was face up: everyone knows which it is
        ev.append(Event("promise", {"player": p, "pile": a.pile, "temple": TEMPLE_IDS[t]}))
        end_action(s, ev)
    elif isinstance(a, Pass):
        s.passes += 1
        ev.append(Event("passed", {"player": p}))
        end_action(s, ev)
    elif isinstance(a, DiscardStarting):
        pl.hand.remove(a.prophecy)
        s.discard.append(a.prophecy)
        ev.append(Event("discarded_starting", {"player": p, "prophecy": PROPHECY_IDS[a.prophecy]}))
    elif isinstance(a, KeepStarting):
        ev.append(Event("kept_starting", {"player": p, "count": len(pl.hand)}))
        s.current += 1
        if s.current == s.num_players:
            s.current = 0
            s.phase = TURN
            s.actions_left = 1
            ev.append(Event("turn_started", {"player": 0, "actions": 1}))
    else:  # pragma: no cover - the action space holds nothing else
        raise AssertionError(f"unknown action {a!r}")
    return ev


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


# -- the clock ----------------------------------------------------------------------------
_CLOSERS = (KeepStarting, StopTaking, EndAssembly, VisionDone, FinishCoatl)


def timeout_choice(s: CoatlState, legal: list[Action]) -> Action:
    """Keep the starting cards, stop taking, end or finish the assembly, stop discarding;
    at the start of a turn, take the first supply space (or whatever comes first)."""
    for a in legal:
        if isinstance(a, _CLOSERS):
            return a
    return legal[0]


# -- refusals -----------------------------------------------------------------------------
def explain_illegal(s: CoatlState, player: int, a: Action) -> str:
    """Why ``a`` is refused, in terms of what ``player`` sees (own hand, public table)."""
    if s.phase == OVER:
        return "the game is over"
    if player != s.current:
        return f"it is player {s.current + 1}'s decision, not player {player + 1}'s"
    pl = s.players[player]
    name = s.game.describe_action(a, "en")
    phase_need = {
        SETUP: "choose which starting Prophecies to keep",
        TEMPLE: "choose the Temple this Coatl fulfils",
        VISION_PHASE: "discard Prophecies from hand, then go on to take Prophecies",
        PROPHECY: "take more Prophecies or stop",
        ASSEMBLY: "go on assembling or end the assembly",
    }
    if s.phase in phase_need:
        why = f"now you must {phase_need[s.phase]}"
        if s.phase == ASSEMBLY and closed_coatl(pl) >= 0:
            why = "a Coatl with head and tail must be finished before anything else"
        return f"{name}: {why}"
    if isinstance(a, (TakeProphecy, DrawProphecy)) and len(pl.hand) >= HAND_LIMIT:
        return f"{name}: you already hold {HAND_LIMIT} Prophecies"
    if isinstance(a, TakePieces) and not _space_has_pieces(s, a.space):
        return f"{name}: that supply space is empty"
    if isinstance(a, TakePieces) and len(pl.board) >= BOARD_LIMIT - 1:
        return f"{name}: your board holds at most {BOARD_LIMIT} pieces"
    if isinstance(a, StartCoatl) and (
        pl.unfinished() >= MAX_UNFINISHED or len(pl.coatls) >= MAX_COATLS
    ):
        return f"{name}: at most {MAX_UNFINISHED} unfinished Coatls and {MAX_COATLS} in all"
    if isinstance(a, AttachProphecy) and a.prophecy not in pl.hand:
        return f"{name}: that Prophecy is not in your hand"
    if isinstance(a, (StartCoatl, AddPiece)) and a.piece not in pl.board:
        return f"{name}: that piece is not on your board"
    if isinstance(a, (PerfectPick, Vision, Promise)):
        return f"{name}: the sacrifice token is spent, switched off, or has nothing to take"
    return f"{name}: not allowed now"


def _space_has_pieces(s: CoatlState, space: int) -> bool:
    if space < BODY_SPACES:
        return bool(s.bodies[space])
    if space < BODY_SPACES + HEAD_SPACES:
        return s.heads[space - BODY_SPACES] >= 0
    return s.tails[space - BODY_SPACES - HEAD_SPACES] >= 0


# -- invariants (fuzz tests) --------------------------------------------------------------
def check_invariants(s: CoatlState) -> None:
    from .setup import bodies_per_colour  # the component counts of this game's options

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
