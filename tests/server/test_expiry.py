"""Expiry alone (server/expiry.py), with a fake registry and replication: the open tables the
database expired are dropped here (their clients told) and the other processes hear of it."""

from __future__ import annotations

import asyncio

from ludoteca.server.expiry import Expiry

from .fakes import FakeRegistry, FakeReplication, live_table


def test_expired_open_tables_are_dropped_and_told_to_other_processes() -> None:
    registry, rep = FakeRegistry(open_table_ttl=60), FakeReplication()
    expiry = Expiry(registry, rep)  # type: ignore[arg-type]
    held = live_table(status="open")
    registry.tables[held.id] = held
    registry.store.expired = [held.id, "elsewhere"]
    asyncio.run(expiry.expire())
    assert registry.store.calls[0][0] == "expire_open"
    assert registry.dropped == [(held.id, "expired")]
    assert rep.calls == [("gone", held.id), ("gone", "elsewhere")]


def test_no_time_to_live_no_expiry() -> None:
    registry, rep = FakeRegistry(open_table_ttl=0), FakeReplication()
    expiry = Expiry(registry, rep)  # type: ignore[arg-type]

    async def scenario() -> None:
        expiry.start()
        assert expiry._task is None
        registry.settings.open_table_ttl = 0.01
        expiry.start()
        assert expiry._task is not None
        expiry.cancel()

    asyncio.run(scenario())
