"""Open tables nobody sat down at for ``Settings.open_table_ttl`` seconds expire: deleted from
the database, dropped from memory (their clients told), and the other processes told."""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

from .db import now
from .registry import TableRegistry
from .replication import Replication

log = logging.getLogger("ludoteca.server")


class Expiry:
    """Takes the registry (the database, dropping a table) and replication (telling the other
    processes a table is gone)."""

    def __init__(self, registry: TableRegistry, replication: Replication) -> None:
        self.registry = registry
        self.replication = replication
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.registry.settings.open_table_ttl > 0:
            self._task = asyncio.create_task(self._expiry_loop())

    def cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _expiry_loop(self) -> None:
        ttl = self.registry.settings.open_table_ttl
        every = max(1.0, min(60.0, ttl / 4))
        while True:
            await asyncio.sleep(every)
            await self.expire()

    async def expire(self) -> None:
        """One round: the open tables past their time go."""
        r = self.registry
        ttl = r.settings.open_table_ttl
        try:
            gone = await r.write(r.store.expire_open, now() - timedelta(seconds=ttl))
        except Exception:
            log.exception("could not expire open tables")
            return
        for tid in gone:
            table = r.tables.get(tid)
            if table is not None:
                r.drop(table, "expired", "this open table expired")
            self.replication.gone(tid)
