"""Which actions are legal now, why one is refused, and what a clock plays.

Turn structure (docs/rules/coatl.md): a turn is one action (two or one in the final turn after
a third Coatl). Taking Prophecies and assembling are chains of small actions: the first small
action commits the turn to that action, and the chain ends with StopTaking / EndAssembly (or by
itself when nothing more can be done). The assembly moves, the hot path, are in assembly.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action
from . import refusals
from .actions import (
    ChooseTemple,
    DiscardStarting,
    DrawProphecy,
    EndAssembly,
    FinishCoatl,
    KeepStarting,
    Pass,
    PerfectPick,
    Promise,
    StopTaking,
    TakePieces,
    TakeProphecy,
    Vision,
    VisionDiscard,
    VisionDone,
)
from .assembly import assembly_actions, closed_coatl
from .constants import (
    BOARD_LIMIT,
    BODY,
    BODY_SPACES,
    DISPLAY_SIZE,
    HAND_LIMIT,
    HEAD,
    HEAD_SPACES,
    KEEP_STARTING,
    NUM_COLOURS,
    PERFECT_PICK,
    PROMISE,
    SUPPLY_SPACES,
    TAIL,
    TEMPLE_PILES,
    VISION,
)
from .model import Player
from .patterns import temple_points
from .phases import Phase
from .supply import cards_to_take

if TYPE_CHECKING:
    from .state import CoatlState

# the hot path compares plain ints (the specialised int comparison), so the phases are read as ints
SETUP, TURN, PROPHECY, ASSEMBLY, TEMPLE, VISION_PHASE, OVER = map(int, Phase)


_END_ASSEMBLY = EndAssembly()
_STOP_TAKING = StopTaking()


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
    """Why ``a`` is refused, in terms of what ``player`` sees (own hand, public table): the
    first rule it breaks, in English (refusals.py)."""
    return refusals.explain(s, player, a, "en")
