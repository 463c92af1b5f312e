"""Issue 21, item 8: what the people's pages ask PostgreSQL never reads a big table whole.

Each statement "my tables", a profile page and its rating history, the leaderboard, the lobby
and a move at a turn-based table send is caught on its way to the database and EXPLAINed with
sequential scans priced out (``enable_seqscan = off``): the planner then scans a table whole
only where no index can serve the statement, which is what makes a page grow with the number
of stored tables or accounts (benchmarks/people_scale.py measures it at 100,000 tables)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import Engine, create_engine, event

from ludoteca.server import Settings, create_app

from .conftest import PG_URL, pg_schema
from .helpers import auth
from .test_ratings import signed_in

# the tables that grow with the world: one row per table, seat, move, account or rated game
BIG = (
    "ludoteca_tables",
    "ludoteca_seats",
    "ludoteca_moves",
    "ludoteca_accounts",
    "ludoteca_account_seats",
    "ludoteca_sessions",
    "ludoteca_ratings",
    "ludoteca_rating_history",
    "ludoteca_turn_timers",
    "ludoteca_invitations",
)
SEQ = re.compile(r"Seq Scan on (\w+)")


@contextmanager
def caught() -> Iterator[list[tuple[str, Any]]]:
    """The SELECT statements every engine sends while the block runs, with their parameters."""
    seen: list[tuple[str, Any]] = []

    def listen(_c: Any, _cur: Any, statement: str, params: Any, _ctx: Any, _many: bool) -> None:
        if statement.lstrip().upper().startswith(("SELECT", "WITH")):
            seen.append((statement, params))

    event.listen(Engine, "before_cursor_execute", listen)
    try:
        yield seen
    finally:
        event.remove(Engine, "before_cursor_execute", listen)


def full_scans(settings: Settings, statements: list[tuple[str, Any]]) -> dict[str, list[str]]:
    """Big table -> the statements the planner can only answer by reading it whole."""
    engine = create_engine(PG_URL, connect_args=settings.connect_args)
    out: dict[str, list[str]] = {}
    try:
        with engine.connect() as conn:
            conn.exec_driver_sql("SET enable_seqscan = off")
            for statement, params in statements:
                plan = "\n".join(
                    r[0] for r in conn.exec_driver_sql("EXPLAIN " + statement, params or {})
                )
                for name in SEQ.findall(plan):
                    if name in BIG:
                        out.setdefault(name, []).append(statement)
    finally:
        engine.dispose()
    return out


def test_people_pages_read_no_big_table_whole() -> None:
    with pg_schema(rate_limit=0) as settings, TestClient(create_app(settings)) as client:
        ana, bia = signed_in(client, "Ana"), signed_in(client, "Bia")
        ana_id = ana.get("/api/me/tables").json()["account"]["id"]
        r = ana.post(
            "/api/tables",
            json={"game": "toy", "seats": [{}, {}], "mode": "turn_based", "join": {"name": "A"}},
        )
        assert r.status_code == 201, r.text
        tid, tok = r.json()["id"], r.json()["joined"]["token"]
        assert bia.post(f"/api/tables/{tid}/join", json={"name": "B"}).status_code == 200
        with caught() as statements:
            for c, path in (
                (ana, "/api/me/tables"),
                (client, f"/api/profiles/{ana_id}"),
                (client, f"/api/profiles/{ana_id}/history?game=toy"),
                (client, "/api/ratings/toy"),
                (client, "/api/tables"),
                (client, "/api/tables?status=finished"),
                (client, f"/api/tables/{tid}"),
            ):
                assert c.get(path).status_code == 200, path
            st = client.get(f"/api/tables/{tid}/state", headers=auth(tok)).json()
            body = {"move": st["move"], "action": st["legal"][0]["action"]}
            r = client.post(f"/api/tables/{tid}/moves", json=body, headers=auth(tok))
            assert r.status_code == 200, r.text
        assert len(statements) >= 8
        assert full_scans(settings, statements) == {}
        # the check itself sees a whole-table read (no index on the game's name)
        unindexed = "SELECT id FROM ludoteca_tables WHERE game = 'toy'"
        assert full_scans(settings, [(unindexed, None)]) == {"ludoteca_tables": [unindexed]}
