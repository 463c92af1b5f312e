"""Seating alone (server/seating.py), on a real registry (SQLite) with fake AI seats and
replication: a table is made and stored, seats are taken with tokens, the last seat deals, and
a person leaving a running game is taken over by an AI seat."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from ludoteca.server.errors import ApiError
from ludoteca.server.registry import Change
from ludoteca.server.schemas import CreateTable, JoinTable, SeatSpec
from ludoteca.server.seating import Seating

from .fakes import FakeAi, FakeReplication
from .test_registry import registry


def parts(tmp_path: Path) -> tuple[Seating, FakeAi, FakeReplication, list[Change]]:
    r = registry(tmp_path)
    heard: list[Change] = []
    r.on_change(lambda _t, c: heard.append(c))
    ai, rep = FakeAi(), FakeReplication()
    seating = Seating(r, ai, rep, random.Random(3))  # type: ignore[arg-type]
    return seating, ai, rep, heard


def test_a_table_is_made_seated_and_dealt(tmp_path: Path) -> None:
    seating, _, rep, heard = parts(tmp_path)
    r = seating.registry

    async def scenario() -> None:
        req = CreateTable(game="toy", num_players=2, join=JoinTable(name="Ana"))
        table, joined = await seating.create(req)
        assert joined is not None and joined[0] == 0
        assert table.status == "open" and r.tables[table.id] is table
        assert rep.calls == [("announce", table.id)] and heard == []
        assert seating.seat_for(table, joined[1]) == 0
        with pytest.raises(ApiError):
            seating.seat_for(table, "not-a-token")
        assert await seating.find_seat(table, None) is None
        again, seat, token = await seating.join(table.id, JoinTable(name="Bia"))
        assert again is table and seat == 1 and seating.seat_for(table, token) == 1
        # every seat taken: dealt, running, and the change told (not announced by seating)
        assert table.status == "running" and table.state is not None
        assert heard == [Change(None, live=True, announce=True)]
        row = r.store.load(table.id)
        assert row is not None and row.row.status == "running"
        assert [s.name for s in row.seats] == ["Ana", "Bia"]
        with pytest.raises(ApiError) as e:
            await seating.join(table.id, JoinTable(name="Cid"))
        assert e.value.code == "not_open"

    asyncio.run(scenario())


def test_the_seed_comes_from_the_source_it_was_given(tmp_path: Path) -> None:
    seating, _, _, _ = parts(tmp_path)
    table, _ = asyncio.run(seating.create(CreateTable(game="toy", num_players=2)))
    assert table.seed == random.Random(3).randrange(2**31)


def test_ai_seats_are_checked_and_take_over_from_a_person_who_leaves(tmp_path: Path) -> None:
    seating, ai, _, heard = parts(tmp_path)

    async def scenario() -> None:
        seats = [SeatSpec(kind="human"), SeatSpec(kind="ai", agent="easy")]
        req = CreateTable(game="toy", num_players=2, seats=seats, join=JoinTable(name="Ana"))
        table, joined = await seating.create(req)
        assert joined is not None
        assert ("accept_spec", "easy") in ai.calls
        assert table.status == "running" and table.agents == {1: "easy"}
        await seating.leave(table.id, joined[1])
        assert ("take_over", 0) in ai.calls and table.seats[0].kind == "ai"
        assert len(heard) == 2  # dealt, then the seat changed hands
        stored = seating.registry.store.load(table.id)
        assert stored is not None and stored.seats[0].kind == "ai"

    asyncio.run(scenario())


def test_a_bad_table_is_refused_and_nothing_is_stored(tmp_path: Path) -> None:
    seating, _, rep, _ = parts(tmp_path)
    with pytest.raises(ApiError) as e:
        asyncio.run(seating.create(CreateTable(game="toy", num_players=5)))
    assert e.value.code == "invalid_options"
    assert seating.registry.tables == {} and rep.calls == []
