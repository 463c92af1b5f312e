"""What one viewer receives: the view of its seat, its legal moves with their labels, the log.

This module is the only place where a state's contents leave the server toward a person, and
it reads them only through ``state.view(seat)``, ``state.legal_actions(seat)`` (for the seat
itself) and the events addressed to that seat. Spectators are ``seat=None``.
"""

from __future__ import annotations

import asyncio
from typing import Any

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
                out["legal"] = legal_moves(game, state, seat, lang)
    table.cache[key] = out
    return out


# (game id, action, language) -> {"action": json, "label": text}; actions are few and hashable,
# and their words never change while the server runs, so each is described once
_MOVES: dict[tuple[str, Action, str], dict[str, Any]] = {}
_MOVES_LIMIT = 200_000


def legal_moves(game: Game, state: GameState, seat: int, lang: str) -> list[dict[str, Any]]:
    out = []
    for a in state.legal_actions(seat):
        key = (game.id, a, lang)
        move = _MOVES.get(key)
        if move is None:
            if len(_MOVES) > _MOVES_LIMIT:
                _MOVES.clear()
            move = _MOVES[key] = {"action": a.to_json(), "label": game.describe_action(a, lang)}
        out.append(move)
    return out


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
