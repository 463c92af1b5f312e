"""The commit alone (server/commit.py ``Commit``), with a fake registry and group commit: what
the engine applied is stored, then the registry's ``changed`` event; what the database refuses
is undone by rebuilding the table from its record."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from ludoteca.engine import Action, Event
from ludoteca.server.commit import Commit
from ludoteca.server.db import Conflict
from ludoteca.server.errors import ApiError
from ludoteca.server.live import LiveTable

from .fakes import FakeGroupCommit, FakeRegistry, live_table, play_until, stored


def parts() -> tuple[FakeRegistry, FakeGroupCommit, Commit]:
    registry, group = FakeRegistry(), FakeGroupCommit()
    commit = Commit(registry, group)  # type: ignore[arg-type]
    return registry, group, commit


def picks() -> tuple[LiveTable, list[tuple[int, Action]], list[Event]]:
    """A toy table where both seats picked a card (applied, not stored yet)."""
    table = live_table()
    state = table.state
    assert state is not None
    batch = [(p, state.legal_actions(p)[0]) for p in (0, 1)]
    events: list[Event] = []
    for p, a in batch:
        events += state.apply(p, a)
    return table, batch, events


def test_a_stored_batch_moves_the_table_on_then_is_told() -> None:
    registry, group, commit = parts()
    table, batch, events = picks()
    table.follower = True  # another process made the last change...
    asyncio.run(commit.commit(table, batch, ["player", "ai"], events))
    (done,) = group.batches
    assert done.table_id == table.id and done.first == 0
    assert [(p, by) for p, _, by in done.moves] == [(0, "player"), (1, "ai")]
    assert done.moves[0][1] == batch[0][1].to_json()
    assert done.status == "running" and done.result is None
    assert table.move_count == 2 and [n for n, _ in table.log] == [2] * len(events)
    assert table.follower is False  # ...this one made this one: its timers act first
    assert registry.changes == [(table.id, {0, 1}, True)]


def test_the_last_move_stores_the_result_and_finishes_the_table() -> None:
    _, group, commit = parts()
    table = live_table()
    play_until(table, lambda t: t.state is not None and t.state.is_over)
    asyncio.run(commit.commit(table, [], [], []))
    assert group.batches[0].status == "finished" and group.batches[0].result is not None
    assert table.status == "finished" and table.result == group.batches[0].result


@pytest.mark.parametrize(
    ("fail", "status", "code"),
    [(Conflict("moved on"), 409, "stale_move"), (OSError("disk"), 503, "storage")],
)
def test_a_refused_batch_rebuilds_the_table_from_its_record(
    fail: Exception, status: int, code: str
) -> None:
    registry, group, commit = parts()
    table, batch, events = picks()
    registry.store.tables[table.id] = stored()  # the record: no move stored
    group.fail = fail
    with pytest.raises(ApiError) as e:
        asyncio.run(commit.commit(table, batch, ["player", "player"], events))
    assert (e.value.status, e.value.code) == (status, code)
    fresh = live_table().state
    assert fresh is not None and table.state is not None
    # memory is what the database holds again (the picks are gone), told to nobody else
    assert table.move_count == 0 and table.state.to_json() == fresh.to_json()
    assert registry.changes == [(table.id, None, False)]


def test_broken_undoes_what_the_server_did_and_says_so() -> None:
    registry, _, commit = parts()
    table, _, _ = picks()
    registry.store.tables[table.id] = stored()
    with pytest.raises(ApiError) as e:
        asyncio.run(commit.broken(table, "closing a reaction window"))
    assert e.value.status == 500 and "closing a reaction window" in e.value.message
    fresh: Any = live_table().state
    assert table.state is not None and table.state.to_json() == fresh.to_json()
    assert registry.changes == [(table.id, None, False)]
