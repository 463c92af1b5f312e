"""What every request goes through before a route sees it (plain ASGI, no per-request objects).

- :class:`ClientAddress`: the client's address is the socket's peer, unless that peer is a proxy
  the operator named (``--trust-proxy``): then the address ``X-Forwarded-For`` gives. Everything
  that counts per address (rate limit, caps) reads ``scope["client"]`` after it.
- :class:`PlainUrl`: a path or query string that holds a character no database column can hold
  (NUL, written ``%00``) gets 400 ``bad_character``, whatever the route: no path parameter
  (a table's id, a game's) reaches a lookup with it.
- :class:`BodyLimit`: a body over MAX_BODY_BYTES gets 413, whether it says its length or comes
  chunked (bytes are counted as they arrive; the route never sees the rest).
- :class:`SecurityHeaders`: the headers that keep the browser client in its own origin.
- :class:`SameOrigin`: a state-changing request (any method but GET, HEAD, OPTIONS) that a page
  of another origin sent is refused (403 ``bad_origin``): no cross-site request forgery, with
  or without the SameSite cookie.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
from collections.abc import Iterable
from urllib.parse import unquote_plus

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .schemas import MAX_BODY_BYTES, unstorable

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def networks(entries: Iterable[str]) -> tuple[Network, ...]:
    """Addresses or networks (``10.0.0.0/8``) as the operator wrote them; a bad one is refused."""
    out = []
    for e in entries:
        try:
            out.append(ipaddress.ip_network(e.strip(), strict=False))
        except ValueError:
            raise ValueError(f"not an address or network: {e!r}") from None
    return tuple(out)


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _within(address: str, nets: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in n for n in nets)


class ClientAddress:
    """Trusts ``X-Forwarded-For`` only from the proxies named; the real peer otherwise."""

    def __init__(self, app: ASGIApp, trusted: tuple[Network, ...]) -> None:
        self.app = app
        self.trusted = trusted

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = scope.get("client")
        if (
            self.trusted
            and scope["type"] in ("http", "websocket")
            and client
            and _within(client[0], self.trusted)
        ):
            forwarded = [
                v.decode("latin-1") for k, v in scope["headers"] if k == b"x-forwarded-for"
            ]
            hops = [h.strip() for v in forwarded for h in v.split(",") if h.strip()]
            # the nearest hop that is not one of our proxies: anything left of it was
            # written by the client itself and proves nothing
            for hop in reversed(hops):
                if not _within(hop, self.trusted):
                    if _is_address(hop):
                        scope = {**scope, "client": (hop, 0)}
                    break
            # the proxy ended TLS: the request came over https (Secure session cookies)
            protos = [v for k, v in scope["headers"] if k == b"x-forwarded-proto"]
            if protos and protos[-1].split(b",")[-1].strip().lower() == b"https":
                scope = {**scope, "scheme": "https" if scope["type"] == "http" else "wss"}
        await self.app(scope, receive, send)


class PlainUrl:
    """Refuses, with 400 ``bad_character``, an HTTP request whose path or query string holds a
    character no database column can hold (the body's strings: ``schemas.Strict``; a
    WebSocket's path: ``ws.py``). Raw control bytes never get this far (uvicorn's parser
    refuses them); percent-escaped ones are decoded by then."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            query = unquote_plus(scope.get("query_string", b"").decode("latin-1"), errors="replace")
            for where, text in (("path", scope.get("path", "")), ("query string", query)):
                char = unstorable(text)
                if char is not None:
                    await bad_character(send, where, char)
                    return
        await self.app(scope, receive, send)


