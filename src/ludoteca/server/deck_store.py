"""The decks' transactions (synchronous, in the server's database thread). Every read and
write names the account: a deck of another account is not found, never shown or changed."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Engine, delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import sessionmaker

from .models import DeckRow


class DeckStore:
    def __init__(self, engine: Engine) -> None:
        self.sessions = sessionmaker(engine, expire_on_commit=False)

    def of(self, account_id: str, game: str | None = None) -> list[DeckRow]:
        """The account's decks (of one game, or all), by name."""
        with self.sessions() as s:
            q = select(DeckRow).where(DeckRow.account_id == account_id)
            if game is not None:
                q = q.where(DeckRow.game == game)
            return list(s.scalars(q.order_by(DeckRow.game, DeckRow.name, DeckRow.id)))

    def get(self, account_id: str, deck_id: str) -> DeckRow | None:
        with self.sessions() as s:
            row = s.get(DeckRow, deck_id)
            return row if row is not None and row.account_id == account_id else None

    def count(self, account_id: str) -> int:
        with self.sessions() as s:
            n = s.scalar(select(func.count()).where(DeckRow.account_id == account_id))
            return int(n or 0)

    def add(self, row: DeckRow, most: int) -> str | None:
        """Stored, or why not: "taken" (the account has a deck of that name), "full" (it has
        ``most`` decks already)."""
        try:
            with self.sessions.begin() as s:
                n = s.scalar(select(func.count()).where(DeckRow.account_id == row.account_id))
                if int(n or 0) >= most:
                    return "full"
                s.add(row)
        except IntegrityError:
            return "taken"
        return None

    def change(
        self,
        account_id: str,
        deck_id: str,
        name: str | None,
        cards: dict[str, int] | None,
        at: datetime,
    ) -> DeckRow | str:
        """The deck renamed and/or its cards replaced, or why not: "missing" (no deck of that
        id on this account), "taken" (another deck has the name)."""
        try:
            with self.sessions.begin() as s:
                row = s.get(DeckRow, deck_id)
                if row is None or row.account_id != account_id:
                    return "missing"
                if name is not None:
                    row.name = name
                if cards is not None:
                    row.cards = cards
                row.updated_at = at
                s.flush()
                return row
        except IntegrityError:
            return "taken"

    def remove(self, account_id: str, deck_id: str) -> bool:
        with self.sessions.begin() as s:
            done = s.execute(
                delete(DeckRow).where(DeckRow.id == deck_id, DeckRow.account_id == account_id)
            )
            return bool(getattr(done, "rowcount", 0))
