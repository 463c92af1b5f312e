"""The HTTP API: games, tables (create, list, join, leave), state, moves, replays.

A seat token travels in the ``Authorization: Bearer <token>`` header (or ``X-Seat-Token``),
never in a URL, so it stays out of logs and browser history.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from datetime import UTC, datetime
from functools import cache
from typing import Annotated, Any

from fastapi import APIRouter, Cookie, Header, Query, Request

from ..agents import agent_names
from ..agents.limits import levels_offered, suits
from ..engine import Game, GameState, get_game, list_games
from ..engine.errors import UnknownGame
from .abandoned import live_abandoned, stored_abandoned
from .accounts import Accounts
from .db import StoredTable, now
from .errors import ApiError
from .friends import Friends
from .limits import Caps, RateLimiter
from .payloads import payload, pick_lang
from .replays import ReplayView, build_replay, check_access
from .schemas import CreateTable, JoinTable, MoveRequest
from .tables import TableManager
from .tokens import same_hash, token_hash

router = APIRouter(prefix="/api")

Lang = Annotated[str | None, Query(max_length=10)]


def manager(request: Request) -> TableManager:
    m: TableManager = request.app.state.manager
    return m


def token_from(authorization: str | None, x_seat_token: str | None) -> str | None:
    if x_seat_token:
        return x_seat_token
    if authorization:
        scheme, _, value = authorization.partition(" ")
        if scheme.lower() != "bearer" or not value.strip():
            raise ApiError(401, "bad_token", "send the seat token as 'Authorization: Bearer TOKEN'")
        return value.strip()
    return None


AuthHeader = Annotated[str | None, Header(max_length=300)]
# the signed-in session (account_api.py): a seat taken while signed in is the account's
Session = Annotated[str | None, Cookie(alias="ludoteca_session", max_length=100)]


async def bind_seat(request: Request, session: str | None, table_id: str, token: str) -> None:
    """A seat just taken by a signed-in person is bound to their account at once."""
    if session:
        accounts: Accounts = request.app.state.accounts
        account = await accounts.current(session)
        if account is not None:
            await accounts.claim(account, [(table_id, token)])


async def check_sit(request: Request, session: str | None, table_id: str) -> None:
    """Refused if the person (signed in or not) may not sit at this table (invitation tables,
    blocks: server/friends.py)."""
    table = await manager(request).get(table_id)
    if table.settings.get("invitation_only"):
        accounts: Accounts = request.app.state.accounts
        friends: Friends = request.app.state.friends
        await friends.check_sit(table, await accounts.current(session) if session else None)


def _json_safe(value: Any) -> Any:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return None
    return value


def option_docs(game: Game) -> dict[str, dict[str, Any]]:
    return {
        name: {k: _json_safe(v) for k, v in doc.items()} for name, doc in game.option_docs().items()
    }


@cache
def has_reactions(game: Game) -> bool:
    """Whether the game opens reaction windows (a Nope...): the lobby offers the window's
    settings only then. A game's state class says so by having its own ``reaction_window``."""
    state = game.new_game(game.min_players, seed=0)
    return type(state).reaction_window is not GameState.reaction_window


@router.get("/games")
def games(request: Request, lang: Lang = None) -> list[dict[str, Any]]:
    lg = pick_lang(lang)
    specs = manager(request).settings.allow_agent_specs  # raw agent names only if allowed
    return [
        {
            "id": g.id,
            "name": g.display_name(lg),
            "names": dict(g.names),
            "min_players": g.min_players,
            "max_players": g.max_players,
            "rules_version": g.rules_version,
            "options": option_docs(g),
            "takes_decks": hasattr(g, "options_with_deck"),
            "agents": [a for a in agent_names() if suits(a, g)] if specs else [],
            "levels": levels_offered(g),
            "reactions": has_reactions(g),
        }
        for g in list_games()
    ]


