"""The notifications' HTTP doors (``/api/notify``) and the service worker (``/sw.js``).

Each door that changes something acts on the signed-in account (the session cookie) and on
no other, after the Origin check every state-changing request passes (middleware.SameOrigin);
the unsubscribe link of an email is the exception: its secret key is the only right it needs,
and all it can do is turn that person's emails off.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
from importlib import resources
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Query, Request
from fastapi.responses import FileResponse, PlainTextResponse
from pydantic import StringConstraints, field_validator

from ...engine.i18n import LANGUAGES, normalize_language
from ..account_api import SessionCookie, accounts
from ..db import now
from ..errors import ApiError
from ..payloads import pick_lang
from ..schemas import Strict
from ..tokens import new_token
from ..turn_hook import deciders
from .mail import WORDS
from .models import MailChoiceRow, PushSubscriptionRow
from .notifier import Notifier
from .store import NotifyStore

router = APIRouter()
WORKER = resources.files("ludoteca.web").joinpath("sw.js")
MAX_WAITING_TABLES = 100  # the running tables looked at for "waiting for my move"
# an address as mail programs take it: one @, no space or control character, a dot after it
ADDRESS = re.compile(
    r"^[^@\s\x00-\x1f\x7f]{1,64}@[^@\s\x00-\x1f\x7f]{1,188}\.[^@\s\x00-\x1f\x7f.]{2,}$"
)


def notifier(request: Request) -> Notifier:
    n: Notifier = request.app.state.manager.notifier
    return n


def store(request: Request) -> NotifyStore:
    return notifier(request).store


def _b64url(text: str, size: int, what: str) -> str:
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise ValueError(f"{what} is not base64url") from None
    if len(raw) != size:
        raise ValueError(f"{what} must be {size} bytes")
    return text


class PushKeys(Strict):
    p256dh: Annotated[str, StringConstraints(max_length=120)]
    auth: Annotated[str, StringConstraints(max_length=40)]

    @field_validator("p256dh")
    @classmethod
    def _point(cls, v: str) -> str:
        _b64url(v, 65, "p256dh")
        if base64.urlsafe_b64decode(v + "=" * (-len(v) % 4))[0] != 4:
            raise ValueError("p256dh must be an uncompressed P-256 point")
        return v

    @field_validator("auth")
    @classmethod
    def _auth(cls, v: str) -> str:
        return _b64url(v, 16, "auth")


class Subscribe(Strict):
    endpoint: Annotated[str, StringConstraints(max_length=1000)]
    keys: PushKeys


class Unsubscribe(Strict):
    endpoint: Annotated[str, StringConstraints(max_length=1000)]


class MailChoice(Strict):
    # None: no address kept at all
    address: Annotated[str | None, StringConstraints(max_length=254)] = None
    enabled: bool = True
    lang: Annotated[str, StringConstraints(max_length=10)] = "pt-BR"

    @field_validator("address")
    @classmethod
    def _address(cls, v: str | None) -> str | None:
        if v is None:
            return None
        v = v.strip()
        if not ADDRESS.match(v):
            raise ValueError("not an email address")
        return v

    @field_validator("lang")
    @classmethod
    def _lang(cls, v: str) -> str:
        try:
            return normalize_language(v)
        except ValueError:
            raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}") from None


def endpoint_hash(endpoint: str) -> str:
    return hashlib.sha256(endpoint.encode("utf-8")).hexdigest()


def check_endpoint(request: Request, endpoint: str) -> None:
    """A push service's address: https (plain http only where the operator allows it, for a
    local test endpoint), a host, no user or password in it."""
    parts = urlsplit(endpoint)
    allowed = {"https"} | ({"http"} if request.app.state.settings.push_allow_http else set())
    if parts.scheme not in allowed or not parts.hostname or parts.username or parts.password:
        raise ApiError(422, "bad_endpoint", "a push endpoint is an https address")


@router.get("/sw.js", include_in_schema=False)
async def service_worker() -> FileResponse:
    """The service worker at the root, so that its scope is the whole site."""
    return FileResponse(
        str(WORKER),
        media_type="text/javascript",
        headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"},
    )


@router.get("/api/notify/push-key")
async def push_key(request: Request) -> dict[str, Any]:
    """The server's public VAPID key (the browser's ``applicationServerKey``)."""
    n = notifier(request)
    return {"key": n.public_key, "push": n.push is not None}


@router.get("/api/notify")
async def choices(request: Request, session: SessionCookie = None) -> dict[str, Any]:
    """The signed-in account's notification choices."""
    account = await accounts(request).require(session)
    n = notifier(request)
    r = n.registry
    choice = await r.db(n.store.mail_choice, account.id)
    subs = await r.db(n.store.subscriptions, account.id)
    return {
        "push": n.push is not None,
        "push_subscriptions": len(subs),
        "mail": n.mailer is not None,
        "email": None
        if choice is None
        else {"address": choice.address, "enabled": choice.enabled, "lang": choice.lang},
        "mail_period": n.settings.mail_period,
    }


