"""The accounts' transactions: accounts, sessions, the seats they claimed (synchronous, run in
the server's database thread, or by the operator's command line)."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine, delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import sessionmaker

from .models import (
    AccountRow,
    AccountSeatRow,
    BlockRow,
    DeckRow,
    InvitationRow,
    PasskeyRow,
    SeatRow,
    SessionRow,
    TableRow,
)

# what a deleted account's seats hold instead of a token's hash: never a SHA-256 (64 hex
# digits), so no token acts for the seat again, and the seat stays taken for the others
DELETED_SEAT = "deleted"


def name_key(name: str) -> str:
    """What makes two names one account: NFC and case folded ("Ana" is "ANA")."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


@dataclass(frozen=True)
class ClaimedSeat:
    table_id: str
    seat: int
    game: str
    status: str
    name: str | None
    claimed_at: datetime
    created_at: datetime
    updated_at: datetime
    move_count: int


class AccountStore:
    def __init__(self, engine: Engine) -> None:
        self.sessions = sessionmaker(engine, expire_on_commit=False)

    # -- accounts ---------------------------------------------------------------------------
    def create(self, row: AccountRow) -> bool:
        """Stored, or False if the name is taken (by its casefold)."""
        try:
            with self.sessions.begin() as s:
                s.add(row)
        except IntegrityError:
            return False
        return True

    def by_key(self, name_key: str) -> AccountRow | None:
        with self.sessions() as s:
            return s.scalars(select(AccountRow).where(AccountRow.name_key == name_key)).first()

    def by_name(self, name: str) -> AccountRow | None:
        return self.by_key(name_key(name))

    def by_id(self, account_id: str) -> AccountRow | None:
        with self.sessions() as s:
            return s.get(AccountRow, account_id)

    def all(self) -> list[AccountRow]:
        with self.sessions() as s:
            return list(s.scalars(select(AccountRow).order_by(AccountRow.created_at)))

    def rename(self, account_id: str, name: str, name_key: str) -> bool:
        try:
            with self.sessions.begin() as s:
                s.execute(
                    update(AccountRow)
                    .where(AccountRow.id == account_id)
                    .values(name=name, name_key=name_key)
                )
        except IntegrityError:
            return False
        return True

    def set_password(self, account_id: str, password_hash: str) -> None:
        with self.sessions.begin() as s:
            s.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id)
                .values(password_hash=password_hash)
            )

    def suspend(self, account_id: str, at: datetime | None) -> None:
        """Suspended (``at``) or not (None); a suspension ends every session at once."""
        with self.sessions.begin() as s:
            s.execute(update(AccountRow).where(AccountRow.id == account_id).values(suspended_at=at))
            if at is not None:
                s.execute(delete(SessionRow).where(SessionRow.account_id == account_id))

    def delete(self, account_id: str) -> list[tuple[str, int]]:
        """The account, its sessions and its claims go; its seats stay in their games, taken,
        with no name and no token that acts ("deleted player"). The seats it held."""
        with self.sessions.begin() as s:
            held = [
                (r.table_id, r.seat)
                for r in s.scalars(
                    select(AccountSeatRow).where(AccountSeatRow.account_id == account_id)
                )
            ]
            for table_id, seat in held:
                s.execute(
                    update(SeatRow)
                    .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                    .values(name=None, token_hash=DELETED_SEAT)
                )
            s.execute(delete(AccountRow).where(AccountRow.id == account_id))
            # explicit: SQLite cascades only with foreign keys on (the server turns them on)
            s.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
            s.execute(delete(AccountSeatRow).where(AccountSeatRow.account_id == account_id))
            s.execute(delete(PasskeyRow).where(PasskeyRow.account_id == account_id))
            s.execute(delete(DeckRow).where(DeckRow.account_id == account_id))
            s.execute(
                delete(InvitationRow).where(
                    (InvitationRow.to_account == account_id)
                    | (InvitationRow.from_account == account_id)
                )
            )
            s.execute(
                delete(BlockRow).where(
                    (BlockRow.account_id == account_id) | (BlockRow.blocked_id == account_id)
                )
            )
        return held

    # -- sessions ---------------------------------------------------------------------------
    def add_session(self, row: SessionRow, replaces: str | None) -> None:
        """A new session; the one the browser had before (``replaces``), if any, ends."""
        with self.sessions.begin() as s:
            if replaces is not None:
                s.execute(delete(SessionRow).where(SessionRow.token_hash == replaces))
            s.add(row)

    def session_account(self, token_hash: str, at: datetime) -> AccountRow | None:
        """The account of a live session (not expired, the account not suspended)."""
        with self.sessions() as s:
            return s.scalars(
                select(AccountRow)
                .join(SessionRow, SessionRow.account_id == AccountRow.id)
                .where(
                    SessionRow.token_hash == token_hash,
                    SessionRow.expires_at > at,
                    AccountRow.suspended_at.is_(None),
                )
            ).first()

    def end_session(self, token_hash: str) -> None:
        with self.sessions.begin() as s:
            s.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash))

    def end_sessions(self, account_id: str) -> int:
        with self.sessions.begin() as s:
            done = s.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
            return int(getattr(done, "rowcount", 0) or 0)

    def count_sessions(self, account_id: str, at: datetime) -> int:
        with self.sessions() as s:
            rows = s.scalars(
                select(SessionRow.token_hash).where(
                    SessionRow.account_id == account_id, SessionRow.expires_at > at
                )
            )
            return len(list(rows))

    # -- seats ------------------------------------------------------------------------------
    def claim(self, account_id: str, seats: list[tuple[str, str]], at: datetime) -> int:
        """Bind to the account the seats whose token hashes are given (``(table, hash)``),
        unless another account holds one already. How many are the account's now."""
        bound = 0
        with self.sessions.begin() as s:
            for table_id, token_hash in seats:
                seat = s.scalars(
                    select(SeatRow).where(
                        SeatRow.table_id == table_id, SeatRow.token_hash == token_hash
                    )
                ).first()
                if seat is None:
                    continue
                link = s.get(AccountSeatRow, (table_id, seat.seat))
                if link is None:
                    s.add(
                        AccountSeatRow(
                            table_id=table_id, seat=seat.seat, account_id=account_id, claimed_at=at
                        )
                    )
                    bound += 1
                elif link.account_id == account_id:
                    bound += 1
        return bound

    def seats_of(self, account_id: str) -> list[ClaimedSeat]:
        """The account's seats, newest table first."""
        with self.sessions() as s:
            rows = s.execute(
                select(AccountSeatRow, SeatRow, TableRow)
                .join(
                    SeatRow,
                    (SeatRow.table_id == AccountSeatRow.table_id)
                    & (SeatRow.seat == AccountSeatRow.seat),
                )
                .join(TableRow, TableRow.id == AccountSeatRow.table_id)
                .where(AccountSeatRow.account_id == account_id)
                .order_by(TableRow.created_at.desc())
            ).all()
            return [
                ClaimedSeat(
                    table_id=t.id,
                    seat=link.seat,
                    game=t.game,
                    status=t.status,
                    name=seat.name,
                    claimed_at=link.claimed_at,
                    created_at=t.created_at,
                    updated_at=t.updated_at,
                    move_count=t.move_count,
                )
                for link, seat, t in rows
            ]
