"""Clocks and reaction windows that survive a restart, expiry of abandoned open tables, the
rate limit."""

from __future__ import annotations

import time
from pathlib import Path

from fastapi.testclient import TestClient

from ludoteca.server import create_app

from .conftest import sqlite_settings
from .helpers import create, join, move, state, wait_for


def test_a_clock_keeps_its_deadline_across_a_restart(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path / "db.sqlite3")
    with TestClient(create_app(settings)) as c:
        tid = create(
            c,
            "react-toy",
            [{"kind": "human"}, {"kind": "human"}],
            window_seconds=0.2,
            clock_seconds=20,
        )
        _, t0 = join(c, tid, "Ana")
        join(c, tid, "Bia")
        assert state(c, tid, t0)["clocks"]["0"] > 19
        time.sleep(1.5)
    with TestClient(create_app(settings)) as c:
        left = state(c, tid, t0)["clocks"]["0"]
        # not a fresh 20 s clock: the stored deadline, less the time that passed
        assert 10 < left < 18.8, left


def test_a_reaction_window_keeps_its_closing_time_across_a_restart(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path / "db.sqlite3")
    with TestClient(create_app(settings)) as c:
        tid = create(c, "react-toy", [{"kind": "human"}, {"kind": "human"}], window_seconds=20)
        _, t0 = join(c, tid, "Ana")
        _, t1 = join(c, tid, "Bia")
        assert move(c, tid, t0, {"type": "score"}, 0).status_code == 200
        assert state(c, tid, t1)["window"]["seconds_left"] > 19
        time.sleep(1.5)
    with TestClient(create_app(settings)) as c:
        s = state(c, tid, t1)
        # the same window goes on: not a fresh 20 s one, its time less the time that passed
        assert s["move"] == 1 and s["actors"] == [0, 1]
        assert 10 < s["window"]["seconds_left"] < 18.8, s["window"]


def test_abandoned_open_tables_expire(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path / "db.sqlite3", open_table_ttl=1.0)
    with TestClient(create_app(settings)) as c:
        idle = create(c, "toy", [{"kind": "human"}, {"kind": "human"}])
        started = create(c, "toy", [{"kind": "human"}, {"kind": "human"}])
        join(c, started, "Ana")
        join(c, started, "Bia")
        wait_for(lambda: c.get(f"/api/tables/{idle}").status_code == 404, timeout=10)
        r = c.get(f"/api/tables/{idle}")
        assert r.json()["error"]["code"] == "not_found"
        # a running table never expires
        assert c.get(f"/api/tables/{started}").json()["status"] == "running"
        ids = [t["id"] for t in c.get("/api/tables").json()]
        assert idle not in ids and started in ids


def test_creating_and_joining_are_rate_limited(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path / "db.sqlite3", rate_limit=3)
    with TestClient(create_app(settings)) as c:
        tid = create(c, "toy", [{"kind": "human"}, {"kind": "human"}])
        join(c, tid, "Ana")
        join(c, tid, "Bia")
        r = c.post("/api/tables", json={"game": "toy"})
        assert r.status_code == 429
        assert r.json()["error"]["code"] == "rate_limited"
        # refused means nothing changed: no new table
        assert [t["id"] for t in c.get("/api/tables").json()] == [tid]
