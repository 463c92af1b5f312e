"""Play again: a finished table's game, seats, options and settings at a new table, new seed.

``POST /api/tables/{id}/rematch`` (with the seat token, if the caller had a seat) opens the new
table and sits the caller at the seat they had, under the same name; the other people's seats
stay open for them (the old table's page offers the same button, which finds this table again
instead of opening a second one). AI seats keep their agents. The new seed is the server's, as
for any table.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from .api import AuthHeader, Lang, limit_rate, manager, token_from
from .errors import ApiError
from .payloads import pick_lang
from .schemas import CreateTable, JoinTable, SeatSpec, TableSettings

router = APIRouter(prefix="/api")


@router.post("/tables/{table_id}/rematch", status_code=201)
async def rematch(
    request: Request,
    table_id: str,
    authorization: AuthHeader = None,
    x_seat_token: AuthHeader = None,
    lang: Lang = None,
) -> dict[str, Any]:
    """The new table's summary; for a caller with a seat, also ``joined: {seat, token}``."""
    m = manager(request)
    old = await m.get(table_id)
    if old.status != "finished":
        raise ApiError(409, "not_finished", "the game at this table is not over yet")
    seat = await m.find_seat(old, token_from(authorization, x_seat_token))
    lg = pick_lang(lang)
    # one rematch per table: whoever asks second is sent to the same new table
    made: dict[str, str] | None = getattr(request.app.state, "rematches", None)
    if made is None:
        made = request.app.state.rematches = {}
    if table_id in made:
        try:
            again = await m.get(made[table_id])
        except ApiError:
            again = None
        if again is not None:
            out = again.summary(lg)
            if seat is not None and again.status == "open":
                mine = again.seats[seat]
                if not mine.taken:
                    name = old.seats[seat].name or "?"
                    t, s, token = await m.join(again.id, JoinTable(name=name, seat=seat))
                    out = t.summary(lg)
                    out["joined"] = {"seat": s, "token": token}
            return out
    limit_rate(request, 1 if seat is None else 2)
    seats = [
        SeatSpec(kind="ai", agent=s.agent) if s.kind == "ai" else SeatSpec(kind="human")
        for s in old.seats
    ]
    settings = {k: v for k, v in old.settings.items() if k in TableSettings.model_fields}
    join = None
    if seat is not None and old.seats[seat].kind != "ai":
        join = JoinTable(name=old.seats[seat].name or "?", seat=seat)
    body = CreateTable(
        game=old.game.id,
        num_players=old.num_players,
        options=dict(old.public_options),
        seats=seats,
        join=join,
        **settings,
    )
    table, joined = await m.create(body)
    made[table_id] = table.id
    out = table.summary(lg)
    if joined is not None:
        out["joined"] = {"seat": joined[0], "token": joined[1]}
    return out
