"""The timers alone (server/timers.py), with a fake registry and commit: after a change (the
registry's event) a window or the clocks are armed; when their time is up, the passes or the
clocks' defaults are handed to the commit."""

from __future__ import annotations

import asyncio

from ludoteca.server.timers import Timers
from tests.server.react_game import PASS

from .fakes import FakeCommit, FakeRegistry, change, live_table


def parts() -> tuple[FakeRegistry, FakeCommit, Timers]:
    registry, commit = FakeRegistry(), FakeCommit()
    return registry, commit, Timers(registry, commit)  # type: ignore[arg-type]


def test_a_window_opens_after_the_change_and_its_time_up_passes_for_everyone() -> None:
    registry, commit, timers = parts()
    table = live_table("react-toy", window_seconds=0.05)
    assert table.state is not None
    table.state.apply(0, table.state.legal_actions(0)[0])  # seat 0 scores: a window opens

    async def scenario() -> None:
        timers.table_changed(table, change({0}))
        window = table.window
        assert window is not None and window.seats == (0, 1) and window.opened_at == 0
        await asyncio.gather(*registry.spawned)  # its closing time is stored
        assert registry.store.calls[0][0] == "save_clock"
        assert commit.commits == []  # not before its time
        await asyncio.sleep(0.3)

    asyncio.run(scenario())
    assert registry.store.calls[0][1][1]["window"] > 0
    ((batch, bys, events),) = commit.commits
    assert batch == [(0, PASS), (1, PASS)] and bys == ["window", "window"] and events


def test_passes_wait_unseen_until_every_seat_answered() -> None:
    registry, _, timers = parts()
    table = live_table("react-toy", window_seconds=30, window_close_early=True)
    assert table.state is not None
    table.state.apply(0, table.state.legal_actions(0)[0])

    async def scenario() -> None:
        timers.table_changed(table, change({0}))
        window = table.window
        assert window is not None
        assert timers.is_pass(table.state, 1, PASS)
        timers.hold_pass(table, window, 1)
        assert registry.notified == [(table.id, 1)]  # told to that seat only
        assert not timers.all_answered(table, window)
        timers.hold_pass(table, window, 0)
        assert timers.all_answered(table, window)
        timers.cancel(table)

    asyncio.run(scenario())


def test_clocks_play_the_default_of_every_seat_whose_time_ran_out() -> None:
    _, commit, timers = parts()
    table = live_table(clock_seconds=0.05)
    state = table.state
    assert state is not None

    async def scenario() -> None:
        timers.table_changed(table, change())
        assert set(table.clocks) == {0, 1} and table.clock_task is not None
        await asyncio.sleep(0.3)

    asyncio.run(scenario())
    (batch, bys, _), *_ = commit.commits
    assert bys == ["clock", "clock"] and [p for p, _ in batch] == [0, 1]
    fresh = live_table().state
    assert fresh is not None
    assert [a for _, a in batch] == [fresh.timeout_action(0), fresh.timeout_action(1)]


def test_a_game_that_does_not_go_on_has_no_window_and_no_clock() -> None:
    _, commit, timers = parts()
    table = live_table(clock_seconds=0.05)

    async def scenario() -> None:
        timers.table_changed(table, change())
        assert table.clocks
        timers.table_changed(table, change(live=False))
        assert table.clocks == {} and table.clock_task is None and table.window is None
        await asyncio.sleep(0.2)

    asyncio.run(scenario())
    assert commit.commits == []
