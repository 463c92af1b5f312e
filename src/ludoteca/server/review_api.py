"""The game review and practice hints over HTTP (issue 22, items 4 and 6).

- ``POST /api/tables/{id}/reviews/{seat}``: the review of a seat (0-based) of a finished game:
  stored (``done``), else started in the AI workers (``queued``/``running`` with its progress);
  ``GET`` the same without starting one (``none``). Anyone may ask, for any seat: a review
  holds only that seat's own moves and values from its information set, the same JSON whoever
  asks (``ludoteca review --json`` prints it for the same record and seed). A running game:
  409 ``not_finished``.
- ``POST /api/tables/{id}/hint`` (the seat's token): the moves the review would call best now,
  from that seat's information only; refused (403 ``rated``) at a rated table; recorded. It
  answers at once: 200 ``done`` with the moves when known, else 202 ``pending`` while the AI
  workers compute them (one computation per seat and position; a newer position supersedes
  it); ``GET`` the same door says how it stands without starting one (the client polls it).
- Over the table's WebSocket (``ws.py``), ``{"type": "review", "seat": N}`` follows that
  review's progress (``watch``): its status now, then each change pushed (``review_runs``),
  ending in ``done`` or ``failed``; the same checks as the route (a finished game, a seat it
  has) and the same fields, never the review itself. The page's progress bar follows these, and
  polls the route when its socket is not open (or this process does not run the review).
- ``GET /api/tables/{id}/hints``: which seat asked for a hint at which move (public: the table
  and its replay say when hints were used).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Path, Request
from fastapi.responses import JSONResponse

from ..engine import Game, get_game
from .api import AuthHeader, Lang, limit_rate, manager, token_from
from .connections import Connection
from .db import StoredTable
from .errors import ApiError, forbidden
from .live import LiveTable
from .payloads import pick_lang
from .review_runs import ReviewRuns
from .review_store import ReviewStore
from .tables import TableManager

router = APIRouter(prefix="/api")

SeatNo = Annotated[int, Path(ge=0, le=63)]
TableId = Annotated[str, Path(max_length=24)]


def runs(request: Request) -> ReviewRuns:
    return runs_of(request.app)


def runs_of(app: FastAPI) -> ReviewRuns:
    """The app's review runs, made at the first review or hint (beside the AI seats' pool)."""
    got: ReviewRuns | None = getattr(app.state, "reviews", None)
    if got is None:
        m: TableManager = app.state.manager
        got = ReviewRuns(m.ai.pool, ReviewStore(m.store.engine), m.settings)
        app.state.reviews = got
    return got


def stop(app: FastAPI) -> None:
    got: ReviewRuns | None = getattr(app.state, "reviews", None)
    if got is not None:
        got.stop()


def is_rated(options: dict[str, Any] | None, settings: dict[str, Any] | None) -> bool:
    """A rated table (the ``rated`` key of its options or settings is true): no hints."""
    return bool((options or {}).get("rated")) or bool((settings or {}).get("rated"))


async def finished_table(m: TableManager, table_id: str, seat: int) -> StoredTable:
    st = await m.db(m.store.load, table_id)
    if st is None:
        raise ApiError(404, "not_found", "this table does not exist")
    if not 0 <= seat < st.row.num_players:
        raise ApiError(404, "not_found", f"this table has seats 0..{st.row.num_players - 1}")
    if st.row.status != "finished":
        raise ApiError(409, "not_finished", "a review is only made of a finished game")
    if not get_game(st.row.game).reads_rules_version(st.row.rules_version):
        raise ApiError(409, "rules_changed", "this game was played under other rules")
    return st


def texts(game: Game, review: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """Each decision's moves in words: the one played, the best ones, and the search judge's
    best move where a search graded the decision (else None)."""

    def say(move: dict[str, Any]) -> str:
        return game.describe_action(game.action_from_json(move), lang)

    return [
        {
            "played": say(d["played"]["move"]),
            "best": [say(b["move"]) for b in d["best"]],
            "search": say(d["search"]["best"]) if d.get("search") else None,
        }
        for d in review["decisions"]
    ]


async def answer(
    request: Request, table_id: str, seat: int, lang: str | None, begin: bool
) -> dict[str, Any]:
    st = await finished_table(manager(request), table_id, seat)
    r = runs(request)
    key, budget = r.key(st, seat)
    stored = await manager(request).db(r.store.get, *key)
    if stored is not None:
        game = get_game(st.row.game)
        return {
            "status": "done",
            "version": key[2],
            "review": stored,
            "texts": texts(game, stored, pick_lang(lang)),
        }
    status = r.status(key)
    if begin and (status is None or status["status"] == "failed"):
        limit_rate(request)  # a review costs a worker tens of seconds
        r.start(st, seat, key, budget)
        status = r.status(key)
    return {"version": key[2], **(status or {"status": "none"})}


async def watch(app: FastAPI, conn: Connection, table_id: str, seat: int) -> None:
    """``conn`` follows the review of ``seat`` (instead of any it followed): told how it stands
    now, then each change (``ReviewRuns.tell``). The route's checks (``ApiError`` as it
    raises them: the client gets the error) and the route's fields: ``done`` without the
    review, ``none`` where no review of it is stored or runs in this process."""
    m: TableManager = app.state.manager
    st = await finished_table(m, table_id, seat)
    r = runs_of(app)
    key, _ = r.key(st, seat)
    unwatch(app, conn)
    r.watch(key, conn.send)
    conn.review = key
    status = r.status(key)
    if status is None:
        stored = await m.db(r.store.has, *key)
        if conn.review != key:  # another review asked for meanwhile: that one answers
            return
        # a run begun meanwhile has told its watchers already
        status = r.status(key) or {"status": "done" if stored else "none"}
    conn.send(r.message(key, status))


def unwatch(app: FastAPI, conn: Connection) -> None:
    """``conn`` follows no review (it asked for another, or closed)."""
    if conn.review is not None:
        runs_of(app).unwatch(conn.review, conn.send)
        conn.review = None


@router.get("/tables/{table_id}/reviews/{seat}")
async def get_review(
    request: Request, table_id: TableId, seat: SeatNo, lang: Lang = None
) -> dict[str, Any]:
    return await answer(request, table_id, seat, lang, begin=False)


@router.post("/tables/{table_id}/reviews/{seat}")
async def start_review(
    request: Request, table_id: TableId, seat: SeatNo, lang: Lang = None
) -> dict[str, Any]:
    return await answer(request, table_id, seat, lang, begin=True)


async def hint_position(
    request: Request,
    table_id: str,
    authorization: str | None,
    x_seat_token: str | None,
    with_state: bool = True,
) -> tuple[LiveTable, int, int, dict[str, Any]]:
    """The table, the asking seat, the move number and the state (as JSON; empty without
    ``with_state``: a poll needs none) a hint is for, after the checks every hint request
    passes (the seat's token, an unrated table, a running game, the seat's decision)."""
    m = manager(request)
    table = await m.get(table_id)
    seat = await m.find_seat(table, token_from(authorization, x_seat_token))
    if seat is None:
        raise forbidden("a hint needs the seat token of the seat that asks")
    if is_rated(table.public_options, table.settings) or is_rated(table.options, None):
        raise ApiError(403, "rated", "hints are not offered at a rated table")
    async with table.lock:
        state = table.state
        if table.status != "running" or state is None or state.is_over:
            raise ApiError(409, "not_running", "hints are given while the game runs")
        if not state.legal_actions(seat):
            raise ApiError(409, "not_your_turn", "nothing to decide now")
        return table, seat, table.move_count, state.to_json() if with_state else {}


def hint_answer(
    table: LiveTable, seat: int, move: int, status: dict[str, Any], lang: str | None
) -> JSONResponse:
    """200 with the moves in words once known (or ``failed``/``none``); 202 while pending."""
    body: dict[str, Any] = {"move": move, "seat": seat, **status}
    if "best" in status:
        lg, game = pick_lang(lang), table.game
        body["best"] = [
            {**b, "text": game.describe_action(game.action_from_json(b["move"]), lg)}
            for b in status["best"]
        ]
    return JSONResponse(body, status_code=202 if status["status"] == "pending" else 200)


@router.post("/tables/{table_id}/hint")
async def hint(
    request: Request,
    table_id: TableId,
    authorization: AuthHeader = None,
    x_seat_token: AuthHeader = None,
    lang: Lang = None,
) -> JSONResponse:
    table, seat, move, state_json = await hint_position(
        request, table_id, authorization, x_seat_token
    )
    r = runs(request)
    await manager(request).db(r.store.add_hint, table.id, seat, move)
    status = r.ask_hint(table.id, seat, move, table.game.id, state_json)
    return hint_answer(table, seat, move, status, lang)


@router.get("/tables/{table_id}/hint")
async def hint_now(
    request: Request,
    table_id: TableId,
    authorization: AuthHeader = None,
    x_seat_token: AuthHeader = None,
    lang: Lang = None,
) -> JSONResponse:
    table, seat, move, _ = await hint_position(
        request, table_id, authorization, x_seat_token, with_state=False
    )
    return hint_answer(table, seat, move, runs(request).hint_status(table.id, seat, move), lang)


@router.get("/tables/{table_id}/hints")
async def hints(request: Request, table_id: TableId) -> dict[str, Any]:
    m = manager(request)
    st = await m.db(m.store.load, table_id, False)
    if st is None:
        raise ApiError(404, "not_found", "this table does not exist")
    used = await m.db(runs(request).store.hints, table_id)
    return {"hints": [{"seat": s, "move": n} for s, n in used]}
