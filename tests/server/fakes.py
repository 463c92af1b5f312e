"""Stand-ins for the server's parts, so that each part's test builds that part alone.

Each fake records what it was asked and answers what the test sets; none of them runs a rule,
a timer or a database. Plus the tables the tests play on (``live_table``) and a stored table
in memory (``stored``), without a database.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from ludoteca.engine import Action, Event, get_game
from ludoteca.server.config import Settings
from ludoteca.server.db import MoveBatch, StoredTable
from ludoteca.server.live import LiveTable, Seat, Window
from ludoteca.server.models import MoveRow, SeatRow, TableRow
from ludoteca.server.registry import Change

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def settings(**kw: Any) -> Settings:
    return Settings(database_url="sqlite://", ai_delay=0.0, **kw)


def live_table(
    game: str = "toy",
    kinds: tuple[str, ...] = ("human", "human"),
    status: str = "running",
    seed: int = 7,
    **table_settings: Any,
) -> LiveTable:
    """A table of ``game`` with its first state dealt (unless open)."""
    g = get_game(game)
    table = LiveTable(
        id="t1",
        game=g,
        num_players=len(kinds),
        seed=seed,
        public_options={},
        settings=dict(table_settings),
        status=status,
        seats=[Seat(i, k, agent="random" if k == "ai" else None) for i, k in enumerate(kinds)],
        created_at=T0,
        updated_at=T0,
    )
    if status != "open":
        table.state = g.new_game(len(kinds), seed, {})
    return table


def stored(
    game: str = "toy",
    kinds: tuple[str, ...] = ("human", "human"),
    status: str = "running",
    seed: int = 7,
    moves: list[tuple[int, dict[str, Any]]] | None = None,
    first: int = 0,
    table_id: str = "t1",
) -> StoredTable:
    """A table as the database gives it back (rows in memory, never stored)."""
    g = get_game(game)
    row = TableRow(
        id=table_id,
        game=g.id,
        rules_version=g.rules_version,
        num_players=len(kinds),
        seed=seed,
        options={},
        public_options={},
        settings={},
        status=status,
        move_count=first + len(moves or []),
        result=None,
        created_at=T0,
        updated_at=T0,
    )
    seats = [
        SeatRow(table_id=table_id, seat=i, kind=k, agent="random" if k == "ai" else None)
        for i, k in enumerate(kinds)
    ]
    rows = [
        MoveRow(table_id=table_id, number=first + i, seat=p, action=a, by="player", created_at=T0)
        for i, (p, a) in enumerate(moves or [])
    ]
    return StoredTable(row, seats, rows)


class FakeStore:
    """The calls the parts make on the store, answered from what the test put here."""

    def __init__(self) -> None:
        self.tables: dict[str, StoredTable] = {}
        self.calls: list[tuple[str, tuple[Any, ...]]] = []
        self.expired: list[str] = []

    def load(self, table_id: str, with_moves: bool = True) -> StoredTable | None:
        self.calls.append(("load", (table_id, with_moves)))
        return self.tables.get(table_id)

    def moves_since(self, table_id: str, first: int) -> StoredTable | None:
        self.calls.append(("moves_since", (table_id, first)))
        return self.tables.get(table_id)

    def save_clock(self, table_id: str, clock: dict[str, Any] | None) -> None:
        self.calls.append(("save_clock", (table_id, clock)))

    def expire_open(self, before: datetime) -> list[str]:
        self.calls.append(("expire_open", (before,)))
        return list(self.expired)


class FakeRegistry:
    """The registry's surface (tables, database, events), recording the events."""

    def __init__(self, **kw: Any) -> None:
        self.settings = settings(**kw)
        self.store = FakeStore()
        self.tables: dict[str, LiveTable] = {}
        self.changes: list[tuple[str, set[int] | None, bool]] = []
        self.notified: list[tuple[str, int | None]] = []
        self.dropped: list[tuple[str, str]] = []
        self.spawned: list[asyncio.Task[Any]] = []
        self.shared = False

    async def db(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return fn(*args, **kwargs)

    async def write(self, fn: Callable[..., Any], *args: Any) -> Any:
        return fn(*args)

    def spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.create_task(coro)
        self.spawned.append(task)
        return task

    async def get(self, table_id: str) -> LiveTable:
        return self.tables[table_id]

    def drop(self, table: LiveTable, code: str, message: str) -> None:
        self.tables.pop(table.id, None)
        self.dropped.append((table.id, code))

    def changed(self, table: LiveTable, moved: set[int] | None, announce: bool = True) -> None:
        self.changes.append((table.id, moved, announce))

    def notify(self, table: LiveTable, only_seat: int | None = None) -> None:
        self.notified.append((table.id, only_seat))


class FakeGroupCommit:
    """Stores every batch, or raises ``fail`` (once set)."""

    def __init__(self) -> None:
        self.batches: list[MoveBatch] = []
        self.fail: BaseException | None = None

    async def store(self, batch: MoveBatch) -> None:
        if self.fail is not None:
            raise self.fail
        self.batches.append(batch)


class FakeCommit:
    """The commit as the timers and the moves see it: records what they stored or undid."""

    def __init__(self) -> None:
        self.commits: list[tuple[list[tuple[int, Action]], list[str], list[Event]]] = []
        self.broke: list[str] = []

    async def commit(
        self,
        table: LiveTable,
        batch: list[tuple[int, Action]],
        bys: list[str],
        events: list[Event],
    ) -> None:
        self.commits.append((list(batch), list(bys), list(events)))
        table.move_count += len(batch)

    async def broken(self, table: LiveTable, doing: str) -> None:
        self.broke.append(doing)


class FakeTimers:
    """The timers as the moves, replication and the registry's events see them."""

    def __init__(self, is_pass: bool = False, all_answered: bool = False) -> None:
        self.pass_ = is_pass
        self.answered = all_answered
        self.calls: list[tuple[str, Any]] = []

    def is_pass(self, state: Any, seat: int, action: Action) -> bool:
        return self.pass_

    def hold_pass(self, table: LiveTable, window: Window, seat: int) -> None:
        window.passed.add(seat)
        self.calls.append(("hold_pass", seat))

    def all_answered(self, table: LiveTable, window: Window) -> bool:
        return self.answered

    async def close(self, table: LiveTable, window: Window) -> None:
        self.calls.append(("close", window.opened_at))

    def close_window_now(
        self,
        table: LiveTable,
        window: Window,
        mover: int | None,
        batch: list[tuple[int, Action]],
        bys: list[str],
    ) -> list[Event]:
        self.calls.append(("close_window_now", mover))
        return []

    def cancel(self, table: LiveTable) -> None:
        self.calls.append(("cancel", table.id))

    def clock_json(self, table: LiveTable) -> dict[str, Any] | None:
        return {"move": table.move_count, "at": {"0": 123.0}}


class FakeMoves:
    """The moves as an AI seat sees them: records each answer."""

    def __init__(self) -> None:
        self.played: list[tuple[int, dict[str, Any], int | None, str]] = []

    async def play(
        self,
        table: LiveTable,
        seat: int,
        action_json: dict[str, Any],
        expected: int | None,
        by: str,
    ) -> dict[str, Any]:
        self.played.append((seat, action_json, expected, by))
        return {"accepted": True, "move": table.move_count}


class FakePool:
    """The AI worker pool: answers each seat's first legal move (or raises ``fail``)."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, int, str]] = []
        self.fail: BaseException | None = None
        self.started = self.stopped = False

    def start(self) -> None:
        self.started = True

    def stop(self) -> None:
        self.stopped = True

    async def think(
        self,
        table_id: str,
        seat: int,
        spec: str,
        seed: int,
        game_id: str,
        state_json: dict[str, Any],
        seconds: float,
    ) -> dict[str, Any]:
        self.asked.append((table_id, seat, spec))
        if self.fail is not None:
            raise self.fail
        state = get_game(game_id).state_from_json(state_json)
        return state.legal_actions(seat)[0].to_json()


class FakeAi:
    """The AI seats as seating and replication see them."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []

    def accept_spec(self, spec: str | None, game: Any, lang: str = "en") -> str:
        self.calls.append(("accept_spec", spec))
        return spec or "medium"

    def take_over(self, table: LiveTable, seat: Seat) -> None:
        self.calls.append(("take_over", seat.index))
        seat.kind, seat.agent = "ai", "random"
        table.agents[seat.index] = "random"

    def cancel(self, table: LiveTable) -> None:
        self.calls.append(("cancel", table.id))


class FakeReplication:
    """Replication as seating and expiry see it: one process (no fan-out), recording."""

    def __init__(self) -> None:
        self.fanout: Any = None
        self.calls: list[tuple[str, str]] = []

    def announce(self, table: LiveTable) -> None:
        self.calls.append(("announce", table.id))

    def gone(self, table_id: str) -> None:
        self.calls.append(("gone", table_id))

    async def refresh(self, table: LiveTable) -> None:
        self.calls.append(("refresh", table.id))

    async def refresh_locked(self, table: LiveTable) -> None:
        self.calls.append(("refresh_locked", table.id))

    async def refresh_seats(self, table: LiveTable) -> None:
        self.calls.append(("refresh_seats", table.id))


def play_until(table: LiveTable, done: Callable[[LiveTable], bool], seed: int = 0) -> list[Event]:
    """Random legal moves at the table (no server) until ``done``; the events."""
    rng = random.Random(seed)
    state = table.state
    assert state is not None
    events: list[Event] = []
    while not done(table):
        p = state.actors[0]
        events += state.apply(p, rng.choice(state.legal_actions(p)))
    return events


def change(moved: set[int] | None = None, live: bool = True, announce: bool = True) -> Change:
    return Change(moved, live, announce)
