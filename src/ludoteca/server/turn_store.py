"""The turn-based timers' transactions (synchronous, in the database thread, like db.py).

A turn-based table's timers are rows of ``ludoteca_turn_timers`` (models.TurnTimerRow): one
per seat, and one for an open reaction window (seat :data:`WINDOW`). :func:`arm` writes them
for the table's position after a change (in the same transaction as the moves that made it,
see Commit); :func:`claim_due` hands the due ones to one process only (PostgreSQL:
``FOR UPDATE SKIP LOCKED``, and a lease: the row's ``wake_at`` moves on while that process
handles it; if it dies, another one takes the row when the lease is over).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection, delete, func, insert, select, update

from .clock import as_utc
from .models import MoveRow, TableRow, TurnTimerRow
from .turn_rules import TurnRules

WINDOW = -1  # the seat number of a reaction window's row
T = TurnTimerRow


@dataclass(frozen=True)
class ArmPlan:
    """What the timers of a table are written from: its position after a change."""

    table_id: str
    move: int  # the table's move count now
    seats: int
    actors: frozenset[int]  # the people's seats owing a decision (none while a window is open)
    moved: frozenset[int] | None  # the seats whose moves made the change; None: not moves
    window: bool  # a reaction window is open
    over: bool  # the game does not go on: the rows go
    now: datetime  # the server's clock
    limit: float  # the per-move limit
    top: float  # the bank each seat started with
    window_seconds: float
    rules: TurnRules
    # written even if rows of this move count stand (a change that is no move: a seat left)
    force: bool = False


@dataclass(frozen=True)
class Timer:
    table_id: str
    seat: int
    move: int
    since: int
    started_at: datetime | None
    due_at: datetime | None
    bank: float
    wake_at: datetime | None = None


COLUMNS = (T.table_id, T.seat, T.move, T.since, T.started_at, T.due_at, T.bank, T.wake_at)


def _timer(r: Any) -> Timer:
    return Timer(
        str(r[0]),
        int(r[1]),
        int(r[2]),
        int(r[3]),
        None if r[4] is None else as_utc(r[4]),
        None if r[5] is None else as_utc(r[5]),
        float(r[6]),
        None if r[7] is None else as_utc(r[7]),
    )


def read(conn: Connection, table_id: str, lock: bool = False) -> dict[int, Timer]:
    """A table's timer rows by seat (locked for the transaction with ``lock``)."""
    q = select(*COLUMNS).where(T.table_id == table_id)
    if lock:
        q = q.with_for_update()
    return {t.seat: t for t in map(_timer, conn.execute(q))}


def _last_moves(conn: Connection, table_id: str, since: int) -> dict[int, int]:
    """Each seat's newest move numbered ``since`` or later."""
    q = (
        select(MoveRow.seat, func.max(MoveRow.number))
        .where(MoveRow.table_id == table_id, MoveRow.number >= since)
        .group_by(MoveRow.seat)
    )
    return {int(s): int(n) for s, n in conn.execute(q)}


