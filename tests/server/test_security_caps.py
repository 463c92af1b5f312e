"""Issue 12, caps: what one client may hold, whom the server believes, what the lobby costs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event, text

from ludoteca.server import create_app
from ludoteca.server.db import Store, make_engine, migrate, now
from ludoteca.server.models import TableRow

from .conftest import sqlite_settings
from .helpers import create, join


@pytest.fixture
def tmp_db(tmp_path: Path) -> Path:
    return tmp_path / "caps.sqlite3"


def app_client(db: Path, peer: str = "testclient", **kw: Any) -> TestClient:
    return TestClient(create_app(sqlite_settings(db, **kw)), client=(peer, 40000))


def two_seats(c: TestClient, headers: dict[str, str] | None = None) -> Any:
    return c.post(
        "/api/tables",
        json={"game": "toy", "seats": [{"kind": "human"}, {"kind": "human"}]},
        headers=headers or {},
    )


# -- whom the server believes ------------------------------------------------------------------
def test_a_spoofed_x_forwarded_for_does_not_dodge_the_rate_limit(tmp_db: Path) -> None:
    with app_client(tmp_db, peer="127.0.0.1", rate_limit=3) as c:
        codes = [two_seats(c, {"X-Forwarded-For": f"10.0.0.{i}"}).status_code for i in range(5)]
        assert codes == [201, 201, 201, 429, 429]
        r = two_seats(c, {"X-Forwarded-For": "10.9.9.9"})
        assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
        assert int(r.headers["Retry-After"]) >= 1


def test_x_forwarded_for_counts_only_from_a_named_proxy(tmp_db: Path) -> None:
    with app_client(tmp_db, peer="10.1.1.1", rate_limit=2, trusted_proxies=("10.1.1.0/24",)) as c:
        # behind our proxy: each client has its own bucket
        for client in ("192.0.2.1", "192.0.2.2", "192.0.2.3"):
            for _ in range(2):
                assert two_seats(c, {"X-Forwarded-For": client}).status_code == 201
        # one spoofed address cannot empty another's bucket: only the hop the proxy wrote counts
        spoof = {"X-Forwarded-For": "192.0.2.9, 192.0.2.4"}
        assert [two_seats(c, spoof).status_code for _ in range(3)] == [201, 201, 429]
        assert two_seats(c, {"X-Forwarded-For": "192.0.2.9"}).status_code == 201
    # a peer that is not the proxy: its header is ignored, whatever it says
    with app_client(
        tmp_db.with_name("b.sqlite3"),
        peer="203.0.113.5",
        rate_limit=2,
        trusted_proxies=("10.1.1.0/24",),
    ) as c:
        codes = [two_seats(c, {"X-Forwarded-For": f"192.0.2.{i}"}).status_code for i in range(3)]
        assert codes == [201, 201, 429]


def test_serve_gives_uvicorn_no_proxy_trust(monkeypatch: pytest.MonkeyPatch, tmp_db: Path) -> None:
    import uvicorn
    from typer.testing import CliRunner

    from ludoteca.cli.main import app

    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda application, **kw: seen.update(kw, app=application))
    r = CliRunner().invoke(app, ["serve", "--database", f"sqlite:///{tmp_db}"])
    assert r.exit_code == 0, r.output
    # uvicorn's default trusts X-Forwarded-For from 127.0.0.1: that let 300 of 300 through
    assert seen["proxy_headers"] is False
    r = CliRunner().invoke(app, ["serve", "--trust-proxy", "not-an-address"])
    assert r.exit_code != 0 and "not-an-address" in r.output


# -- open tables ------------------------------------------------------------------------------
def test_open_tables_are_capped_per_address_until_they_fill(tmp_db: Path) -> None:
    with app_client(tmp_db, max_open_tables_per_address=2) as c:
        first = two_seats(c).json()["id"]
        assert two_seats(c).status_code == 201
        r = two_seats(c)
        assert r.status_code == 429 and r.json()["error"]["code"] == "too_many_tables"
        assert int(r.headers["Retry-After"]) >= 1
        assert len(c.get("/api/tables").json()) == 2
        join(c, first, "Ana")
        join(c, first, "Bia")  # it starts: no longer open
        assert two_seats(c).status_code == 201


def test_open_tables_are_capped_in_all(tmp_db: Path) -> None:
    with app_client(tmp_db, max_open_tables=2, max_open_tables_per_address=0) as c:
        assert [two_seats(c).status_code for _ in range(3)] == [201, 201, 503]
        r = two_seats(c)
        assert r.json()["error"]["code"] == "server_full" and "Retry-After" in r.headers


# -- WebSockets -----------------------------------------------------------------------------
def test_websockets_are_capped_per_address(tmp_db: Path) -> None:
    with app_client(tmp_db, max_sockets_per_address=2, max_spectators=0) as c:
        tid = create(c, "toy", [{"kind": "human"}, {"kind": "human"}])
        path = f"/ws/tables/{tid}"
        with c.websocket_connect(path) as a, c.websocket_connect(path) as b:
            for ws in (a, b):
                ws.send_json({"type": "hello"})
                assert ws.receive_json()["type"] == "state"
            with c.websocket_connect(path) as third:
                got = third.receive_json()
                assert got["error"]["code"] == "too_many_sockets"
                closing = third.receive()
                assert closing["code"] == 1013 and "at most 2" in closing["reason"]
        # both closed: the count went down again
        with c.websocket_connect(path) as again:
            again.send_json({"type": "hello"})
            assert again.receive_json()["type"] == "state"


def test_spectators_are_capped_per_table_and_seated_players_still_get_in(tmp_db: Path) -> None:
    with app_client(tmp_db, max_spectators=1) as c:
        tid = create(c, "toy", [{"kind": "human"}, {"kind": "human"}])
        _, tok = join(c, tid, "Ana")
        path = f"/ws/tables/{tid}"
        with c.websocket_connect(path) as watcher:
            watcher.send_json({"type": "hello"})
            assert watcher.receive_json()["type"] == "state"
            with c.websocket_connect(path) as second:
                second.send_json({"type": "hello"})
                assert second.receive_json()["error"]["code"] == "too_many_spectators"
                assert second.receive()["code"] == 1013
            with c.websocket_connect(path) as player:
                player.send_json({"type": "hello", "token": tok})
                first = player.receive_json()
                assert first["type"] == "state" and first["seat"] == 0


# -- the lobby --------------------------------------------------------------------------------
def test_the_lobby_pages_through_the_database_with_an_index(tmp_db: Path) -> None:
    with app_client(tmp_db, max_open_tables_per_address=0, rate_limit=0) as c:
        ids = [two_seats(c).json()["id"] for _ in range(7)]
        store: Store = c.app.state.manager.store  # type: ignore[attr-defined]
        plans: list[str] = []

        def explain(conn: Any, cursor: Any, sql: str, params: Any, context: Any, many: Any) -> None:
            if sql.lstrip().upper().startswith("SELECT") and "ludoteca_tables" in sql:
                rows = cursor.connection.execute("EXPLAIN QUERY PLAN " + sql, params).fetchall()
                plans.append(" ".join(str(r[-1]) for r in rows))

        event.listen(store.engine, "before_cursor_execute", explain)
        page1 = c.get("/api/tables?limit=3").json()
        event.remove(store.engine, "before_cursor_execute", explain)
        assert [t["id"] for t in page1] == ids[::-1][:3]
        # each status is one range of the (status, created_at) index: no scan, no sort
        assert plans and all("ix_ludoteca_tables_status_created" in p for p in plans), plans
        assert not any("TEMP B-TREE" in p for p in plans), plans
        page2 = c.get("/api/tables", params={"limit": 3, "before": page1[-1]["created_at"]}).json()
        assert [t["id"] for t in page2] == ids[::-1][3:6]


def test_the_lobby_lists_tables_only_the_database_knows(tmp_db: Path) -> None:
    # another process made it (or this one forgot it): the lobby is the database's
    with app_client(tmp_db) as c:
        tid = create(c, "toy", [{"kind": "human"}, {"kind": "human"}])
        join(c, tid, "Ana")
        c.app.state.manager.tables.clear()  # type: ignore[attr-defined]
        listed = c.get("/api/tables").json()
        assert [t["id"] for t in listed] == [tid]
        assert [s["taken"] for s in listed[0]["seats"]] == [True, False]
        assert listed[0]["game_name"] and listed[0]["status"] == "open"


# -- SQLite's write-ahead log -------------------------------------------------------------------
def test_the_write_ahead_log_is_truncated_after_a_checkpoint(tmp_db: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_db}", autocheckpoint=False)
    migrate(engine)
    store = Store(engine)
    t = now()
    with engine.begin() as conn:
        conn.execute(
            TableRow.__table__.insert(),
            [
                {
                    "id": f"t{i}",
                    "game": "toy",
                    "rules_version": "1",
                    "num_players": 2,
                    "seed": i,
                    "public_options": {"pad": "x" * 2000},
                    "settings": {},
                    "status": "finished",
                    "move_count": 0,
                    "created_at": t,
                    "updated_at": t,
                }
                for i in range(4000)
            ],
        )
    wal = Path(str(tmp_db) + "-wal")
    assert wal.stat().st_size > 4_000_000  # the burst grew the log
    busy, _, _ = store.checkpoint()
    assert busy == 0 and wal.stat().st_size == 0
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM ludoteca_tables")).scalar() == 4000
    store.close()
    engine.dispose()