@router.post("/api/notify/push", status_code=201)
async def subscribe(request: Request, body: Subscribe, session: SessionCookie = None) -> Any:
    account = await accounts(request).require(session)
    check_endpoint(request, body.endpoint)
    n = notifier(request)
    row = PushSubscriptionRow(
        endpoint_hash=endpoint_hash(body.endpoint),
        account_id=account.id,
        endpoint=body.endpoint,
        p256dh=body.keys.p256dh,
        auth=body.keys.auth,
        created_at=now(),
    )
    await n.registry.db(n.store.subscribe, row)
    return {"subscribed": True}


@router.post("/api/notify/push/remove")
async def unsubscribe(request: Request, body: Unsubscribe, session: SessionCookie = None) -> Any:
    account = await accounts(request).require(session)
    n = notifier(request)
    gone = await n.registry.db(n.store.unsubscribe, account.id, endpoint_hash(body.endpoint))
    return {"unsubscribed": gone}


@router.post("/api/notify/email")
async def set_email(request: Request, body: MailChoice, session: SessionCookie = None) -> Any:
    """The account's address and whether it wants the emails (no address: nothing kept)."""
    account = await accounts(request).require(session)
    n = notifier(request)
    row = None
    if body.address is not None:
        old = await n.registry.db(n.store.mail_choice, account.id)
        row = MailChoiceRow(
            account_id=account.id,
            address=body.address,
            enabled=body.enabled,
            lang=body.lang,
            # a new address gets a new unsubscribe key
            unsubscribe_key=old.unsubscribe_key
            if old is not None and old.address == body.address
            else new_token(),
            last_sent_at=None,
        )
    await n.registry.db(n.store.set_mail, row, account.id)
    return {"email": None if row is None else {"address": row.address, "enabled": row.enabled}}


@router.api_route("/api/notify/unsubscribe", methods=["GET", "POST"])
async def unsubscribe_mail(
    request: Request,
    key: Annotated[str, Query(max_length=100)] = "",
    lang: Annotated[str | None, Query(max_length=10)] = None,
) -> PlainTextResponse:
    """The email's link (and its one-click POST, RFC 8058): that person's emails stop."""
    n = notifier(request)
    lg = pick_lang(lang)
    if not key or not await n.registry.db(n.store.unsubscribe_mail, key):
        raise ApiError(404, "unknown_link", WORDS.text("unknown_link", lg))
    return PlainTextResponse(WORDS.text("unsubscribed", lg), headers={"Cache-Control": "no-store"})


@router.get("/api/notify/waiting")
async def waiting(
    request: Request,
    session: SessionCookie = None,
    lang: Annotated[str | None, Query(max_length=10)] = None,
) -> dict[str, Any]:
    """The signed-in account's running tables that wait for its move now (none for a guest:
    a guest's page knows the table it shows)."""
    account = await accounts(request).current(session)
    if account is None:
        return {"tables": []}
    n = notifier(request)
    lg = pick_lang(lang)
    seats = await n.registry.db(n.store.running_seats, account.id, MAX_WAITING_TABLES)
    out = []
    for table_id, seat in seats:
        try:
            table = await n.registry.get(table_id)
        except ApiError:
            continue
        if seat in deciders(table):
            out.append(
                {"table": table_id, "game": table.game.id, "game_name": table.game.display_name(lg)}
            )
    return {"tables": out}
