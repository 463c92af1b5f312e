"""The invitations' and blocks' transactions (synchronous, in the server's database thread)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine, delete, exists, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import aliased, sessionmaker

from .models import AccountRow, AccountSeatRow, BlockRow, InvitationRow, TableRow


@dataclass(frozen=True)
class Invitation:
    table_id: str
    game: str
    status: str
    other: str  # who invited (received) or who was invited (sent)
    created_at: datetime


@dataclass(frozen=True)
class Blocked:
    id: str
    name: str
    created_at: datetime


class FriendStore:
    def __init__(self, engine: Engine) -> None:
        self.sessions = sessionmaker(engine, expire_on_commit=False)

    # -- who sits where ---------------------------------------------------------------------
    def seated(self, table_id: str) -> list[str]:
        """The accounts that hold a seat at the table."""
        with self.sessions() as s:
            return list(
                s.scalars(
                    select(AccountSeatRow.account_id).where(AccountSeatRow.table_id == table_id)
                )
            )

    def may_sit(self, table_id: str, account_id: str) -> bool:
        """At an invitation table: invited (or seated already), and blocked by nobody seated."""
        with self.sessions() as s:
            seated = list(
                s.scalars(
                    select(AccountSeatRow.account_id).where(AccountSeatRow.table_id == table_id)
                )
            )
            if seated:
                blocked = s.scalars(
                    select(BlockRow.account_id).where(
                        BlockRow.account_id.in_(seated), BlockRow.blocked_id == account_id
                    )
                ).first()
                if blocked is not None:
                    return False
            if account_id in seated:
                return True
            return s.get(InvitationRow, (table_id, account_id)) is not None

    # -- invitations ------------------------------------------------------------------------
    def invite(self, table_id: str, from_id: str, to_id: str, at: datetime) -> bool:
        """Stored, unless ``to_id`` blocked ``from_id`` (then nothing, and no word of it) or
        the invitation is there already. True if there is one now."""
        with self.sessions.begin() as s:
            if s.get(BlockRow, (to_id, from_id)) is not None:
                return False
            if s.get(InvitationRow, (table_id, to_id)) is not None:
                return True
            s.add(
                InvitationRow(
                    table_id=table_id, to_account=to_id, from_account=from_id, created_at=at
                )
            )
        return True

    def received(self, account_id: str, statuses: tuple[str, ...]) -> list[Invitation]:
        """Invitations to the account, to tables of these statuses, newest first: none from
        an account it blocked, and none to a table where someone who blocked it sits (an
        invitation it could not take up would tell it of the block)."""
        sender = aliased(AccountRow)
        with self.sessions() as s:
            blocked = select(BlockRow.blocked_id).where(BlockRow.account_id == account_id)
            blocker_sits = exists(
                select(AccountSeatRow.table_id)
                .join(BlockRow, BlockRow.account_id == AccountSeatRow.account_id)
                .where(
                    AccountSeatRow.table_id == InvitationRow.table_id,
                    BlockRow.blocked_id == account_id,
                )
            )
            rows = s.execute(
                select(InvitationRow, TableRow, sender.name)
                .join(TableRow, TableRow.id == InvitationRow.table_id)
                .join(sender, sender.id == InvitationRow.from_account)
                .where(
                    InvitationRow.to_account == account_id,
                    TableRow.status.in_(statuses),
                    InvitationRow.from_account.not_in(blocked),
                    ~blocker_sits,
                )
                .order_by(InvitationRow.created_at.desc())
                .limit(200)
            ).all()
            return [
                Invitation(inv.table_id, t.game, t.status, name, inv.created_at)
                for inv, t, name in rows
            ]

    def sent(self, account_id: str) -> list[Invitation]:
        guest = aliased(AccountRow)
        with self.sessions() as s:
            rows = s.execute(
                select(InvitationRow, TableRow, guest.name)
                .join(TableRow, TableRow.id == InvitationRow.table_id)
                .join(guest, guest.id == InvitationRow.to_account)
                .where(InvitationRow.from_account == account_id)
                .order_by(InvitationRow.created_at.desc())
            ).all()
            return [
                Invitation(inv.table_id, t.game, t.status, name, inv.created_at)
                for inv, t, name in rows
            ]

    def decline(self, table_id: str, account_id: str) -> bool:
        with self.sessions.begin() as s:
            gone = s.execute(
                delete(InvitationRow).where(
                    InvitationRow.table_id == table_id, InvitationRow.to_account == account_id
                )
            )
            return int(getattr(gone, "rowcount", 0) or 0) > 0

    # -- blocks -----------------------------------------------------------------------------
    def block(self, account_id: str, blocked_id: str, at: datetime) -> None:
        """Blocked; the invitations the blocked account sent this one go."""
        try:
            with self.sessions.begin() as s:
                s.execute(
                    delete(InvitationRow).where(
                        InvitationRow.to_account == account_id,
                        InvitationRow.from_account == blocked_id,
                    )
                )
                if s.get(BlockRow, (account_id, blocked_id)) is None:
                    s.add(BlockRow(account_id=account_id, blocked_id=blocked_id, created_at=at))
        except IntegrityError:  # blocked twice at once: blocked
            pass

    def unblock(self, account_id: str, blocked_id: str) -> bool:
        with self.sessions.begin() as s:
            gone = s.execute(
                delete(BlockRow).where(
                    BlockRow.account_id == account_id, BlockRow.blocked_id == blocked_id
                )
            )
            return int(getattr(gone, "rowcount", 0) or 0) > 0

    def blocks(self, account_id: str) -> list[Blocked]:
        with self.sessions() as s:
            rows = s.execute(
                select(BlockRow, AccountRow.name)
                .join(AccountRow, AccountRow.id == BlockRow.blocked_id)
                .where(BlockRow.account_id == account_id)
                .order_by(BlockRow.created_at)
            ).all()
            return [Blocked(b.blocked_id, name, b.created_at) for b, name in rows]
