"""Start-up does not grow with tables nobody plays (issue 12 item 4): only tables changed
lately are rebuilt on start; the others when someone first asks for one, and play on."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from ludoteca.server import create_app

from .conftest import sqlite_settings
from .helpers import create, join, move, state


def test_only_recent_tables_are_rebuilt_on_start(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path / "db.sqlite3")
    tokens = {}
    with TestClient(create_app(settings)) as c:
        for _ in range(3):
            tid = create(c, "toy", [{"kind": "human"}, {"kind": "human"}])
            t0, t1 = join(c, tid, "Ana")[1], join(c, tid, "Bia")[1]
            s = state(c, tid, t0)
            assert move(c, tid, t0, s["legal"][0]["action"], 0).status_code == 200
            tokens[tid] = (t0, t1)
        idle_open = create(c, "toy", [{"kind": "human"}, {"kind": "human"}])
    ids = list(tokens)
    old = datetime.now(UTC) - timedelta(days=3)
    engine = create_engine(settings.database_url)
    with engine.begin() as conn:  # two running tables and an open one nobody touched for days
        for tid in (*ids[:2], idle_open):
            conn.execute(
                text("UPDATE ludoteca_tables SET updated_at = :t WHERE id = :id"),
                {"t": old, "id": tid},
            )
    engine.dispose()
    with TestClient(create_app(settings)) as c:
        manager = c.app.state.manager  # type: ignore[attr-defined]
        assert set(manager.tables) == {ids[2]}  # only the recent one was rebuilt
        # an idle one comes back when asked for, exactly where it was, and plays on
        tid = ids[0]
        t0, t1 = tokens[tid]
        s1 = state(c, tid, t1)
        assert s1["move"] == 1 and s1["actors"] == [1]
        assert move(c, tid, t1, s1["legal"][0]["action"], 1).status_code == 200
        assert state(c, tid, t0)["move"] == 2 and tid in manager.tables
        assert c.get(f"/api/tables/{idle_open}").json()["status"] == "open"
        assert ids[1] not in manager.tables  # still nobody asked for this one
