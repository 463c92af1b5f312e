"""Play again: a finished table's game, seats, options and settings at a new table, new seed.

``POST /api/tables/{id}/rematch`` (with the seat token, if the caller had a seat) opens the new
table and sits the caller at the seat they had, under the same name; the other people's seats
stay open for them (the old table's page offers the same button, which finds this table again
instead of opening a second one). AI seats keep their agents. The new seed is the server's, as
for any table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request

from .accounts import Accounts
from .api import AuthHeader, Lang, Session, bind_seat, check_sit, limit_rate, manager, token_from
from .errors import ApiError
from .friends import Friends
from .live import LiveTable
from .payloads import pick_lang
from .registry import TableRegistry
from .schemas import CreateTable, JoinTable, SeatSpec, TableSettings
from .seating import Seating

router = APIRouter(prefix="/api")


class Rematches:
    """Takes the registry (the old table, and the new one when asked again) and seating (the new
    table, the caller's seat there). One rematch per table: whoever asks second is sent to the
    same new table."""

    def __init__(self, registry: TableRegistry, seating: Seating) -> None:
        self.registry = registry
        self.seating = seating
        self.made: dict[str, str] = {}  # old table -> its rematch

    async def rematch(
        self, table_id: str, token: str | None, spend: Callable[[int], None]
    ) -> tuple[LiveTable, tuple[int, str] | None]:
        """The new table, and the caller's seat and token there if they had one. ``spend`` is
        asked first for what making a new table costs (the rate limit)."""
        r, seating = self.registry, self.seating
        old = await r.get(table_id)
        if old.status != "finished":
            raise ApiError(409, "not_finished", "the game at this table is not over yet")
        seat = await seating.find_seat(old, token)
        made = self.made
        if table_id in made:
            try:
                again = await r.get(made[table_id])
            except ApiError:
                again = None
            if again is not None:
                if seat is not None and again.status == "open":
                    mine = again.seats[seat]
                    if not mine.taken:
                        name = old.seats[seat].name or "?"
                        t, s, tok = await seating.join(again.id, JoinTable(name=name, seat=seat))
                        return t, (s, tok)
                return again, None
        spend(1 if seat is None else 2)
        seats = [
            SeatSpec(kind="ai", agent=s.agent) if s.kind == "ai" else SeatSpec(kind="human")
            for s in old.seats
        ]
        settings = {k: v for k, v in old.settings.items() if k in TableSettings.model_fields}
        if old.turn_based:  # its windows are the turn-based rule's, set again at creation
            settings.pop("window_seconds", None)
        if any(s.kind == "ai" and s.token_hash is not None for s in old.seats):
            # a person left (an AI took the seat over): whether it is rated is the default's
            settings.pop("rated", None)
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
        table, joined = await seating.create(body)
        made[table_id] = table.id
        return table, joined


def rematches(request: Request) -> Rematches:
    """The app's rematch part (made at the first rematch asked for)."""
    part: Rematches | None = getattr(request.app.state, "rematches", None)
    if part is None:
        m = manager(request)
        part = request.app.state.rematches = Rematches(m.registry, m.seating)
    return part


@router.post("/tables/{table_id}/rematch", status_code=201)
async def rematch(
    request: Request,
    table_id: str,
    authorization: AuthHeader = None,
    x_seat_token: AuthHeader = None,
    lang: Lang = None,
    session: Session = None,
) -> dict[str, Any]:
    """The new table's summary; for a caller with a seat, also ``joined: {seat, token}``.

    The same people (server/friends.py): a signed-in caller's new seat is their account's,
    and the accounts of the old table's other seats are invited to the new table."""
    part = rematches(request)
    made = part.made.get(table_id)
    if made is not None:  # the rematch is there: the caller sits at it only if they may
        try:
            await check_sit(request, session, made)
        except ApiError as e:
            if e.code != "not_found":  # gone: the rematch below makes a new one
                raise
    table, joined = await part.rematch(
        table_id,
        token_from(authorization, x_seat_token),
        lambda cost: limit_rate(request, cost),
    )
    out = table.summary(pick_lang(lang))
    if joined is not None:
        out["joined"] = {"seat": joined[0], "token": joined[1]}
        await bind_seat(request, session, table.id, joined[1])
        accounts: Accounts = request.app.state.accounts
        account = await accounts.current(session) if session else None
        if account is not None and made is None:
            friends: Friends = request.app.state.friends
            await friends.same_people(account, await manager(request).get(table_id), table)
    return out
