"""Seating: making a table, taking and leaving seats, decks, and dealing once every seat is taken.

Every seat is stored guarded (only if it is still free in the database), so two processes can
never give one seat twice; starting a game is guarded the same way (open -> running once).
"""

from __future__ import annotations

import contextlib
import os
import random
import tempfile
from typing import Any

from pydantic import BaseModel

from ..engine import LudotecaError, get_game
from ..engine.errors import UnknownGame
from .ai_seats import AiSeats
from .db import now
from .errors import ApiError, forbidden
from .live import LiveTable, Seat
from .models import SeatRow, TableRow
from .ratings_anchors import anchors_for
from .ratings_updates import choose_rated
from .records import begin
from .registry import TableRegistry
from .replication import Replication
from .schemas import CreateTable, JoinTable
from .tokens import new_table_id, new_token, same_hash, token_hash
from .turn_rules import RULES as TURN_RULES


class Seating:
    """Takes the registry (the tables, the database, the ``changed`` event), the AI seats
    (checking a seat's agent, taking over from a person who left), replication (seats taken
    through other processes; telling them of an open table's seats) and the source of the
    tables' seeds (the system's, unless given)."""

    def __init__(
        self,
        registry: TableRegistry,
        ai: AiSeats,
        replication: Replication,
        rng: random.Random | None = None,
    ) -> None:
        self.registry = registry
        self.ai = ai
        self.replication = replication
        self.rng = rng if rng is not None else random.SystemRandom()

    # -- tokens -----------------------------------------------------------------------------
    def seat_for(self, table: LiveTable, token: str | None) -> int | None:
        """The seat a token belongs to; None for no token; a wrong token is refused."""
        if token is None:
            return None
        seat = table.seat_of_hash(token_hash(token))
        if seat is None:
            raise forbidden("this token holds no seat at this table")
        return seat

    async def find_seat(self, table: LiveTable, token: str | None) -> int | None:
        """:meth:`seat_for`, but with several processes a seat taken through another one
        a moment ago is looked up in the database before the token is refused."""
        r = self.registry
        try:
            return self.seat_for(table, token)
        except ApiError:
            if self.replication.fanout is None or token is None:
                raise
        st = await r.db(r.store.load, table.id, False)
        h = token_hash(token)
        if st is None or not any(same_hash(s.token_hash, h) for s in st.seats):
            raise forbidden("this token holds no seat at this table")
        await self.replication.refresh(table)
        return self.seat_for(table, token)

    # -- a new table --------------------------------------------------------------------------
    async def create(
        self, req: CreateTable, lang: str = "en"
    ) -> tuple[LiveTable, tuple[int, str] | None]:
        """A new table; with ``req.join``, its creator takes a seat in the same transaction
        (then also the seat and its token: one request and one write instead of two)."""
        r = self.registry
        try:
            game = get_game(req.game)
        except UnknownGame as e:
            raise ApiError(422, "unknown_game", str(e)) from None
        n = req.num_players or (len(req.seats) if req.seats else game.min_players)
        specs = list(req.seats or [])
        seats: list[Seat] = []
        for i in range(n):
            spec = specs[i] if i < len(specs) else None
            if spec is None or spec.kind == "human":
                seats.append(Seat(i, "human"))
            else:
                agent = self.ai.accept_spec(spec.agent, game, lang)
                seats.append(Seat(i, "ai", agent=agent, name=None))
        if len(specs) > n:
            raise ApiError(422, "bad_seats", f"{len(specs)} seats given for {n} players")
        try:
            # validates the player count and the options now, so a bad table is never stored
            game.new_game(n, 0, req.options)
        except LudotecaError as e:
            raise ApiError(422, "invalid_options", str(e)) from None
        settings: dict[str, Any] = {
            "window_seconds": req.window_seconds,
            "window_close_early": req.window_close_early,
            "clock_seconds": req.clock_seconds,
            "open_replay": req.open_replay,
            "invitation_only": req.invitation_only,
            # rated for people by default; against AI seats when asked (ratings_updates.py)
            "rated": choose_rated(req.rated, game.id, seats, anchors_for),
        }
        if req.mode == "turn_based":  # deadlines in the database (turn_timers.py)
            settings.update(turn_settings(req.turn_seconds, req.bank_seconds))
        table = LiveTable(
            id=new_table_id(),
            game=game,
            num_players=n,
            seed=self.rng.randrange(2**31),
            public_options=dict(req.options),
            settings=settings,
            status="open",
            seats=seats,
            created_at=now(),
            updated_at=now(),
        )
        joined = None
        if req.join is not None:
            seat, token = self._sit(table, req.join)
            joined = (seat.index, token)
        row = TableRow(
            id=table.id,
            game=game.id,
            rules_version=game.rules_version,
            num_players=n,
            seed=table.seed,
            options=None,
            public_options=table.public_options,
            settings=settings,
            status="open",
            move_count=0,
            result=None,
            created_at=table.created_at,
            updated_at=table.created_at,
        )
        await r.write(r.store.create_table, row, [seat_row(table, s) for s in seats])
        r.tables[table.id] = table
        if all(s.taken for s in seats):
            async with table.lock:
                await self._start_game(table)
        else:
            self.replication.announce(table)
        return table, joined

    # -- joining and leaving ------------------------------------------------------------------
    def _sit(self, table: LiveTable, req: JoinTable) -> tuple[Seat, str]:
        """Seat a person in memory (the caller stores it): the seat asked for, or the first
        open one; a deck is checked now, so that a bad one is refused at the door, not at
        the start. The seat and its new token."""
        free = [s for s in table.seats if not s.taken]
        if req.seat is not None:
            chosen = [s for s in free if s.index == req.seat]
            if not chosen:
                raise ApiError(409, "seat_taken", f"seat {req.seat} is not open")
            seat = chosen[0]
        elif free:
            seat = free[0]
        else:
            raise ApiError(409, "not_open", "this table has no open seat any more")
        if req.deck is not None:
            options_with_decks(table, {seat.index: req.deck})
        token = new_token()
        seat.name = req.name
        seat.token_hash = token_hash(token)
        seat.seat_options = {"deck": req.deck} if req.deck is not None else None
        return seat, token

    async def join(self, table_id: str, req: JoinTable) -> tuple[LiveTable, int, str]:
        r = self.registry
        table = await r.get(table_id)
        async with table.lock:
            for _ in range(len(table.seats) + 1):  # each failed claim was one seat taken
                if table.status != "open":
                    raise ApiError(409, "not_open", "this table has no open seat any more")
                seat, token = self._sit(table, req)
                try:
                    # guarded: with several processes, another one may have given it away
                    taken = await r.write(r.store.claim_seat, seat_row(table, seat))
                except Exception:
                    seat.name = seat.token_hash = None
                    seat.seat_options = None
                    raise
                if taken:
                    break
                # taken through another process a moment ago (its note not heard yet): the
                # seats as stored, then the next open one, unless this one was asked for
                seat.name = seat.token_hash = None
                seat.seat_options = None
                await self.replication.refresh_locked(table)
                if req.seat is not None:
                    raise ApiError(409, "seat_taken", f"seat {seat.index} was just taken")
            else:
                raise ApiError(409, "seat_taken", "every seat was just taken")
            if self.replication.fanout is not None:
                # the other seats as stored: some may have been taken through other processes
                await self.replication.refresh_seats(table)
            if all(s.taken for s in table.seats):
                await self._start_game(table)
            else:
                table.cache.clear()  # the summary its clients are sent names the new seat
                r.notify(table)
                self.replication.announce(table)
            return table, seat.index, token

    async def _start_game(self, table: LiveTable) -> None:
        """All seats are taken: fix the options (decks included) and deal."""
        r = self.registry
        options = options_with_decks(table, {})
        state = table.game.new_game(table.num_players, table.seed, options)
        opts = state.options.model_dump(mode="json") if isinstance(state.options, BaseModel) else {}
        if not await r.write(r.store.start_table, table.id, opts):
            await self.replication.refresh_locked(table)  # another process started it
            return
        table.options = opts
        table.status = "running"
        table.follower = False
        begin(table)
        r.changed(table, moved=None)

    async def leave(self, table_id: str, token: str | None) -> LiveTable:
        r = self.registry
        table = await r.get(table_id)
        await self.find_seat(table, token)
        async with table.lock:
            seat_no = self.seat_for(table, token)
            if seat_no is None:
                raise forbidden("leaving needs your seat token")
            seat = table.seats[seat_no]
            if table.status == "open":
                seat.name = seat.token_hash = None
                seat.seat_options = None
            elif table.status == "running":
                # the game goes on: an AI plays the seat from here (the token stays valid
                # for the replay, but acts no more)
                self.ai.take_over(table, seat)
            else:
                raise ApiError(409, "finished", "this game is over")
            await r.write(r.store.save_seat, seat_row(table, seat), {})
            if table.status == "running":
                table.follower = False
                r.changed(table, moved=None)
            else:
                table.cache.clear()  # the seat is free again in the summary its clients get
                r.notify(table)
                self.replication.announce(table)
            return table