def arm(conn: Connection, plan: ArmPlan) -> None:
    """Write a table's timers for its position now (idempotent; never over a newer one).

    A seat keeps the deadline of a decision it still owes and has not moved since (a
    simultaneous choice another seat made, a seat leaving); a decision that begins now gets
    ``now + limit + bank``; a decision that ended with the seat's move settles its bank
    (``TurnRules.settle``), the time taken being measured on the server's clock. Rows written
    without the moves (``moved`` None: a table loaded, its rows found behind) charge no
    bank: the time of the moves they missed is not known here."""
    if plan.over:
        conn.execute(delete(T).where(T.table_id == plan.table_id))
        return
    if plan.moved is None and not plan.force:  # loaded, caught up with: rows of it stand
        found = read(conn, plan.table_id)
        if found and all(r.move == plan.move for r in found.values()):
            return
    # one arm of a table at a time, across processes (a move's transaction holds it already)
    conn.execute(select(TableRow.id).where(TableRow.id == plan.table_id).with_for_update())
    rows = read(conn, plan.table_id, lock=True)
    if rows and max(r.move for r in rows.values()) > plan.move:
        return  # written for a newer move already (another process)
    if plan.moved is not None:
        moved = {p: True for p in plan.moved}
        charge = True
    else:
        deciding = [r.since for r in rows.values() if r.due_at is not None]
        last = _last_moves(conn, plan.table_id, min(deciding)) if deciding else {}
        moved = {
            p: p in last and last[p] >= r.since for p, r in rows.items() if r.due_at is not None
        }
        charge = False
    out: list[dict[str, object]] = []
    for p in range(plan.seats):
        old = rows.get(p)
        bank = plan.top if old is None else old.bank
        since, started, due = plan.move, None, None
        owed = old is not None and old.due_at is not None
        went = moved.get(p, False)
        if owed and went and charge and old is not None and old.started_at is not None:
            used = (plan.now - old.started_at).total_seconds()
            bank = plan.rules.settle(bank, plan.top, plan.limit, used)
        wake = None
        if p in plan.actors:
            if owed and not went and old is not None:
                # the decision goes on: its deadline, and a poller's lease on it, stay
                since, started, due, wake = old.since, old.started_at, old.due_at, old.wake_at
            else:
                started = plan.now
                due = wake = plan.now + timedelta(seconds=plan.limit + bank)
        out.append(_values(plan, p, since, started, due, bank, wake))
    old_window = rows.get(WINDOW)
    if plan.window:
        if plan.moved is None and old_window is not None and old_window.due_at is not None:
            # the window open before goes on
            started, due, wake = old_window.started_at, old_window.due_at, old_window.wake_at
        else:
            started = plan.now
            due = wake = plan.now + timedelta(seconds=plan.window_seconds)
        out.append(_values(plan, WINDOW, plan.move, started, due, 0.0, wake))
    conn.execute(delete(T).where(T.table_id == plan.table_id))
    conn.execute(insert(T), out)


def _values(
    plan: ArmPlan,
    seat: int,
    since: int,
    started: datetime | None,
    due: datetime | None,
    bank: float,
    wake: datetime | None,
) -> dict[str, object]:
    return {
        "table_id": plan.table_id,
        "seat": seat,
        "move": plan.move,
        "since": since,
        "started_at": started,
        "due_at": due,
        "wake_at": wake,
        "bank": bank,
    }


def claim_due(conn: Connection, now: datetime, lease: float, limit: int) -> list[tuple[str, int]]:
    """The rows due by ``now`` (at most ``limit``), taken by this process: locked past the
    ones another process holds (``SKIP LOCKED``; SQLite has one process), their ``wake_at``
    moved ``lease`` seconds on, so no other process takes them meanwhile."""
    q = (
        select(T.table_id, T.seat)
        .where(T.wake_at.is_not(None), T.wake_at <= now)
        .order_by(T.wake_at)
        .limit(limit)
        .with_for_update(skip_locked=True)
    )
    due = [(str(t), int(s)) for t, s in conn.execute(q)]
    later = now + timedelta(seconds=lease)
    for tid, seat in due:
        conn.execute(update(T).where(T.table_id == tid, T.seat == seat).values(wake_at=later))
    return due


def next_wake(conn: Connection) -> datetime | None:
    """The soonest ``wake_at`` of all (the index's first entry)."""
    found = conn.execute(select(func.min(T.wake_at))).scalar()
    return None if found is None else as_utc(found)


def rewake(conn: Connection, table_id: str, seat: int, at: datetime | None) -> None:
    """A row handled but not due after all: its poller looks again at ``at``."""
    conn.execute(update(T).where(T.table_id == table_id, T.seat == seat).values(wake_at=at))


def drop(conn: Connection, table_id: str) -> None:
    conn.execute(delete(T).where(T.table_id == table_id))
