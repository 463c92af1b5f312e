"""The table registry: the bottom of the server's middle, beneath every part that works on tables.

It holds the live tables of this process and the database they come from, and nothing that
knows a rule, a clock or an agent:

- the tables in memory, and finding one (:meth:`TableRegistry.get`: from memory, or rebuilt
  from its record, :mod:`.records`);
- reading and writing the database (:meth:`~TableRegistry.db`, :meth:`~TableRegistry.write`)
  and the server's own background writes (:meth:`~TableRegistry.spawn`);
- telling: a table's clients (:meth:`~TableRegistry.notify`), and the parts that follow every
  change (:meth:`~TableRegistry.changed`, the event the parts subscribe to, see below).

The parts above it (seating, moves, the commit, timers, AI seats, replication) each take the
registry and the peers they call in their constructors. Where the calls would go round in a
circle they go through an event the registry publishes instead; the table manager subscribes
the parts, in order, when it assembles them:

- ``changed``: after every change the timers arm, the AI seats wake, the clients are told and
  the other processes hear of it (so the commit, which makes the change, never calls them);
- ``dropped``: a table forgotten (deleted or expired) has its timers stopped;
- ``stale``: a table another process changed and nobody here watched is caught up (by
  replication, which marked it stale) before it is handed out.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from ..engine import LudotecaError, get_game
from .config import Settings
from .db import Store, StoredTable, now
from .errors import not_found
from .live import LiveTable
from .records import rebuild, repair_seat

log = logging.getLogger("ludoteca.server")
T = TypeVar("T")

# how often the database thread copies SQLite's write-ahead log into the database file
CHECKPOINT_SECONDS = 1.0


@dataclass(frozen=True)
class Change:
    """What the ``changed`` event tells its listeners about a table that just changed."""

    moved: set[int] | None  # the seats whose moves made it (their clocks start again)
    live: bool  # the game goes on at a running table (not over, not still open)
    announce: bool  # the other processes are to hear of it (not if it was heard from them)


ChangeListener = Callable[[LiveTable, Change], None]
DropListener = Callable[[LiveTable], None]
CatchUp = Callable[[LiveTable], Awaitable[None]]


class TableRegistry:
    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.tables: dict[str, LiveTable] = {}
        sqlite = store.engine.dialect.name == "sqlite"
        # SQLite takes one writer at a time anyway; PostgreSQL gets a few connections
        self.db_pool = ThreadPoolExecutor(1 if sqlite else 4, thread_name_prefix="ludoteca-db")
        # One process on SQLite writes on the event loop itself: a commit there is a few
        # writes to the write-ahead log, no disk sync (WAL, synchronous=NORMAL; the log is
        # checkpointed by the database thread, see checkpoint_loop), while handing each
        # statement to a thread made it wait for the interpreter lock at every step, held up
        # the group commits of the moves behind new tables' writes and put 50-150 ms on every
        # move at 500 tables. Several processes (Redis) may wait for each other's write lock:
        # they keep writing in the thread.
        self.inline_writes = sqlite and not settings.redis_url
        # several processes share the tables (Redis): a table this one loads was changed last
        # by another, whose timers act first
        self.shared = bool(settings.redis_url)
        self._background: set[asyncio.Task[Any]] = set()
        self._on_change: list[ChangeListener] = []
        self._on_drop: list[DropListener] = []
        self._catch_up: CatchUp | None = None

    # -- the events (subscribed by the table manager, in order) -------------------------------
    def on_change(self, listener: ChangeListener) -> None:
        self._on_change.append(listener)

    def on_drop(self, listener: DropListener) -> None:
        self._on_drop.append(listener)

    def on_stale(self, catch_up: CatchUp) -> None:
        self._catch_up = catch_up

    # -- the database -----------------------------------------------------------------------
    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        call = functools.partial(fn, *args, **kwargs)
        return await asyncio.get_running_loop().run_in_executor(self.db_pool, call)

    async def write(self, fn: Callable[..., T], *args: Any) -> T:
        """A write transaction: on the event loop (one process on SQLite) or as :meth:`db`."""
        if self.inline_writes:
            return fn(*args)
        return await self.db(fn, *args)

    async def checkpoint_loop(self) -> None:
        while True:
            await asyncio.sleep(CHECKPOINT_SECONDS)
            try:
                await self.db(self.store.checkpoint)
            except Exception as e:
                log.warning("write-ahead log not checkpointed: %r", e)

    def spawn(self, coro: Any) -> asyncio.Task[Any]:
        """A task of the server's own (a write nobody waits for), awaited when it stops."""
        task = asyncio.create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        return task

    async def wait_background(self) -> None:
        if self._background:  # deadlines being stored
            await asyncio.wait(list(self._background), timeout=5)

    def close(self) -> None:
        self.db_pool.shutdown(wait=True)
        self.store.close()

    # -- loading ----------------------------------------------------------------------------
    async def repair_seats(self, st: StoredTable) -> None:
        """AI seats stored with a spec this server will not run fall back to a level."""
        try:
            game = get_game(st.row.game)
        except LudotecaError:
            return
        for seat in st.seats:
            if repair_seat(game, seat, st.row.id, self.settings.allow_agent_specs):
                await self.write(self.store.save_seat, seat, None)

    async def resume(self, since: datetime | None) -> None:
        """Rebuild the open and running tables changed since ``since`` (all of them for None)
        into memory (replaying their moves); a table that cannot be rebuilt is left out."""
        stored = await self.db(self.store.load_active, since)
        for st in stored:
            await self.repair_seats(st)
            try:
                table = rebuild(st)
            except Exception:  # a table whose game vanished or changed its rules
                log.exception("cannot resume table %s", st.row.id)
                continue
            self.tables[table.id] = table

    async def get(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id)
        if table is not None:
            if table.stale and self._catch_up is not None:
                await self._catch_up(table)
            return table
        if len(table_id) > 24:
            raise not_found("this table")
        st = await self.db(self.store.load, table_id)
        if st is None:
            raise not_found("this table")
        if st.row.status != "finished":
            await self.repair_seats(st)
        table = rebuild(st)
        if table.status == "finished":
            return table  # a finished table: rebuilt on demand, not kept
        # an open or running table another process made or resumed (Redis fan-out), or one
        # this process did not rebuild on start (nobody played it lately)
        known = self.tables.get(table_id)
        if known is not None:
            return known
        self.tables[table_id] = table
        table.follower = self.shared
        if table.status == "running":
            self.changed(table, moved=None, announce=False)
        return table

    def drop(self, table: LiveTable, code: str, message: str) -> None:
        """Forget a table (deleted or expired): its clients are told and let go."""
        self.tables.pop(table.id, None)
        for listener in self._on_drop:
            listener(table)
        for c in list(table.connections):
            c.send({"type": "error", "error": {"code": code, "message": message}})
            c.close_soon()

    # -- after every change -----------------------------------------------------------------
    def changed(self, table: LiveTable, moved: set[int] | None, announce: bool = True) -> None:
        """A table changed (a move, a seat, a catch-up): its cached payloads go, a game that
        is over finishes the table, and the listeners follow, in the order subscribed
        (windows and clocks, AI seats, clients, other processes). A finished table is not
        kept in memory (it is rebuilt from its record when asked for)."""
        table.cache.clear()
        table.updated_at = now()
        state = table.state
        live = not (state is None or state.is_over or table.status != "running")
        if not live and state is not None and state.is_over and table.status == "running":
            table.status = "finished"
        change = Change(moved, live, announce)
        for listener in self._on_change:
            listener(table, change)
        if not live and table.status == "finished":
            self.tables.pop(table.id, None)

    def notify(self, table: LiveTable, only_seat: int | None = None) -> None:
        """Tell the table's clients (of one seat only, or all) that their state changed."""
        for c in list(table.connections):
            if only_seat is None or c.seat == only_seat:
                c.notify()
