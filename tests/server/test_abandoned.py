"""Abandoned tables leave "in play": running, people's seats, none of them there, no change
for ``abandoned_after`` seconds (server/abandoned.py)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.engine import get_game
from ludoteca.server import create_app
from ludoteca.server.abandoned import live_abandoned, stored_abandoned
from ludoteca.server.live import LiveTable, Seat

from .conftest import sqlite_settings
from .helpers import create, join

AFTER = 0.3


@pytest.fixture
def quick(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(
        create_app(sqlite_settings(tmp_path / "a.sqlite3", abandoned_after=AFTER))
    ) as c:
        yield c


def lobby_entry(client: TestClient, tid: str) -> dict[str, Any]:
    got = [t for t in client.get("/api/tables").json() if t["id"] == tid]
    assert len(got) == 1
    return dict(got[0])


def test_a_table_its_people_left_shows_as_abandoned_until_one_comes_back(
    quick: TestClient,
) -> None:
    tid = create(quick, "toy", [{"kind": "human"}, {"kind": "human"}])
    join(quick, tid, "Ana")
    _, token = join(quick, tid, "Bia")
    entry = lobby_entry(quick, tid)
    assert entry["status"] == "running" and entry["abandoned"] is False  # it just changed
    time.sleep(AFTER + 0.1)
    assert lobby_entry(quick, tid)["abandoned"] is True
    with quick.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "token": token})
        ws.receive_json()
        assert lobby_entry(quick, tid)["abandoned"] is False  # Bia is back
    with quick.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello"})  # a spectator is nobody the table waits on
        ws.receive_json()
        assert lobby_entry(quick, tid)["abandoned"] is True


def _live(kinds: list[str], status: str, changed: datetime) -> LiveTable:
    return LiveTable(
        id="x",
        game=get_game("nine-domains"),
        num_players=len(kinds),
        seed=1,
        public_options={},
        settings={},
        status=status,
        seats=[Seat(i, k) for i, k in enumerate(kinds)],
        created_at=changed,
        updated_at=changed,
    )


def test_only_stale_running_tables_with_people_are_abandoned() -> None:
    at = datetime.now(UTC)
    old, new = at - timedelta(hours=2), at - timedelta(minutes=5)
    hour = 3600.0
    assert live_abandoned(_live(["human", "ai"], "running", old), at, hour)
    assert not live_abandoned(_live(["human", "ai"], "running", new), at, hour)
    assert not live_abandoned(_live(["ai", "ai"], "running", old), at, hour)  # plays itself
    assert not live_abandoned(_live(["human", "ai"], "open", old), at, hour)
    assert not live_abandoned(_live(["human", "ai"], "running", old), at, 0)  # 0: never
    # a table another process holds: its row's last change (SQLite: a time without its zone)
    row = SimpleNamespace(status="running", updated_at=old.replace(tzinfo=None), settings={})
    stored: Any = SimpleNamespace(row=row, seats=[SimpleNamespace(kind="human")])
    assert stored_abandoned(stored, at, hour)
    # a turn-based table waits for people by design (its deadlines move it on): never
    row.settings = {"mode": "turn_based"}
    assert not stored_abandoned(stored, at, hour)
    turn = _live(["human", "human"], "running", old)
    turn.settings["mode"] = "turn_based"
    assert not live_abandoned(turn, at, hour)
    row.settings = {}
    row.updated_at = new
    assert not stored_abandoned(stored, at, hour)
