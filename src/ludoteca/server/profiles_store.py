"""The profiles' reads (synchronous, in the server's database thread): an account's seats with
their tables, and its seats' timeouts. Each starts from the account's seats (indexed by
account, migration 0004) and reaches the tables by their key and the timeouts through a
partial index of the clock's moves (migration 0005): nothing reads all the tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, func, select
from sqlalchemy.orm import sessionmaker

from .models import AccountRow, AccountSeatRow, MoveRow, SeatRow, TableRow, TurnTimerRow

ACTIVE = ("open", "running")


@dataclass(frozen=True)
class SeatPlayed:
    """One of an account's seats, with what its table shows of it."""

    table_id: str
    seat: int
    game: str
    status: str
    left: bool  # the person left mid-game (an AI took the seat over)
    result: dict[str, Any] | None
    settings: dict[str, Any]
    clock: dict[str, Any] | None
    num_players: int
    move_count: int
    updated_at: datetime


class ProfileStore:
    def __init__(self, engine: Engine) -> None:
        self.sessions = sessionmaker(engine, expire_on_commit=False)

    def account(self, account_id: str) -> AccountRow | None:
        with self.sessions() as s:
            return s.get(AccountRow, account_id)

    def seats(self, account_id: str, statuses: tuple[str, ...] | None = None) -> list[SeatPlayed]:
        """The account's seats (of tables of these statuses), the newest change first."""
        query = (
            select(
                AccountSeatRow.table_id,
                AccountSeatRow.seat,
                SeatRow.kind,
                SeatRow.token_hash,
                TableRow.game,
                TableRow.status,
                TableRow.result,
                TableRow.settings,
                TableRow.clock,
                TableRow.num_players,
                TableRow.move_count,
                TableRow.updated_at,
            )
            .join(
                SeatRow,
                (SeatRow.table_id == AccountSeatRow.table_id)
                & (SeatRow.seat == AccountSeatRow.seat),
            )
            .join(TableRow, TableRow.id == AccountSeatRow.table_id)
            .where(AccountSeatRow.account_id == account_id)
        )
        if statuses is not None:
            query = query.where(TableRow.status.in_(statuses))
        with self.sessions() as s:
            rows = s.execute(query).all()
        out = [
            SeatPlayed(
                table_id=r.table_id,
                seat=r.seat,
                game=r.game,
                status=r.status,
                left=r.kind == "ai" and r.token_hash is not None,
                result=r.result,
                settings=r.settings or {},
                clock=r.clock,
                num_players=r.num_players,
                move_count=r.move_count,
                updated_at=r.updated_at,
            )
            for r in rows
        ]
        out.sort(key=lambda p: (p.updated_at, p.table_id), reverse=True)
        return out

    def owing(self, seats: list[tuple[str, int]]) -> set[tuple[str, int]]:
        """Of these (turn-based table, seat) pairs, those whose timer row holds a deadline: the
        seat owes a decision (turn_timers.py). By the rows' key, whatever the tables' number."""
        if not seats:
            return set()
        wanted = set(seats)
        with self.sessions() as s:
            rows = s.execute(
                select(TurnTimerRow.table_id, TurnTimerRow.seat).where(
                    TurnTimerRow.table_id.in_(sorted({t for t, _ in seats})),
                    TurnTimerRow.due_at.is_not(None),
                )
            ).all()
        return {(str(t), int(p)) for t, p in rows} & wanted

    def timeouts(self, account_id: str) -> dict[tuple[str, int], int]:
        """(table, seat) -> how many of the account's seats' moves the clock made."""
        with self.sessions() as s:
            rows = s.execute(
                select(MoveRow.table_id, MoveRow.seat, func.count())
                .join(
                    AccountSeatRow,
                    (AccountSeatRow.table_id == MoveRow.table_id)
                    & (AccountSeatRow.seat == MoveRow.seat),
                )
                .where(AccountSeatRow.account_id == account_id, MoveRow.by == "clock")
                .group_by(MoveRow.table_id, MoveRow.seat)
            ).all()
            return {(t, seat): int(n) for t, seat, n in rows}
