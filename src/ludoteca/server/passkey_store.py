"""The passkeys' transactions: credentials and the challenges handed out (synchronous, run
in the server's database thread)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Engine, delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import sessionmaker

from .models import AccountRow, CeremonyRow, PasskeyRow


class PasskeyStore:
    def __init__(self, engine: Engine) -> None:
        self.sessions = sessionmaker(engine, expire_on_commit=False)

    # -- challenges -------------------------------------------------------------------------
    def add_ceremony(self, row: CeremonyRow, at: datetime) -> None:
        """Stored; the challenges that expired unanswered go at the same time."""
        with self.sessions.begin() as s:
            s.execute(delete(CeremonyRow).where(CeremonyRow.expires_at <= at))
            s.add(row)

    def take_ceremony(self, ceremony_id: str, kind: str, at: datetime) -> CeremonyRow | None:
        """The challenge, used up: deleted as it is read (a second answer, from here or
        another process, finds nothing); None if unknown, of another kind or expired."""
        with self.sessions.begin() as s:
            row = s.get(CeremonyRow, ceremony_id)
            if row is None:
                return None
            gone = s.execute(delete(CeremonyRow).where(CeremonyRow.id == ceremony_id))
            if int(getattr(gone, "rowcount", 0) or 0) != 1:
                return None
            expires = (
                row.expires_at
                if row.expires_at.tzinfo
                else row.expires_at.replace(tzinfo=at.tzinfo)
            )
            if row.kind != kind or expires <= at:
                return None
            return row

    # -- credentials ------------------------------------------------------------------------
    def add(self, row: PasskeyRow) -> bool:
        """Stored, or False if that credential is known already."""
        try:
            with self.sessions.begin() as s:
                s.add(row)
        except IntegrityError:
            return False
        return True

    def create_account(self, account: AccountRow, passkey: PasskeyRow) -> bool:
        """A new account and its first passkey, together; False if the name is taken."""
        try:
            with self.sessions.begin() as s:
                s.add(account)
                s.flush()
                s.add(passkey)
        except IntegrityError:
            return False
        return True

    def get(self, credential_id: str) -> PasskeyRow | None:
        with self.sessions() as s:
            return s.get(PasskeyRow, credential_id)

    def of(self, account_id: str) -> list[PasskeyRow]:
        with self.sessions() as s:
            return list(
                s.scalars(
                    select(PasskeyRow)
                    .where(PasskeyRow.account_id == account_id)
                    .order_by(PasskeyRow.created_at)
                )
            )

    def used(self, credential_id: str, sign_count: int, at: datetime) -> None:
        with self.sessions.begin() as s:
            s.execute(
                update(PasskeyRow)
                .where(PasskeyRow.id == credential_id)
                .values(sign_count=sign_count, last_used_at=at)
            )

    def remove(self, account_id: str, credential_id: str) -> str:
        """``removed``, ``unknown`` (no such passkey of this account) or ``last`` (the
        account's only way in: no password and no other passkey)."""
        with self.sessions.begin() as s:
            row = s.get(PasskeyRow, credential_id)
            if row is None or row.account_id != account_id:
                return "unknown"
            account = s.get(AccountRow, account_id)
            others = s.scalars(
                select(PasskeyRow.id).where(
                    PasskeyRow.account_id == account_id, PasskeyRow.id != credential_id
                )
            ).first()
            if others is None and (account is None or account.password_hash is None):
                return "last"
            s.execute(delete(PasskeyRow).where(PasskeyRow.id == credential_id))
            return "removed"

    def delete_of(self, account_id: str) -> None:
        with self.sessions.begin() as s:
            s.execute(delete(PasskeyRow).where(PasskeyRow.account_id == account_id))
