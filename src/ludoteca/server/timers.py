"""Timers: table clocks and reaction windows, and their deadlines that outlive a restart.

A clock gives each pending decision a deadline, after which the server plays the seat's
``timeout_action``. A reaction window stays open for the table's ``window_seconds``; the
passes given meanwhile wait unseen, and when it closes (its time is up, every seat of it
answered, or someone answered with something other than a pass) the server passes for every
seat still owing an answer. When a window closes is decided by ``engine/reactions.py``
(``window_deadline``, ``window_may_close``): from the seats' answers, never their hands.

At a turn-based table nothing here waits: its deadlines and its window's closing time are rows
in the database, fired by ``turn_timers.py`` (which calls :meth:`Timers.close`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from ..engine import Action, Event, GameState, ReactionWindow
from ..engine.reactions import window_deadline, window_may_close
from .commit import Commit
from .errors import ApiError
from .live import LiveTable, Window
from .registry import Change, TableRegistry

log = logging.getLogger("ludoteca.server")

# how much longer a process that did not make a table's last change waits before its timers
# and AI seats act (the process that did acts first; this one only if that one died)
FOLLOW_GRACE = 3.0


def grace(table: LiveTable) -> float:
    return FOLLOW_GRACE if table.follower else 0.0


def open_window(state: GameState) -> ReactionWindow | None:
    """The reaction window open now: the game's word (``state.reaction_window()``), the only
    thing the server asks. No window once the game is over, nor one that no seat may answer."""
    if state.is_over:
        return None
    window = state.reaction_window()
    if window is None or not window.seats:
        return None
    return window


class Timers:
    """Takes the registry (storing deadlines, telling a seat its pass) and the commit (the
    passes of a closing window and the clocks' defaults are stored as moves).

    Arming after a change is the registry's ``changed`` event (:meth:`table_changed`): the
    commit, which the timers call, never calls them back."""

    def __init__(self, registry: TableRegistry, commit: Commit) -> None:
        self.registry = registry
        self.commit = commit

    # -- arming after a change ------------------------------------------------------------------
    def table_changed(self, table: LiveTable, change: Change) -> None:
        """The registry's ``changed`` event: the window or clocks of the table's pending
        decision, or none once the game does not go on."""
        previous = table.window
        self.cancel(table)
        if change.live:
            self.arm(table, previous, change.moved)
        else:
            table.clocks.clear()

    def cancel(self, table: LiveTable) -> None:
        if table.window is not None and table.window.task is not None:
            table.window.task.cancel()
        table.window = None
        if table.clock_task is not None:
            table.clock_task.cancel()
            table.clock_task = None

    def arm(self, table: LiveTable, previous: Window | None, moved: set[int] | None) -> None:
        """The window or the clocks of the table's pending decision (after :meth:`cancel`)."""
        state = table.state
        assert state is not None
        loop = asyncio.get_running_loop()
        actors = state.actors
        taken, taken_window = self._taken(table)
        hint, table.window_hint = table.window_hint, None
        reaction = open_window(state)
        if reaction is not None:
            table.clocks.clear()
            window, fresh = self._window_for(table, previous, hint, taken_window)
            window.about = dict(reaction.about)
            window.seats = tuple(reaction.seats)
            if not table.turn_based:  # a turn-based window's closing time is a row
                window.task = asyncio.create_task(self._window_timer(table, window))
            table.window = window
            if fresh and not table.follower:  # its closing time outlives a restart
                self.registry.spawn(self._save(table.id, self.clock_json(table)))
        elif table.clock_seconds is not None:
            before = dict(table.clocks)
            deadline = loop.time() + table.clock_seconds
            for p in list(table.clocks):
                if p not in actors:
                    del table.clocks[p]
            for p in actors:
                if p in taken:
                    table.clocks[p] = taken[p]  # resumed: the deadline it had
                elif p not in table.clocks or (moved and p in moved):
                    table.clocks[p] = deadline
            table.clock_task = asyncio.create_task(self._clock_timer(table, table.move_count))
            if table.clocks != before and not table.follower:
                self.registry.spawn(self._save(table.id, self.clock_json(table)))

    # -- deadlines as stored and heard ----------------------------------------------------------
    def clock_json(self, table: LiveTable) -> dict[str, Any] | None:
        """The pending deadlines as stored (column ``clock``) and heard by other processes:
        ``{"move": N, "at": {"seat": unix time}, "window": unix time}`` (each part when set)."""
        if not table.clocks and table.window is None:
            return None
        loop_now, wall = asyncio.get_running_loop().time(), time.time()
        at = {str(p): round(wall + d - loop_now, 3) for p, d in sorted(table.clocks.items())}
        out: dict[str, Any] = {"move": table.move_count, "at": at}
        if table.window is not None:
            out["window"] = round(wall + table.window.deadline - loop_now, 3)
        return out

    def _taken(self, table: LiveTable) -> tuple[dict[int, float], float | None]:
        """The stored (or heard) clock deadlines and window closing time for the table's
        current move, in loop time (nothing for an older move)."""
        stored, table.stored_clock = table.stored_clock, None
        if not isinstance(stored, dict) or stored.get("move") != table.move_count:
            return {}, None
        loop_now, wall = asyncio.get_running_loop().time(), time.time()
        clocks: dict[int, float] = {}
        for p, t in dict(stored.get("at") or {}).items():
            with contextlib.suppress(TypeError, ValueError):
                clocks[int(p)] = loop_now + float(t) - wall
        window = None
        with contextlib.suppress(TypeError, ValueError):
            if stored.get("window") is not None:
                window = loop_now + float(stored["window"]) - wall
        return clocks, window

    async def _save(self, table_id: str, clock: dict[str, Any] | None) -> None:
        r = self.registry
        try:
            await r.write(r.store.save_clock, table_id, clock)
        except Exception as e:  # the clocks then restart fresh after a restart, as before
            log.warning("table %s: clock deadlines not stored: %r", table_id, e)

    # -- windows --------------------------------------------------------------------------------
    def _window_for(
        self,
        table: LiveTable,
        previous: Window | None,
        hint: tuple[int, float] | None,
        stored: float | None,
    ) -> tuple[Window, bool]:
        """The reaction window of the table's current move, and whether it opens now. The one
        already open goes on, with the passes it holds (a seat left, the table was caught up
        with); else it closes when the process that opened it said (Redis) or when it was
        stored to (a restart); else it opens now for the table's full ``window_seconds``."""
        if previous is not None and previous.opened_at == table.move_count:
            return previous, False
        now_ = asyncio.get_running_loop().time()
        if hint is not None and hint[0] == table.move_count:
            return Window(table.move_count, now_ + max(0.0, hint[1] - time.time())), False
        if stored is not None:
            return Window(table.move_count, stored), False
        return Window(table.move_count, window_deadline(now_, table.window_seconds)), True

    def is_pass(self, state: GameState, seat: int, action: Action) -> bool:
        """Whether ``action`` is ``seat``'s "no reaction" in the window open now."""
        window = open_window(state)
        return window is not None and seat in window.seats and action == window.pass_action

    def hold_pass(self, table: LiveTable, window: Window, seat: int) -> None:
        """A pass given before the window closes: kept here, told only to the seat itself."""
        window.passed.add(seat)
        table.cache.clear()
        self.registry.notify(table, only_seat=seat)

    def all_answered(self, table: LiveTable, window: Window) -> bool:
        """Whether the window may close now: the table closes windows early
        (``window_close_early``) and every seat of this one has answered."""
        return window_may_close(window.seats, window.passed, table.window_close_early)

    def close_window_now(
        self,
        table: LiveTable,
        window: Window,
        mover: int | None,
        batch: list[tuple[int, Action]],
        bys: list[str],
    ) -> list[Event]:
        """Answer pass (the window's ``pass_action``) for every seat of the window still owing
        an answer, ``mover`` (who just answered otherwise) left out; each seat passes once,
        and a new window for the mover (after a Nope, one for everyone) is left open."""
        state = table.state
        assert state is not None
        events: list[Event] = []
        first = open_window(state)
        owing = set(first.seats if first is not None else ()) - {mover}
        while owing:
            now_open = open_window(state)
            if now_open is None or (mover is not None and mover in now_open.seats):
                break
            left = sorted(p for p in now_open.seats if p in owing and p in state.actors)
            if not left:
                break
            p = left[0]
            owing.discard(p)
            events += state.apply(p, now_open.pass_action)
            batch.append((p, now_open.pass_action))
            bys.append("window")
        return events

    async def _window_timer(self, table: LiveTable, window: Window) -> None:
        wait = window.deadline - asyncio.get_running_loop().time() + grace(table)
        await asyncio.sleep(max(0.0, wait))
        async with table.lock:
            if table.window is not window or table.move_count != window.opened_at:
                return
            await self.close(table, window)

    async def close(self, table: LiveTable, window: Window) -> None:
        """Close the window (under the table's lock): every seat still owing an answer passes."""
        commit = self.commit
        batch: list[tuple[int, Action]] = []
        bys: list[str] = []
        try:
            events = self.close_window_now(table, window, None, batch, bys)
        except Exception:
            with contextlib.suppress(ApiError):
                await commit.broken(table, "closing a reaction window")
            return
        if batch:
            with contextlib.suppress(ApiError):
                await commit.commit(table, batch, bys, events)

    # -- clocks ---------------------------------------------------------------------------------
    async def _clock_timer(self, table: LiveTable, at_move: int) -> None:
        loop = asyncio.get_running_loop()
        if not table.clocks:
            return
        await asyncio.sleep(max(0.0, min(table.clocks.values()) - loop.time() + grace(table)))
        async with table.lock:
            state = table.state
            if table.move_count != at_move or state is None or state.is_over:
                return
            t = loop.time() - grace(table)
            expired = sorted(p for p, d in table.clocks.items() if d <= t + 0.001)
            batch: list[tuple[int, Action]] = []
            events: list[Event] = []
            commit = self.commit
            try:
                for p in expired:
                    if p in state.actors:
                        a = state.timeout_action(p)
                        events += state.apply(p, a)
                        batch.append((p, a))
            except Exception:
                with contextlib.suppress(ApiError):
                    await commit.broken(table, "applying the clock's default")
                return
            if batch:
                with contextlib.suppress(ApiError):
                    await commit.commit(table, batch, ["clock"] * len(batch), events)
