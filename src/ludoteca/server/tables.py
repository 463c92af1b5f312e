"""The table manager: assembles the parts that work on tables, and serves the API.

Each part takes, in its constructor, the registry and the peers it calls (none calls back up):

- ``registry`` (:mod:`.registry`): the tables in memory, loading them, the database, telling;
- ``commit`` (:mod:`.commit`): storing what the engine applied (``commits``, the group
  commit), then the registry's ``changed`` event;
- ``timers`` (:mod:`.timers`): clocks and reaction windows (registry, commit);
- ``moves`` (:mod:`.moves`): a seat's answer checked and applied (timers, commit);
- ``ai`` (:mod:`.ai_seats`): AI seats (settings, moves);
- ``replication`` (:mod:`.replication`): following other processes' changes, Redis
  (registry, timers, ai);
- ``seating`` (:mod:`.seating`): making tables, taking and leaving seats, dealing (registry,
  ai, replication);
- ``expiry`` (:mod:`.expiry`): open tables nobody sat down at (registry, replication);
- ``turn_timers`` (:mod:`.turn_timers`): turn-based tables' deadlines as database rows, one
  poller per process (registry, commit, timers); ``turn_hook`` (:mod:`.turn_hook`): who has a
  new decision (:meth:`TableManager.on_turn`).
- ``notifier`` (:mod:`.notify`): "your turn" by push and email (registry).

What follows a change reaches the parts through the registry's events, subscribed here in the
order they act: windows and clocks, AI seats, clients, other processes, notifications.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from datetime import timedelta
from typing import Any, TypeVar

from .ai_seats import AiSeats
from .commit import Commit, GroupCommit
from .config import Settings
from .db import Store, now
from .errors import forbidden
from .expiry import Expiry
from .live import LiveTable
from .moves import Moves
from .notify import Notifier, NotifyStore
from .registry import TableRegistry
from .replication import Replication
from .schemas import CreateTable, JoinTable
from .seating import Seating
from .timers import Timers
from .turn_hook import TurnHook, TurnListener
from .turn_timers import TurnTimers

log = logging.getLogger("ludoteca.server")
T = TypeVar("T")

STOP_SECONDS = 10.0


class TableManager:
    def __init__(self, store: Store, settings: Settings) -> None:
        r = self.registry = TableRegistry(store, settings)
        self.store, self.settings, self.tables = store, settings, r.tables
        self.commits = GroupCommit(lambda items: r.write(r.store.append_batch, items))
        self.commit = Commit(r, self.commits)
        self.timers = Timers(r, self.commit)
        self.moves = Moves(self.timers, self.commit)
        self.ai = AiSeats(settings, self.moves)
        self.replication = Replication(r, self.timers, self.ai)
        self.seating = Seating(r, self.ai, self.replication)
        self.expiry = Expiry(r, self.replication)
        self.turn_timers = TurnTimers(r, self.commit, self.timers)
        self.commit.also = self.turn_timers.also  # their rows, in the moves' transaction
        self.turn_hook = TurnHook()
        self.notifier = Notifier(r, NotifyStore(store.engine), settings)
        # what follows every change, in this order
        r.on_change(self.timers.table_changed)
        r.on_change(self.turn_timers.table_changed)
        r.on_change(self.ai.table_changed)
        r.on_change(lambda table, _change: r.notify(table))
        r.on_change(self.turn_hook.table_changed)
        r.on_change(self.replication.table_changed)
        r.on_drop(self.timers.cancel)
        r.on_drop(self.notifier.forget_table)
        r.on_stale(self.replication.refresh)
        self.on_turn(self.notifier.turn)  # "your turn" for people away from the table
        self._checkpoints: asyncio.Task[None] | None = None

    def on_turn(self, listener: TurnListener) -> None:
        """``listener(table_id, seats)`` when people's seats get a new decision (turn_hook.py)."""
        self.turn_hook.subscribe(listener)

    # -- what the API calls -----------------------------------------------------------------
    @property
    def inline_writes(self) -> bool:
        return self.registry.inline_writes

    @property
    def rng(self) -> random.Random:
        """Where new tables' seeds come from (a benchmark sets its own, for the same deals)."""
        return self.seating.rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self.seating.rng = rng

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        return await self.registry.db(fn, *args, **kwargs)

    async def get(self, table_id: str) -> LiveTable:
        return await self.registry.get(table_id)

    async def create(
        self, req: CreateTable, lang: str = "en"
    ) -> tuple[LiveTable, tuple[int, str] | None]:
        return await self.seating.create(req, lang)

    async def join(self, table_id: str, req: JoinTable) -> tuple[LiveTable, int, str]:
        return await self.seating.join(table_id, req)

    async def leave(self, table_id: str, token: str | None) -> LiveTable:
        return await self.seating.leave(table_id, token)

    async def find_seat(self, table: LiveTable, token: str | None) -> int | None:
        return await self.seating.find_seat(table, token)

    async def submit(
        self, table_id: str, token: str | None, action_json: dict[str, Any], expected: int | None
    ) -> dict[str, Any]:
        """A person's move, with the seat token."""
        table = await self.registry.get(table_id)
        seat = await self.seating.find_seat(table, token)
        if seat is None:
            raise forbidden("a move needs the seat token of the seat that moves")
        if table.seats[seat].kind != "human":
            raise forbidden("this seat is played by the server now")
        async with table.lock:
            return await self.moves.play(table, seat, action_json, expected, "player")

    # -- start and stop -----------------------------------------------------------------------
    async def start(self) -> None:
        """Resume every open and running table from the database (replaying its moves)."""
        r = self.registry
        await self.replication.start()
        self.ai.start()
        await self.notifier.start()
        hours = self.settings.resume_hours
        since = now() - timedelta(hours=hours) if hours > 0 else None
        # tables nobody played lately cost nothing until someone asks for one (see get)
        await r.resume(since)
        for table in list(r.tables.values()):
            if table.status == "running":
                # several processes start: one of them runs the table's timers first
                key = f"resume:{table.id}:{table.move_count}"
                table.follower = not await self.replication.claim(key, 60)
                r.changed(table, moved=None, announce=False)
        self.expiry.start()
        self.turn_timers.start()
        if r.inline_writes:
            self._checkpoints = asyncio.create_task(r.checkpoint_loop())

    async def stop(self) -> None:
        await self.turn_timers.stop()
        self.expiry.cancel()
        await self.notifier.stop()
        if self._checkpoints is not None:
            self._checkpoints.cancel()
        self.replication.cancel()
        await self.registry.wait_background()
        # bounded: a server asked to stop stops, whatever a database or Redis call is doing
        for step, what in ((self.commits.drain(), "moves"), (self.replication.stop(), "redis")):
            try:
                await asyncio.wait_for(step, STOP_SECONDS)
            except TimeoutError:
                log.warning("stopping: %s did not finish in %.0f s", what, STOP_SECONDS)
        for table in self.tables.values():
            self.timers.cancel(table)
            self.ai.cancel(table)
        self.ai.stop()
        self.registry.close()
