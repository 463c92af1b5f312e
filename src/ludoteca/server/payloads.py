"""What one viewer receives: the view of its seat, its legal moves with their labels, the log.

This module is the only place where a state's contents leave the server toward a person, and
it reads them only through ``state.view(seat)``, ``state.legal_actions(seat)`` (for the seat
itself) and the events addressed to that seat. Spectators are ``seat=None``.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import orjson

from ..engine import Action, Event, Game, GameState, Result, normalize_language
from .live import LiveTable


def pick_lang(lang: str | None) -> str:
    try:
        return normalize_language(lang)
    except ValueError:
        return "pt-BR"


def event_json(game: Game, number: int, e: Event, lang: str, viewer: int | None) -> dict[str, Any]:
    return {
        "n": number,
        "kind": e.kind,
        "data": dict(e.data),
        "text": game.describe_event(e, lang, viewer),
    }


def visible_log(
    table: LiveTable, viewer: int | None, lang: str, start: int = 0, last: int | None = None
) -> list[dict[str, Any]]:
    """The events of ``table.log[start:]`` the viewer may see (only the newest ``last``)."""
    out = [(n, e) for n, e in table.log[start:] if e.visible_to(viewer)]
    if last is not None:
        out = out[-last:]
    return [event_json(table.game, n, e, lang, viewer) for n, e in out]


def result_json(game: Game, result: dict[str, Any] | None, lang: str) -> dict[str, Any] | None:
    if result is None:
        return None
    out = dict(result)
    key = f"result.{result.get('reason')}"
    text = game.catalog.text(key, lang, **dict(result.get("details") or {}))
    out["text"] = None if text == key else text
    return out


def table_part(table: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
    """Everything of the payload but the log; the same for every viewer of one seat."""
    key = (seat, lang)
    cached = table.cache.get(key)
    if cached is not None:
        return cached
    state = table.state
    game = table.game
    out: dict[str, Any] = {
        "type": "state",
        "table": table.summary(lang),
        "move": table.move_count,
        "seat": seat,
        "view": None,
        "actors": [],
        "legal": [],
        "window": None,
        "clocks": {},
        "result": result_json(game, table.result, lang),
        "answered": False,
    }
    if state is not None:
        out["view"] = state.view(seat)
        actors = list(state.actors)
        out["actors"] = actors
        window = table.window
        if seat is not None and seat in actors and table.status == "running":
            if window is not None and seat in window.passed:
                out["answered"] = True
            else:
                moves = _moves(game, state, seat, lang)
                out["legal"] = [d for d, _ in moves]
                table.cache[("legal", seat, lang)] = ",".join(t for _, t in moves)
    table.cache[key] = out
    return out


# (game id, action, language) -> ({"action": json, "label": text}, the same as JSON text);
# actions are few and hashable, and their words never change while the server runs, so each
# is described (and encoded) once
_MOVES: dict[tuple[str, Action, str], tuple[dict[str, Any], str]] = {}
_MOVES_LIMIT = 200_000


def dumps(obj: Any) -> str:
    """Compact JSON, as Starlette's ``send_json`` writes it (with orjson: several times faster,
    and encoding the views is a good part of the server's work per move)."""
    try:
        return orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # what orjson refuses (integers over 64 bits): the standard library
        return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def _moves(game: Game, state: GameState, seat: int, lang: str) -> list[tuple[dict[str, Any], str]]:
    out = []
    for a in state.legal_actions(seat):
        key = (game.id, a, lang)
        move = _MOVES.get(key)
        if move is None:
            if len(_MOVES) > _MOVES_LIMIT:
                _MOVES.clear()
            d = {"action": a.to_json(), "label": game.describe_action(a, lang)}
            move = _MOVES[key] = (d, dumps(d))
        out.append(move)
    return out


def legal_moves(game: Game, state: GameState, seat: int, lang: str) -> list[dict[str, Any]]:
    return [d for d, _ in _moves(game, state, seat, lang)]


def table_part_text(table: LiveTable, seat: int | None, lang: str) -> str:
    """:func:`table_part` as JSON text without its closing brace (and without the timers),
    built once per move, seat and language: every connection of that seat shares it, and the
    legal moves are joined from their cached texts instead of being encoded again."""
    key = ("text", seat, lang)
    cached = table.cache.get(key)
    if cached is not None:
        return str(cached)
    part = table_part(table, seat, lang)
    rest = {k: v for k, v in part.items() if k not in ("legal", "window", "clocks")}
    legal = ""
    if part["legal"]:
        legal = str(table.cache[("legal", seat, lang)])
    text = dumps(rest)[:-1] + ',"legal":[' + legal + "]"
    table.cache[key] = text
    return text


def payload_text(
    table: LiveTable, seat: int | None, lang: str, log_from: int | None, log_last: int
) -> str:
    """:func:`payload` as JSON text, the form a WebSocket message takes."""
    head = table_part_text(table, seat, lang)
    loop_time = asyncio.get_running_loop().time()
    window = None
    if table.window is not None:
        window = {"seconds_left": round(max(0.0, table.window.deadline - loop_time), 2)}
    clocks = {str(p): round(max(0.0, d - loop_time), 2) for p, d in sorted(table.clocks.items())}
    if log_from is None:
        events = visible_log(table, seat, lang, 0, log_last)
    else:
        events = visible_log(table, seat, lang, log_from)
    tail = {"window": window, "clocks": clocks, "events": events, "log_reset": log_from is None}
    return head + "," + dumps(tail)[1:]


def result_of(state: GameState) -> dict[str, Any] | None:
    if not state.is_over:
        return None
    r: Result = state.result()
    return r.to_json()


def payload(
    table: LiveTable, seat: int | None, lang: str, log_from: int | None, log_last: int
) -> dict[str, Any]:
    """The state message; ``log_from`` None: the newest ``log_last`` events (a fresh client)."""
    out = dict(table_part(table, seat, lang))
    # the timers are read now, not cached with the rest
    loop_time = asyncio.get_running_loop().time()
    if table.window is not None:
        out["window"] = {"seconds_left": round(max(0.0, table.window.deadline - loop_time), 2)}
    out["clocks"] = {
        str(p): round(max(0.0, d - loop_time), 2) for p, d in sorted(table.clocks.items())
    }
    if log_from is None:
        out["events"] = visible_log(table, seat, lang, 0, log_last)
        out["log_reset"] = True
    else:
        out["events"] = visible_log(table, seat, lang, log_from)
        out["log_reset"] = False
    return out