def turn_settings(limit: int | None, bank: int | None) -> dict[str, Any]:
    """A turn-based table's settings: its limit and bank (checked by the schema), and its
    reaction windows as the turn-based rule has them (docs/rules/exploding-kittens.md,
    decision 19: a fixed length for every window, closed once every seat has answered)."""
    return {
        "mode": "turn_based",
        "turn_seconds": limit,
        "bank_seconds": bank,
        "window_seconds": float(TURN_RULES.window_seconds),
        "window_close_early": True,
    }


def seat_row(table: LiveTable, s: Seat) -> SeatRow:
    return SeatRow(
        table_id=table.id,
        seat=s.index,
        kind=s.kind,
        agent=s.agent,
        name=s.name,
        token_hash=s.token_hash,
        seat_options=s.seat_options,
    )


def options_with_decks(table: LiveTable, extra: dict[int, str]) -> dict[str, Any]:
    """The creator's options plus each seat's deck (through the game's deck hook)."""
    options: dict[str, Any] = dict(table.public_options)
    hook = getattr(table.game, "options_with_deck", None)
    decks = {s.index: (s.seat_options or {}).get("deck") for s in table.seats}
    decks.update(extra)
    for seat, text in sorted(decks.items()):
        if not text:
            continue
        if hook is None:
            raise ApiError(422, "no_decks", f"{table.game.id} takes no deck")
        # the hook reads a deck FILE (the CLI's --deck); hand it the text through one
        fd, path = tempfile.mkstemp(suffix=".deck", prefix="ludoteca-")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            options = hook(options, seat, path)
        except LudotecaError as e:
            raise ApiError(422, "invalid_deck", str(e).replace(path, "deck")) from None
        finally:
            with contextlib.suppress(OSError):
                os.unlink(path)
    return options
