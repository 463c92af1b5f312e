"""Live play over WebSocket: ``/ws/tables/{id}``.

The client's first message is ``{"type": "hello", "token": ..., "lang": ...}`` (no token: a
spectator). The server then sends ``{"type": "state", ...}`` after every change (the seat's
view, its legal moves with labels, the events it may see since the last message), and answers
``{"type": "move", "move": N, "action": {...}}`` with ``ack`` or ``error``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from .connections import Connection
from .errors import ApiError
from .payloads import pick_lang
from .schemas import MAX_BODY_BYTES, WsHello, WsLang, WsMove, WsPing
from .tables import TableManager

router = APIRouter()

HELLO_SECONDS = 10


def error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "error": {"code": code, "message": message}}


def short(e: ValidationError) -> str:
    first = e.errors()[0]
    where = ".".join(str(x) for x in first["loc"]) or "message"
    return f"{where}: {first['msg']}"


@router.websocket("/ws/tables/{table_id}")
async def table_socket(ws: WebSocket, table_id: str) -> None:
    await ws.accept()
    m: TableManager = ws.app.state.manager
    try:
        text = await asyncio.wait_for(ws.receive_text(), HELLO_SECONDS)
        if len(text) > MAX_BODY_BYTES:
            raise ApiError(413, "too_large", "message too large")
        hello = WsHello.model_validate_json(text)
        table = await m.get(table_id)
        seat = await m.find_seat(table, hello.token)
    except (TimeoutError, WebSocketDisconnect):
        with contextlib.suppress(Exception):
            await ws.close()
        return
    except ValidationError as e:
        await ws.send_json(error("invalid_request", "say hello first: " + short(e)))
        await ws.close(code=1008)
        return
    except ApiError as e:
        await ws.send_json(error(e.code, e.message))
        await ws.close(code=1008)
        return
    conn = Connection(ws, table, seat, pick_lang(hello.lang), m.settings.log_events)
    table.connections.add(conn)
    sender = asyncio.create_task(conn.sender())
    conn.notify()
    try:
        while not conn.closed:
            text = await ws.receive_text()
            if len(text) > MAX_BODY_BYTES:
                conn.send(error("too_large", f"a message holds at most {MAX_BODY_BYTES} bytes"))
                continue
            try:
                data = json.loads(text)
                kind = data.get("type") if isinstance(data, dict) else None
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
                else:
                    conn.send(error("invalid_request", "type must be move, ping or lang"))
            except json.JSONDecodeError:
                conn.send(error("invalid_json", "a message must be a JSON object"))
            except ValidationError as e:
                conn.send(error("invalid_request", short(e)))
            except ApiError as e:
                conn.send(error(e.code, e.message))
    except WebSocketDisconnect:
        pass
    finally:
        table.connections.discard(conn)
        conn.closed = True
        conn.outbox.put_nowait(None)
        with contextlib.suppress(BaseException):
            await asyncio.wait_for(sender, 1)
