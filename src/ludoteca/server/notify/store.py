"""The notifications' transactions (synchronous, run in the server's database thread)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine, delete, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import sessionmaker

from ..models import AccountRow, AccountSeatRow, TableRow
from .models import MailChoiceRow, MailWaitingRow, NotifyKeyRow, PushSubscriptionRow


@dataclass(frozen=True)
class Waiting:
    """A table listed in an email: still waiting for the person when the email goes."""

    table_id: str
    seat: int
    game: str
    since: datetime


class NotifyStore:
    def __init__(self, engine: Engine) -> None:
        self.sessions = sessionmaker(engine, expire_on_commit=False)

    # -- the server's keys ------------------------------------------------------------------
    def key(self, name: str) -> NotifyKeyRow | None:
        with self.sessions() as s:
            return s.get(NotifyKeyRow, name)

    def keep_key(self, row: NotifyKeyRow) -> NotifyKeyRow:
        """Store the key unless another process stored one first; the key kept either way."""
        try:
            with self.sessions.begin() as s:
                s.add(row)
        except IntegrityError:
            pass
        kept = self.key(row.name)
        assert kept is not None
        return kept

    # -- whose seat is it -------------------------------------------------------------------
    def account_of_seat(self, table_id: str, seat: int) -> str | None:
        """The account that claimed the seat (None: a guest's, or nobody's)."""
        with self.sessions() as s:
            link = s.get(AccountSeatRow, (table_id, seat))
            if link is None:
                return None
            suspended = s.scalar(
                select(AccountRow.suspended_at).where(AccountRow.id == link.account_id)
            )
            return None if suspended is not None else link.account_id

    def running_seats(self, account_id: str, limit: int) -> list[tuple[str, int]]:
        """The account's seats at running tables, newest change first."""
        with self.sessions() as s:
            rows = s.execute(
                select(AccountSeatRow.table_id, AccountSeatRow.seat)
                .join(TableRow, TableRow.id == AccountSeatRow.table_id)
                .where(AccountSeatRow.account_id == account_id, TableRow.status == "running")
                .order_by(TableRow.updated_at.desc())
                .limit(limit)
            ).all()
            return [(t, n) for t, n in rows]

    # -- push subscriptions -----------------------------------------------------------------
    def subscribe(self, row: PushSubscriptionRow) -> None:
        """The browser's subscription, for this account (a browser that another account had
        subscribed is this one's now: the endpoint is the browser's, not the person's)."""
        with self.sessions.begin() as s:
            s.execute(
                delete(PushSubscriptionRow).where(
                    PushSubscriptionRow.endpoint_hash == row.endpoint_hash
                )
            )
            s.add(row)

    def unsubscribe(self, account_id: str, endpoint_hash: str) -> bool:
        with self.sessions.begin() as s:
            done = s.execute(
                delete(PushSubscriptionRow).where(
                    PushSubscriptionRow.endpoint_hash == endpoint_hash,
                    PushSubscriptionRow.account_id == account_id,
                )
            )
            return bool(getattr(done, "rowcount", 0))

    def drop_subscription(self, endpoint_hash: str) -> None:
        """The push service said the subscription is gone (404/410)."""
        with self.sessions.begin() as s:
            s.execute(
                delete(PushSubscriptionRow).where(
                    PushSubscriptionRow.endpoint_hash == endpoint_hash
                )
            )

    def subscriptions(self, account_id: str) -> list[PushSubscriptionRow]:
        with self.sessions() as s:
            return list(
                s.scalars(
                    select(PushSubscriptionRow).where(PushSubscriptionRow.account_id == account_id)
                )
            )

    # -- email ------------------------------------------------------------------------------
    def mail_choice(self, account_id: str) -> MailChoiceRow | None:
        with self.sessions() as s:
            return s.get(MailChoiceRow, account_id)

    def set_mail(self, row: MailChoiceRow | None, account_id: str) -> None:
        """The account's address and choice (None: no address kept, nothing waits)."""
        with self.sessions.begin() as s:
            old = s.get(MailChoiceRow, account_id)
            if row is None:
                if old is not None:
                    s.delete(old)
                s.execute(delete(MailWaitingRow).where(MailWaitingRow.account_id == account_id))
                return
            if old is not None:
                row.last_sent_at = old.last_sent_at
                s.delete(old)
                s.flush()
            s.add(row)
            if not row.enabled:
                s.execute(delete(MailWaitingRow).where(MailWaitingRow.account_id == account_id))

    def unsubscribe_mail(self, unsubscribe_key: str) -> bool:
        with self.sessions.begin() as s:
            choice = s.scalars(
                select(MailChoiceRow).where(MailChoiceRow.unsubscribe_key == unsubscribe_key)
            ).first()
            if choice is None:
                return False
            choice.enabled = False
            s.execute(delete(MailWaitingRow).where(MailWaitingRow.account_id == choice.account_id))
            return True

    def wait_for(self, row: MailWaitingRow) -> bool:
        """A table waits for an account that takes emails: listed in the next (False: no
        email wanted, nothing kept)."""
        with self.sessions.begin() as s:
            choice = s.get(MailChoiceRow, row.account_id)
            if choice is None or not choice.enabled:
                return False
            old = s.get(MailWaitingRow, (row.account_id, row.table_id))
            if old is not None:
                old.move, old.seat, old.since = row.move, row.seat, row.since
            else:
                s.add(row)
            return True

    def due(self, waited_since: datetime, sent_before: datetime) -> list[str]:
        """The accounts with a table that has waited since ``waited_since`` or longer and
        whose last email went before ``sent_before`` (or never)."""
        with self.sessions() as s:
            rows = s.scalars(
                select(MailWaitingRow.account_id)
                .join(MailChoiceRow, MailChoiceRow.account_id == MailWaitingRow.account_id)
                .where(
                    MailChoiceRow.enabled.is_(True),
                    MailWaitingRow.since <= waited_since,
                    or_(
                        MailChoiceRow.last_sent_at.is_(None),
                        MailChoiceRow.last_sent_at < sent_before,
                    ),
                )
                .distinct()
            )
            return list(rows)

    def waiting_of(self, account_id: str) -> list[Waiting]:
        """The tables listed for the account's next email, at running tables, oldest first."""
        with self.sessions() as s:
            rows = s.scalars(
                select(MailWaitingRow)
                .join(TableRow, TableRow.id == MailWaitingRow.table_id)
                .where(MailWaitingRow.account_id == account_id, TableRow.status == "running")
                .order_by(MailWaitingRow.since)
            )
            return [Waiting(w.table_id, w.seat, w.game, w.since) for w in rows]

    def claim_mail(
        self, account_id: str, sent_before: datetime, at: datetime
    ) -> MailChoiceRow | None:
        """The account's email for this period, to this process only (the guarded update: of
        several processes one wins); None: not wanted, or sent in this period already."""
        with self.sessions.begin() as s:
            claimed = s.execute(
                update(MailChoiceRow)
                .where(
                    MailChoiceRow.account_id == account_id,
                    MailChoiceRow.enabled.is_(True),
                    or_(
                        MailChoiceRow.last_sent_at.is_(None),
                        MailChoiceRow.last_sent_at < sent_before,
                    ),
                )
                .values(last_sent_at=at)
                .execution_options(synchronize_session=False)
            )
            if not getattr(claimed, "rowcount", 0):
                return None
            return s.get(MailChoiceRow, account_id)

    def clear_waiting(self, account_id: str, until: datetime) -> None:
        """The account's listed tables that waited since ``until`` or before go (told, or no
        longer waiting); those that began to wait after stay for the next email."""
        with self.sessions.begin() as s:
            s.execute(
                delete(MailWaitingRow).where(
                    MailWaitingRow.account_id == account_id, MailWaitingRow.since <= until
                )
            )

    # -- the account's own data -------------------------------------------------------------
    def forget(self, account_id: str) -> None:
        """Everything kept here about the account goes (with the account)."""
        with self.sessions.begin() as s:
            for model in (PushSubscriptionRow, MailChoiceRow, MailWaitingRow):
                s.execute(delete(model).where(model.account_id == account_id))