@router.get("/games/{game_id}/words")
def words(game_id: str, lang: Lang = None) -> dict[str, str]:
    """A game's message catalog in one language (public text: card and place names, labels)."""
    try:
        game = get_game(game_id)
    except UnknownGame:
        raise ApiError(404, "not_found", f"no game {game_id[:64]!r}") from None
    lg = pick_lang(lang)
    other = "en" if lg == "pt-BR" else "pt-BR"
    return {**game.catalog.messages[other], **game.catalog.messages[lg], **game.data_words(lg)}


@router.get("/tables")
async def tables(
    request: Request,
    status: Annotated[str, Query(pattern="^(open|running|finished|active)$")] = "active",
    lang: Lang = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
    before: Annotated[
        datetime | None,
        Query(description="the next page: tables older than this (the last one's created_at)"),
    ] = None,
) -> list[dict[str, Any]]:
    """The newest tables of a status, one page (``limit``) at a time, from the database: the
    page costs the same with 100 tables as with 20,000 (indexed, see Store.lobby)."""
    m = manager(request)
    lg = pick_lang(lang)
    if before is not None and before.tzinfo is None:
        before = before.replace(tzinfo=UTC)
    if status == "finished":
        ids = await page_ids(m, ("finished",), limit, before)
        return [
            {
                "id": r.row.id,
                "game": r.row.game,
                "num_players": r.row.num_players,
                "status": r.row.status,
                "move": r.row.move_count,
                "seats": [
                    {"seat": s.seat, "kind": s.kind, "name": s.name, "agent": s.agent}
                    for s in r.seats
                ],
                "options": r.row.public_options,
                "settings": r.row.settings,
                "updated_at": r.row.updated_at.isoformat(),
            }
            for r in await m.db(m.store.lobby_tables, ids)
            if not r.row.settings.get("invitation_only")
        ]
    wanted = ("open", "running") if status == "active" else (status,)
    ids = await page_ids(m, wanted, limit, before)
    # the tables this process holds are summed up from memory (their newest move); the
    # others (made or resumed by another process) from their rows
    unknown = [i for i in ids if i not in m.tables]
    stored = {st.row.id: st for st in await m.db(m.store.lobby_tables, unknown)} if unknown else {}
    out = []
    at, after = now(), m.settings.abandoned_after
    for tid in ids:
        live = m.tables.get(tid)
        if live is not None:
            if live.settings.get("invitation_only"):
                continue  # by invitation: not in the lobby (server/friends.py)
            if live.status in wanted:  # it may have started or ended meanwhile
                out.append({**live.summary(lg), "abandoned": live_abandoned(live, at, after)})
        elif tid in stored and not stored[tid].row.settings.get("invitation_only"):
            with contextlib.suppress(UnknownGame):
                st = stored[tid]
                out.append({**stored_summary(st, lg), "abandoned": stored_abandoned(st, at, after)})
    return out


async def page_ids(
    m: TableManager, statuses: tuple[str, ...], limit: int, before: datetime | None
) -> list[str]:
    # one process on SQLite: a read of one index range (~0.3 ms) on the event loop, as the
    # writes are there (TableManager.write); else in the database thread
    if m.inline_writes:
        return m.store.lobby_ids(statuses, limit, before)
    return await m.db(m.store.lobby_ids, statuses, limit, before)


def stored_summary(st: StoredTable, lang: str) -> dict[str, Any]:
    """A table's public summary from its stored row, in the shape of ``LiveTable.summary``."""
    row = st.row
    return {
        "id": row.id,
        "game": row.game,
        "game_name": get_game(row.game).display_name(lang),
        "num_players": row.num_players,
        "status": row.status,
        "move": row.move_count,
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "agent": s.agent,
                "name": s.name,
                "taken": s.kind == "ai" or s.token_hash is not None,
            }
            for s in st.seats
        ],
        "options": row.public_options,
        "settings": row.settings,
        "created_at": row.created_at.isoformat(),
    }


def client_address(request: Request) -> str:
    """The socket's peer (or what a trusted proxy says: middleware.ClientAddress)."""
    return request.client.host if request.client else "?"


def limit_rate(request: Request, cost: int = 1) -> None:
    """Creating tables and joining seats: at most ``rate_limit`` a minute per address."""
    limiter: RateLimiter | None = getattr(request.app.state, "limiter", None)
    if limiter is not None:
        limiter.check(client_address(request), cost)


