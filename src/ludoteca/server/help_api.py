"""The help a table offers (its own router, beside the API): each component's help text, the
rules written for players, why a move is refused (the engine's ``explain_illegal`` for the
asking seat) and the tutorials' positions.

Everything here but ``why`` is public and the same for every reader; ``why`` answers only the
seat whose token asks, about that seat's own move, in the words the engine uses for refusals
(which never mention what the seat cannot see).
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request

from ..engine import get_game
from ..engine.errors import InvalidAction, UnknownGame
from ..games.sala_de_miaula.cards import DECK_SIZE, MAX_COPIES, POOL
from ..help import tutorials
from ..help.components import WORDS, help_texts
from ..help.rules import rules_text
from ..help.why import reason as why_reason
from .api import AuthHeader, Lang, manager, token_from
from .errors import ApiError
from .payloads import pick_lang
from .schemas import MoveRequest

router = APIRouter(prefix="/api")

GameId = Annotated[str, Path(max_length=40)]


def _unknown(game_id: str) -> ApiError:
    return ApiError(404, "not_found", f"no game {game_id[:40]!r}")


@router.get("/games/{game_id}/help")
def component_help(game_id: GameId, lang: Lang = None) -> dict[str, str]:
    """``{component key: sentence}``: what each card, place and icon of the board means."""
    try:
        get_game(game_id)
        return help_texts(game_id, pick_lang(lang))
    except UnknownGame:
        raise _unknown(game_id) from None


@router.get("/games/{game_id}/rules")
def rules(game_id: GameId, lang: Lang = None) -> dict[str, str]:
    """The rules written for players, as Markdown."""
    lg = pick_lang(lang)
    try:
        game = get_game(game_id)
        return {
            "game": game_id,
            "name": game.display_name(lg),
            "lang": lg,
            "text": rules_text(game_id, lg),
        }
    except UnknownGame:
        raise _unknown(game_id) from None


@router.post("/tables/{table_id}/why")
async def why(
    request: Request,
    table_id: Annotated[str, Path(max_length=24)],
    body: MoveRequest,
    authorization: AuthHeader = None,
    x_seat_token: AuthHeader = None,
    lang: Lang = None,
) -> dict[str, Any]:
    """Is this move of the asking seat legal now, and if not, why (the engine's
    ``explain_illegal``, in the reader's language: help/why.py)."""
    m = manager(request)
    table = await m.get(table_id)
    seat = await m.find_seat(table, token_from(authorization, x_seat_token))
    if seat is None:
        raise ApiError(403, "forbidden", "only a seat may ask why its move is refused")
    async with table.lock:
        state = table.state
        if state is None:
            raise ApiError(409, "not_started", "the game has not started")
        try:
            action = table.game.action_from_json(body.action)
        except (InvalidAction, ValueError, KeyError, TypeError) as e:
            raise ApiError(422, "invalid_action", str(e)[:300]) from None
        if seat in state.actors and state.is_legal(seat, action):
            return {"legal": True, "reason": None}
        reason = why_reason(state, seat, action, pick_lang(lang))
    return {
        "legal": False,
        "reason": reason,
        "text": WORDS.text("ui.why", pick_lang(lang), reason=reason),
    }


def _load(game_id: str) -> tutorials.Tutorial:
    try:
        return tutorials.load(game_id)
    except UnknownGame:
        raise _unknown(game_id) from None


@router.get("/tutorials")
def tutorial_list() -> list[str]:
    """The games that have a tutorial."""
    return list(tutorials.GAMES)


@router.get("/tutorials/{game_id}/{step}")
async def tutorial_step(
    game_id: GameId, step: Annotated[int, Path(ge=0, le=1000)], lang: Lang = None
) -> dict[str, Any]:
    """The tutorial's position after ``step`` steps, as the learner (seat 0) sees it, and the
    step that comes next (its kind, words, and the move the learner is asked to make)."""
    tut = _load(game_id)
    if step > len(tut.steps):
        raise ApiError(404, "not_found", f"the tutorial has {len(tut.steps)} steps")
    return await asyncio.to_thread(_position, tut, step, pick_lang(lang))


def _position(tut: tutorials.Tutorial, k: int, lg: str) -> dict[str, Any]:
    game = get_game(tut.game)
    state, events = tutorials.position(tut, k)
    me = tutorials.LEARNER_SEAT
    nxt = tut.steps[k] if k < len(tut.steps) else None
    legal = (
        [
            {"action": a.to_json(), "label": game.describe_action(a, lg)}
            for a in state.legal_actions(me)
        ]
        if me in state.actors
        else []
    )
    result = None
    if state.is_over:
        r = state.result()
        key = f"result.{r.reason}"
        text = game.catalog.text(key, lg, **dict(r.details or {}))
        result = {
            "winners": list(r.winners),
            "reason": r.reason,
            "text": None if text == key else text,
        }
    return {
        "game": tut.game,
        "game_name": game.display_name(lg),
        "players": tut.players,
        "step": k,
        "total": len(tut.steps),
        "seat": me,
        "actors": list(state.actors),
        "view": state.view(me),
        "legal": legal,
        "log": [
            {"kind": e.kind, "data": dict(e.data), "text": game.describe_event(e, lg, me)}
            for e in events
            if e.visible_to(me)
        ],
        "next": None
        if nxt is None
        else {
            "kind": nxt.kind,
            "seat": nxt.seat,
            "say": nxt.say[lg] if nxt.say else None,
            # the learner's expected move (the board lights it); another seat's move stays unsaid
            "action": nxt.action if nxt.kind == "do" else None,
        },
        "result": result,
    }


@router.get("/games/sala-de-miaula/catalog")
def sala_catalog() -> dict[str, Any]:
    """Every Sala de Miaula card of the data files (base set and expansions) with its set, type
    and element, and the deck rules, for the Gatálogo (names and texts are in the words)."""
    return {
        "deck_size": DECK_SIZE,
        "max_copies": MAX_COPIES,
        "sets": list(POOL.sets),
        "elements": ["agua", "ar", "terra", "fogo"],
        "cards": [
            {"id": cid, "set": c.set, "type": c.type, "element": c.element}
            for cid, c in POOL.cards.items()
        ],
    }
