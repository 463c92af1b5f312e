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

from ..engine import Action, Event, Game, GameState, normalize_language
from .live import LiveTable, Window


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
    return [
        event_json(table.game, n, e, lang, viewer) for n, e in _visible(table, viewer, start, last)
    ]


def _visible(
    table: LiveTable, viewer: int | None, start: int, last: int | None
) -> list[tuple[int, Event]]:
    out = [(n, e) for n, e in table.log[start:] if e.visible_to(viewer)]
    return out if last is None else out[-last:]


# (game id, kind, data with the type of each value, language, viewer) -> the event as JSON text
# without its number: an event's sentence depends on nothing else, and the same few events
# (a card placed, a domain won) come back on every table, so each is described and encoded
# once instead of once per connection and move
_EVENTS: dict[tuple[Any, ...], str] = {}
_EVENTS_LIMIT = 200_000


def event_text(game: Game, number: int, e: Event, lang: str, viewer: int | None) -> str:
    """:func:`event_json` as JSON text."""
    key: tuple[Any, ...] | None
    # the value's type is part of the key: 1, 1.0 and True are equal keys but not equal JSON
    key = (game.id, e.kind, tuple((k, v.__class__, v) for k, v in e.data.items()), lang, viewer)
    try:
        rest = _EVENTS.get(key)
    except TypeError:  # a value that cannot be a key (a list): described every time
        key, rest = None, None
    if rest is None:
        d = event_json(game, number, e, lang, viewer)
        del d["n"]
        rest = dumps(d)[1:]
        if key is not None:
            if len(_EVENTS) > _EVENTS_LIMIT:
                _EVENTS.clear()
            _EVENTS[key] = rest
    return '{"n":' + str(number) + "," + rest


def visible_log_text(
    table: LiveTable, viewer: int | None, lang: str, start: int = 0, last: int | None = None
) -> str:
    """:func:`visible_log` as JSON text."""
    game = table.game
    events = _visible(table, viewer, start, last)
    return "[" + ",".join(event_text(game, n, e, lang, viewer) for n, e in events) + "]"


def result_json(game: Game, result: dict[str, Any] | None, lang: str) -> dict[str, Any] | None:
    if result is None:
        return None
    out = dict(result)
    key = f"result.{result.get('reason')}"
    text = game.catalog.text(key, lang, **dict(result.get("details") or {}))
    out["text"] = None if text == key else text
    return out


def seat_part(table: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
    """Everything of the payload but the table's summary, the timers and the log; the same for
    every viewer of one seat (built once per move, seat and language)."""
    key = (seat, lang)
    cached = table.cache.get(key)
    if cached is not None:
        return cached
    state = table.state
    game = table.game
    out: dict[str, Any] = {
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


def table_part(table: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
    """Everything of the payload but the log, with the table's whole summary."""
    return {"type": "state", "table": table.summary(lang), **seat_part(table, seat, lang)}


def summary_text(table: LiveTable, lang: str) -> str:
    """The table's summary as a WebSocket message carries it, as JSON text: without the move
    number (the message has its own), so that it changes only when the table's status, seats
    or settings do, and is sent only then (see :func:`payload_text`)."""
    key = ("summary", lang)
    cached = table.cache.get(key)
    if cached is not None:
        return str(cached)
    summary = table.summary(lang)
    del summary["move"]
    text = table.cache[key] = dumps(summary)
    return text


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


def seat_part_text(table: LiveTable, seat: int | None, lang: str) -> str:
    """:func:`seat_part` without the timers, as the inside of a JSON object (no braces): built
    once per move, seat and language, shared by every connection of that seat, with the legal
    moves joined from their cached texts instead of being encoded again."""
    key = ("text", seat, lang)
    cached = table.cache.get(key)
    if cached is not None:
        return str(cached)
    part = seat_part(table, seat, lang)
    rest = {k: v for k, v in part.items() if k not in ("legal", "window", "clocks")}
    legal = ""
    if part["legal"]:
        legal = str(table.cache[("legal", seat, lang)])
    text = dumps(rest)[1:-1] + ',"legal":[' + legal + "]"
    table.cache[key] = text
    return text


def window_json(window: Window, loop_time: float) -> dict[str, Any]:
    """An open reaction window for a client: its time left and what is reacted to."""
    return {"seconds_left": round(max(0.0, window.deadline - loop_time), 2), "about": window.about}


def payload_text(
    table: LiveTable,
    seat: int | None,
    lang: str,
    log_from: int | None,
    log_last: int,
    summary: str | None = None,
) -> str:
    """:func:`payload` as JSON text, the form a WebSocket message takes. The table's summary
    (:func:`summary_text`) goes in only when ``summary`` is given: a connection sends it
    first and then whenever it has changed, not with every move."""
    head = '{"type":"state",'
    if summary is not None:
        head += '"table":' + summary + ","
    head += seat_part_text(table, seat, lang)
    loop_time = asyncio.get_running_loop().time()
    window = None
    if table.window is not None:
        window = window_json(table.window, loop_time)
    clocks = {str(p): round(max(0.0, d - loop_time), 2) for p, d in sorted(table.clocks.items())}
    if log_from is None:
        events = visible_log_text(table, seat, lang, 0, log_last)
    else:
        events = visible_log_text(table, seat, lang, log_from)
    reset = "true" if log_from is None else "false"
    return (
        f'{head},"window":{dumps(window)},"clocks":{dumps(clocks)},'
        f'"events":{events},"log_reset":{reset}}}'
    )


def payload(
    table: LiveTable, seat: int | None, lang: str, log_from: int | None, log_last: int
) -> dict[str, Any]:
    """The state message; ``log_from`` None: the newest ``log_last`` events (a fresh client)."""
    out = table_part(table, seat, lang)
    # the timers are read now, not cached with the rest
    loop_time = asyncio.get_running_loop().time()
    if table.window is not None:
        out["window"] = window_json(table.window, loop_time)
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
