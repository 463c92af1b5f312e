"""Several server processes over one database, told of each other's changes through Redis.

Two apps share one SQLite file and the machine's Redis (127.0.0.1:6379, started by
``scripts/services``); each test has its own channel. A table made through one is played
through both: moves stay serialized by the stored move number, and each app's WebSocket
clients hear of the moves made through the other.
"""

from __future__ import annotations

import socket
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.server import Settings, create_app

from .conftest import sqlite_settings
from .helpers import auth, create, join, move, state, wait_for

REDIS_URL = "redis://127.0.0.1:6379/0"


def redis_up() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=1):
            return True
    except OSError:
        return False


pytestmark = pytest.mark.skipif(not redis_up(), reason="no Redis on 127.0.0.1:6379")


@pytest.fixture
def two(tmp_path: Path) -> Iterator[tuple[TestClient, TestClient]]:
    prefix = f"ludoteca-test-{uuid.uuid4().hex[:10]}"

    def settings() -> Settings:
        return sqlite_settings(
            tmp_path / "shared.sqlite3", redis_url=REDIS_URL, redis_prefix=prefix
        )

    with TestClient(create_app(settings())) as a, TestClient(create_app(settings())) as b:
        yield a, b


def receive_until(ws: Any, check: Any, timeout: float = 10.0) -> dict[str, Any]:
    """The first message that passes ``check`` (in a thread, so a silence fails, not hangs)."""
    got: list[dict[str, Any]] = []

    def run() -> None:
        while True:
            m = ws.receive_json()
            if check(m):
                got.append(m)
                return

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(timeout)
    assert got, "no such message came"
    return got[0]


def test_a_table_is_played_through_two_processes(two: tuple[TestClient, TestClient]) -> None:
    a, b = two
    tid = create(a, "toy", [{"kind": "human"}, {"kind": "human"}])
    # b hears of the table and lists it
    wait_for(lambda: tid in [t["id"] for t in b.get("/api/tables").json()])
    _, t0 = join(a, tid, "Ana")
    _, t1 = join(b, tid, "Bia", seat=1)  # the last seat, through the other process: it starts
    wait_for(lambda: a.get(f"/api/tables/{tid}").json()["status"] == "running")
    # a token given by one process acts through the other
    assert state(b, tid, t0)["seat"] == 0
    with b.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "token": t1, "lang": "en"})
        first = ws.receive_json()
        assert first["seat"] == 1 and first["move"] == 0
        s0 = state(a, tid, t0)
        assert move(a, tid, t0, s0["legal"][0]["action"], 0).status_code == 200
        # seat 1's socket on b hears of the move made through a
        pushed = receive_until(ws, lambda m: m.get("type") == "state" and m["move"] == 1)
        assert pushed["legal"] and "hand" in pushed["view"]
        # and what seat 1 receives is seat 1's own view: seat 0's choice stays hidden
        assert pushed["view"] == state(b, tid, t1)["view"]
        ws.send_json({"type": "move", "move": 1, "action": pushed["legal"][0]["action"]})
        receive_until(ws, lambda m: m.get("type") == "ack")
    wait_for(lambda: state(a, tid, t0)["move"] == 2)
    # a move made against a state that moved on (through the other process) is refused
    stale = move(a, tid, t0, state(a, tid, t0)["legal"][0]["action"], 1)
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "stale_move"


def test_one_seat_cannot_be_given_twice_through_two_processes(
    two: tuple[TestClient, TestClient],
) -> None:
    a, b = two
    tid = create(a, "toy", [{"kind": "human"}, {"kind": "human"}])
    wait_for(lambda: b.get(f"/api/tables/{tid}").status_code == 200)
    join(a, tid, "Ana", seat=0)
    r = b.post(f"/api/tables/{tid}/join", json={"name": "Bia", "seat": 0})
    assert r.status_code == 409 and r.json()["error"]["code"] == "seat_taken"
    # the seat stays Ana's everywhere
    for c in (a, b):
        seats = c.get(f"/api/tables/{tid}").json()["seats"]
        assert seats[0]["name"] == "Ana" and not seats[1]["taken"]


def test_moves_on_one_table_are_serialized_across_processes(
    two: tuple[TestClient, TestClient],
) -> None:
    a, b = two
    tid = create(a, "toy", [{"kind": "human"}, {"kind": "human"}])
    _, t0 = join(a, tid, "Ana")
    _, t1 = join(a, tid, "Bia")
    s = state(a, tid, t0)
    card = s["legal"][0]["action"]
    # seat 1's move read from b before a moves (read after, it raced b following a's move: once
    # b had followed, seat 1 had nothing to play and the test broke, not the server)
    other = wait_for(lambda: state(b, tid, t1)["legal"])[0]["action"]
    # the same move number sent through both processes: exactly one is stored
    ra = move(a, tid, t0, card, 0)
    rb = move(b, tid, t1, other, 0)
    codes = sorted([ra.status_code, rb.status_code])
    assert codes == [200, 409], (ra.text, rb.text)
    wait_for(lambda: state(b, tid, t1)["move"] == 1 and state(a, tid, t0)["move"] == 1)
    r = b.get(f"/api/tables/{tid}/replay?view=seat", headers=auth(t1))
    assert r.status_code == 403  # running: the seat's replay waits for the end
