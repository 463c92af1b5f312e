"""The database: engine, migrations on start, and the few transactions the server makes.

Every method here is synchronous and runs in the server's database thread(s), never on the
event loop. Each accepted move is written in one transaction with the table's new move count,
guarded by the count it expects, so a move can never be stored twice or out of order.
"""

from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from typing import Any, ClassVar

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import (
    Connection,
    Engine,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.orm import Session, defer, sessionmaker

from .models import MoveRow, SeatRow, TableRow


class Conflict(Exception):
    """The table moved on meanwhile (another process, or a doubly submitted move)."""


class _SomeConflict(Exception):
    """A group's guarded UPDATE missed some table: the group is stored one table at a time."""


# the write-ahead log (SQLite) is cut back to this after a checkpoint, and truncated to nothing
# by the checkpoint that finds it longer than TRUNCATE_PAGES and wholly copied
WAL_LIMIT_BYTES = 16 * 1024 * 1024
TRUNCATE_PAGES = 1024


def now() -> datetime:
    return datetime.now(UTC)


def make_engine(
    url: str, connect_args: dict[str, Any] | None = None, autocheckpoint: bool = True
) -> Engine:
    """The engine; ``autocheckpoint=False`` (SQLite): no commit copies the write-ahead log
    into the database file itself, :meth:`Store.checkpoint` does (off the event loop)."""
    args = dict(connect_args or {})
    if url.startswith("sqlite"):
        args.setdefault("check_same_thread", False)
        engine = create_engine(url, connect_args=args)

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            # WAL + NORMAL: a commit survives a killed process (not a power cut), at disk speed
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=5000")
            if not autocheckpoint:
                cur.execute("PRAGMA wal_autocheckpoint=0")
            # a log that grew in a burst is cut back after the next checkpoint that resets it
            cur.execute(f"PRAGMA journal_size_limit={WAL_LIMIT_BYTES}")
            cur.close()

        return engine
    return create_engine(url, connect_args=args, pool_size=5, max_overflow=5, pool_pre_ping=True)


def _alembic_config() -> Config:
    cfg = Config()
    cfg.set_main_option(
        "script_location", str(resources.files("ludoteca.server").joinpath("migrations"))
    )
    return cfg


@functools.cache
def _newest_revisions() -> tuple[str, ...]:
    """The head revision(s) of the migrations shipped: read once per process (Alembic reads
    and compiles every migration's file to find them, some 50 ms)."""
    return tuple(sorted(ScriptDirectory.from_config(_alembic_config()).get_heads()))


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (Alembic), in one transaction."""
    cfg = _alembic_config()
    with engine.begin() as conn:
        # a database already there is left as it is, at the cost of reading its revision (a
        # server's start, each test's server on a copy of a migrated file)
        current = MigrationContext.configure(conn).get_current_heads()
        if tuple(sorted(current)) == _newest_revisions():
            return
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


@dataclass
class MoveBatch:
    """Moves ``first, first+1, ...`` of one table, with the table's status after them."""

    table_id: str
    first: int
    moves: list[tuple[int, dict[str, Any], str]]
    status: str
    result: dict[str, Any] | None
    # more writes of the same transaction, once the moves are in (a turn-based table's timers)
    also: Callable[[Connection], None] | None = None


@dataclass
class StoredTable:
    row: TableRow
    seats: list[SeatRow]
    moves: list[MoveRow]


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sessions = sessionmaker(engine, expire_on_commit=False)
        # each database thread keeps one connection for the moves (no pool checkout per move)
        self._local = threading.local()
        self._conns: list[Connection] = []
        self._conns_lock = threading.Lock()

    def _conn(self) -> Connection:
        conn: Connection | None = getattr(self._local, "conn", None)
        if conn is None or conn.closed or conn.invalidated:
            conn = self._local.conn = self.engine.connect()
            with self._conns_lock:
                self._conns.append(conn)
        return conn

    def _drop_conn(self) -> None:
        conn: Connection | None = getattr(self._local, "conn", None)
        self._local.conn = None
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()

    def close(self) -> None:
        """Close the connections the database threads kept (when the server stops), leaving
        an empty write-ahead log behind (SQLite)."""
        with self._conns_lock:
            conns, self._conns = self._conns, []
        for conn in conns:
            with contextlib.suppress(Exception):
                conn.close()
        if self.engine.dialect.name == "sqlite":
            with contextlib.suppress(Exception), self.engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")

    def checkpoint(self) -> tuple[int, int, int]:
        """Copy the write-ahead log into the database file (SQLite), waiting for nobody; a
        long log that is then wholly copied is truncated (that waits only for a write being
        made, never for a reader: nothing here keeps a read open). (busy, pages, copied)."""
        conn = self._conn()
        row = conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").one()
        busy, pages, copied = int(row[0]), int(row[1]), int(row[2])
        if busy == 0 and pages > TRUNCATE_PAGES and copied == pages:
            row = conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)").one()
            busy, pages, copied = int(row[0]), int(row[1]), int(row[2])
        return busy, pages, copied

    # -- tables -------------------------------------------------------------------------------
    # The writes of a table's life (create, claim a seat, start) and of every move run on one
    # connection kept per thread, as SQL statements (no ORM session): they are made while
    # people wait, on the event loop itself with one process on SQLite.
    @contextlib.contextmanager
    def _transaction(self) -> Iterator[Connection]:
        conn = self._conn()
        try:
            with conn.begin():
                yield conn
        except Exception:
            self._drop_conn()
            raise

    @staticmethod
    def _values(obj: TableRow | SeatRow) -> dict[str, Any]:
        return {c.key: getattr(obj, c.key) for c in obj.__table__.columns}

    # The statements of a table's life, built once: building one (its clauses, its cache key)
    # cost SQLAlchemy several times what executing it costs SQLite, for every new table.
    _INSERT_TABLE = insert(TableRow)
    _INSERT_SEAT = insert(SeatRow)
    _CLAIM = (
        update(SeatRow)
        .where(
            SeatRow.table_id == bindparam("tid"),
            SeatRow.seat == bindparam("seat_no"),
            SeatRow.kind == "human",
            SeatRow.token_hash.is_(None),
        )
        .values(
            name=bindparam("new_name"),
            token_hash=bindparam("new_hash"),
            seat_options=bindparam("new_options"),
        )
    )
    _TOUCH = (
        update(TableRow).where(TableRow.id == bindparam("tid")).values(updated_at=bindparam("t"))
    )
    _START = (
        update(TableRow)
        .where(TableRow.id == bindparam("tid"), TableRow.status == "open")
        .values(options=bindparam("new_options"), status="running", updated_at=bindparam("t"))
    )
    _CLOCK = update(TableRow).where(TableRow.id == bindparam("tid")).values(clock=bindparam("at"))

    def create_table(self, row: TableRow, seats: list[SeatRow]) -> None:
        with self._transaction() as conn:
            conn.execute(self._INSERT_TABLE, self._values(row))
            if seats:
                conn.execute(self._INSERT_SEAT, [self._values(s) for s in seats])

    def save_seat(self, seat: SeatRow, table_update: dict[str, Any] | None = None) -> None:
        with self.sessions.begin() as s:
            s.merge(seat)
            if table_update is not None:
                s.execute(
                    update(TableRow)
                    .where(TableRow.id == seat.table_id)
                    .values(updated_at=now(), **table_update)
                )

    def claim_seat(self, seat: SeatRow) -> bool:
        """Take an open seat: stored only if nobody (in any process) took it meanwhile."""
        with self._transaction() as conn:
            done = conn.execute(
                self._CLAIM,
                {
                    "tid": seat.table_id,
                    "seat_no": seat.seat,
                    "new_name": seat.name,
                    "new_hash": seat.token_hash,
                    "new_options": seat.seat_options,
                },
            )
            if done.rowcount != 1:
                return False
            conn.execute(self._TOUCH, {"tid": seat.table_id, "t": now()})
            return True

    def start_table(self, table_id: str, options: dict[str, Any]) -> bool:
        """Open -> running with the fixed options; False if another process started it."""
        with self._transaction() as conn:
            done = conn.execute(self._START, {"tid": table_id, "new_options": options, "t": now()})
            return bool(done.rowcount == 1)

    def save_clock(self, table_id: str, clock: dict[str, Any] | None) -> None:
        """The clock deadlines of a table (guarded by nothing: they carry their move number)."""
        with self._transaction() as conn:
            conn.execute(self._CLOCK, {"tid": table_id, "at": clock})

    def expire_open(self, before: datetime) -> list[str]:
        """Delete the open tables nobody joined or left since ``before``; their ids."""
        with self.sessions.begin() as s:
            ids = list(
                s.scalars(
                    select(TableRow.id).where(
                        TableRow.status == "open", TableRow.updated_at < before
                    )
                )
            )
            if ids:
                s.execute(delete(SeatRow).where(SeatRow.table_id.in_(ids)))
                s.execute(delete(TableRow).where(TableRow.id.in_(ids), TableRow.status == "open"))
            return ids

    def moves_since(self, table_id: str, first: int) -> StoredTable | None:
        """A table's row and seats with only the moves from number ``first`` on."""
        with self.sessions() as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            st = self._load(s, row, with_moves=False)
            st.moves = list(
                s.scalars(
                    select(MoveRow)
                    .where(MoveRow.table_id == table_id, MoveRow.number >= first)
                    .order_by(MoveRow.number)
                )
            )
            return st

    def append_batch(self, items: list[MoveBatch]) -> list[Exception | None]:
        """Group commit: the moves of several tables in one transaction (one disk sync).

        Each item is guarded by its table's expected move count; an item that fails its guard
        stores nothing and gets a Conflict, the others are stored. The common case (every
        guard holds) costs two statements whatever the number of tables: one guarded UPDATE
        and one INSERT, each executed for many rows at once.
        """
        if len(items) > 1 and self.engine.dialect.supports_sane_multi_rowcount:
            try:
                return self._append_all(items)
            except _SomeConflict:
                pass  # rolled back: store them one by one, to tell which table moved on
        return self._append_each(items)

    _GUARDED = (
        update(TableRow)
        .where(TableRow.id == bindparam("tid"), TableRow.move_count == bindparam("first"))
        .values(
            move_count=bindparam("count"),
            status=bindparam("new_status"),
            result=bindparam("new_result"),
            updated_at=bindparam("t"),
        )
    )

    @staticmethod
    def _params(item: MoveBatch, t: datetime) -> dict[str, Any]:
        return {
            "tid": item.table_id,
            "first": item.first,
            "count": item.first + len(item.moves),
            "new_status": item.status,
            "new_result": item.result,
            "t": t,
        }

    @staticmethod
    def _move_rows(item: MoveBatch, t: datetime) -> list[dict[str, Any]]:
        return [
            {
                "table_id": item.table_id,
                "number": item.first + i,
                "seat": p,
                "action": a,
                "by": by,
                "created_at": t,
            }
            for i, (p, a, by) in enumerate(item.moves)
        ]

    def _append_all(self, items: list[MoveBatch]) -> list[Exception | None]:
        t = now()
        conn = self._conn()
        try:
            with conn.begin():
                done = conn.execute(self._GUARDED, [self._params(i, t) for i in items])
                if done.rowcount != len(items):
                    raise _SomeConflict  # leaves the transaction: nothing of it is stored
                rows = [r for i in items for r in self._move_rows(i, t)]
                if rows:
                    conn.execute(insert(MoveRow), rows)
                for item in items:
                    if item.also is not None:
                        item.also(conn)
        except _SomeConflict:
            raise
        except Exception:
            self._drop_conn()
            raise
        return [None] * len(items)

    def _append_each(self, items: list[MoveBatch]) -> list[Exception | None]:
        t = now()
        out: list[Exception | None] = []
        rows: list[dict[str, Any]] = []
        conn = self._conn()
        try:
            with conn.begin():
                for item in items:
                    done = conn.execute(self._GUARDED, self._params(item, t))
                    if done.rowcount != 1:
                        out.append(Conflict(f"table {item.table_id} is not at move {item.first}"))
                        continue
                    out.append(None)
                    rows.extend(self._move_rows(item, t))
                if rows:
                    conn.execute(insert(MoveRow), rows)
                for item, err in zip(items, out, strict=True):
                    if err is None and item.also is not None:
                        item.also(conn)
        except Exception:
            self._drop_conn()
            raise
        return out

    # -- reading ------------------------------------------------------------------------------
    def _load(self, s: Session, row: TableRow, with_moves: bool = True) -> StoredTable:
        seats = list(
            s.scalars(select(SeatRow).where(SeatRow.table_id == row.id).order_by(SeatRow.seat))
        )
        moves = (
            list(
                s.scalars(
                    select(MoveRow).where(MoveRow.table_id == row.id).order_by(MoveRow.number)
                )
            )
            if with_moves
            else []
        )
        return StoredTable(row, seats, moves)

    def load_active(self, since: datetime | None = None) -> list[StoredTable]:
        """Every open or running table (changed since ``since``), with its seats and moves:
        what a restart resumes."""
        with self.sessions() as s:
            query = select(TableRow).where(TableRow.status.in_(("open", "running")))
            if since is not None:
                query = query.where(TableRow.updated_at >= since)
            rows = s.scalars(query.order_by(TableRow.created_at))
            return [self._load(s, r) for r in list(rows)]

    def load(self, table_id: str, with_moves: bool = True) -> StoredTable | None:
        with self.sessions() as s:
            row = s.get(TableRow, table_id)
            return None if row is None else self._load(s, row, with_moves)

    # a lobby page's statements, built once: (finished?, with before?) -> statement
    _PAGE: ClassVar[dict[tuple[bool, bool], Any]] = {
        (fin, cut): (
            select(col, TableRow.id)
            .where(
                TableRow.status == bindparam("st"), *([col < bindparam("before")] if cut else [])
            )
            .order_by(col.desc(), TableRow.id.desc())
            .limit(bindparam("n"))
        )
        for fin, col in ((False, TableRow.created_at), (True, TableRow.updated_at))
        for cut in (False, True)
    }

    def lobby_ids(
        self, statuses: tuple[str, ...], limit: int, before: datetime | None = None
    ) -> list[str]:
        """A page of the lobby, as table ids: the newest ``limit`` tables of these statuses
        (open and running ones by creation, finished ones by when they ended; older than
        ``before`` if given). One range of a covering index per status (migration 0003): it
        reads the page, not the tables, and no row."""
        found: list[tuple[datetime, str]] = []
        conn = self._conn()
        try:
            for status in statuses:
                q = self._PAGE[(status == "finished", before is not None)]
                found += list(conn.execute(q, {"st": status, "before": before, "n": limit}))
            conn.rollback()  # the read's snapshot ends here
        except Exception:
            self._drop_conn()
            raise
        found.sort(reverse=True)
        return [i for _, i in found[:limit]]

    def lobby_tables(self, ids: list[str]) -> list[StoredTable]:
        """The rows and seats (no moves, no secret options) of these tables, in this order."""
        if not ids:
            return []
        # on the connection this thread keeps (as lobby_ids): no pool checkout, so no ping
        # and no reset, two round trips fewer a page (benchmarks/people_scale.py)
        conn = self._conn()
        try:
            found = self._lobby_rows(conn, ids)
            conn.rollback()  # the read's snapshot ends here
        except Exception:
            self._drop_conn()
            raise
        return found

    @staticmethod
    def _lobby_rows(conn: Connection, ids: list[str]) -> list[StoredTable]:
        with Session(bind=conn) as s:
            rows = {
                r.id: r
                for r in s.scalars(
                    select(TableRow).options(defer(TableRow.options)).where(TableRow.id.in_(ids))
                )
            }
            seats: dict[str, list[SeatRow]] = {i: [] for i in rows}
            for seat in s.scalars(
                select(SeatRow)
                .where(SeatRow.table_id.in_(list(rows)))
                .order_by(SeatRow.table_id, SeatRow.seat)
            ):
                seats[seat.table_id].append(seat)
            return [StoredTable(rows[i], seats[i], []) for i in ids if i in rows]
