"""Issue 21, item 3: profiles (public facts only), reputation from the seats' timeouts, and "my
tables" (server/profiles*.py, ratings_api.py)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import event

from ludoteca.server.db import make_engine, migrate
from ludoteca.server.models import (
    AccountRow,
    AccountSeatRow,
    MoveRow,
    RatingRow,
    SeatRow,
    TableRow,
)
from ludoteca.server.profiles import reputation
from ludoteca.server.profiles_store import ProfileStore
from ludoteca.server.ratings_store import RatingStore

from .helpers import auth, move, play_out, state, wait_for
from .test_ratings import signed_in


def table(c: TestClient, **kw: object) -> tuple[str, str]:
    r = c.post("/api/tables", json={"game": "toy", "seats": [{}, {}], "join": {"name": "x"}, **kw})
    assert r.status_code == 201, r.text
    return str(r.json()["id"]), str(r.json()["joined"]["token"])


def sit(c: TestClient, tid: str) -> str:
    r = c.post(f"/api/tables/{tid}/join", json={"name": "y"})
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


def test_a_profile_shows_public_facts_only(client: TestClient) -> None:
    ana, bia = signed_in(client, "Ana"), signed_in(client, "Bia")
    tid, tok_a = table(ana)
    tok_b = sit(bia, tid)
    end = play_out(client, tid, {0: tok_a, 1: tok_b})
    running, _ = table(ana)  # a table in play is no profile's business
    ana_id = ana.get("/api/account").json()["account"]["id"]
    wait_for(lambda: client.get(f"/api/tables/{tid}/ratings").json()["changes"])
    anyone = TestClient(client.app)  # a stranger, signed in nowhere
    p = anyone.get(f"/api/profiles/{ana_id}").json()
    assert set(p) == {"account", "games", "reputation", "recent"}
    assert set(p["account"]) == {"id", "name", "since"}
    (game,) = p["games"]
    won = 1 if end["result"]["ranking"][0] == 1 else 0
    assert (game["game"], game["played"], game["won"]) == ("toy", 1, won)
    assert game["rating"]["games"] == 1 and game["rating"]["rank"] in (1, 2)
    assert [g["table"] for g in p["recent"]] == [tid]
    assert running not in json.dumps(p)
    text = json.dumps(p) + json.dumps(anyone.get(f"/api/profiles/{ana_id}/history?game=toy").json())
    for secret in (tok_a, tok_b, "password", "token", "session", "claimed"):
        assert secret not in text
    # my tables: only the signed-in person's own, and nobody's without a session
    assert anyone.get("/api/me/tables").status_code == 401
    mine = {s["table"] for s in ana.get("/api/me/tables").json()["tables"]}
    assert mine == {tid, running}
    assert {s["table"] for s in bia.get("/api/me/tables").json()["tables"]} == {tid}
    assert anyone.get("/api/profiles/nobody").status_code == 404
    assert anyone.get("/api/profiles/" + "x" * 30).status_code in (404, 422)


def test_my_tables_put_those_waiting_for_my_move_first(client: TestClient) -> None:
    ana, bia = signed_in(client, "Ana"), signed_in(client, "Bia")
    finished, f_a = table(ana)
    f_b = sit(bia, finished)
    play_out(client, finished, {0: f_a, 1: f_b})
    moved, m_a = table(ana)
    sit(bia, moved)
    st = state(client, moved, m_a)
    assert move(client, moved, m_a, st["legal"][0]["action"], st["move"]).status_code == 200
    waiting, _ = table(ana)
    sit(bia, waiting)
    still_open, _ = table(ana)
    rows = ana.get("/api/me/tables").json()["tables"]
    assert [r["table"] for r in rows] == [waiting, moved, still_open, finished]
    assert [r["your_move"] for r in rows] == [True, False, False, False]
    assert [r["status"] for r in rows] == ["running", "running", "open", "finished"]
    # Bia: the table where Ana moved waits for her too, as does the one nobody moved at
    bia_rows = bia.get("/api/me/tables").json()["tables"]
    assert {r["table"] for r in bia_rows if r["your_move"]} == {moved, waiting}
    assert client.get(f"/api/tables/{moved}/state", headers=auth(m_a)).status_code == 200


def test_reputation_counts_finished_games_and_timeouts_from_the_moves(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'p.sqlite3'}")
    migrate(engine)
    store = ProfileStore(engine)
    t = datetime.now(UTC)
    with store.sessions.begin() as s:
        s.add(AccountRow(id="ana", name="Ana", name_key="ana", created_at=t))
        # four tables: finished cleanly, finished with a timeout of hers, finished with a
        # timeout of the other seat, left mid-game (an AI took her seat over)
        for n, (status, kind) in enumerate(
            [("finished", "human"), ("finished", "human"), ("finished", "human"), ("running", "ai")]
        ):
            tid = f"t{n}"
            s.add(
                TableRow(
                    id=tid, game="toy", rules_version="1", num_players=2, seed=1,
                    public_options={}, settings={}, status=status, move_count=2,
                    result={"ranking": [1, 2]} if status == "finished" else None,
                    created_at=t, updated_at=t + timedelta(seconds=n),
                )
            )  # fmt: skip
            s.flush()
            s.add(SeatRow(table_id=tid, seat=0, kind=kind, token_hash="h" * 64))
            s.add(SeatRow(table_id=tid, seat=1, kind="human"))
            s.flush()
            s.add(AccountSeatRow(table_id=tid, seat=0, account_id="ana", claimed_at=t))
        for tid, seat in (("t1", 0), ("t2", 1)):
            s.add(MoveRow(table_id=tid, number=0, seat=seat, action={}, by="clock", created_at=t))
        s.add(MoveRow(table_id="t0", number=0, seat=0, action={}, by="player", created_at=t))
    seats = store.seats("ana")
    assert [p.table_id for p in seats] == ["t3", "t2", "t1", "t0"]
    timeouts = store.timeouts("ana")
    assert timeouts == {("t1", 0): 1}
    rep = reputation(seats, timeouts)
    assert (rep.counted, rep.finished, rep.without_timeout) == (4, 3, 2)
    assert rep.to_json()["finished_share"] == 0.75
    assert rep.to_json()["without_timeout_share"] == 0.5


def test_the_profile_and_my_tables_queries_use_indexes(tmp_path: Path) -> None:
    """No full scan of the tables, seats or moves for a profile or "my tables" (SQLite's plan
    names every table it scans without an index as 'SCAN <table>')."""
    engine = make_engine(f"sqlite:///{tmp_path / 'q.sqlite3'}")
    migrate(engine)
    store = ProfileStore(engine)
    t = datetime.now(UTC)
    with store.sessions.begin() as s:
        s.add(AccountRow(id="ana", name="Ana", name_key="ana", created_at=t))
        s.flush()
        s.add(RatingRow(account_id="ana", game="toy", mu=25.0, sigma=8.0, shown=1.0, games=1,
                        ai_games=0, updated_at=t))  # fmt: skip
    statements = []

    @event.listens_for(engine, "before_cursor_execute")
    def keep(conn, cursor, statement, params, context, executemany):  # type: ignore[no-untyped-def]
        statements.append((statement, params))

    store.seats("ana")
    store.seats("ana", ("open", "running"))
    store.timeouts("ana")
    ratings = RatingStore(engine)
    ratings.leaderboard("toy", 10, 0)
    ratings.ratings_of("ana")
    ratings.history("ana", "toy", 10)
    ratings.of_table("t0")
    plans = []
    with engine.connect() as conn:
        for statement, params in list(statements):
            if statement.lstrip().upper().startswith("SELECT"):
                rows = conn.exec_driver_sql("EXPLAIN QUERY PLAN " + statement, params).all()
                plans.append(" | ".join(str(r[-1]) for r in rows))
    assert plans
    assert len(plans) == 9  # the rank: two counts
    for plan in plans:
        scans = [p for p in plan.split(" | ") if p.startswith("SCAN ")]
        assert not scans, plan
    board = [p for p in plans if "ludoteca_ratings USING INDEX ix_ludoteca_ratings_game" in p]
    assert board and "ORDER BY" not in board[0]  # the leaderboard is read in its order


def test_a_deleted_account_leaves_the_leaderboard_and_others_histories_unnamed(
    client: TestClient,
) -> None:
    ana, bia = signed_in(client, "Ana"), signed_in(client, "Bia")
    tid, tok_a = table(ana)
    tok_b = sit(bia, tid)
    play_out(client, tid, {0: tok_a, 1: tok_b})
    bia_id = bia.get("/api/account").json()["account"]["id"]
    ana_id = ana.get("/api/account").json()["account"]["id"]
    wait_for(lambda: client.get(f"/api/tables/{tid}/ratings").json()["changes"])
    assert bia.post("/api/account/rename", json={"name": "Beatriz"}).status_code == 200

    def others(account: str) -> list[object]:
        (row,) = client.get(f"/api/profiles/{account}/history?game=toy").json()["games"]
        return [(s["account"], s["name"]) for s in row["above"] + row["below"] + row["tied"]]

    assert others(ana_id) == [(bia_id, "Beatriz")]  # named as now: the rename follows
    assert bia.post("/api/account/delete").status_code == 200
    assert others(ana_id) == [(bia_id, None)]  # read as a deleted player
    board = client.get("/api/ratings/toy").json()["people"]
    assert [p["account"]["id"] for p in board] == [ana_id]
    assert client.get(f"/api/profiles/{bia_id}").status_code == 404


def test_the_export_holds_ones_ratings_and_rated_games(client: TestClient) -> None:
    ana, bia = signed_in(client, "Ana"), signed_in(client, "Bia")
    tid, tok_a = table(ana)
    tok_b = sit(bia, tid)
    play_out(client, tid, {0: tok_a, 1: tok_b})
    wait_for(lambda: client.get(f"/api/tables/{tid}/ratings").json()["changes"])
    data = ana.get("/api/account/export").json()
    assert [r["game"] for r in data["ratings"]] == ["toy"]
    assert [(g["table"], g["seat"]) for g in data["rated_games"]] == [(tid, 0)]
