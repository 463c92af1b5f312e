"""Passkeys (WebAuthn, the ``webauthn`` package): an account signs in with a key its
person's device holds, instead of, or beside, a password.

Three ceremonies, each in two steps (options handed out, the browser's answer checked):

- ``signup``: a new account with a passkey only (no password), signed in;
- ``add``: a signed-in account adds a passkey;
- ``signin``: a discoverable credential (the device lists the account's passkey, no name
  typed) signs its account in.

Every challenge is random (32 bytes), kept in the database (any server process may check the
answer) and good once for a few minutes: the answer deletes it whatever it says
(:meth:`PasskeyStore.take_ceremony`). The device must verify its person (PIN, fingerprint:
``userVerification: required``). Only the public key is stored. A passkey's answer must come
from a page of this site (its origin) for this site's id (the relying party: the domain).
"""

from __future__ import annotations

import asyncio
import json
import secrets
from datetime import timedelta
from typing import Any

from webauthn import (
    base64url_to_bytes,
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import bytes_to_base64url
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from .account_store import name_key
from .accounts import Accounts, iso
from .config import Settings
from .db import now
from .errors import ApiError
from .limits import RateLimiter
from .models import AccountRow, CeremonyRow, PasskeyRow
from .passkey_store import PasskeyStore
from .tokens import new_table_id, new_token

RP_NAME = "ludoteca"
UV = UserVerificationRequirement.REQUIRED


class Site:
    """Who the passkeys are for: the relying party's id and the origins its pages have."""

    def __init__(self, rp_id: str, origins: list[str]) -> None:
        self.rp_id = rp_id
        self.origins = origins


def refused() -> ApiError:
    return ApiError(400, "passkey_refused", "the passkey's answer does not check out")


def expired() -> ApiError:
    return ApiError(
        400, "passkey_expired", "this passkey request is over (used or too old); start again"
    )


class Passkeys:
    def __init__(self, accounts: Accounts, store: PasskeyStore, settings: Settings) -> None:
        self.accounts = accounts
        self.store = store
        self.settings = settings
        per_minute = settings.passkey_challenges_per_minute
        self.limiter = RateLimiter(per_minute) if per_minute > 0 else None

    async def db(self, fn: Any, *args: Any) -> Any:
        return await self.accounts.registry.db(fn, *args)

    def site(self, host: str, origin: str) -> Site:
        s = self.settings
        return Site(s.passkey_rp_id or host, list(s.passkey_origins) or [origin])

    # -- the challenges ---------------------------------------------------------------------
    async def _ceremony(
        self, kind: str, address: str, account_id: str | None = None, name: str | None = None
    ) -> tuple[str, bytes]:
        if self.limiter is not None:
            try:
                self.limiter.check(address)
            except ApiError as e:
                raise ApiError(
                    429,
                    "rate_limited",
                    "too many passkey requests at once; try again in a minute",
                    retry_after=e.retry_after,
                ) from None
        challenge = secrets.token_bytes(32)
        t = now()
        row = CeremonyRow(
            id=new_token(),
            kind=kind,
            challenge=challenge,
            account_id=account_id,
            name=name,
            expires_at=t + timedelta(seconds=self.settings.passkey_challenge_seconds),
        )
        await self.db(self.store.add_ceremony, row, t)
        return row.id, challenge

    async def _take(self, ceremony: str, kind: str) -> CeremonyRow:
        row: CeremonyRow | None = await self.db(self.store.take_ceremony, ceremony, kind, now())
        if row is None:
            raise expired()
        return row

    def _registration(
        self, site: Site, challenge: bytes, user_id: str, name: str, exclude: list[PasskeyRow]
    ) -> dict[str, Any]:
        options = generate_registration_options(
            rp_id=site.rp_id,
            rp_name=RP_NAME,
            user_id=user_id.encode(),
            user_name=name,
            user_display_name=name,
            challenge=challenge,
            timeout=int(self.settings.passkey_challenge_seconds * 1000),
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED, user_verification=UV
            ),
            exclude_credentials=[PublicKeyCredentialDescriptor(id=_decode(p.id)) for p in exclude],
        )
        out: dict[str, Any] = json.loads(options_to_json(options))
        return out

    async def _verify_new(
        self, site: Site, challenge: bytes, credential: dict[str, Any], account_id: str
    ) -> PasskeyRow:
        try:
            checked = await asyncio.to_thread(
                verify_registration_response,
                credential=credential,
                expected_challenge=challenge,
                expected_rp_id=site.rp_id,
                expected_origin=site.origins,
                require_user_verification=True,
            )
        except Exception:
            raise refused() from None
        return PasskeyRow(
            id=bytes_to_base64url(checked.credential_id),
            account_id=account_id,
            public_key=checked.credential_public_key,
            sign_count=checked.sign_count,
            created_at=now(),
            last_used_at=None,
        )

    # -- a new account with a passkey -------------------------------------------------------
    async def signup_options(self, name: str, site: Site, address: str) -> dict[str, Any]:
        if await self.db(self.accounts.store.by_key, name_key(name)) is not None:
            raise ApiError(409, "name_taken", "that name belongs to another account")
        account_id = new_table_id()
        ceremony, challenge = await self._ceremony("signup", address, account_id, name)
        return {
            "ceremony": ceremony,
            "options": self._registration(site, challenge, account_id, name, []),
        }

    async def sign_up(
        self, ceremony: str, credential: dict[str, Any], site: Site, replaces: str | None
    ) -> tuple[AccountRow, str]:
        row = await self._take(ceremony, "signup")
        assert row.account_id is not None and row.name is not None
        passkey = await self._verify_new(site, row.challenge, credential, row.account_id)
        account = AccountRow(
            id=row.account_id,
            name=row.name,
            name_key=name_key(row.name),
            password_hash=None,
            created_at=now(),
            suspended_at=None,
        )
        if not await self.db(self.store.create_account, account, passkey):
            raise ApiError(409, "name_taken", "that name belongs to another account")
        return account, await self.accounts.open_session(account, replaces)

    # -- a signed-in account adds one -------------------------------------------------------
    async def add_options(self, account: AccountRow, site: Site, address: str) -> dict[str, Any]:
        mine = await self.db(self.store.of, account.id)
        ceremony, challenge = await self._ceremony("add", address, account.id)
        options = self._registration(site, challenge, account.id, account.name, mine)
        return {"ceremony": ceremony, "options": options}

    async def add(
        self, account: AccountRow, ceremony: str, credential: dict[str, Any], site: Site
    ) -> PasskeyRow:
        row = await self._take(ceremony, "add")
        if row.account_id != account.id:  # another account's request: not this one's to end
            raise expired()
        passkey = await self._verify_new(site, row.challenge, credential, account.id)
        if not await self.db(self.store.add, passkey):
            raise ApiError(409, "passkey_known", "this passkey is registered already")
        return passkey

    # -- signing in -------------------------------------------------------------------------
    async def signin_options(self, site: Site, address: str) -> dict[str, Any]:
        ceremony, challenge = await self._ceremony("signin", address)
        options = generate_authentication_options(
            rp_id=site.rp_id,
            challenge=challenge,
            timeout=int(self.settings.passkey_challenge_seconds * 1000),
            allow_credentials=[],  # discoverable: the device offers its passkeys for this site
            user_verification=UV,
        )
        return {"ceremony": ceremony, "options": json.loads(options_to_json(options))}

    async def sign_in(
        self,
        ceremony: str,
        credential: dict[str, Any],
        site: Site,
        address: str,
        replaces: str | None,
    ) -> tuple[AccountRow, str]:
        a = self.accounts
        wait = a.by_address.wait(address)
        if wait > 0:
            raise ApiError(
                429,
                "signin_limited",
                f"too many failed sign-ins; try again in {max(1.0, wait):.0f} s",
                retry_after=wait,
            )
        row = await self._take(ceremony, "signin")
        cred_id = credential.get("id")
        passkey = await self.db(self.store.get, cred_id) if isinstance(cred_id, str) else None
        account = await self.db(a.store.by_id, passkey.account_id) if passkey else None
        if passkey is None or account is None or not _same_user(credential, account.id):
            a.by_address.failed(address)
            raise signin_failed_passkey()
        try:
            checked = await asyncio.to_thread(
                verify_authentication_response,
                credential=credential,
                expected_challenge=row.challenge,
                expected_rp_id=site.rp_id,
                expected_origin=site.origins,
                credential_public_key=passkey.public_key,
                credential_current_sign_count=passkey.sign_count,
                require_user_verification=True,
            )
        except Exception:
            a.by_address.failed(address)
            raise signin_failed_passkey() from None
        if account.suspended_at is not None:
            raise ApiError(403, "suspended", "this account is suspended")
        await self.db(self.store.used, passkey.id, checked.new_sign_count, now())
        return account, await a.open_session(account, replaces)

    # -- the account's passkeys -------------------------------------------------------------
    async def of(self, account: AccountRow) -> list[dict[str, Any]]:
        rows: list[PasskeyRow] = await self.db(self.store.of, account.id)
        return [passkey_json(p) for p in rows]

    async def remove(self, account: AccountRow, credential_id: str) -> None:
        done = await self.db(self.store.remove, account.id, credential_id)
        if done == "unknown":
            raise ApiError(404, "not_found", "this account has no such passkey")
        if done == "last":
            raise ApiError(
                409,
                "last_way_in",
                "this passkey is the account's only way in: set a password or add another first",
            )


def signin_failed_passkey() -> ApiError:
    # one answer for a passkey nobody has and one whose signature fails
    return ApiError(401, "passkey_failed", "this passkey signs no account in")


def _same_user(credential: dict[str, Any], account_id: str) -> bool:
    """The answer's user handle, if the device gave one, is the account's."""
    response = credential.get("response")
    handle = response.get("userHandle") if isinstance(response, dict) else None
    if not handle:
        return True
    try:
        return _decode(str(handle)) == account_id.encode()
    except ValueError:
        return False


def _decode(text: str) -> bytes:
    return base64url_to_bytes(text)


def passkey_json(p: PasskeyRow) -> dict[str, Any]:
    return {
        "id": p.id,
        "created_at": iso(p.created_at),
        "last_used_at": iso(p.last_used_at) if p.last_used_at else None,
    }
