"""Replication alone (server/replication.py), with a fake registry, timers, AI seats and Redis
fan-out: a change is announced (ids, move numbers, deadlines only); a note heard makes this
process catch up from the database, or only mark the table stale when nobody watches it here."""

from __future__ import annotations

import asyncio
from typing import Any

from ludoteca.server.live import LiveTable
from ludoteca.server.replication import Replication

from .fakes import FakeAi, FakeRegistry, FakeTimers, change, live_table, stored


class FakeFanout:
    def __init__(self) -> None:
        self.notes: list[dict[str, Any]] = []

    def publish(self, note: dict[str, Any]) -> None:
        self.notes.append(note)


def parts() -> tuple[FakeRegistry, FakeTimers, FakeAi, Replication]:
    registry, timers, ai = FakeRegistry(), FakeTimers(), FakeAi()
    return registry, timers, ai, Replication(registry, timers, ai)  # type: ignore[arg-type]


def test_a_change_is_announced_with_its_deadlines_unless_it_was_heard() -> None:
    _, _, _, rep = parts()
    table = live_table()
    asyncio.run(rep.start())  # no Redis configured: one process, nothing to tell
    assert rep.fanout is None and asyncio.run(rep.claim("resume:t1:0", 60)) is True
    rep.table_changed(table, change())  # (nothing to tell, and no error)
    fan = rep.fanout = FakeFanout()  # type: ignore[assignment]
    rep.table_changed(table, change(announce=False))
    assert fan.notes == []
    rep.table_changed(table, change())
    assert fan.notes == [{"table": "t1", "move": 0, "clock": {"move": 0, "at": {"0": 123.0}}}]
    rep.gone("t2")
    assert fan.notes[-1] == {"table": "t2", "gone": True}


def follow(rep: Replication, note: dict[str, Any]) -> None:
    async def run() -> None:
        await rep._heard(note)
        await asyncio.gather(*list(rep._followers.values()))

    asyncio.run(run())


def test_a_table_nobody_watches_here_is_only_marked_stale() -> None:
    registry, timers, ai, rep = parts()
    table = live_table()
    registry.tables[table.id] = table
    follow(rep, {"table": table.id, "move": 1})
    assert table.stale and ("cancel", table.id) in timers.calls and ai.calls == [("cancel", "t1")]
    assert registry.store.calls == []  # nothing read until someone asks for it


def test_a_watched_table_catches_up_with_the_new_moves() -> None:
    registry, _, _, rep = parts()
    table = live_table()
    table.connections.add(object())  # type: ignore[arg-type]  # someone watches it here
    registry.tables[table.id] = table
    assert table.state is not None
    card = table.state.legal_actions(0)[0].to_json()
    registry.store.tables[table.id] = stored(moves=[(0, card)])
    follow(rep, {"table": table.id, "move": 1, "clock": {"move": 1, "at": {"1": 5.0}}})
    assert table.move_count == 1 and 0 not in table.state.actors
    assert table.follower and not table.stale  # the other process's timers act first
    assert table.stored_clock == {"move": 1, "at": {"1": 5.0}}  # its deadlines, taken up
    assert registry.changes == [(table.id, None, False)]  # not announced back


def test_a_table_gone_elsewhere_is_dropped_here() -> None:
    registry, _, _, rep = parts()
    table: LiveTable = live_table(status="open")
    registry.tables[table.id] = table
    follow(rep, {"table": table.id, "gone": True})
    assert registry.dropped == [(table.id, "expired")]
    # and one deleted from the database while held is dropped when caught up with
    other = live_table()
    registry.tables[other.id] = other
    asyncio.run(rep.refresh(other))
    assert registry.dropped[-1] == (other.id, "not_found")
