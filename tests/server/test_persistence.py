"""Nothing lost: tables resume after a restart (SQLite and PostgreSQL) and after kill -9."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient

from ludoteca.server import Settings, create_app

from .helpers import (
    create,
    free_port,
    join,
    move,
    play_out,
    start_server,
    state,
    stop_server,
    wait_for,
)


def play_some_then_restart(settings: Settings) -> None:
    with TestClient(create_app(settings)) as c:
        tid = create(c, "toy", [{"kind": "human"}, {"kind": "human"}])
        open_tid = create(c, "react-toy", [{"kind": "human"}, {"kind": "human"}])
        _, t0 = join(c, tid, "Ana")
        _, t1 = join(c, tid, "Bia")
        join(c, open_tid, "Caio")
        for tok in (t0, t1, t0):
            st = state(c, tid, tok)
            assert move(c, tid, tok, st["legal"][0]["action"], st["move"]).status_code == 200
        before: dict[str | None, dict[str, Any]] = {
            tok: state(c, tid, tok) for tok in (t0, t1, None)
        }
    with TestClient(create_app(settings)) as c:
        for who, seen in before.items():
            now = state(c, tid, who)
            for k in ("move", "view", "legal", "actors", "events"):
                assert now[k] == seen[k], k
        # the open table kept its seat taken, the other still free
        seats = c.get(f"/api/tables/{open_tid}").json()["seats"]
        assert [s["taken"] for s in seats] == [True, False]
        final = play_out(c, tid, {0: t0, 1: t1})
        assert final["table"]["status"] == "finished"


def test_restart_resumes_tables_on_sqlite(settings: Settings) -> None:
    play_some_then_restart(settings)


def test_restart_resumes_tables_on_postgresql(pg_settings: Settings) -> None:
    play_some_then_restart(pg_settings)


def test_moves_are_stored_in_the_table_of_moves(pg_settings: Settings) -> None:
    from sqlalchemy import create_engine, text

    with TestClient(create_app(pg_settings)) as c:
        tid = create(c, "toy", [{"kind": "human"}, {"kind": "ai", "agent": "easy"}])
        _, t0 = join(c, tid, "Ana")
        play_out(c, tid, {0: t0})
    engine = create_engine(pg_settings.database_url, connect_args=pg_settings.connect_args)
    with engine.connect() as conn:
        rows = conn.execute(
            text("SELECT number, seat, by FROM ludoteca_moves WHERE table_id = :t ORDER BY number"),
            {"t": tid},
        ).all()
        status = conn.execute(
            text("SELECT status, move_count FROM ludoteca_tables WHERE id = :t"), {"t": tid}
        ).one()
    engine.dispose()
    assert [r[0] for r in rows] == list(range(6))
    assert {r[2] for r in rows} == {"player", "ai"}
    assert tuple(status) == ("finished", 6)


def test_kill_9_mid_game_and_restart_resumes_exactly(tmp_path: Path) -> None:
    db = tmp_path / "kill.sqlite3"
    port = free_port()
    proc = start_server(db, port)
    c: Any = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10)
    try:
        tid = create(
            c,
            "react-toy",
            [{"kind": "human"}, {"kind": "human"}, {"kind": "ai", "agent": "easy"}],
            window_seconds=0.3,
        )
        _, t0 = join(c, tid, "Ana")
        _, t1 = join(c, tid, "Bia")
        assert move(c, tid, t0, {"type": "score"}, 0).status_code == 200
        # the window closes by itself (server-side passes), then seat 1 is to score
        wait_for(
            lambda: state(c, tid, t1)["legal"] == [{"action": {"type": "score"}, "label": "Marcar"}]
        )
        before: dict[str | None, dict[str, Any]] = {
            tok: state(c, tid, tok) for tok in (t0, t1, None)
        }
        stop_server(proc)  # kill -9, the workers too
        proc = start_server(db, port)
        for who, seen in before.items():
            now = state(c, tid, who)
            for k in ("move", "view", "legal", "actors", "events"):
                assert now[k] == seen[k], k
        assert move(c, tid, t1, {"type": "score"}, before[t1]["move"]).status_code == 200
        # kill again in the middle of the next window: it reopens and closes after the restart
        stop_server(proc)  # kill -9, the workers too
        proc = start_server(db, port)
        wait_for(lambda: state(c, tid)["view"]["turn"] != 1)
    finally:
        c.close()
        stop_server(proc)


def test_the_migrations_build_exactly_the_models(tmp_path: Path, pg_settings: Settings) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from ludoteca.server.db import make_engine, migrate
    from ludoteca.server.models import Base

    for url, args in (
        (f"sqlite:///{tmp_path / 'm.sqlite3'}", {}),
        (pg_settings.database_url, pg_settings.connect_args),
    ):
        engine = make_engine(url, args)
        migrate(engine)
        migrate(engine)  # applying them again changes nothing
        with engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        engine.dispose()
        assert diff == [], (url, diff)


def test_a_move_the_database_refuses_is_undone_in_memory(client: TestClient) -> None:
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    _, t0 = join(client, tid, "Ana")
    join(client, tid, "Bia")
    before = state(client, tid, t0)
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    real = store.append_batch

    def failing(items: Any) -> Any:
        raise OSError("disk full")

    store.append_batch = failing
    try:
        r = move(client, tid, t0, before["legal"][0]["action"], 0)
    finally:
        store.append_batch = real
    assert r.status_code == 503 and r.json()["error"]["code"] == "storage"
    after = state(client, tid, t0)
    for k in ("move", "view", "legal", "events"):
        assert after[k] == before[k], k
    assert move(client, tid, t0, before["legal"][0]["action"], 0).status_code == 200


def _sala_moves(c: Any, tid: str, tokens: list[str], n: int) -> None:
    """``n`` moves of Sala de Miaula, each by the seat to move, its first legal one."""
    for _ in range(n):
        st = next(s for s in (state(c, tid, t) for t in tokens) if s["legal"])
        tok = tokens[st["view"]["current"]]
        assert move(c, tid, tok, st["legal"][0]["action"], st["move"]).status_code == 200


def test_a_sala_table_stores_its_card_catalog_by_name(settings: Settings) -> None:
    """The stored options name the card catalog (no definitions); a table stored before, with
    its definitions inline, resumes as it was."""
    import json

    from sqlalchemy import create_engine, text

    from ludoteca.games.sala_de_miaula import GAME, catalogs
    from ludoteca.games.sala_de_miaula.options import dump_inline

    with TestClient(create_app(settings)) as c:
        tid = create(c, "sala-de-miaula", [{"kind": "human"}, {"kind": "human"}])
        tokens = [join(c, tid, "Ana")[1], join(c, tid, "Bia")[1]]
        _sala_moves(c, tid, tokens, 3)
        before = {tok: state(c, tid, tok) for tok in (*tokens, None)}
    engine = create_engine(settings.database_url, connect_args=settings.connect_args)
    with engine.begin() as conn:
        raw = conn.execute(
            text("SELECT options FROM ludoteca_tables WHERE id = :t"), {"t": tid}
        ).scalar_one()
        stored = json.loads(raw) if isinstance(raw, str) else raw
        assert stored["catalog"] == catalogs.current() and "cards" not in stored
        old = dump_inline(GAME.parse_options(stored, 2))  # as tables were stored before
        conn.execute(
            text("UPDATE ludoteca_tables SET options = :o WHERE id = :t"),
            {"o": json.dumps(old), "t": tid},
        )
    engine.dispose()
    with TestClient(create_app(settings)) as c:
        for who, seen in before.items():
            now = state(c, tid, who)
            for k in ("move", "view", "legal", "actors", "events"):
                assert now[k] == seen[k], k
        _sala_moves(c, tid, tokens, 2)
