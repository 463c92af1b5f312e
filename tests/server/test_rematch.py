"""Play again: POST /api/tables/{id}/rematch (server/rematch.py)."""

from __future__ import annotations

import asyncio

import pytest
from fastapi.testclient import TestClient

from ludoteca.server.errors import ApiError
from ludoteca.server.live import LiveTable
from ludoteca.server.rematch import Rematches
from ludoteca.server.schemas import CreateTable, JoinTable

from .fakes import FakeRegistry, live_table
from .helpers import auth, create, join, play_out


def test_a_rematch_keeps_seats_and_settings_and_is_made_once(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "ai", "agent": "easy"}]
    tid = create(client, "nine-domains", seats, window_seconds=2.5, options={"vp_tie": "domains"})
    seat, token = join(client, tid, "Ana")
    # not before the game is over, and nothing is made
    early = client.post(f"/api/tables/{tid}/rematch", headers=auth(token))
    assert early.status_code == 409 and early.json()["error"]["code"] == "not_finished"
    play_out(client, tid, {seat: token})
    r = client.post(f"/api/tables/{tid}/rematch", headers=auth(token))
    assert r.status_code == 201, r.text
    new = r.json()
    assert new["id"] != tid and new["game"] == "nine-domains"
    assert new["joined"]["seat"] == seat
    assert [(s["kind"], s["agent"], s["name"]) for s in new["seats"]] == [
        ("human", None, "Ana"),
        ("ai", "easy", None),
    ]
    assert new["settings"]["window_seconds"] == 2.5
    assert new["options"]["vp_tie"] == "domains"
    # the new seat's token acts at the new table, not at the old one
    mine = client.get(f"/api/tables/{new['id']}/state", headers=auth(new["joined"]["token"]))
    assert mine.json()["seat"] == seat
    # asked again (a spectator, the other player): the same new table, no second one
    again = client.post(f"/api/tables/{tid}/rematch")
    assert again.json()["id"] == new["id"] and "joined" not in again.json()


class FakeSeating:
    """Seating as the rematch sees it: the caller's seat, new tables and joins, recorded."""

    def __init__(self, registry: FakeRegistry, seat: int | None) -> None:
        self.registry, self.seat = registry, seat
        self.created: list[CreateTable] = []
        self.joined: list[tuple[str, JoinTable]] = []

    async def find_seat(self, table: LiveTable, token: str | None) -> int | None:
        return self.seat

    async def create(self, req: CreateTable) -> tuple[LiveTable, tuple[int, str] | None]:
        self.created.append(req)
        table = live_table(status="open")
        table.id = f"new{len(self.created)}"
        self.registry.tables[table.id] = table
        return table, None if req.join is None else (req.join.seat or 0, "tok")

    async def join(self, table_id: str, req: JoinTable) -> tuple[LiveTable, int, str]:
        self.joined.append((table_id, req))
        return self.registry.tables[table_id], req.seat or 0, "tok2"


def test_the_rematch_part_alone_makes_one_table_per_finished_one() -> None:
    registry = FakeRegistry()
    old = live_table(kinds=("human", "ai"), status="finished", window_seconds=2.5, junk=1)
    old.seats[0].name = "Ana"
    registry.tables[old.id] = old
    seating = FakeSeating(registry, seat=0)
    part = Rematches(registry, seating)  # type: ignore[arg-type]
    spent: list[int] = []
    table, joined = asyncio.run(part.rematch(old.id, "t", spent.append))
    (req,) = seating.created
    assert [(s.kind, s.agent) for s in req.seats or []] == [("human", None), ("ai", "random")]
    assert req.window_seconds == 2.5 and req.join == JoinTable(name="Ana", seat=0)
    assert joined == (0, "tok") and spent == [2]  # a table and a seat
    # asked again by someone without a seat: the same table, nothing spent, nothing made
    seating.seat = None
    again, joined = asyncio.run(part.rematch(old.id, None, spent.append))
    assert again is table and joined is None and len(seating.created) == 1 and spent == [2]
    # a table not finished has no rematch
    registry.tables["t2"] = live_table()
    registry.tables["t2"].id = "t2"
    with pytest.raises(ApiError) as e:
        asyncio.run(part.rematch("t2", None, spent.append))
    assert e.value.code == "not_finished"
