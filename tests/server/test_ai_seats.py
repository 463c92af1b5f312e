"""The AI seats alone (server/ai_seats.py), with fake moves and a fake worker pool: after a
change (the registry's event) every AI seat owing a decision is asked once, and its answer goes
through the moves like a person's; an agent that fails or runs over plays the seat's default."""

from __future__ import annotations

import asyncio
import os

import pytest

from ludoteca.engine import get_game
from ludoteca.server import Settings
from ludoteca.server.ai_pool import AiPool, MoveTimeout
from ludoteca.server.ai_seats import AiSeats
from ludoteca.server.errors import ApiError
from ludoteca.server.live import LiveTable

from . import worker_probe
from .fakes import FakeMoves, FakePool, change, live_table, settings


def parts(**kw: object) -> tuple[FakeMoves, FakePool, AiSeats]:
    moves, pool = FakeMoves(), FakePool()
    return moves, pool, AiSeats(settings(**kw), moves, pool)  # type: ignore[arg-type]


def ai_table() -> LiveTable:
    table = live_table(kinds=("ai", "ai"))
    table.agents = {0: "easy", 1: "random"}
    return table


def test_every_ai_seat_owing_a_decision_answers_through_the_moves() -> None:
    moves, pool, ai = parts()
    table = ai_table()
    assert table.state is not None

    async def scenario() -> None:
        ai.table_changed(table, change())
        ai.table_changed(table, change())  # once per move, however often woken
        await asyncio.gather(*(t for _, t in list(table.ai_tasks.values())))

    asyncio.run(scenario())
    assert sorted(pool.asked) == [(table.id, 0, "easy"), (table.id, 1, "random")]
    first = {p: table.state.legal_actions(p)[0].to_json() for p in (0, 1)}
    assert sorted(moves.played, key=lambda m: m[0]) == [
        (0, first[0], 0, "ai"),
        (1, first[1], 0, "ai"),
    ]
    assert table.ai_tasks == {}


@pytest.mark.parametrize("fail", [MoveTimeout(), RuntimeError("agent broke")])
def test_an_agent_that_fails_plays_the_seats_default(fail: Exception) -> None:
    moves, pool, ai = parts()
    pool.fail = fail
    table = ai_table()
    assert table.state is not None

    async def scenario() -> None:
        ai.wake(table)
        await asyncio.gather(*(t for _, t in list(table.ai_tasks.values())))

    asyncio.run(scenario())
    defaults = {p: table.state.timeout_action(p).to_json() for p in (0, 1)}
    assert {(m[0], str(m[1])) for m in moves.played} == {(p, str(a)) for p, a in defaults.items()}


def test_a_game_that_does_not_go_on_wakes_nobody() -> None:
    moves, pool, ai = parts()
    table = ai_table()

    async def scenario() -> None:
        ai.table_changed(table, change(live=False))
        await asyncio.sleep(0.01)

    asyncio.run(scenario())
    assert table.ai_tasks == {} and pool.asked == [] and moves.played == []


def test_specs_are_checked_and_a_leaving_person_is_taken_over() -> None:
    _, _, ai = parts()
    game = get_game("nine-domains")
    assert ai.accept_spec("easy", game) == "easy"
    with pytest.raises(ApiError) as e:
        ai.accept_spec("ismcts:seconds=nan", game)
    assert e.value.code == "agent_refused"
    table = live_table("nine-domains")
    seat = table.seats[1]
    ai.take_over(table, seat)
    assert seat.kind == "ai" and table.agents[1] == seat.agent == "heuristic"


def test_the_pool_starts_and_stops_with_the_seats() -> None:
    _, pool, ai = parts()
    assert Settings().ai_workers_at_start  # a site's server starts its workers at once
    ai.start()
    ai.stop()
    assert pool.started and pool.stopped


def test_seats_told_to_start_no_workers_leave_them_to_the_first_job() -> None:
    _, pool, ai = parts(ai_workers_at_start=False)
    ai.start()
    assert not pool.started
    ai.stop()
    assert pool.stopped


def test_a_pool_not_started_starts_its_workers_at_its_first_job() -> None:
    pool = AiPool(1, (), 0)
    try:
        assert pool.worker_pids() == []
        pid = asyncio.run(pool.run(os.getpid))
        # the job ran in a worker the pool started for it, warmed as start() warms them
        assert pid != os.getpid() and pool.worker_pids() == [pid]
        assert pool._warming is not None and not pool._warming.is_alive()
        # nor did the warm-up load the server into it (its job was a function of
        # ludoteca.server: every worker imported FastAPI, SQLAlchemy... 10 s and more of its start)
        assert asyncio.run(pool.run(worker_probe.loaded, "ludoteca.agents.remote"))
        assert not asyncio.run(pool.run(worker_probe.loaded, "ludoteca.server"))
    finally:
        pool.stop()