async def bad_character(send: Send, where: str, char: str) -> None:
    message = f"the {where} holds {char}, a character no table, game or name may hold"
    body = json.dumps(
        {"error": {"code": "bad_character", "message": message}}, separators=(",", ":")
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 400,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class _TooLarge(Exception):
    pass


class BodyLimit:
    """Refuses HTTP bodies over MAX_BODY_BYTES with 413, chunked ones included."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for k, v in scope.get("headers", []):
            if k == b"content-length" and (not v.isdigit() or len(v) > 12 or int(v) > self.limit):
                await too_large(send, self.limit)
                return
        seen = 0
        refused = False
        started = False

        async def counted() -> Message:
            nonlocal seen, refused
            msg = await receive()
            if msg["type"] == "http.request":
                seen += len(msg.get("body", b""))
                if seen > self.limit:
                    refused = True
                    raise _TooLarge
            return msg

        async def guarded(msg: Message) -> None:
            nonlocal started
            if refused:
                return  # the route's own answer to a body it could not read: ours goes out
            started = True
            await send(msg)

        with contextlib.suppress(_TooLarge):
            await self.app(scope, counted, guarded)
        if refused and not started:
            await too_large(send, self.limit)


async def too_large(send: Send, limit: int) -> None:
    body = (
        b'{"error":{"code":"too_large","message":"a request body holds at most '
        + str(limit).encode()
        + b' bytes"}}'
    )
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


# The browser client is plain files from this origin: no inline script or style, no other
# origin, no frames. The WebSocket is same-origin ('self' covers ws: and wss: to this host).
CLIENT_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
# the interactive API docs (FastAPI's page) load their script from a CDN and start it inline
DOCS_CSP = "frame-ancestors 'none'; object-src 'none'; base-uri 'none'"
COMMON = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        csp = DOCS_CSP if path.startswith("/api/docs") else CLIENT_CSP
        extra = [*COMMON, (b"content-security-policy", csp.encode())]

        async def with_headers(msg: Message) -> None:
            if msg["type"] == "http.response.start":
                names = {k.lower() for k, _ in msg.get("headers", [])}
                msg = dict(msg)
                msg["headers"] = [
                    *msg.get("headers", []),
                    *((k, v) for k, v in extra if k not in names),
                ]
            await send(msg)

        await self.app(scope, receive, with_headers)


SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
SESSION_COOKIE = b"ludoteca_session="


class SameOrigin:
    """Closes cross-site request forgery for every state-changing request.

    A browser names the page's origin in ``Origin`` on every such request (Chromium, Firefox
    and Safari alike): another origin than this server's own host, or one the operator listed
    (``--allow-origin``), gets 403 ``bad_origin`` before any route runs. A request without
    ``Origin`` is let through only if it is no browser's cross-site one either: a
    ``Sec-Fetch-Site`` other than ``same-origin`` or ``none`` is refused, and so is one that
    carries the session cookie and says nothing of where it comes from (a seat token is no
    cookie: scripts and the terminal, which send it in a header, are let through).
    """

    def __init__(self, app: ASGIApp, allowed: tuple[str, ...]) -> None:
        self.app = app
        self.allowed = frozenset(o.rstrip("/") for o in allowed)

    def refused(self, scope: Scope) -> str | None:
        headers: dict[bytes, str] = {k: v.decode("latin-1") for k, v in scope.get("headers", [])}
        origin = headers.get(b"origin")
        if origin is not None:
            host = headers.get(b"host", "")
            if origin.rstrip("/") in self.allowed:
                return None
            if host and origin in (f"http://{host}", f"https://{host}"):
                return None
            return f"a page of {origin[:100]} may not change anything here"
        site = headers.get(b"sec-fetch-site")
        if site is not None and site not in ("same-origin", "none"):
            return "a page of another site may not change anything here"
        cookie = headers.get(b"cookie", "")
        if site is None and SESSION_COOKIE.decode() in cookie:
            return "a signed-in request names its origin (Origin)"
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("method", "GET") not in SAFE_METHODS:
            reason = self.refused(scope)
            if reason is not None:
                body = json.dumps(
                    {"error": {"code": "bad_origin", "message": reason}}, separators=(",", ":")
                ).encode()
                await send(
                    {
                        "type": "http.response.start",
                        "status": 403,
                        "headers": [
                            (b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                        ],
                    }
                )
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)
