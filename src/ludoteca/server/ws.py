"""Live play over WebSocket: ``/ws/tables/{id}``.

The client's first message is ``{"type": "hello", "token": ..., "lang": ...}`` (no token: a
spectator). The server then sends ``{"type": "state", ...}`` after every change (the seat's
view, its legal moves with labels, the events it may see since the last message), and answers
``{"type": "move", "move": N, "action": {...}}`` with ``ack`` or ``error``. Of a finished table,
``{"type": "review", "seat": N}`` follows that seat's game review: ``{"type": "review", ...}``
with how it stands, then each change of its progress (``review_api.watch``).

Anything else a client sends (binary frames, text that is no JSON object, JSON nested too
deep, messages too large: up to ``MAX_WS_FRAME_BYTES``, where uvicorn closes with 1009) gets
``error`` with words and the connection goes on; a socket from
another origin (``Origin``), one too many from an address, or one spectator too many for a
table is told why and closed with that reason. Each is logged in one line.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from .connections import Connection
from .errors import ApiError
from .limits import Caps
from .payloads import pick_lang
from .review_api import unwatch, watch
from .schemas import (
    MAX_BODY_BYTES,
    MAX_JSON_DEPTH,
    WsHello,
    WsLang,
    WsMove,
    WsPing,
    WsReview,
    unstorable,
)
from .tables import TableManager

router = APIRouter()
log = logging.getLogger("ludoteca.server")

HELLO_SECONDS = 10
# close codes (RFC 6455): the policy refuses this; the server is full, try again later
POLICY = 1008
TRY_LATER = 1013


def error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "error": {"code": code, "message": message}}


def short(e: ValidationError) -> str:
    first = e.errors()[0]
    where = ".".join(str(x) for x in first["loc"]) or "message"
    return f"{where}: {first['msg']}"


def code_of(e: ValidationError) -> str:
    """The error's code: a string no database could store says so (``schemas.Strict``)."""
    return "bad_character" if e.errors()[0]["type"] == "bad_character" else "invalid_request"


