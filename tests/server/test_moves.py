"""The moves alone (server/moves.py), with fake timers and commit: a seat's answer is checked,
applied by the engine and handed to the commit; a pass in a window waits with the timers."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from ludoteca.server.errors import ApiError
from ludoteca.server.live import LiveTable, Window
from ludoteca.server.moves import Moves
from tests.server.react_game import PASS, SCORE

from .fakes import FakeCommit, FakeTimers, live_table


def play(
    moves: Moves, table: LiveTable, seat: int, action: Any, expected: int | None = None
) -> Any:
    return asyncio.run(moves.play(table, seat, action, expected, "player"))


def refused(
    moves: Moves, table: LiveTable, seat: int, action: Any, expected: int | None = None
) -> str:
    with pytest.raises(ApiError) as e:
        play(moves, table, seat, action, expected)
    return e.value.code


def test_a_legal_answer_is_applied_then_committed() -> None:
    commit = FakeCommit()
    moves = Moves(FakeTimers(), commit)  # type: ignore[arg-type]
    table = live_table()
    assert table.state is not None
    pick = table.state.legal_actions(1)[0]
    assert play(moves, table, 1, pick.to_json(), 0) == {"accepted": True, "move": 1}
    ((batch, bys, events),) = commit.commits
    assert batch == [(1, pick)] and bys == ["player"] and events
    assert 1 not in table.state.actors  # applied


def test_what_cannot_be_played_changes_nothing() -> None:
    commit = FakeCommit()
    moves = Moves(FakeTimers(), commit)  # type: ignore[arg-type]
    table = live_table()
    assert table.state is not None
    pick = table.state.legal_actions(0)[0].to_json()
    before = table.state.to_json()
    assert refused(moves, table, 0, pick, expected=5) == "stale_move"
    assert refused(moves, table, 0, {"type": "nonsense"}) == "invalid_action"
    held = {a.to_json()["card"] for a in table.state.legal_actions(0)}
    other = next(c for c in range(1, 10) if c not in held)  # a card seat 0 does not hold
    assert refused(moves, table, 0, {"type": "pick", "card": other}) == "illegal_action"
    open_ = live_table(status="open")
    assert refused(moves, open_, 0, pick) == "not_started"
    assert table.state.to_json() == before and commit.commits == []
    react = live_table("react-toy")
    assert refused(moves, react, 1, SCORE.to_json()) == "not_your_turn"


def window_table() -> LiveTable:
    table = live_table("react-toy")
    assert table.state is not None
    table.state.apply(0, SCORE)  # every seat may answer now
    table.window = Window(opened_at=0, deadline=0.0, seats=(0, 1))
    return table


def test_a_pass_in_a_window_waits_unseen_with_the_timers() -> None:
    timers, commit = FakeTimers(is_pass=True), FakeCommit()
    moves = Moves(timers, commit)  # type: ignore[arg-type]
    table = window_table()
    out = play(moves, table, 1, PASS.to_json())
    assert out == {"accepted": True, "move": 0, "pending": True}
    assert timers.calls == [("hold_pass", 1)] and commit.commits == []
    assert refused(moves, table, 1, PASS.to_json()) == "already_answered"
    # the last answer owed closes the window at once
    timers.answered = True
    assert "pending" not in play(moves, table, 0, PASS.to_json())
    assert timers.calls[-2:] == [("hold_pass", 0), ("close", 0)]


def test_any_other_answer_closes_the_window_with_it() -> None:
    timers, commit = FakeTimers(is_pass=False), FakeCommit()
    moves = Moves(timers, commit)  # type: ignore[arg-type]
    table = window_table()
    assert table.state is not None
    answer = table.state.legal_actions(1)[0]
    play(moves, table, 1, answer.to_json())
    assert timers.calls == [("close_window_now", 1)]
    assert commit.commits[0][0][0] == (1, answer)
