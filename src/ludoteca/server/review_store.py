"""Game reviews stored with their match, and the practice hints a table's seats asked for.

A review is computed once and read many times: its row is keyed by the table, the seat and the
review's version (the review format, budget and seed: ``review_runs.review_version``), so a
changed budget makes a new review beside the old one instead of a stale answer. A hint asked
for is a row per seat and move number: the table and its replay say that hints were used.
Synchronous; run in the server's database thread.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Engine, ForeignKey, Integer, String, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column, sessionmaker

from .db import now
from .models import Base


class ReviewRow(Base):
    """One seat's review of a finished table (migration 0009)."""

    __tablename__ = "ludoteca_reviews"

    table_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("ludoteca_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    version: Mapped[str] = mapped_column(String(64), primary_key=True)
    review: Mapped[dict[str, Any]] = mapped_column(JSON)  # SeatReview.to_json()
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class HintRow(Base):
    """A practice hint a seat asked for, at a move number (migration 0009)."""

    __tablename__ = "ludoteca_hints"

    table_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("ludoteca_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    move: Mapped[int] = mapped_column(Integer, primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ReviewStore:
    def __init__(self, engine: Engine) -> None:
        self.sessions = sessionmaker(engine, expire_on_commit=False)

    def get(self, table_id: str, seat: int, version: str) -> dict[str, Any] | None:
        with self.sessions() as s:
            row = s.get(ReviewRow, (table_id, seat, version))
            return None if row is None else dict(row.review)

    def has(self, table_id: str, seat: int, version: str) -> bool:
        """Stored (without reading the review itself)."""
        with self.sessions() as s:
            got = s.execute(
                select(ReviewRow.seat).where(
                    ReviewRow.table_id == table_id,
                    ReviewRow.seat == seat,
                    ReviewRow.version == version,
                )
            ).first()
            return got is not None

    def put(self, table_id: str, seat: int, version: str, review: dict[str, Any]) -> None:
        """Stored; a review another process stored meanwhile is kept (it is the same one)."""
        try:
            with self.sessions.begin() as s:
                s.add(
                    ReviewRow(
                        table_id=table_id,
                        seat=seat,
                        version=version,
                        review=review,
                        created_at=now(),
                    )
                )
        except IntegrityError:
            pass

    def add_hint(self, table_id: str, seat: int, move: int) -> None:
        try:
            with self.sessions.begin() as s:
                s.add(HintRow(table_id=table_id, seat=seat, move=move, created_at=now()))
        except IntegrityError:
            pass  # a second hint at the same move: already said

    def hints(self, table_id: str) -> list[tuple[int, int]]:
        """(seat, move number) of every hint asked for at the table, in move order."""
        with self.sessions() as s:
            rows = s.execute(
                select(HintRow.seat, HintRow.move)
                .where(HintRow.table_id == table_id)
                .order_by(HintRow.move, HintRow.seat)
            )
            return [(int(a), int(b)) for a, b in rows]
