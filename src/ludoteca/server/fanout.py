"""Several server processes over one database: Redis pub/sub tells each what the others changed.

Every process may accept a move for any table; the database's guarded move number decides
(``UPDATE ... WHERE move_count = expected``), so moves on one table stay serialized whoever
accepts them. After a change is stored, the process that made it publishes a short note
``{from, table, move, kind, clocks, window}`` on the channel ``<prefix>:tables``; every other
process that holds the table reads the new moves (or the whole table) from the database and
tells its own WebSocket clients. No view, token or hidden fact travels through Redis: only
table ids, move numbers and deadlines.

Publishing never waits on the move's path: notes go into a queue that one task sends in
pipelined batches. If Redis goes away the processes keep playing (each its own clients), and
the note is lost: a client of another process sees the move at its next reconnect or the next
move it makes (refused as ``stale_move`` with the new state).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("ludoteca.server")

Handler = Callable[[dict[str, Any]], Awaitable[None]]


class Fanout:
    def __init__(self, url: str, prefix: str, handler: Handler) -> None:
        import redis.asyncio as aioredis

        self.url = url
        self.prefix = prefix
        self.channel = f"{prefix}:tables"
        self.me = secrets.token_hex(8)  # this process, so that it ignores its own notes
        self.handler = handler
        self.redis: Any = aioredis.from_url(url, decode_responses=True)
        self.pubsub: Any = None
        self.queue: list[str] = []
        self.wake = asyncio.Event()
        self.tasks: list[asyncio.Task[None]] = []

    async def start(self) -> None:
        await self.redis.ping()  # a wrong URL fails the start, loudly
        self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self.pubsub.subscribe(self.channel)
        self.tasks = [
            asyncio.create_task(self._listen()),
            asyncio.create_task(self._publish_loop()),
        ]

    async def stop(self) -> None:
        for t in self.tasks:
            t.cancel()
        for t in self.tasks:
            with contextlib.suppress(BaseException):
                await t
        if self.queue:
            with contextlib.suppress(Exception):
                await self._flush()
        with contextlib.suppress(Exception):
            if self.pubsub is not None:
                await self.pubsub.aclose()
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    # -- telling ---------------------------------------------------------------------------
    def publish(self, note: dict[str, Any]) -> None:
        """Queue a note for the other processes (never waits)."""
        self.queue.append(json.dumps({"from": self.me, **note}, separators=(",", ":")))
        self.wake.set()

    async def _flush(self) -> None:
        notes, self.queue = self.queue, []
        async with self.redis.pipeline(transaction=False) as pipe:
            for n in notes:
                pipe.publish(self.channel, n)
            await pipe.execute()

    async def _publish_loop(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            try:
                await self._flush()
            except Exception as e:  # Redis away: the notes are lost, play goes on
                log.warning("redis: could not publish table notes: %r", e)
                await asyncio.sleep(1)

    # -- hearing ---------------------------------------------------------------------------
    async def _listen(self) -> None:
        while True:
            try:
                async for msg in self.pubsub.listen():
                    if msg.get("type") != "message":
                        continue
                    try:
                        note = json.loads(msg["data"])
                    except (TypeError, ValueError):
                        continue
                    if not isinstance(note, dict) or note.get("from") == self.me:
                        continue
                    try:
                        await self.handler(note)
                    except Exception:
                        log.exception("redis: a table note could not be followed")
            except asyncio.CancelledError:
                raise
            except Exception as e:
                log.warning("redis: subscription lost (%r); trying again", e)
                await asyncio.sleep(1)
                with contextlib.suppress(Exception):
                    await self.pubsub.subscribe(self.channel)

    # -- who runs a table's timers after a start --------------------------------------------
    async def claim(self, key: str, seconds: int) -> bool:
        """True for exactly one process asking for ``key`` within ``seconds``."""
        try:
            return bool(await self.redis.set(f"{self.prefix}:{key}", self.me, nx=True, ex=seconds))
        except Exception:
            return True  # no Redis: act (the database's guard still keeps one move per number)