@router.post("/tables", status_code=201)
async def create_table(
    request: Request, body: CreateTable, lang: Lang = None, session: Session = None
) -> dict[str, Any]:
    """The new table's summary; with ``join``, also ``joined: {seat, token}``."""
    m = manager(request)
    caps: Caps = request.app.state.caps
    address = client_address(request)
    if body.invitation_only:  # server/friends.py: an account makes it, and sits at once
        accounts: Accounts = request.app.state.accounts
        if body.join is None or await accounts.current(session) is None:
            raise ApiError(
                422,
                "invitation_needs_account",
                "a table by invitation is made by a signed-in person who sits at it",
            )
    caps.check_open(address, m.tables)
    limit_rate(request, 1 if body.join is None else 2)  # a table and a seat
    table, joined = await m.create(body, pick_lang(lang))
    if table.status == "open":
        caps.made_table(address, table.id, m.tables)
    out = table.summary(pick_lang(lang))
    if joined is not None:
        out["joined"] = {"seat": joined[0], "token": joined[1]}
        await bind_seat(request, session, table.id, joined[1])
    return out


@router.get("/tables/{table_id}")
async def get_table(request: Request, table_id: str, lang: Lang = None) -> dict[str, Any]:
    table = await manager(request).get(table_id)
    return table.summary(pick_lang(lang))


@router.post("/tables/{table_id}/join")
async def join(
    request: Request, table_id: str, body: JoinTable, lang: Lang = None, session: Session = None
) -> dict[str, Any]:
    limit_rate(request)
    await check_sit(request, session, table_id)
    table, seat, token = await manager(request).join(table_id, body)
    await bind_seat(request, session, table.id, token)
    return {"seat": seat, "token": token, "table": table.summary(pick_lang(lang))}


@router.post("/tables/{table_id}/leave")
async def leave(
    request: Request,
    table_id: str,
    authorization: AuthHeader = None,
    x_seat_token: AuthHeader = None,
    lang: Lang = None,
) -> dict[str, Any]:
    table = await manager(request).leave(table_id, token_from(authorization, x_seat_token))
    return {"left": True, "table": table.summary(pick_lang(lang))}


@router.get("/tables/{table_id}/state")
async def state(
    request: Request,
    table_id: str,
    authorization: AuthHeader = None,
    x_seat_token: AuthHeader = None,
    lang: Lang = None,
) -> dict[str, Any]:
    m = manager(request)
    table = await m.get(table_id)
    seat = await m.find_seat(table, token_from(authorization, x_seat_token))
    async with table.lock:
        return payload(table, seat, pick_lang(lang), None, m.settings.log_events)


@router.post("/tables/{table_id}/moves")
async def move(
    request: Request,
    table_id: str,
    body: MoveRequest,
    authorization: AuthHeader = None,
    x_seat_token: AuthHeader = None,
) -> dict[str, Any]:
    return await manager(request).submit(
        table_id, token_from(authorization, x_seat_token), body.action, body.move
    )


@router.get("/tables/{table_id}/replay")
async def replay(
    request: Request,
    table_id: str,
    view: ReplayView = "spectator",
    start: Annotated[int, Query(ge=0, le=2**31)] = 0,
    limit: Annotated[int, Query(ge=1, le=5000)] = 5000,
    authorization: AuthHeader = None,
    x_seat_token: AuthHeader = None,
    lang: Lang = None,
) -> dict[str, Any]:
    m = manager(request)
    if len(table_id) > 24:
        raise ApiError(404, "not_found", "this table does not exist")
    st = await m.db(m.store.load, table_id)
    if st is None:
        raise ApiError(404, "not_found", "this table does not exist")
    token = token_from(authorization, x_seat_token)
    seat = None
    if token is not None:
        h = token_hash(token)
        seats = [s.seat for s in st.seats if same_hash(s.token_hash, h)]
        if not seats:
            raise ApiError(403, "forbidden", "this token holds no seat at this table")
        seat = seats[0]
    check_access(st, view, seat)
    return await asyncio.to_thread(build_replay, st, view, seat, pick_lang(lang), start, limit)
