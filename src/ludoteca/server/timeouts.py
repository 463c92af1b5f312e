"""Timeouts, for reputation: how often the clock played for a seat.

A timeout is a move stored with ``by = "clock"`` (a real-time clock's or a turn-based
deadline's: the game's timeout move, played for a seat that did not decide in time); a
reaction window's passes (``by = "window"``) are no timeout. The moves of the clock are
indexed (``ix_ludoteca_moves_clock``, migration 0006), so these queries read no other move.

- :func:`timeout_records`: per account, the finished games it sat at and how many of them the
  clock played in for its seat at least once (what "share of games finished without timing
  out" is made of);
- :func:`seat_timeouts`: per seat of one table, how many times the clock played for it.

Synchronous, for the database thread: pass a connection (``engine.connect()``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, and_, case, exists, func, select

from .models import AccountSeatRow, MoveRow, TableRow


@dataclass(frozen=True)
class TimeoutRecord:
    finished: int  # finished games the account sat at
    timed_out: int  # of those, the games where the clock played for its seat at least once


def _clock_moved(table_id: object, seat: object) -> object:
    return exists().where(
        and_(MoveRow.table_id == table_id, MoveRow.seat == seat, MoveRow.by == "clock")
    )


def timeout_records(conn: Connection, account_ids: Sequence[str]) -> dict[str, TimeoutRecord]:
    """Each account's finished games and those with a timeout (accounts with no finished game
    get ``TimeoutRecord(0, 0)``)."""
    out = {a: TimeoutRecord(0, 0) for a in account_ids}
    if not out:
        return out
    s = AccountSeatRow
    timed = case((_clock_moved(s.table_id, s.seat), 1), else_=0)  # type: ignore[arg-type]
    q = (
        select(s.account_id, func.count(), func.sum(timed))
        .join(TableRow, TableRow.id == s.table_id)
        .where(s.account_id.in_(list(out)), TableRow.status == "finished")
        .group_by(s.account_id)
    )
    for account, finished, timed_out in conn.execute(q):
        out[str(account)] = TimeoutRecord(int(finished), int(timed_out or 0))
    return out


def seat_timeouts(conn: Connection, table_id: str) -> dict[int, int]:
    """How many moves the clock made for each seat of a table (seats it never played for are
    left out)."""
    q = (
        select(MoveRow.seat, func.count())
        .where(MoveRow.table_id == table_id, MoveRow.by == "clock")
        .group_by(MoveRow.seat)
    )
    return {int(seat): int(n) for seat, n in conn.execute(q)}
