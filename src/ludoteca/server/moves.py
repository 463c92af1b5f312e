"""The move pipeline: a move is checked, applied by the engine, stored, and only then told.

Every accepted move goes through :meth:`Moves.commit`: the engine has validated and applied it,
the database stores it (with the table's new move count, in one group transaction), and only
then is anyone told. If the database refuses, the table is rebuilt from the database, so
memory never runs ahead of what is stored.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from ..engine import Action, Event, IllegalAction, InvalidAction
from .db import Conflict, MoveBatch
from .errors import ApiError, forbidden
from .live import LiveTable

if TYPE_CHECKING:
    from .tables import TableManager

log = logging.getLogger("ludoteca.server")


class Moves:
    def __init__(self, manager: TableManager) -> None:
        self.m = manager

    async def submit(
        self, table_id: str, token: str | None, action_json: dict[str, Any], expected: int | None
    ) -> dict[str, Any]:
        """A person's move, with the seat token."""
        m = self.m
        table = await m.get(table_id)
        seat = await m.seating.find_seat(table, token)
        if seat is None:
            raise forbidden("a move needs the seat token of the seat that moves")
        if table.seats[seat].kind != "human":
            raise forbidden("this seat is played by the server now")
        async with table.lock:
            return await self.play(table, seat, action_json, expected, "player")

    async def play(
        self,
        table: LiveTable,
        seat: int,
        action_json: dict[str, Any],
        expected: int | None,
        by: str,
    ) -> dict[str, Any]:
        """One seat's answer (under the table's lock), from a person or an AI seat."""
        if table.status != "running" or table.state is None:
            code = "finished" if table.status == "finished" else "not_started"
            raise ApiError(409, code, f"this table is {table.status}, no move can be made")
        if expected is not None and expected != table.move_count:
            raise ApiError(
                409,
                "stale_move",
                f"the table is at move {table.move_count}, not {expected}: refresh and try again",
            )
        state = table.state
        if seat not in state.actors:
            raise ApiError(409, "not_your_turn", "you have no decision to make now")
        try:
            action = table.game.action_from_json(action_json)
        except InvalidAction as e:
            raise ApiError(422, "invalid_action", str(e)) from None
        timers = self.m.timers
        window = table.window
        if window is not None and seat in window.passed:
            raise ApiError(409, "already_answered", "you already let this window pass")
        if window is not None and timers.is_pass(state, seat, action):
            # a pass is never shown; it waits there, unseen, until the window closes (at once
            # if the table closes windows early and this was the last answer owed)
            timers.hold_pass(table, window, seat)
            if timers.all_answered(table, window):  # the last answer: nobody waits longer
                await timers.close(table, window)
                return {"accepted": True, "move": table.move_count}
            return {"accepted": True, "move": table.move_count, "pending": True}
        if action == state.timeout_action(seat) and not state.is_legal(seat, action):
            # the clock's default (e.g. letting a kitten explode) is the clock's, not a move
            raise ApiError(422, "illegal_action", "that is what the clock does, not a move")
        try:
            events = state.apply(seat, action)
        except IllegalAction as e:
            raise ApiError(422, "illegal_action", str(e)) from None
        batch: list[tuple[int, Action]] = [(seat, action)]
        bys = [by]
        if window is not None:
            # any answer but a pass closes the window at once; the others pass (unseen)
            try:
                events += timers.close_window_now(table, window, seat, batch, bys)
            except Exception:
                await self.broken(table, "closing a reaction window")
        await self.commit(table, batch, bys, events)
        return {"accepted": True, "move": table.move_count}

    async def commit(
        self,
        table: LiveTable,
        batch: list[tuple[int, Action]],
        bys: list[str],
        events: list[Event],
    ) -> None:
        """Store what the engine has applied, then move the table on and tell everyone."""
        m = self.m
        state = table.state
        assert state is not None
        first = table.move_count
        over = state.is_over
        result = state.result().to_json() if over else None
        rows = [(p, a.to_json(), by) for (p, a), by in zip(batch, bys, strict=True)]
        try:
            await m.commits.store(
                MoveBatch(table.id, first, rows, "finished" if over else "running", result)
            )
        except BaseException as e:
            # memory ran ahead of the database: rebuild the table from what is stored
            if isinstance(e, Conflict):  # another process moved first (or a double submission)
                log.info("move not stored on table %s: %r", table.id, e)
            else:
                log.error("move not stored on table %s: %r", table.id, e)
            await m.reload(table)
            if isinstance(e, Conflict):
                raise ApiError(409, "stale_move", "the table moved on; refresh") from None
            raise ApiError(503, "storage", "the move could not be stored; try again") from None
        table.move_count = first + len(batch)
        table.log.extend((table.move_count, e) for e in events)
        if over:
            table.status = "finished"
            table.result = result
        table.follower = False  # this process made the change: its timers act first
        m.after_change(table, moved={p for p, _ in batch})

    async def broken(self, table: LiveTable, doing: str) -> None:
        """The game refused what the server did for a seat: undo it all by rebuilding the table
        from the database (nothing of it was stored), and say so."""
        log.exception("table %s: the game failed while %s", table.id, doing)
        await self.m.reload(table)
        raise ApiError(500, "internal", f"the server failed while {doing}; nothing was changed")
