"""Storing what the engine applied: a change is told only once the database holds it.

- :class:`GroupCommit`: the moves of several tables that arrive while one transaction is on
  disk share the next transaction, and each move is acknowledged only once its own transaction
  committed;
- :class:`Commit`: the moves a seat, a window or a clock made at one table, stored through the
  group commit, then the registry's ``changed`` event (timers, AI seats, clients, other
  processes follow it). If the database refuses, the table is rebuilt from the database, so
  memory never runs ahead of what is stored.

Moves (a seat's answer) and timers (a window closing, a clock running out) both end here; the
commit calls neither of them back: what follows a change goes through the registry's event.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from sqlalchemy import Connection

from ..engine import Action, Event
from .db import Conflict, MoveBatch
from .errors import ApiError
from .live import LiveTable
from .records import adopt, rebuild
from .registry import TableRegistry

log = logging.getLogger("ludoteca.server")

# stores a list of batches in one transaction: per batch, None (stored) or its error
Append = Callable[[list[MoveBatch]], Awaitable[list[Exception | None]]]
# more writes for a table's moves, in their transaction (a turn-based table's timers)
Also = Callable[[LiveTable, set[int], int], Callable[[Connection], None] | None]


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


class Commit:
    """Takes the registry (the database, the ``changed`` event) and the group commit."""

    def __init__(self, registry: TableRegistry, commits: GroupCommit) -> None:
        self.registry = registry
        self.commits = commits
        # set by the table manager: the turn-based timers, written with the moves
        self.also: Also | None = None

    async def commit(
        self,
        table: LiveTable,
        batch: list[tuple[int, Action]],
        bys: list[str],
        events: list[Event],
    ) -> None:
        """Store what the engine has applied, then move the table on and tell everyone."""
        state = table.state
        assert state is not None
        first = table.move_count
        over = state.is_over
        result = state.result().to_json() if over else None
        rows = [(p, a.to_json(), by) for (p, a), by in zip(batch, bys, strict=True)]
        also = (
            None
            if self.also is None
            else self.also(table, {p for p, _ in batch}, first + len(batch))
        )
        try:
            await self.commits.store(
                MoveBatch(table.id, first, rows, "finished" if over else "running", result, also)
            )
        except BaseException as e:
            # memory ran ahead of the database: rebuild the table from what is stored
            if isinstance(e, Conflict):  # another process moved first (or a double submission)
                log.info("move not stored on table %s: %r", table.id, e)
            else:
                log.error("move not stored on table %s: %r", table.id, e)
            await self.reload(table)
            if isinstance(e, Conflict):
                raise ApiError(409, "stale_move", "the table moved on; refresh") from None
            raise ApiError(503, "storage", "the move could not be stored; try again") from None
        table.move_count = first + len(batch)
        table.log.extend((table.move_count, e) for e in events)
        if over:
            table.status = "finished"
            table.result = result
        table.follower = False  # this process made the change: its timers act first
        self.registry.changed(table, moved={p for p, _ in batch})

    async def broken(self, table: LiveTable, doing: str) -> None:
        """The game refused what the server did for a seat: undo it all by rebuilding the table
        from the database (nothing of it was stored), and say so."""
        log.exception("table %s: the game failed while %s", table.id, doing)
        await self.reload(table)
        raise ApiError(500, "internal", f"the server failed while {doing}; nothing was changed")

    async def reload(self, table: LiveTable) -> None:
        """Forget what memory holds of the table beyond the database: rebuild it from there."""
        r = self.registry
        st = await r.db(r.store.load, table.id)
        if st is None:
            return
        adopt(table, rebuild(st))
        r.changed(table, moved=None, announce=False)
