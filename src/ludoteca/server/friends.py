"""Friends: invitations to a table by name, invitation tables, blocks, and the same people at
a rematch.

- A table is public (in the lobby; anyone may sit, as ever) or by invitation
  (``invitation_only``): kept out of the lobby, and only signed-in accounts that were invited
  or already sit there may take a seat. Its link shows the table to anyone (spectators), but
  seats nobody: no guest, no link holder without an invitation. Making one takes a
  signed-in creator who sits at once.
- Anyone signed in who holds a seat at an open table may invite an account by its name; the
  invited person finds it in their invitations (``GET /api/account/invitations``).
- Blocking is private. The blocked account's invitations to the one who blocked it are
  answered as sent and never arrive; it cannot sit at an invitation table where the one who
  blocked it sits (refused with the same words as anyone not invited). Nothing tells it so.
- Play again: a signed-in person's rematch invites the accounts of the old table's other
  seats to the new one (an invitation table's rematch is one too, so they may sit).
"""

from __future__ import annotations

from typing import Any

from .account_store import name_key
from .accounts import Accounts, iso
from .db import now
from .errors import ApiError
from .friends_store import Blocked, FriendStore, Invitation
from .live import LiveTable
from .models import AccountRow


def invitation_only(table: LiveTable) -> bool:
    return bool(table.settings.get("invitation_only"))


def not_invited() -> ApiError:
    return ApiError(
        403,
        "invitation_only",
        "this table is by invitation: only the accounts invited to it may sit",
    )


class Friends:
    def __init__(self, accounts: Accounts, store: FriendStore) -> None:
        self.accounts = accounts
        self.store = store

    async def db(self, fn: Any, *args: Any) -> Any:
        return await self.accounts.registry.db(fn, *args)

    async def _person(self, name: str) -> AccountRow:
        other: AccountRow | None = await self.db(self.accounts.store.by_key, name_key(name))
        if other is None:
            raise ApiError(404, "no_such_account", "no account has that name")
        return other

    # -- sitting ----------------------------------------------------------------------------
    async def check_sit(self, table: LiveTable, account: AccountRow | None) -> None:
        """Refused (403 ``invitation_only``) if this person may not sit at this table."""
        if not invitation_only(table):
            return
        if account is None or not await self.db(self.store.may_sit, table.id, account.id):
            raise not_invited()

    # -- invitations ------------------------------------------------------------------------
    async def invite(self, account: AccountRow, table: LiveTable, name: str) -> None:
        if table.status != "open":
            raise ApiError(409, "not_open", "this table has no open seat any more")
        if account.id not in await self.db(self.store.seated, table.id):
            raise ApiError(403, "not_at_table", "only the people sitting at a table invite to it")
        other = await self._person(name)
        if other.id == account.id:
            raise ApiError(422, "self", "that is your own account")
        await self.db(self.store.invite, table.id, account.id, other.id, now())

    async def same_people(self, account: AccountRow, old: LiveTable, new: LiveTable) -> int:
        """A rematch: the accounts of the old table's seats are invited to the new one."""
        others = [a for a in await self.db(self.store.seated, old.id) if a != account.id]
        for other in others:
            await self.db(self.store.invite, new.id, account.id, other, now())
        return len(others)

    async def received(self, account: AccountRow) -> list[dict[str, Any]]:
        rows: list[Invitation] = await self.db(self.store.received, account.id, ("open",))
        return [invitation_json(i, "from") for i in rows]

    async def decline(self, account: AccountRow, table_id: str) -> None:
        if not await self.db(self.store.decline, table_id, account.id):
            raise ApiError(404, "not_found", "no such invitation")

    # -- blocks -----------------------------------------------------------------------------
    async def block(self, account: AccountRow, name: str) -> dict[str, Any]:
        other = await self._person(name)
        if other.id == account.id:
            raise ApiError(422, "self", "that is your own account")
        await self.db(self.store.block, account.id, other.id, now())
        return {"id": other.id, "name": other.name}

    async def unblock(self, account: AccountRow, blocked_id: str) -> None:
        if not await self.db(self.store.unblock, account.id, blocked_id):
            raise ApiError(404, "not_found", "that account is not blocked")

    async def blocks(self, account: AccountRow) -> list[dict[str, Any]]:
        rows: list[Blocked] = await self.db(self.store.blocks, account.id)
        return [{"id": b.id, "name": b.name, "since": iso(b.created_at)} for b in rows]

    # -- the account's data -----------------------------------------------------------------
    async def export(self, account: AccountRow) -> dict[str, Any]:
        received: list[Invitation] = await self.db(
            self.store.received, account.id, ("open", "running", "finished")
        )
        sent: list[Invitation] = await self.db(self.store.sent, account.id)
        return {
            "invitations_received": [invitation_json(i, "from") for i in received],
            "invitations_sent": [invitation_json(i, "to") for i in sent],
            "blocked": await self.blocks(account),
        }


def invitation_json(i: Invitation, who: str) -> dict[str, Any]:
    return {
        "table": i.table_id,
        "game": i.game,
        "status": i.status,
        who: i.other,
        "at": iso(i.created_at),
    }
