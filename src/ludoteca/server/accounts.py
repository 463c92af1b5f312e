"""Accounts, a part of the server beside the tables: signing up and in and out, renaming,
deleting, exporting, and binding a guest's seats to the account.

It takes the table registry (for the database thread and the tables in memory, whose seats a
deletion empties) and the accounts' store; it calls nothing above it. A guest is as before: a
seat token in the browser. Signing up or in changes no seat until the browser hands over the
tokens it holds (:meth:`Accounts.claim`); a claimed seat's token keeps working as before (the
seat link on another device too) and the seat is listed, exported and deleted with the account.

Passwords are hashed off the event loop (a thread of their own: the database thread stays free
for the moves). A session is a random secret in an HttpOnly cookie; the database keeps its
SHA-256 only, and every sign-in makes a new one (the browser's earlier session ends).
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

from .account_store import DELETED_SEAT, AccountStore, ClaimedSeat, name_key
from .config import Settings
from .db import now
from .errors import ApiError
from .limits import Failures
from .models import AccountRow, SessionRow
from .passwords import hash_password, needs_rehash, verify
from .registry import TableRegistry
from .tokens import new_table_id, new_token, token_hash


# one answer for a wrong password and a name nobody has: no account is found out by asking
def signin_failed() -> ApiError:
    return ApiError(401, "signin_failed", "that name and password do not match an account")


def not_signed_in() -> ApiError:
    return ApiError(401, "not_signed_in", "sign in first")


class Accounts:
    def __init__(self, registry: TableRegistry, store: AccountStore, settings: Settings) -> None:
        self.registry = registry
        self.store = store
        self.settings = settings
        self.by_name = Failures(settings.signin_failures_per_name)
        self.by_address = Failures(settings.signin_failures_per_address)

    async def open_session(self, account: AccountRow, replaces: str | None) -> str:
        """A new session for the account; the browser's earlier one (``replaces``) ends."""
        token = new_token()
        t = now()
        row = SessionRow(
            token_hash=token_hash(token),
            account_id=account.id,
            created_at=t,
            expires_at=t + timedelta(days=self.settings.session_days),
        )
        old = token_hash(replaces) if replaces else None
        await self.registry.db(self.store.add_session, row, old)
        return token

    # -- signing up, in and out -------------------------------------------------------------
    async def sign_up(
        self, name: str, password: str, replaces: str | None
    ) -> tuple[AccountRow, str]:
        """A new account with a password, signed in (the account, the session's secret)."""
        hashed = await asyncio.to_thread(hash_password, password)
        row = AccountRow(
            id=new_table_id(),
            name=name,
            name_key=name_key(name),
            password_hash=hashed,
            created_at=now(),
            suspended_at=None,
        )
        if not await self.registry.db(self.store.create, row):
            raise ApiError(409, "name_taken", "that name belongs to another account")
        return row, await self.open_session(row, replaces)

    async def sign_in(
        self, name: str, password: str, address: str, replaces: str | None
    ) -> tuple[AccountRow, str]:
        """The account and a new session; one answer for every failure, known name or not."""
        key = name_key(name)
        wait = max(self.by_name.wait(key), self.by_address.wait(address))
        if wait > 0:
            raise ApiError(
                429,
                "signin_limited",
                f"too many failed sign-ins; try again in {max(1.0, wait):.0f} s",
                retry_after=wait,
            )
        account = await self.registry.db(self.store.by_key, key)
        stored = account.password_hash if account is not None else None
        # an unknown name is checked against a dummy hash: the same work, the same answer
        if not await asyncio.to_thread(verify, stored, password) or account is None:
            self.by_name.failed(key)
            self.by_address.failed(address)
            raise signin_failed()
        if account.suspended_at is not None:
            raise ApiError(403, "suspended", "this account is suspended")
        if stored is not None and needs_rehash(stored):
            hashed = await asyncio.to_thread(hash_password, password)
            await self.registry.db(self.store.set_password, account.id, hashed)
        return account, await self.open_session(account, replaces)

    async def current(self, session: str | None) -> AccountRow | None:
        """The account a session cookie signs in (None: none, expired, ended or suspended)."""
        if not session or len(session) > 64:
            return None
        return await self.registry.db(self.store.session_account, token_hash(session), now())

    async def require(self, session: str | None) -> AccountRow:
        account = await self.current(session)
        if account is None:
            raise not_signed_in()
        return account

    async def sign_out(self, session: str | None) -> None:
        if session:
            await self.registry.db(self.store.end_session, token_hash(session))

    async def sign_out_everywhere(self, account: AccountRow) -> int:
        ended: int = await self.registry.db(self.store.end_sessions, account.id)
        return ended

    async def change_password(
        self, account: AccountRow, current: str | None, new: str, address: str
    ) -> str:
        """A new password (the current one must be given, if the account has one); every
        session of the account ends, and this browser gets a new one (returned)."""
        if account.password_hash is not None:
            wait = max(self.by_name.wait(account.name_key), self.by_address.wait(address))
            if wait > 0:
                raise ApiError(
                    429,
                    "signin_limited",
                    f"too many failed sign-ins; try again in {max(1.0, wait):.0f} s",
                    retry_after=wait,
                )
            if not await asyncio.to_thread(verify, account.password_hash, current or ""):
                self.by_name.failed(account.name_key)
                self.by_address.failed(address)
                raise ApiError(403, "wrong_password", "the current password is not that one")
        hashed = await asyncio.to_thread(hash_password, new)
        await self.registry.db(self.store.set_password, account.id, hashed)
        await self.registry.db(self.store.end_sessions, account.id)
        account.password_hash = hashed
        return await self.open_session(account, None)

    # -- the account's own data -------------------------------------------------------------
    async def rename(self, account: AccountRow, name: str) -> AccountRow:
        if not await self.registry.db(self.store.rename, account.id, name, name_key(name)):
            raise ApiError(409, "name_taken", "that name belongs to another account")
        account.name, account.name_key = name, name_key(name)
        return account

    async def claim(self, account: AccountRow, seats: list[tuple[str, str]]) -> int:
        """Bind to the account the seats whose tokens the browser holds (a token that holds
        no seat, or a seat another account claimed, is passed over)."""
        hashes = [(table, token_hash(token)) for table, token in seats]
        bound: int = await self.registry.db(self.store.claim, account.id, hashes, now())
        return bound

    async def seats(self, account: AccountRow) -> list[ClaimedSeat]:
        seats: list[ClaimedSeat] = await self.registry.db(self.store.seats_of, account.id)
        return seats

    async def delete(self, account: AccountRow) -> None:
        """The account goes; its seats stay in their games as "deleted player"."""
        held = await self.registry.db(self.store.delete, account.id)
        for table_id, seat_no in held:  # the tables this process holds follow at once
            table = self.registry.tables.get(table_id)
            if table is None or seat_no >= len(table.seats):
                continue
            seat = table.seats[seat_no]
            seat.name, seat.token_hash = None, DELETED_SEAT
            table.cache.clear()
            self.registry.notify(table)

    async def export(self, account: AccountRow) -> dict[str, Any]:
        """Everything kept about the account, as JSON (no password hash, no session secret)."""
        seats = await self.seats(account)
        sessions = await self.registry.db(self.store.count_sessions, account.id, now())
        return {
            "account": public(account),
            "sessions": sessions,
            "seats": [seat_json(s) for s in seats],
            "exported_at": now().isoformat(),
        }


def iso(t: datetime) -> str:
    """A stored time in ISO form with its zone (SQLite gives them back without one: UTC)."""
    return (t if t.tzinfo is not None else t.replace(tzinfo=UTC)).isoformat()


def public(account: AccountRow) -> dict[str, Any]:
    return {"id": account.id, "name": account.name, "created_at": iso(account.created_at)}


def seat_json(s: ClaimedSeat) -> dict[str, Any]:
    return {
        "table": s.table_id,
        "seat": s.seat,
        "game": s.game,
        "status": s.status,
        "name": s.name,
        "moves": s.move_count,
        "claimed_at": iso(s.claimed_at),
        "created_at": iso(s.created_at),
        "updated_at": iso(s.updated_at),
    }
