"""Why a move is refused, precisely: the rule, the piece, the Coatl and the Prophecy that stop it.

``refusal`` finds the first rule a move breaks (whose decision it is, the step of the turn, the
board's and hand's limits, the supply, the Coatl's ends, the Prophecies beside it, the "no dead
end" rule of closing pieces) as a key of the catalogs' ``refusal`` table and its parameters;
``explain`` writes it in a language (``explain_illegal`` is its English). It names only what the
asking player sees: the public table and their own board and hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import Action
from .actions import (
    BACK,
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
from .assembly import closed_coatl
from .constants import (
    BOARD_LIMIT,
    BODY,
    BODY_SPACES,
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
)
from .model import Coatl, Player
from .patterns import prophecy_points
from .phases import Phase
from .words import piece_name, prophecy_name

if TYPE_CHECKING:
    from .state import CoatlState

Reason = tuple[str, dict[str, Any]]
_ASSEMBLY_MOVES = (StartCoatl, AddPiece, AttachProphecy, FinishCoatl)
# what each step of a turn asks, when a move of another step is tried
_STEP = {
    Phase.SETUP: "setup",
    Phase.TURN: "turn",
    Phase.TEMPLE: "temple",
    Phase.VISION: "vision",
    Phase.PROPHECY: "prophecy",
    Phase.ASSEMBLY: "assembly",
}
_STEP_MOVES: dict[Phase, tuple[type, ...]] = {
    Phase.SETUP: (DiscardStarting, KeepStarting),
    Phase.TURN: (
        TakePieces,
        TakeProphecy,
        DrawProphecy,
        *_ASSEMBLY_MOVES,
        PerfectPick,
        Vision,
        Promise,
        Pass,
    ),
    Phase.TEMPLE: (ChooseTemple,),
    Phase.VISION: (VisionDiscard, VisionDone),
    Phase.PROPHECY: (TakeProphecy, DrawProphecy, StopTaking),
    Phase.ASSEMBLY: (*_ASSEMBLY_MOVES, EndAssembly),
}


def refusal(s: CoatlState, p: int, a: Action) -> Reason:
    """The catalog key (under ``refusal.``) and parameters of the first rule ``a`` breaks.
    Parameters: ``piece`` a piece code, ``prophecy`` a Prophecy type, ``coatl`` 1-based,
    numbers as they are."""
    if s.phase == Phase.OVER:
        return "over", {}
    if p != s.current:
        return "other_decides", {"n": s.current + 1}
    pl = s.players[p]
    if isinstance(a, AddPiece) and (a.piece // NUM_COLOURS, a.end) in ((HEAD, BACK), (TAIL, FRONT)):
        return "wrong_end", {}
    phase = Phase(s.phase)
    if phase in _STEP and not isinstance(a, _STEP_MOVES[phase]):
        return "step", {"step": _STEP[phase]}
    if phase == Phase.ASSEMBLY or (phase == Phase.TURN and isinstance(a, _ASSEMBLY_MOVES)):
        ci = closed_coatl(pl)
        if ci >= 0 and not (isinstance(a, AttachProphecy | FinishCoatl) and a.coatl == ci):
            return "closed", {"coatl": ci + 1}
        if isinstance(a, _ASSEMBLY_MOVES):
            return _assembly(pl, a)
        return "not_now", {}
    if isinstance(a, ChooseTemple):
        return _temple(s, pl, a)
    if isinstance(a, TakeProphecy | DrawProphecy):
        if len(pl.hand) >= HAND_LIMIT:
            return "hand_full", {"n": HAND_LIMIT}
        if isinstance(a, TakeProphecy) and not (
            0 <= a.slot < len(s.display) and s.display[a.slot] >= 0
        ):
            return "display_empty", {}
        if isinstance(a, DrawProphecy) and not (s.deck or s.discard):
            return "deck_empty", {}
        return "not_now", {}
    if isinstance(a, StopTaking):
        return "take_first", {}
    if isinstance(a, VisionDone) and len(pl.hand) >= HAND_LIMIT:
        return "discard_first", {"n": HAND_LIMIT}
    if isinstance(a, DiscardStarting | VisionDiscard) and a.prophecy not in pl.hand:
        return "not_in_hand", {"prophecy": a.prophecy}
    if isinstance(a, TakePieces):
        return _take_pieces(s, pl, a)
    if isinstance(a, PerfectPick | Vision | Promise):
        return _token(s, pl, a)
    if isinstance(a, Pass):
        return "no_pass", {}
    return "not_now", {}


def _temple(s: CoatlState, pl: Player, a: ChooseTemple) -> Reason:
    mine = set(pl.temples) | set(pl.promised)
    tops = {pile[-1] for pile in s.piles if pile}
    if a.temple not in mine | tops:
        return "temple_unavailable", {}
    return "temple_not_met", {"coatl": s.temple_coatl + 1}


def _take_pieces(s: CoatlState, pl: Player, a: TakePieces) -> Reason:
    sp = a.space
    if sp < BODY_SPACES:
        n = len(s.bodies[sp])
    elif sp < BODY_SPACES + HEAD_SPACES:
        n = int(s.heads[sp - BODY_SPACES] >= 0)
    else:
        n = int(s.tails[sp - BODY_SPACES - HEAD_SPACES] >= 0)
    if n == 0:
        return "space_empty", {}
    if len(pl.board) + n > BOARD_LIMIT:
        return "board_full", {"have": len(pl.board), "n": n, "limit": BOARD_LIMIT}
    return "not_now", {}


def _token(s: CoatlState, pl: Player, a: PerfectPick | Vision | Promise) -> Reason:
    if not s.options.sacrifice_tokens:
        return "no_tokens", {}
    token = (
        PERFECT_PICK if isinstance(a, PerfectPick) else VISION if isinstance(a, Vision) else PROMISE
    )
    if not pl.tokens[token]:
        return "token_spent", {}
    if isinstance(a, PerfectPick):
        n = 2 if a.kind == BODY else 1
        if len(pl.board) + n > BOARD_LIMIT:
            return "board_full", {"have": len(pl.board), "n": n, "limit": BOARD_LIMIT}
        return "bag_empty", {}
    if isinstance(a, Promise):
        return "pile_empty", {}
    return "nothing_to_see", {}


def _assembly(pl: Player, a: StartCoatl | AddPiece | AttachProphecy | FinishCoatl) -> Reason:
    if isinstance(a, StartCoatl):
        if a.piece not in pl.board:
            return "not_on_board", {"piece": a.piece}
        if len(pl.coatls) >= MAX_COATLS:
            return "coatls_made", {"n": MAX_COATLS}
        if pl.unfinished() >= MAX_UNFINISHED:
            return "unfinished", {"n": MAX_UNFINISHED}
        return "not_now", {}
    if isinstance(a, AttachProphecy) and a.prophecy not in pl.hand:
        return "not_in_hand", {"prophecy": a.prophecy}  # the card is picked first, then its Coatl
    if not 0 <= a.coatl < len(pl.coatls):
        return "no_coatl", {"coatl": a.coatl + 1}
    c = pl.coatls[a.coatl]
    n = a.coatl + 1
    if c.done:
        return "finished", {"coatl": n}
    if isinstance(a, AddPiece):
        return _add_piece(pl, c, a)
    if isinstance(a, AttachProphecy):
        if a.prophecy in c.prophecies:
            return "already_beside", {"coatl": n, "prophecy": a.prophecy}
        if len(c.prophecies) >= MAX_PROPHECIES_PER_COATL:
            return "beside_full", {"coatl": n, "n": MAX_PROPHECIES_PER_COATL}
        if prophecy_points(a.prophecy, c.colours()) <= 0:
            return "not_fulfilled", {"coatl": n, "prophecy": a.prophecy}
        return "not_now", {}
    if not c.closed():
        return "open_ends", {"coatl": n}
    if not c.prophecies:
        return "no_prophecy_beside", {"coatl": n}
    return "not_now", {}


def _add_piece(pl: Player, c: Coatl, a: AddPiece) -> Reason:
    n = a.coatl + 1
    if a.piece not in pl.board:
        return "not_on_board", {"piece": a.piece}
    if a.end == FRONT and c.has_head():
        return "has_head", {"coatl": n}
    if a.end == BACK and c.has_tail():
        return "has_tail", {"coatl": n}
    col = a.piece % NUM_COLOURS
    seq = [col, *c.colours()] if a.end == FRONT else [*c.colours(), col]
    for t in c.prophecies:
        if prophecy_points(t, seq) <= 0:
            return "breaks", {"coatl": n, "prophecy": t, "piece": a.piece}
    kind = a.piece // NUM_COLOURS
    if (c.has_head() or kind == HEAD) and (c.has_tail() or kind == TAIL):
        # the piece closes the Coatl: it must be finishable at once (no dead end)
        if c.bodies() == 0:
            return "no_body", {"coatl": n, "piece": a.piece}
        if not c.prophecies and not any(prophecy_points(t, seq) > 0 for t in set(pl.hand)):
            return "dead_end", {"coatl": n, "piece": a.piece}
    return "not_now", {}


def explain(s: CoatlState, p: int, a: Action, lang: str) -> str:
    """Why ``a`` is refused, in ``lang`` (pieces and Prophecies by their names)."""
    key, params = refusal(s, p, a)
    cat = s.game.catalog
    words: dict[str, Any] = dict(params)
    if "piece" in words:
        words["piece"] = piece_name(cat, int(words["piece"]), lang)
    if "prophecy" in words:
        words["prophecy"] = prophecy_name(cat, int(words["prophecy"]), lang)
    if "step" in words:
        words["step"] = cat.text(f"refusal.step_of.{words['step']}", lang)
    if key == "over":
        return cat.text("refusal.over", lang)
    if key == "other_decides":
        return cat.text("refusal.other_decides", lang, **words)
    why = cat.text(f"refusal.{key}", lang, **words)
    return cat.text("refusal.said", lang, action=s.game.describe_action(a, lang), why=why)
