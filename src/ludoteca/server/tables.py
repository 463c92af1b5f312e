"""The table manager: create, join, leave, play; windows, clocks and AI seats; restart.

Every accepted move goes through :meth:`TableManager._commit`: the engine has validated and
applied it, the database stores it (with the table's new move count, in one transaction), and
only then is anyone told. If the database refuses, the table is rebuilt from the database, so
memory never runs ahead of what is stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import random
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any, TypeVar

from pydantic import BaseModel

from ..agents import AgentSpecError, make_agent
from ..engine import (
    Action,
    Event,
    IllegalAction,
    InvalidAction,
    LudotecaError,
    SeatHandle,
    get_game,
)
from ..engine.errors import UnknownGame
from .config import Settings
from .db import Conflict, MoveBatch, Store, StoredTable, now
from .errors import ApiError, forbidden, not_found
from .fanout import Fanout
from .live import LiveTable, Seat, Window, in_reaction_window, pass_action
from .models import SeatRow, TableRow
from .schemas import CreateTable, JoinTable
from .tokens import new_table_id, new_token, same_hash, token_hash

log = logging.getLogger("ludoteca.server")
T = TypeVar("T")

# what an AI seat plays when a person leaves a running game
TAKEOVER_AGENTS = ("heuristic", "random")
# how much longer a process that did not make a table's last change waits before its timers
# and AI seats act (the process that did acts first; this one only if that one died)
FOLLOW_GRACE = 3.0
# how often the database thread copies SQLite's write-ahead log into the database file
CHECKPOINT_SECONDS = 1.0


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
        self.ai_pool = ThreadPoolExecutor(settings.ai_workers, thread_name_prefix="ludoteca-ai")
        self.rng = random.SystemRandom()
        self._queue: list[tuple[MoveBatch, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        self.fanout: Fanout | None = None
        self._notes: dict[str, dict[str, Any]] = {}  # table -> newest unheeded note
        self._followers: dict[str, asyncio.Task[None]] = {}
        self._background: set[asyncio.Task[Any]] = set()
        self._expiry: asyncio.Task[None] | None = None
        self._checkpoints: asyncio.Task[None] | None = None

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

    # -- start and stop -------------------------------------------------------------------
    async def start(self) -> None:
        """Resume every open and running table from the database (replaying its moves)."""
        if self.settings.redis_url:
            self.fanout = Fanout(self.settings.redis_url, self.settings.redis_prefix, self._heard)
            await self.fanout.start()
        stored = await self.db(self.store.load_active)
        for st in stored:
            try:
                table = self._from_stored(st)
            except Exception:  # a table whose game vanished or changed its rules
                log.exception("cannot resume table %s", st.row.id)
                continue
            self.tables[table.id] = table
        for table in list(self.tables.values()):
            if table.status == "running":
                if self.fanout is not None:
                    # several processes start: one of them runs the table's timers first
                    key = f"resume:{table.id}:{table.move_count}"
                    table.follower = not await self.fanout.claim(key, 60)
                self._after_change(table, moved=None, announce=False)
        if self.settings.open_table_ttl > 0:
            self._expiry = asyncio.create_task(self._expiry_loop())
        if self.inline_writes:
            self._checkpoints = asyncio.create_task(self._checkpoint_loop())

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        return task

    async def stop(self) -> None:
        for task in [self._expiry, self._checkpoints, *self._followers.values()]:
            if task is not None:
                task.cancel()
        if self._background:  # deadlines being stored
            await asyncio.wait(list(self._background), timeout=5)
        if self._writer is not None:
            with contextlib.suppress(Exception):
                await self._writer
        if self.fanout is not None:
            await self.fanout.stop()
        for table in self.tables.values():
            self._cancel_timers(table)
            for _, task in table.ai_tasks.values():
                task.cancel()
        self.ai_pool.shutdown(wait=False, cancel_futures=True)
        self.db_pool.shutdown(wait=True)
        self.store.close()

    def _from_stored(self, st: StoredTable) -> LiveTable:
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
            options=row.options,
            move_count=0,
            result=row.result,
            stored_clock=getattr(row, "clock", None),
        )
        if row.status != "open":
            if game.rules_version != row.rules_version:
                raise LudotecaError(f"{row.game} rules changed since table {row.id} began")
            self._begin(table)
            state = table.state
            assert state is not None
            for m in st.moves:
                events = state.apply(m.seat, game.action_from_json(m.action))
                table.move_count += 1
                table.log.extend((table.move_count, e) for e in events)
            if state.is_over and table.status != "finished":
                table.status = "finished"
        return table

    def _begin(self, table: LiveTable) -> None:
        table.state = table.game.new_game(table.num_players, table.seed, table.options or {})
        for s in table.seats:
            if s.kind == "ai":
                table.agents[s.index] = self._agent(table, s)

    def _agent(self, table: LiveTable, seat: Seat) -> Any:
        # each AI seat gets its own seed, drawn from the table's: reproducible, not guessable
        return make_agent(seat.agent or "random", table.game, seed=(table.seed * 7919 + seat.index))

    # -- lookup ---------------------------------------------------------------------------
    async def get(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id)
        if table is not None:
            if table.stale:
                await self._refresh(table)
            return table
        if len(table_id) > 24:
            raise not_found("this table")
        st = await self.db(self.store.load, table_id)
        if st is None:
            raise not_found("this table")
        table = self._from_stored(st)
        if table.status == "finished":
            return table  # a finished table: rebuilt on demand, not kept
        # an open or running table another process made or resumed (Redis fan-out)
        known = self.tables.get(table_id)
        if known is not None:
            return known
        self.tables[table_id] = table
        table.follower = True
        if table.status == "running":
            self._after_change(table, moved=None, announce=False)
        return table

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
        try:
            return self.seat_for(table, token)
        except ApiError:
            if self.fanout is None or token is None:
                raise
        st = await self.db(self.store.load, table.id, False)
        h = token_hash(token)
        if st is None or not any(same_hash(s.token_hash, h) for s in st.seats):
            raise forbidden("this token holds no seat at this table")
        await self._refresh(table)
        return self.seat_for(table, token)

    # -- creating, joining, leaving -------------------------------------------------------
    async def create(self, req: CreateTable) -> tuple[LiveTable, tuple[int, str] | None]:
        """A new table; with ``req.join``, its creator takes a seat in the same transaction
        (then also the seat and its token: one request and one write instead of two)."""
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
                agent = spec.agent or "heuristic"
                try:
                    make_agent(agent, game, 0)
                except AgentSpecError as e:
                    raise ApiError(422, "bad_agent", str(e)) from None
                seats.append(Seat(i, "ai", agent=agent, name=None))
        if len(specs) > n:
            raise ApiError(422, "bad_seats", f"{len(specs)} seats given for {n} players")
        try:
            # validates the player count and the options now, so a bad table is never stored
            game.new_game(n, 0, req.options)
        except LudotecaError as e:
            raise ApiError(422, "invalid_options", str(e)) from None
        settings = {
            "window_seconds": req.window_seconds,
            "clock_seconds": req.clock_seconds,
            "open_replay": req.open_replay,
        }
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
        await self.write(self.store.create_table, row, [self._seat_row(table, s) for s in seats])
        self.tables[table.id] = table
        if all(s.taken for s in seats):
            async with table.lock:
                await self._start_game(table)
        else:
            self._announce(table)
        return table, joined

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
            self._options_with_decks(table, {seat.index: req.deck})
        token = new_token()
        seat.name = req.name
        seat.token_hash = token_hash(token)
        seat.seat_options = {"deck": req.deck} if req.deck is not None else None
        return seat, token

    def _seat_row(self, table: LiveTable, s: Seat) -> SeatRow:
        return SeatRow(
            table_id=table.id,
            seat=s.index,
            kind=s.kind,
            agent=s.agent,
            name=s.name,
            token_hash=s.token_hash,
            seat_options=s.seat_options,
        )

    def _options_with_decks(self, table: LiveTable, extra: dict[int, str]) -> dict[str, Any]:
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

    async def join(self, table_id: str, req: JoinTable) -> tuple[LiveTable, int, str]:
        table = await self.get(table_id)
        async with table.lock:
            if table.status != "open":
                raise ApiError(409, "not_open", "this table has no open seat any more")
            seat, token = self._sit(table, req)
            try:
                # guarded: with several processes, another one may have given this seat away
                taken = await self.write(self.store.claim_seat, self._seat_row(table, seat))
            except Exception:
                seat.name = seat.token_hash = None
                seat.seat_options = None
                raise
            if not taken:
                await self._refresh_locked(table)
                raise ApiError(409, "seat_taken", f"seat {seat.index} was just taken")
            if self.fanout is not None:
                # the other seats as stored: some may have been taken through other processes
                await self._refresh_seats(table)
            if all(s.taken for s in table.seats):
                await self._start_game(table)
            else:
                self._notify(table)
                self._announce(table)
            return table, seat.index, token

    async def _start_game(self, table: LiveTable) -> None:
        """All seats are taken: fix the options (decks included) and deal."""
        options = self._options_with_decks(table, {})
        state = table.game.new_game(table.num_players, table.seed, options)
        opts = state.options.model_dump(mode="json") if isinstance(state.options, BaseModel) else {}
        if not await self.write(self.store.start_table, table.id, opts):
            await self._refresh_locked(table)  # another process started it
            return
        table.options = opts
        table.status = "running"
        table.follower = False
        self._begin(table)
        self._after_change(table, moved=None)

    async def leave(self, table_id: str, token: str | None) -> LiveTable:
        table = await self.get(table_id)
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
                for spec in TAKEOVER_AGENTS:
                    try:
                        agent = make_agent(spec, table.game, table.seed + seat_no)
                    except AgentSpecError:
                        continue
                    seat.kind, seat.agent = "ai", spec
                    table.agents[seat_no] = agent
                    break
            else:
                raise ApiError(409, "finished", "this game is over")
            await self.write(self.store.save_seat, self._seat_row(table, seat), {})
            if table.status == "running":
                table.follower = False
                self._after_change(table, moved=None)
            else:
                self._notify(table)
                self._announce(table)
            return table

    # -- moves ----------------------------------------------------------------------------
    async def submit(
        self, table_id: str, token: str | None, action_json: dict[str, Any], expected: int | None
    ) -> dict[str, Any]:
        table = await self.get(table_id)
        seat = await self.find_seat(table, token)
        if seat is None:
            raise forbidden("a move needs the seat token of the seat that moves")
        if table.seats[seat].kind != "human":
            raise forbidden("this seat is played by the server now")
        async with table.lock:
            return await self._play(table, seat, action_json, expected, "player")

    async def _play(
        self,
        table: LiveTable,
        seat: int,
        action_json: dict[str, Any],
        expected: int | None,
        by: str,
    ) -> dict[str, Any]:
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
        window = table.window
        if window is not None and seat in window.passed:
            raise ApiError(409, "already_answered", "you already let this window pass")
        if window is not None and action == pass_action(state, seat):
            # a pass is never shown and never closes a window: it waits here, unseen
            window.passed.add(seat)
            table.cache.clear()
            self._notify(table, only_seat=seat)
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
                events += self._close_window_now(table, window, seat, batch, bys)
            except Exception:
                await self._broken(table, "closing a reaction window")
        await self._commit(table, batch, bys, events)
        return {"accepted": True, "move": table.move_count}

    def _close_window_now(
        self,
        table: LiveTable,
        window: Window,
        mover: int | None,
        batch: list[tuple[int, Action]],
        bys: list[str],
    ) -> list[Event]:
        """Answer pass for every seat still owing an answer in this window."""
        state = table.state
        assert state is not None
        events: list[Event] = []
        pending = [p for p in state.actors if p != mover]
        for p in sorted(pending):
            # the window is over once the mover acts again (a new window opened for everyone)
            if mover is not None and mover in state.actors:
                break
            if p not in state.actors or state.is_over:
                continue
            a = pass_action(state, p)
            events += state.apply(p, a)
            batch.append((p, a))
            bys.append("window")
        return events

    async def _commit(
        self,
        table: LiveTable,
        batch: list[tuple[int, Action]],
        bys: list[str],
        events: list[Event],
    ) -> None:
        state = table.state
        assert state is not None
        first = table.move_count
        over = state.is_over
        result = state.result().to_json() if over else None
        rows = [(p, a.to_json(), by) for (p, a), by in zip(batch, bys, strict=True)]
        try:
            await self._write(
                MoveBatch(table.id, first, rows, "finished" if over else "running", result)
            )
        except BaseException as e:
            # memory ran ahead of the database: rebuild the table from what is stored
            if isinstance(e, Conflict):  # another process moved first (or a double submission)
                log.info("move not stored on table %s: %r", table.id, e)
            else:
                log.error("move not stored on table %s: %r", table.id, e)
            await self._reload(table)
            if isinstance(e, Conflict):
                raise ApiError(409, "stale_move", "the table moved on; refresh") from None
            raise ApiError(503, "storage", "the move could not be stored; try again") from None
        table.move_count = first + len(batch)
        table.log.extend((table.move_count, e) for e in events)
        if over:
            table.status = "finished"
            table.result = result
        table.follower = False  # this process made the change: its timers act first
        self._after_change(table, moved={p for p, _ in batch})

    async def _write(self, batch: MoveBatch) -> None:
        """Store one table's moves; waits for the group transaction that carries them."""
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.append((batch, fut))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_loop())
        await fut

    async def _write_loop(self) -> None:
        # while one transaction is on disk, the next moves gather for the following one
        while self._queue:
            items, self._queue = self._queue, []
            try:
                outcomes = await self.write(self.store.append_batch, [b for b, _ in items])
            except Exception as e:  # the transaction failed: none of its moves is stored
                outcomes = [e] * len(items)
            for (_, fut), err in zip(items, outcomes, strict=True):
                if fut.done():
                    continue
                if err is None:
                    fut.set_result(None)
                else:
                    fut.set_exception(err)

    async def _broken(self, table: LiveTable, doing: str) -> None:
        """The game refused what the server did for a seat: undo it all by rebuilding the table
        from the database (nothing of it was stored), and say so."""
        log.exception("table %s: the game failed while %s", table.id, doing)
        await self._reload(table)
        raise ApiError(500, "internal", f"the server failed while {doing}; nothing was changed")

    async def _reload(self, table: LiveTable) -> None:
        st = await self.db(self.store.load, table.id)
        if st is None:
            return
        self._adopt(table, self._from_stored(st))
        self._after_change(table, moved=None, announce=False)

    def _adopt(self, table: LiveTable, fresh: LiveTable) -> None:
        """Take over everything a rebuilt copy of the table knows (seats, state, log)."""
        table.seats, table.status, table.options = fresh.seats, fresh.status, fresh.options
        table.state, table.move_count, table.log = fresh.state, fresh.move_count, fresh.log
        table.result, table.agents = fresh.result, fresh.agents
        if fresh.stored_clock is not None:
            table.stored_clock = fresh.stored_clock
        for c in table.connections:
            c.log_sent = None  # the log was rebuilt: send it whole

    # -- several processes (Redis) ----------------------------------------------------------
    def _announce(self, table: LiveTable) -> None:
        """Tell the other processes this table changed (with its deadlines)."""
        if self.fanout is None:
            return
        note: dict[str, Any] = {"table": table.id, "move": table.move_count}
        clock = self._clock_json(table)
        if clock is not None:
            note["clock"] = clock
        if table.window is not None:
            wall = time.time() + table.window.deadline - asyncio.get_running_loop().time()
            note["window"] = [table.window.opened_at, wall]
        self.fanout.publish(note)

    async def _heard(self, note: dict[str, Any]) -> None:
        """A note from another process: follow the table it names (one task per table)."""
        tid = note.get("table")
        if not isinstance(tid, str) or len(tid) > 24:
            return
        self._notes[tid] = note
        if tid not in self._followers:
            self._followers[tid] = asyncio.create_task(self._follow(tid))

    async def _follow(self, tid: str) -> None:
        try:
            while tid in self._notes:
                note = self._notes.pop(tid)
                table = self.tables.get(tid)
                if note.get("gone"):
                    if table is not None:
                        self._drop(table, "expired", "this open table expired")
                    continue
                if table is None:
                    with contextlib.suppress(ApiError):
                        await self.get(tid)  # a table made elsewhere: keep it, for the lobby
                    continue
                if not table.connections and table.status == "running":
                    # nobody here watches it: catch up only when someone asks for it
                    self._cancel_timers(table)
                    for _, task in table.ai_tasks.values():
                        task.cancel()
                    table.stale = True
                    continue
                async with table.lock:
                    if isinstance(note.get("clock"), dict):
                        table.stored_clock = note["clock"]
                    win = note.get("window")
                    if isinstance(win, list) and len(win) == 2:
                        table.window_hint = (int(win[0]), float(win[1]))
                    await self._refresh_locked(table)
        except Exception:
            log.exception("table %s: could not follow another process", tid)
        finally:
            self._followers.pop(tid, None)

    async def _refresh(self, table: LiveTable) -> None:
        async with table.lock:
            await self._refresh_locked(table)

    async def _refresh_seats(self, table: LiveTable) -> None:
        st = await self.db(self.store.load, table.id, False)
        if st is None:
            return
        for s in st.seats:
            seat = table.seats[s.seat]
            seat.kind, seat.agent, seat.name = s.kind, s.agent, s.name
            seat.token_hash, seat.seat_options = s.token_hash, s.seat_options

    async def _refresh_locked(self, table: LiveTable) -> None:
        """Catch up with the database (under the table's lock): the new moves if only moves
        came, else the whole table. Then tell this process's clients."""
        st = await self.db(self.store.moves_since, table.id, table.move_count)
        if st is None:
            self._drop(table, "not_found", "this table no longer exists")
            return
        row = st.row
        same_seats = [(s.kind, s.agent, s.name, s.token_hash) for s in st.seats] == [
            (s.kind, s.agent, s.name, s.token_hash) for s in table.seats
        ]
        if table.status == "running" and row.status in ("running", "finished") and same_seats:
            state = table.state
            assert state is not None
            for m in st.moves:
                if m.number != table.move_count:
                    break
                events = state.apply(m.seat, table.game.action_from_json(m.action))
                table.move_count += 1
                table.log.extend((table.move_count, e) for e in events)
            if state.is_over:
                table.status, table.result = "finished", row.result
        elif row.status == table.status == "open":
            await self._refresh_seats(table)
        else:
            full = await self.db(self.store.load, table.id)
            if full is None:
                return
            self._adopt(table, self._from_stored(full))
        table.stale = False
        # whatever was caught up with was done by another process: its timers act first
        table.follower = True
        if table.status == "running" or table.status == "finished":
            self._after_change(table, moved=None, announce=False)
        else:
            self._notify(table)

    def _drop(self, table: LiveTable, code: str, message: str) -> None:
        """Forget a table (deleted or expired): its clients are told and let go."""
        self.tables.pop(table.id, None)
        self._cancel_timers(table)
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
                    self._drop(table, "expired", "this open table expired")
                if self.fanout is not None:
                    self.fanout.publish({"table": tid, "gone": True})

    # -- clocks and windows that survive a restart -------------------------------------------
    def _clock_json(self, table: LiveTable) -> dict[str, Any] | None:
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

    def _taken_timers(self, table: LiveTable) -> tuple[dict[int, float], float | None]:
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

    # -- after every change: windows, clocks, AI seats, broadcast -------------------------
    def _cancel_timers(self, table: LiveTable) -> None:
        if table.window is not None and table.window.task is not None:
            table.window.task.cancel()
        table.window = None
        if table.clock_task is not None:
            table.clock_task.cancel()
            table.clock_task = None

    def _after_change(
        self, table: LiveTable, moved: set[int] | None, announce: bool = True
    ) -> None:
        table.cache.clear()
        state = table.state
        previous = table.window
        self._cancel_timers(table)
        if state is None or state.is_over or table.status != "running":
            table.clocks.clear()
            if state is not None and state.is_over and table.status == "running":
                table.status = "finished"
            self._notify(table)
            if announce:
                self._announce(table)
            if table.status == "finished":
                self.tables.pop(table.id, None)
            return
        loop = asyncio.get_running_loop()
        actors = state.actors
        taken, taken_window = self._taken_timers(table)
        hint, table.window_hint = table.window_hint, None
        if in_reaction_window(state):
            table.clocks.clear()
            window, fresh = self._window_for(table, previous, hint, taken_window)
            window.task = asyncio.create_task(self._window_timer(table, window))
            table.window = window
            if fresh and not table.follower:  # its closing time outlives a restart
                self._spawn(self._save_clock(table.id, self._clock_json(table)))
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
                self._spawn(self._save_clock(table.id, self._clock_json(table)))
        for p in actors:
            if p in table.agents:
                running = table.ai_tasks.get(p)
                if running is not None and running[0] == table.move_count:
                    continue
                if running is not None:
                    running[1].cancel()
                task = asyncio.create_task(self._ai_move(table, p, table.move_count))
                table.ai_tasks[p] = (table.move_count, task)
        self._notify(table)
        if announce:
            self._announce(table)

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
        return Window(table.move_count, now_ + table.window_seconds), True

    async def _save_clock(self, table_id: str, clock: dict[str, Any] | None) -> None:
        try:
            await self.write(self.store.save_clock, table_id, clock)
        except Exception as e:  # the clocks then restart fresh after a restart, as before
            log.warning("table %s: clock deadlines not stored: %r", table_id, e)

    def _grace(self, table: LiveTable) -> float:
        return FOLLOW_GRACE if table.follower else 0.0

    async def _window_timer(self, table: LiveTable, window: Window) -> None:
        wait = window.deadline - asyncio.get_running_loop().time() + self._grace(table)
        await asyncio.sleep(max(0.0, wait))
        async with table.lock:
            if table.window is not window or table.move_count != window.opened_at:
                return
            batch: list[tuple[int, Action]] = []
            bys: list[str] = []
            try:
                events = self._close_window_now(table, window, None, batch, bys)
            except Exception:
                with contextlib.suppress(ApiError):
                    await self._broken(table, "closing a reaction window")
                return
            if batch:
                with contextlib.suppress(ApiError):
                    await self._commit(table, batch, bys, events)

    async def _clock_timer(self, table: LiveTable, at_move: int) -> None:
        loop = asyncio.get_running_loop()
        if not table.clocks:
            return
        await asyncio.sleep(max(0.0, min(table.clocks.values()) - loop.time() + self._grace(table)))
        async with table.lock:
            state = table.state
            if table.move_count != at_move or state is None or state.is_over:
                return
            t = loop.time() - self._grace(table)
            expired = sorted(p for p, d in table.clocks.items() if d <= t + 0.001)
            batch: list[tuple[int, Action]] = []
            events: list[Event] = []
            try:
                for p in expired:
                    if p in state.actors:
                        a = state.timeout_action(p)
                        events += state.apply(p, a)
                        batch.append((p, a))
            except Exception:
                with contextlib.suppress(ApiError):
                    await self._broken(table, "applying the clock's default")
                return
            if batch:
                with contextlib.suppress(ApiError):
                    await self._commit(table, batch, ["clock"] * len(batch), events)

    async def _ai_move(self, table: LiveTable, seat: int, at_move: int) -> None:
        try:
            if self.settings.ai_delay > 0 or table.follower:
                await asyncio.sleep(self.settings.ai_delay + self._grace(table))
            state = table.state
            if table.move_count != at_move or state is None or seat not in state.actors:
                return
            handle = SeatHandle(state.clone(), seat)
            agent = table.agents[seat]
            loop = asyncio.get_running_loop()
            try:
                action = await loop.run_in_executor(self.ai_pool, agent.act, handle)
            except Exception:
                log.exception("AI seat %s of table %s failed; it plays the default", seat, table.id)
                action = None
            async with table.lock:
                state = table.state
                if table.move_count != at_move or state is None or seat not in state.actors:
                    return
                if action is None:
                    action = state.timeout_action(seat)
                with contextlib.suppress(ApiError):
                    await self._play(table, seat, action.to_json(), at_move, "ai")
        except asyncio.CancelledError:
            pass
        finally:
            current = table.ai_tasks.get(seat)
            if current is not None and current[0] == at_move:
                table.ai_tasks.pop(seat, None)

    # -- telling the clients --------------------------------------------------------------
    def _notify(self, table: LiveTable, only_seat: int | None = None) -> None:
        for c in list(table.connections):
            if only_seat is None or c.seat == only_seat:
                c.notify()
