"""The move pipeline: a move is checked, applied by the engine, stored, and only then told.

Every accepted move goes through :meth:`.commit.Commit.commit`: the engine has validated and
applied it, the database stores it (with the table's new move count, in one group transaction),
and only then is anyone told. If the database refuses, the table is rebuilt from the database,
so memory never runs ahead of what is stored.
"""

from __future__ import annotations

from typing import Any

from ..engine import Action, IllegalAction, InvalidAction
from .commit import Commit
from .errors import ApiError
from .live import LiveTable
from .timers import Timers


class Moves:
    """Takes the timers (a pass waits in the window; an answer closes it) and the commit.

    A person's move comes here from the table manager (which checked the seat token), an AI
    seat's from :mod:`.ai_seats`."""

    def __init__(self, timers: Timers, commit: Commit) -> None:
        self.timers = timers
        self.commit = commit

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
        timers = self.timers
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
                await self.commit.broken(table, "closing a reaction window")
        await self.commit.commit(table, batch, bys, events)
        return {"accepted": True, "move": table.move_count}
