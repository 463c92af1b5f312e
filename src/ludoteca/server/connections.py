"""One WebSocket client of a table: a seat (or a spectator), a language, a queue of messages.

Messages to a client go out through one sender task, so a slow client never holds a table up:
state updates are coalesced (the client gets the newest state and every event since the last
one it got), and a client that stops reading is dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket

from .payloads import dumps, payload_text, summary_text

if TYPE_CHECKING:
    from .live import LiveTable

STATE = object()  # "send the newest state" marker in the outbox
OUTBOX_LIMIT = 64


class Connection:
    def __init__(self, ws: WebSocket, table: LiveTable, seat: int | None, lang: str, log_last: int):
        self.ws = ws
        self.table = table
        self.seat = seat
        self.lang = lang
        self.log_last = log_last
        self.log_sent: int | None = None  # how much of table.log this client has been given
        self.summary_sent: str | None = None  # the table's summary as this client last got it
        self.outbox: asyncio.Queue[Any] = asyncio.Queue()
        self.state_pending = False
        self.closed = False
        # the game review this client follows (review_api.watch): table id, seat, version
        self.review: tuple[str, int, str] | None = None

    def notify(self) -> None:
        if not self.state_pending and not self.closed:
            self.state_pending = True
            self.outbox.put_nowait(STATE)

    def close_soon(self) -> None:
        """Close once what is queued has been sent."""
        self.outbox.put_nowait(None)

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        if self.outbox.qsize() > OUTBOX_LIMIT:
            self.closed = True  # the sender loop ends; the socket is closed
            self.outbox.put_nowait(None)
            return
        self.outbox.put_nowait(message)

    async def sender(self) -> None:
        try:
            while True:
                item = await self.outbox.get()
                if item is None or self.closed:
                    break
                if item is STATE:
                    self.state_pending = False
                    async with self.table.lock:
                        summary = summary_text(self.table, self.lang)
                        text = payload_text(
                            self.table,
                            self.seat,
                            self.lang,
                            self.log_sent,
                            self.log_last,
                            None if summary == self.summary_sent else summary,
                        )
                        self.log_sent = len(self.table.log)
                        self.summary_sent = summary
                    await self.ws.send_text(text)
                else:
                    await self.ws.send_text(dumps(item))
        except Exception:
            pass
        finally:
            self.closed = True
            with contextlib.suppress(Exception):
                await self.ws.close()
