"""Turn-based tables: deadlines that cost nothing while they wait.

A turn-based table holds no task, timer or memory while it waits for a move: its deadlines
(each seat's pending decision, an open reaction window) are rows in the database
(``turn_store.py``), written in the transaction of the moves that set them (:meth:`also`,
called by the commit) or, for changes that are not moves (the deal, a seat left, a table
loaded), right after. One poller per server process (:meth:`TurnTimers.start`) wakes every
``Settings.turn_poll_seconds`` (or at once when the server's clock is moved on), takes the due
rows (PostgreSQL: ``FOR UPDATE SKIP LOCKED``, so two processes never both take one) and fires
each: the game's timeout move, stored with ``by = "clock"`` like a real-time clock's, or a
reaction window closed (every seat still owing an answer passes). A table nobody watches and
nothing runs for is let go from memory after ``Settings.turn_evict_seconds`` and loaded again
when asked for or when one of its rows is due (``registry.get``). Rows outlive restarts: a
deadline that passed while no server ran fires at the next start's first poll.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import Callable
from datetime import timedelta
from typing import Any, TypeVar

from sqlalchemy import Connection

from .commit import Commit
from .db import Store, now
from .errors import ApiError
from .live import LiveTable
from .registry import Change, TableRegistry
from .timers import Timers, open_window
from .turn_rules import RULES, TurnRules
from .turn_store import WINDOW, ArmPlan, arm, claim_due, drop, read, rewake

log = logging.getLogger("ludoteca.server")
R = TypeVar("R")

# how long a process holds the rows it took before another may take them (it died)
LEASE_SECONDS = 60.0
# rows taken at once
BATCH = 100


def in_transaction(store: Store, fn: Callable[..., R], *args: Any) -> R:
    """``fn(conn, *args)`` in one transaction of its own (a pooled connection: the timers'
    few statements stay off the connections the moves keep per thread)."""
    with store.engine.begin() as conn:
        return fn(conn, *args)


class TurnTimers:
    """Takes the registry (loading tables, the database), the commit (the clock's moves) and
    the timers (closing a reaction window). Counts what it did, for tests and the log:
    ``polls`` (looks at the rows), ``claimed`` (rows taken), ``fired`` (timeout moves and
    windows closed), ``evicted`` (tables let go from memory)."""

    def __init__(
        self, registry: TableRegistry, commit: Commit, timers: Timers, rules: TurnRules = RULES
    ) -> None:
        self.registry = registry
        self.commit = commit
        self.timers = timers
        self.rules = rules
        self.clock = registry.settings.clock
        self.polls = self.claimed = self.fired = self.evicted = 0
        self._task: asyncio.Task[None] | None = None
        self._wake: asyncio.Event | None = None
        self._woken: Callable[[], None] | None = None

    # -- writing the rows -------------------------------------------------------------------
    def plan(self, table: LiveTable, moved: set[int] | None, move: int) -> ArmPlan:
        """The rows of the table's position now (its state already holds the change)."""
        state = table.state
        over = state is None or state.is_over or table.status != "running"
        window = state is not None and not over and open_window(state) is not None
        actors: frozenset[int] = frozenset()
        if state is not None and not over and not window:
            actors = frozenset(p for p in state.actors if table.seats[p].kind == "human")
        return ArmPlan(
            table_id=table.id,
            move=move,
            seats=table.num_players,
            actors=actors,
            moved=None if moved is None else frozenset(moved),
            window=window,
            over=over,
            now=self.clock.now(),
            limit=table.turn_seconds,
            top=table.bank_seconds,
            window_seconds=table.window_seconds,
            rules=self.rules,
        )

    def also(
        self, table: LiveTable, moved: set[int], move: int
    ) -> Callable[[Connection], None] | None:
        """The commit's hook: a turn-based table's rows, written with its moves."""
        if not table.turn_based:
            return None
        plan = self.plan(table, moved, move)
        return lambda conn: arm(conn, plan)

    def table_changed(self, table: LiveTable, change: Change) -> None:
        """The registry's ``changed`` event: after a change that was not a move (the deal, a
        seat left, a table loaded or caught up with) the rows are written for the position
        (moves wrote theirs in their own transaction)."""
        if not table.turn_based or change.moved is not None or table.status == "open":
            return
        plan = self.plan(table, None, table.move_count)
        if change.announce:  # made here (the deal, a seat left): written whatever stands
            plan = dataclasses.replace(plan, force=True)
        self.registry.spawn(self._write(plan))

    async def _write(self, plan: ArmPlan) -> None:
        r = self.registry
        try:
            await r.write(in_transaction, r.store, arm, plan)
        except Exception as e:  # the poller writes them when it finds them behind
            log.warning("table %s: turn timers not stored: %r", plan.table_id, e)

    # -- the poller -------------------------------------------------------------------------
    def start(self) -> None:
        self._wake = asyncio.Event()
        loop = asyncio.get_running_loop()
        wake = self._wake

        def woken() -> None:  # the clock may be moved on from another thread (a test's)
            loop.call_soon_threadsafe(wake.set)

        self._woken = woken
        self.clock.on_advance(woken)
        self._task = asyncio.create_task(self._loop())

    async def stop(self) -> None:
        if self._woken is not None:
            self.clock.off_advance(self._woken)
            self._woken = None
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _loop(self) -> None:
        wake = self._wake
        assert wake is not None
        every = self.registry.settings.turn_poll_seconds
        while True:
            try:
                while await self.poll() >= BATCH:
                    pass
            except Exception:
                log.exception("turn timers: polling failed")
            self.evict_idle()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), every)
            wake.clear()

    async def poll(self) -> int:
        """Take the rows due now and fire each; how many were taken."""
        r = self.registry
        due = await r.write(
            in_transaction, r.store, claim_due, self.clock.now(), LEASE_SECONDS, BATCH
        )
        self.claimed += len(due)
        for table_id, seat in due:
            try:
                await self.fire(table_id, seat)
            except Exception:
                log.exception("table %s: a turn timer failed (tried again later)", table_id)
        self.polls += 1
        return len(due)

    async def fire(self, table_id: str, seat: int) -> None:
        """A row taken by this process: the table is loaded (if it was not in memory) and,
        under its lock, the timer fires if it is still due for the table's position."""
        r = self.registry
        try:
            table = await r.get(table_id)
        except ApiError:  # the table is gone
            await r.write(in_transaction, r.store, drop, table_id)
            return
        async with table.lock:
            rows = await r.db(in_transaction, r.store, read, table_id)
            row = rows.get(seat)
            state = table.state
            if row is None:
                return
            if not table.turn_based or table.status != "running" or state is None or state.is_over:
                await r.write(in_transaction, r.store, drop, table_id)
                return
            if row.move < table.move_count:  # written before the newest change: again now
                await r.write(
                    in_transaction, r.store, arm, self.plan(table, None, table.move_count)
                )
                return
            if row.move > table.move_count:
                # this process's copy is behind (another process moved; its note not followed
                # yet): caught up when the row is taken again, at the next poll, not a lease
                # later (under load two processes raced into this and a deadline waited 60 s)
                table.stale = True
                await r.write(in_transaction, r.store, rewake, table_id, seat, self.clock.now())
                return
            if row.due_at is None or row.due_at > self.clock.now():
                await r.write(in_transaction, r.store, rewake, table_id, seat, row.due_at)
                return
            if seat == WINDOW:
                if table.window is not None:
                    self.fired += 1
                    await self.timers.close(table, table.window)
                return
            if seat not in state.actors or table.window is not None:
                return
            action = state.timeout_action(seat)
            try:
                events = state.apply(seat, action)
            except Exception:
                with contextlib.suppress(ApiError):
                    await self.commit.broken(table, "applying the clock's default")
                return
            self.fired += 1
            with contextlib.suppress(ApiError):
                await self.commit.commit(table, [(seat, action)], ["clock"], events)

    # -- memory ---------------------------------------------------------------------------------
    def evict_idle(self) -> int:
        """Let go of the turn-based tables nobody watches and nothing runs for (no window
        open, no AI seat thinking, nobody holding the table) since ``turn_evict_seconds``."""
        r = self.registry
        cutoff = now() - timedelta(seconds=r.settings.turn_evict_seconds)
        gone = 0
        for table in list(r.tables.values()):
            if (
                table.turn_based
                and not table.connections
                and table.window is None
                and not table.ai_tasks
                and not table.lock.locked()
                and (table.updated_at is None or table.updated_at <= cutoff)
            ):
                r.tables.pop(table.id, None)
                gone += 1
        self.evicted += gone
        return gone
