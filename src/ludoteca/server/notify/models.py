"""The notifications' database rows: the server's VAPID key pair, the accounts' push
subscriptions, their email choice and the tables waiting in their next email (migration 0007).

Every row of a person hangs on the account (``ON DELETE CASCADE``, and deleted explicitly with
it: :meth:`~.store.NotifyStore.forget`), so deleting the account deletes their address and
subscriptions.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from ..models import Base


class NotifyKeyRow(Base):
    """A key the server made for itself on its first start and keeps (``vapid``: the Web
    Push signing key pair, P-256)."""

    __tablename__ = "ludoteca_notify_keys"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    private_pem: Mapped[str] = mapped_column(Text)
    # the uncompressed public point, base64url: the browser's applicationServerKey
    public_key: Mapped[str] = mapped_column(String(120))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PushSubscriptionRow(Base):
    """One browser's push subscription (what ``PushManager.subscribe`` gave it)."""

    __tablename__ = "ludoteca_push_subscriptions"

    # sha-256 of the endpoint: one row per browser, whoever subscribed it last keeps it
    endpoint_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("ludoteca_accounts.id", ondelete="CASCADE"), index=True
    )
    endpoint: Mapped[str] = mapped_column(Text)
    p256dh: Mapped[str] = mapped_column(String(120))
    auth: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class MailChoiceRow(Base):
    """An account's email address and whether it wants "your turn" emails (personal data:
    exported with the account, deleted with it, never logged)."""

    __tablename__ = "ludoteca_notify_mail"

    account_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("ludoteca_accounts.id", ondelete="CASCADE"), primary_key=True
    )
    address: Mapped[str] = mapped_column(String(254))
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    lang: Mapped[str] = mapped_column(String(8), default="pt-BR")
    # the secret in the emails' unsubscribe link (it can only turn the emails off; kept as
    # it is, since every email carries it)
    unsubscribe_key: Mapped[str] = mapped_column(String(64), index=True)
    # the last email sent: the next waits a period (the batching)
    last_sent_at: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True, default=None
    )


class MailWaitingRow(Base):
    """A table waiting for an account's move, to be listed in its next email (if the table
    still waits then: ``move`` is the move count when it started waiting)."""

    __tablename__ = "ludoteca_notify_waiting"

    account_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("ludoteca_accounts.id", ondelete="CASCADE"), primary_key=True
    )
    table_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("ludoteca_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    move: Mapped[int] = mapped_column(Integer)
    game: Mapped[str] = mapped_column(String(64))
    since: Mapped[datetime] = mapped_column(DateTime(timezone=True))