class Junk(Exception):
    """A message the protocol does not understand: answered with its code, never a crash."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


async def receive_json(ws: WebSocket) -> dict[str, Any] | None:
    """The next message as a JSON object; None when the client went away. Anything else
    (a binary frame, text that is not JSON, JSON nested too deep, a list or a number, a
    message too large) raises :class:`Junk` with words for the client."""
    msg = await ws.receive()
    if msg["type"] == "websocket.disconnect":
        return None
    text = msg.get("text")
    if text is None:
        raise Junk("invalid_json", "binary frames are not understood: send JSON as text")
    # (uvicorn has read at most schemas.MAX_WS_FRAME_BYTES: counting its bytes is cheap)
    if len(text) > MAX_BODY_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_BODY_BYTES:
        raise Junk("too_large", f"a message holds at most {MAX_BODY_BYTES} bytes")
    if _depth(text) > MAX_JSON_DEPTH + 2:
        raise Junk("invalid_json", f"a message nests at most {MAX_JSON_DEPTH} levels deep")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise Junk("invalid_json", "a message must be a JSON object") from None
    if not isinstance(data, dict):
        raise Junk("invalid_json", "a message must be a JSON object, not a list or a value")
    return data


def _depth(text: str) -> int:
    """How deeply brackets nest in a text (strings included: an over-count only refuses)."""
    deepest = depth = 0
    for ch in text:
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        elif ch in "]}":
            depth -= 1
    return deepest


def same_origin(ws: WebSocket, allowed: tuple[str, ...]) -> str | None:
    """None if the browser page that opens this socket may (no Origin: not a browser, let
    through; its own host; an origin the operator listed), else the refused origin."""
    origin = ws.headers.get("origin")
    if origin is None:
        return None
    if origin.rstrip("/") in allowed:
        return None
    host = ws.headers.get("host", "")
    scheme = "https" if ws.url.scheme in ("wss", "https") else "http"
    if host and origin in (f"{scheme}://{host}", f"http://{host}", f"https://{host}"):
        return None
    return origin


async def refuse(ws: WebSocket, code: str, message: str, close_code: int) -> None:
    """Say why, then close with the reason (the close frame carries it too, cut to fit)."""
    with contextlib.suppress(Exception):
        await ws.send_json(error(code, message))
        # a close frame's reason holds at most 123 bytes of UTF-8
        reason = message.encode()[:120].decode(errors="ignore")
        await ws.close(code=close_code, reason=reason)


@router.websocket("/ws/tables/{table_id}")
async def table_socket(ws: WebSocket, table_id: str) -> None:
    m: TableManager = ws.app.state.manager
    caps: Caps = ws.app.state.caps
    settings = m.settings
    address = ws.client.host if ws.client else "?"
    await ws.accept()
    bad_origin = same_origin(ws, settings.allowed_origins)
    if bad_origin is not None:
        log.warning("websocket from %s refused: origin %.80r not allowed", address, bad_origin)
        await refuse(
            ws, "bad_origin", f"origin {bad_origin[:80]} may not open a table here", POLICY
        )
        return
    if not caps.socket_opened(address):
        log.warning("websocket from %s refused: %d open already", address, caps.sockets_per_address)
        await refuse(
            ws,
            "too_many_sockets",
            f"at most {caps.sockets_per_address} connections from one address",
            TRY_LATER,
        )
        return
    try:
        await serve_socket(ws, m, table_id, address)
    except Exception as e:  # one line, no traceback: a client's junk is not the server's bug
        log.warning(
            "websocket %s of table %.24s: %s: %.200s", address, table_id, type(e).__name__, e
        )
        await refuse(ws, "internal", "the server could not read that; connection closed", 1011)
    finally:
        caps.socket_closed(address)


async def serve_socket(ws: WebSocket, m: TableManager, table_id: str, address: str) -> None:
    settings = m.settings
    try:
        data = await asyncio.wait_for(receive_json(ws), HELLO_SECONDS)
        if data is None:
            return
        hello = WsHello.model_validate(data)
        char = unstorable(table_id)  # as the HTTP routes' paths (middleware.PlainUrl)
        if char is not None:
            raise ApiError(400, "bad_character", f"the path holds {char}, which no table's id does")
        table = await m.get(table_id)
        seat = await m.find_seat(table, hello.token)
    except (TimeoutError, WebSocketDisconnect):
        with contextlib.suppress(Exception):
            await ws.close()
        return
    except Junk as e:
        log.info("websocket %s of table %.24s: %s", address, table_id, e.message)
        await refuse(ws, e.code, "say hello first: " + e.message, POLICY)
        return
    except ValidationError as e:
        await refuse(ws, code_of(e), "say hello first: " + short(e), POLICY)
        return
    except ApiError as e:
        await refuse(ws, e.code, e.message, POLICY)
        return
    if seat is None and settings.max_spectators > 0:
        watching = sum(1 for c in table.connections if c.seat is None)
        if watching >= settings.max_spectators:
            await refuse(
                ws,
                "too_many_spectators",
                f"this table has {watching} spectators, its most; try again later",
                TRY_LATER,
            )
            return
    conn = Connection(ws, table, seat, pick_lang(hello.lang), settings.log_events)
    table.connections.add(conn)
    sender = asyncio.create_task(conn.sender())
    conn.notify()
    try:
        while not conn.closed:
            try:
                data = await receive_json(ws)
                if data is None:
                    break
                kind = data.get("type")
                if kind == "move":
                    mv = WsMove.model_validate(data)
                    res = await m.submit(table.id, hello.token, mv.action, mv.move)
                    conn.send({"type": "ack", **res})
                elif kind == "ping":
                    WsPing.model_validate(data)
                    conn.send({"type": "pong"})
                elif kind == "lang":
                    conn.lang = pick_lang(WsLang.model_validate(data).lang)
                    conn.log_sent = None
                    conn.notify()
                elif kind == "review":
                    await watch(ws.app, conn, table.id, WsReview.model_validate(data).seat)
                else:
                    conn.send(error("invalid_request", "type must be move, ping, lang or review"))
            except Junk as e:
                log.info("websocket %s of table %.24s: %s", address, table.id, e.message)
                conn.send(error(e.code, e.message))
            except ValidationError as e:
                conn.send(error(code_of(e), short(e)))
            except ApiError as e:
                conn.send(error(e.code, e.message))
    except WebSocketDisconnect:
        pass
    finally:
        table.connections.discard(conn)
        unwatch(ws.app, conn)
        conn.closed = True
        conn.outbox.put_nowait(None)
        with contextlib.suppress(BaseException):
            await asyncio.wait_for(sender, 1)
