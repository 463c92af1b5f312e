"""The database tables: a table (its match record's head), its seats and its moves; accounts,
their sessions and the seats they claimed.

The moves are the match's action list (event sourcing): the state of a running table is the
replay of its record, so a server killed at any moment resumes every table exactly.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    LargeBinary,
    String,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "ludoteca_tables"
    # the lobby's pages (migration 0003)
    __table_args__ = (
        Index("ix_ludoteca_tables_status_created", "status", "created_at", "id"),
        Index("ix_ludoteca_tables_status_updated", "status", "updated_at", "id"),
    )

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    rules_version: Mapped[str] = mapped_column(String(32))
    num_players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    # the game's validated options, secret per-seat parts included: never sent to anyone
    options: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # what the creator chose: shown to everybody
    public_options: Mapped[dict[str, Any]] = mapped_column(JSON)
    # window_seconds, clock_seconds, open_replay
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)  # open | running | finished
    move_count: Mapped[int] = mapped_column(Integer, default=0)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # {"move": N, "at": {"seat": unix time}, "window": unix time}: the clock deadlines and the
    # reaction window's closing time pending at move N (0002; "window" since 2026-11, in the
    # same JSON, so no migration)
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True, default=None)


class SeatRow(Base):
    __tablename__ = "ludoteca_seats"

    table_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("ludoteca_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # human | ai
    agent: Mapped[str | None] = mapped_column(String(120), nullable=True)
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    # sha-256 of the secret seat token: a stolen database gives no token
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    # what this seat brings (a deck), secret to the seat; merged into the options at start
    seat_options: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class MoveRow(Base):
    __tablename__ = "ludoteca_moves"
    # a seat's timeouts, for its reputation (migration 0005; profiles_store.py):
    # partial, so the moves people and AI seats make (all but a few) cost this index nothing
    __table_args__ = (
        Index(
            "ix_ludoteca_moves_clock",
            "table_id",
            "seat",
            postgresql_where=text("by = 'clock'"),
            sqlite_where=text("by = 'clock'"),
        ),
    )

    table_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("ludoteca_tables.id", ondelete="CASCADE"), primary_key=True
    )
    # the move number: the primary key makes a doubly submitted move impossible to store
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    by: Mapped[str] = mapped_column(String(8))  # player | ai | clock | window
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AccountRow(Base):
    """A person who made an account (guests have none: their seat tokens are who they are)."""

    __tablename__ = "ludoteca_accounts"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    # the name shown and typed to sign in (NFC, the name rules of schemas.Name)
    name: Mapped[str] = mapped_column(String(40))
    # the name's casefold: unique, so "Ana" and "ANA" are one account
    name_key: Mapped[str] = mapped_column(String(160), unique=True)
    # Argon2id (server/passwords.py); None for an account without a password
    password_hash: Mapped[str | None] = mapped_column(String(256), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # set by the operator (ludoteca accounts suspend): no sign-in, no seat
    suspended_at: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True, default=None
    )


class SessionRow(Base):
    """A signed-in browser: the cookie holds a random secret, the database its SHA-256."""

    __tablename__ = "ludoteca_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("ludoteca_accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AccountSeatRow(Base):
    """A seat claimed by an account (a link beside the seat, which stays as it was: a guest's
    seat needs no account, and the seats' own hot rows are not widened). Indexed by account
    for "my tables"; one account per seat."""

    __tablename__ = "ludoteca_account_seats"
    __table_args__ = (
        ForeignKeyConstraint(
            ["table_id", "seat"],
            ["ludoteca_seats.table_id", "ludoteca_seats.seat"],
            ondelete="CASCADE",
        ),
    )

    table_id: Mapped[str] = mapped_column(String(24), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("ludoteca_accounts.id", ondelete="CASCADE"), index=True
    )
    claimed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PasskeyRow(Base):
    """A passkey (WebAuthn credential) that signs an account in (server/passkeys.py; 0008).
    The public key only: the private key never leaves the person's authenticator."""

    __tablename__ = "ludoteca_passkeys"

    # the credential's id, base64url (what the browser names it by at sign-in)
    id: Mapped[str] = mapped_column(String(1400), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("ludoteca_accounts.id", ondelete="CASCADE"), index=True
    )
    public_key: Mapped[bytes] = mapped_column(LargeBinary)
    sign_count: Mapped[int] = mapped_column(BigInteger, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class CeremonyRow(Base):
    """A WebAuthn challenge handed out and not yet answered: single use (the answer deletes
    it) and expiring. ``account_id``: the signed-in account adding a passkey; ``name``: the
    name a new passkey-only account asked for."""

    __tablename__ = "ludoteca_ceremonies"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # signup | add | signin
    challenge: Mapped[bytes] = mapped_column(LargeBinary)
    account_id: Mapped[str | None] = mapped_column(String(24), nullable=True)
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class InvitationRow(Base):
    """One account invited another, by name, to a table (server/friends.py; 0008)."""

    __tablename__ = "ludoteca_invitations"

    table_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("ludoteca_tables.id", ondelete="CASCADE"), primary_key=True
    )
    to_account: Mapped[str] = mapped_column(
        String(24),
        ForeignKey("ludoteca_accounts.id", ondelete="CASCADE"),
        primary_key=True,
        index=True,
    )
    from_account: Mapped[str] = mapped_column(
        String(24), ForeignKey("ludoteca_accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class BlockRow(Base):
    """``account_id`` blocked ``blocked_id``: private to the one who blocks (0008)."""

    __tablename__ = "ludoteca_blocks"

    account_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("ludoteca_accounts.id", ondelete="CASCADE"), primary_key=True
    )
    blocked_id: Mapped[str] = mapped_column(
        String(24),
        ForeignKey("ludoteca_accounts.id", ondelete="CASCADE"),
        primary_key=True,
        index=True,
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TurnTimerRow(Base):
    """A turn-based table's timers (turn_timers.py, migration 0006): one row per seat (its
    bank, and the deadline of the decision it owes, if any) and one for an open reaction
    window (seat -1). Nothing runs for them: a poller per process finds the due ones by
    ``wake_at`` (the deadline, or a claim's lease), the only indexed column."""

    __tablename__ = "ludoteca_turn_timers"

    table_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("ludoteca_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)  # -1: the reaction window
    # the table's move count when this row was written (a row older than the table's move is
    # stale: written again before it is trusted)
    move: Mapped[int] = mapped_column(Integer)
    # the move count when the seat's pending decision began (its moves since end it)
    since: Mapped[int] = mapped_column(Integer)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    due_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # when a poller is to look at it: the deadline, or later while one process handles it
    wake_at: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True, index=True
    )
    bank: Mapped[float] = mapped_column(Float, default=0.0)  # seconds left in the seat's bank


class RatingRow(Base):
    """A person's rating at one game (openskill's Plackett-Luce: mu, sigma; server/ratings.py).
    ``shown`` is mu - 3 sigma, kept for the leaderboard's index."""

    __tablename__ = "ludoteca_ratings"
    __table_args__ = (Index("ix_ludoteca_ratings_game_shown", "game", "shown", "account_id"),)

    account_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("ludoteca_accounts.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    shown: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    # of them, games rated against AI seats (marked wherever the rating is shown)
    ai_games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingHistoryRow(Base):
    """One rated game of one person: the rating before and after, and why it moved."""

    __tablename__ = "ludoteca_rating_history"
    __table_args__ = (Index("ix_ludoteca_rating_history_account", "account_id", "game", "at"),)

    table_id: Mapped[str] = mapped_column(String(24), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("ludoteca_accounts.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    game: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    place: Mapped[int] = mapped_column(Integer)
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu_after: Mapped[float] = mapped_column(Float)
    sigma_after: Mapped[float] = mapped_column(Float)
    # the seats they finished above, below and level with: [{seat, kind, name, level}]
    above: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    below: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    tied: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    against_ai: Mapped[bool] = mapped_column(Boolean)


class DeckRow(Base):
    """A deck a person built (the Gatálogo) and kept on the account (server/decks.py; 0010):
    the person's own data, read and changed by its account only. ``cards`` is {card id:
    copies}, legal by the game's own deck rules when stored."""

    __tablename__ = "ludoteca_decks"
    # one name per account and game: the deck menus show decks by name
    __table_args__ = (UniqueConstraint("account_id", "game", "name", name="uq_ludoteca_decks"),)

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("ludoteca_accounts.id", ondelete="CASCADE"), index=True
    )
    game: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(40))
    cards: Mapped[dict[str, int]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
