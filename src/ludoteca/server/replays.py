"""Replays of a table, step by step, from one point of view.

- ``spectator``: anyone, any table (running tables: only this one);
- ``seat``: a player, with their seat token, once the game is over;
- ``all``: every hand open, only for finished tables created with ``open_replay``.

Passes that close a reaction window are folded into the step before them, so a replay shows
no more of who answered than the live table did.
"""

from __future__ import annotations

from typing import Any, Literal

from ..engine import get_game
from .db import StoredTable
from .errors import ApiError, forbidden
from .payloads import event_json, result_json

ReplayView = Literal["spectator", "seat", "all"]


def check_access(st: StoredTable, view: ReplayView, seat: int | None) -> None:
    finished = st.row.status == "finished"
    if view == "seat":
        if seat is None:
            raise forbidden("a seat's replay needs that seat's token")
        if not finished:
            raise forbidden("while the game runs, its replay shows the spectator's view only")
    if view == "all":
        if not finished:
            raise forbidden("while the game runs, its replay shows the spectator's view only")
        if not (st.row.settings or {}).get("open_replay"):
            raise forbidden("this table was not created with open hands in its replay")


def build_replay(
    st: StoredTable,
    view: ReplayView,
    seat: int | None,
    lang: str,
    start: int,
    limit: int,
) -> dict[str, Any]:
    """Runs in a worker thread: replays the stored moves and keeps what the viewer may see."""
    row = st.row
    if row.status == "open":
        raise ApiError(409, "not_started", "this game has not started")
    game = get_game(row.game)
    if not game.reads_rules_version(row.rules_version):
        raise ApiError(409, "rules_changed", "this game was played under other rules")
    state = game.new_game(row.num_players, row.seed, row.options or {})
    viewers: list[int | None] = (
        list(range(row.num_players)) if view == "all" else [seat if view == "seat" else None]
    )

    def snapshot(n: int, mover: int | None, by: str | None, labels: list[str]) -> dict[str, Any]:
        step: dict[str, Any] = {"n": n, "seat": mover, "by": by, "events": [], "actions": labels}
        if view == "all":
            step["views"] = [state.view(p) for p in viewers]
        else:
            step["view"] = state.view(viewers[0])
        return step

    steps: list[dict[str, Any]] = [snapshot(0, None, None, [])]
    viewer = viewers[0]
    for m in st.moves:
        action = game.action_from_record(m.action, row.rules_version)
        events = state.apply(m.seat, action)
        if m.by == "window" and len(steps) > 1:
            step = steps[-1]  # folded into the move that closed (or opened) the window
        else:
            step = snapshot(m.number + 1, m.seat, m.by, [])
            steps.append(step)
        if (view == "all" or (view == "seat" and m.seat == seat)) and m.by != "window":
            step["actions"].append(game.describe_action(action, lang))
        for e in events:
            if view == "all" or e.visible_to(viewer):
                step["events"].append(event_json(game, m.number + 1, e, lang, viewer))
        # the state after the whole step
        if view == "all":
            step["views"] = [state.view(p) for p in viewers]
        else:
            step["view"] = state.view(viewer)
    result = state.result().to_json() if state.is_over else None
    total = len(steps)
    return {
        "table": row.id,
        "game": row.game,
        "game_name": game.display_name(lang),
        "status": row.status,
        "num_players": row.num_players,
        "seats": [
            {"seat": s.seat, "kind": s.kind, "name": s.name, "agent": s.agent} for s in st.seats
        ],
        "view": view,
        "seat": seat if view == "seat" else None,
        "total_steps": total,
        "start": start,
        "steps": steps[start : start + limit],
        "result": result_json(game, result, lang) if row.status == "finished" else None,
    }
