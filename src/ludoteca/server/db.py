"""The database: engine, migrations on start, and the few transactions the server makes.

Every method here is synchronous and runs in the server's database thread(s), never on the
event loop. Each accepted move is written in one transaction with the table's new move count,
guarded by the count it expects, so a move can never be stored twice or out of order.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, insert, select, update
from sqlalchemy.orm import Session, sessionmaker

from .models import MoveRow, SeatRow, TableRow


class Conflict(Exception):
    """The table moved on meanwhile (another process, or a doubly submitted move)."""


def now() -> datetime:
    return datetime.now(UTC)


def make_engine(url: str, connect_args: dict[str, Any] | None = None) -> Engine:
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
            cur.close()

        return engine
    return create_engine(url, connect_args=args, pool_size=5, max_overflow=5, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (Alembic), in one transaction."""
    cfg = Config()
    cfg.set_main_option(
        "script_location", str(resources.files("ludoteca.server").joinpath("migrations"))
    )
    with engine.begin() as conn:
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


@dataclass
class StoredTable:
    row: TableRow
    seats: list[SeatRow]
    moves: list[MoveRow]


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sessions = sessionmaker(engine, expire_on_commit=False)

    # -- tables -------------------------------------------------------------------------------
    def create_table(self, row: TableRow, seats: list[SeatRow]) -> None:
        with self.sessions.begin() as s:
            s.add(row)
            s.flush()
            s.add_all(seats)

    def save_seat(self, seat: SeatRow, table_update: dict[str, Any] | None = None) -> None:
        with self.sessions.begin() as s:
            s.merge(seat)
            if table_update:
                s.execute(
                    update(TableRow)
                    .where(TableRow.id == seat.table_id)
                    .values(updated_at=now(), **table_update)
                )

    def update_table(self, table_id: str, **values: Any) -> None:
        with self.sessions.begin() as s:
            s.execute(
                update(TableRow).where(TableRow.id == table_id).values(updated_at=now(), **values)
            )

    def append_batch(self, items: list[MoveBatch]) -> list[Exception | None]:
        """Group commit: the moves of several tables in one transaction (one disk sync).

        Each item is guarded by its table's expected move count; an item that fails its guard
        stores nothing and gets a Conflict, the others are stored.
        """
        t = now()
        out: list[Exception | None] = []
        rows: list[dict[str, Any]] = []
        with self.engine.begin() as conn:
            for item in items:
                done = conn.execute(
                    update(TableRow)
                    .where(TableRow.id == item.table_id, TableRow.move_count == item.first)
                    .values(
                        move_count=item.first + len(item.moves),
                        status=item.status,
                        result=item.result,
                        updated_at=t,
                    )
                )
                if done.rowcount != 1:
                    out.append(Conflict(f"table {item.table_id} is not at move {item.first}"))
                    continue
                out.append(None)
                rows.extend(
                    {
                        "table_id": item.table_id,
                        "number": item.first + i,
                        "seat": p,
                        "action": a,
                        "by": by,
                        "created_at": t,
                    }
                    for i, (p, a, by) in enumerate(item.moves)
                )
            if rows:
                conn.execute(insert(MoveRow), rows)
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

    def load_active(self) -> list[StoredTable]:
        """Every open or running table, with its seats and moves: what a restart resumes."""
        with self.sessions() as s:
            rows = s.scalars(
                select(TableRow)
                .where(TableRow.status.in_(("open", "running")))
                .order_by(TableRow.created_at)
            )
            return [self._load(s, r) for r in list(rows)]

    def load(self, table_id: str, with_moves: bool = True) -> StoredTable | None:
        with self.sessions() as s:
            row = s.get(TableRow, table_id)
            return None if row is None else self._load(s, row, with_moves)

    def finished(self, limit: int) -> list[StoredTable]:
        with self.sessions() as s:
            rows = s.scalars(
                select(TableRow)
                .where(TableRow.status == "finished")
                .order_by(TableRow.updated_at.desc())
                .limit(limit)
            )
            return [self._load(s, r, with_moves=False) for r in list(rows)]
