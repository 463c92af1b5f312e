"""Group commit: the moves of several tables that arrive while one transaction is on disk share
the next transaction, and each move is acknowledged only once its own transaction committed."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable

from .db import MoveBatch

# stores a list of batches in one transaction: per batch, None (stored) or its error
Append = Callable[[list[MoveBatch]], Awaitable[list[Exception | None]]]


class GroupCommit:
    def __init__(self, append: Append) -> None:
        self._append = append
        self._queue: list[tuple[MoveBatch, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def store(self, batch: MoveBatch) -> None:
        """Store one table's moves; waits for the group transaction that carries them (and
        raises what the database said about them: a ``Conflict`` or the failure)."""
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.append((batch, fut))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_loop())
        await fut

    async def drain(self) -> None:
        """Wait for the transaction on its way (when the server stops)."""
        if self._writer is not None:
            with contextlib.suppress(Exception):
                await self._writer

    async def _write_loop(self) -> None:
        # while one transaction is on disk, the next moves gather for the following one
        while self._queue:
            items, self._queue = self._queue, []
            try:
                outcomes = await self._append([b for b, _ in items])
            except Exception as e:  # the transaction failed: none of its moves is stored
                outcomes = [e] * len(items)
            for (_, fut), err in zip(items, outcomes, strict=True):
                if fut.done():
                    continue
                if err is None:
                    fut.set_result(None)
                else:
                    fut.set_exception(err)
