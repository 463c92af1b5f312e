"""The table manager: the live tables of this process, and the rooms that work on them.

Each job has a module of its own, and the manager holds one of each:

- ``seating`` (:mod:`.seating`): making tables, taking and leaving seats, dealing;
- ``moves`` (:mod:`.moves`): a move checked, applied, stored (``commits``, :mod:`.commit`, the
  group commit), then told;
- ``timers`` (:mod:`.timers`): clocks and reaction windows;
- ``ai`` (:mod:`.ai_seats`): AI seats;
- ``replication`` (:mod:`.replication`): following other processes' changes (Redis).

Here: finding a table (rebuilt from its record), what happens after every change, start, stop.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any, TypeVar

from ..engine import LudotecaError, get_game
from .ai_seats import AiSeats
from .commit import GroupCommit
from .config import Settings
from .db import Store, StoredTable, now
from .errors import not_found
from .live import LiveTable, Seat
from .moves import Moves
from .replication import Replication
from .schemas import CreateTable, JoinTable
from .seating import Seating
from .timers import Timers

log = logging.getLogger("ludoteca.server")
T = TypeVar("T")

# how often the database thread copies SQLite's write-ahead log into the database file
CHECKPOINT_SECONDS = 1.0
STOP_SECONDS = 10.0


class TableManager:
    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.tables: dict[str, LiveTable] = {}
        sqlite = store.engine.dialect.name == "sqlite"
        # SQLite takes one writer at a time anyway; PostgreSQL gets a few connections
        self.db_pool = ThreadPoolExecutor(1 if sqlite else 4, thread_name_prefix="ludoteca-db")
        # One process on SQLite writes on the event loop itself: a commit there is a few
        # writes to the write-ahead log, no disk sync (WAL, synchronous=NORMAL; the log is
        # checkpointed by the database thread, see _checkpoint_loop), while handing each
        # statement to a thread made it wait for the interpreter lock at every step, held up
        # the group commits of the moves behind new tables' writes and put 50-150 ms on every
        # move at 500 tables. Several processes (Redis) may wait for each other's write lock:
        # they keep writing in the thread.
        self.inline_writes = sqlite and not settings.redis_url
        self.rng = random.SystemRandom()
        self.commits = GroupCommit(lambda items: self.write(self.store.append_batch, items))
        self.seating = Seating(self)
        self.moves = Moves(self)
        self.timers = Timers(self)
        self.ai = AiSeats(self)
        self.replication = Replication(self)
        self._background: set[asyncio.Task[Any]] = set()
        self._expiry: asyncio.Task[None] | None = None
        self._checkpoints: asyncio.Task[None] | None = None

    # -- what the API calls -----------------------------------------------------------------
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
        return await self.moves.submit(table_id, token, action_json, expected)

    # -- the database -----------------------------------------------------------------------
    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        call = functools.partial(fn, *args, **kwargs)
        return await asyncio.get_running_loop().run_in_executor(self.db_pool, call)

    async def write(self, fn: Callable[..., T], *args: Any) -> T:
        """A write transaction: on the event loop (one process on SQLite) or as :meth:`db`."""
        if self.inline_writes:
            return fn(*args)
        return await self.db(fn, *args)

    async def _checkpoint_loop(self) -> None:
        while True:
            await asyncio.sleep(CHECKPOINT_SECONDS)
            try:
                await self.db(self.store.checkpoint)
            except Exception as e:
                log.warning("write-ahead log not checkpointed: %r", e)

    # -- start and stop -----------------------------------------------------------------------
    async def start(self) -> None:
        """Resume every open and running table from the database (replaying its moves)."""
        await self.replication.start()
        self.ai.start()
        hours = self.settings.resume_hours
        since = now() - timedelta(hours=hours) if hours > 0 else None
        # tables nobody played lately cost nothing until someone asks for one (see get)
        stored = await self.db(self.store.load_active, since)
        for st in stored:
            await self._repair_seats(st)
            try:
                table = self.rebuild(st)
            except Exception:  # a table whose game vanished or changed its rules
                log.exception("cannot resume table %s", st.row.id)
                continue
            self.tables[table.id] = table
        for table in list(self.tables.values()):
            if table.status == "running":
                # several processes start: one of them runs the table's timers first
                key = f"resume:{table.id}:{table.move_count}"
                table.follower = not await self.replication.claim(key, 60)
                self.after_change(table, moved=None, announce=False)
        if self.settings.open_table_ttl > 0:
            self._expiry = asyncio.create_task(self._expiry_loop())
        if self.inline_writes:
            self._checkpoints = asyncio.create_task(self._checkpoint_loop())

    async def _repair_seats(self, st: StoredTable) -> None:
        """AI seats stored with a spec this server will not run fall back to a level."""
        try:
            game = get_game(st.row.game)
        except LudotecaError:
            return
        for seat in st.seats:
            if self.ai.repair(game, seat, st.row.id):
                await self.write(self.store.save_seat, seat, None)

    def spawn(self, coro: Any) -> asyncio.Task[Any]:
        """A task of the server's own (a write nobody waits for), awaited when it stops."""
        task = asyncio.create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        return task

    async def stop(self) -> None:
        for task in [self._expiry, self._checkpoints]:
            if task is not None:
                task.cancel()
        self.replication.cancel()
        if self._background:  # deadlines being stored
            await asyncio.wait(list(self._background), timeout=5)
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
        self.db_pool.shutdown(wait=True)
        self.store.close()

    # -- a table from its record ----------------------------------------------------------------
    def rebuild(self, st: StoredTable) -> LiveTable:
        """The live table a stored one is: its seats, and its state replayed move by move."""
        row = st.row
        game = get_game(row.game)
        seats = [
            Seat(s.seat, s.kind, s.agent, s.name, s.token_hash, s.seat_options) for s in st.seats
        ]
        table = LiveTable(
            id=row.id,
            game=game,
            num_players=row.num_players,
            seed=row.seed,
            public_options=dict(row.public_options or {}),
            settings=dict(row.settings or {}),
            status=row.status,
            seats=seats,
            created_at=row.created_at,
            updated_at=row.updated_at,
            options=row.options,
            move_count=0,
            result=row.result,
            stored_clock=getattr(row, "clock", None),
        )
        if row.status != "open":
            if not game.reads_rules_version(row.rules_version):
                raise LudotecaError(f"{row.game} rules changed since table {row.id} began")
            self.begin(table)
            state = table.state
            assert state is not None
            for m in st.moves:
                # moves stored under an older format are converted as they are read
                events = state.apply(m.seat, game.action_from_record(m.action, row.rules_version))
                table.move_count += 1
                table.log.extend((table.move_count, e) for e in events)
            if state.is_over and table.status != "finished":
                table.status = "finished"
        return table

    def begin(self, table: LiveTable) -> None:
        """Deal: the game's first state, and an agent for each AI seat."""
        table.state = table.game.new_game(table.num_players, table.seed, table.options or {})
        for s in table.seats:
            if s.kind == "ai":
                self.ai.build(table, s)

    async def reload(self, table: LiveTable) -> None:
        """Forget what memory holds of the table beyond the database: rebuild it from there."""
        st = await self.db(self.store.load, table.id)
        if st is None:
            return
        self.adopt(table, self.rebuild(st))
        self.after_change(table, moved=None, announce=False)

    def adopt(self, table: LiveTable, fresh: LiveTable) -> None:
        """Take over everything a rebuilt copy of the table knows (seats, state, log)."""
        table.seats, table.status, table.options = fresh.seats, fresh.status, fresh.options
        table.state, table.move_count, table.log = fresh.state, fresh.move_count, fresh.log
        table.result, table.agents = fresh.result, fresh.agents
        if fresh.stored_clock is not None:
            table.stored_clock = fresh.stored_clock
        for c in table.connections:
            c.log_sent = None  # the log was rebuilt: send it whole

    # -- lookup -------------------------------------------------------------------------------
    async def get(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id)
        if table is not None:
            if table.stale:
                await self.replication.refresh(table)
            return table
        if len(table_id) > 24:
            raise not_found("this table")
        st = await self.db(self.store.load, table_id)
        if st is None:
            raise not_found("this table")
        if st.row.status != "finished":
            await self._repair_seats(st)
        table = self.rebuild(st)
        if table.status == "finished":
            return table  # a finished table: rebuilt on demand, not kept
        # an open or running table another process made or resumed (Redis fan-out), or one
        # this process did not rebuild on start (nobody played it lately)
        known = self.tables.get(table_id)
        if known is not None:
            return known
        self.tables[table_id] = table
        table.follower = self.replication.fanout is not None
        if table.status == "running":
            self.after_change(table, moved=None, announce=False)
        return table

    def drop(self, table: LiveTable, code: str, message: str) -> None:
        """Forget a table (deleted or expired): its clients are told and let go."""
        self.tables.pop(table.id, None)
        self.timers.cancel(table)
        for c in list(table.connections):
            c.send({"type": "error", "error": {"code": code, "message": message}})
            c.close_soon()

    async def _expiry_loop(self) -> None:
        ttl = self.settings.open_table_ttl
        every = max(1.0, min(60.0, ttl / 4))
        while True:
            await asyncio.sleep(every)
            try:
                gone = await self.write(self.store.expire_open, now() - timedelta(seconds=ttl))
            except Exception:
                log.exception("could not expire open tables")
                continue
            for tid in gone:
                table = self.tables.get(tid)
                if table is not None:
                    self.drop(table, "expired", "this open table expired")
                self.replication.gone(tid)

    # -- after every change: windows, clocks, AI seats, clients -------------------------------
    def after_change(self, table: LiveTable, moved: set[int] | None, announce: bool = True) -> None:
        table.cache.clear()
        table.updated_at = now()
        state = table.state
        previous = table.window
        self.timers.cancel(table)
        if state is None or state.is_over or table.status != "running":
            table.clocks.clear()
            if state is not None and state.is_over and table.status == "running":
                table.status = "finished"
            self.notify(table)
            if announce:
                self.replication.announce(table)
            if table.status == "finished":
                self.tables.pop(table.id, None)
            return
        self.timers.arm(table, previous, moved)
        self.ai.wake(table)
        self.notify(table)
        if announce:
            self.replication.announce(table)

    def notify(self, table: LiveTable, only_seat: int | None = None) -> None:
        """Tell the table's clients (of one seat only, or all) that their state changed."""
        for c in list(table.connections):
            if only_seat is None or c.seat == only_seat:
                c.notify()
