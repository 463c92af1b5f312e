"""A turn-based table's pace, public (``GET /api/tables/{id}/pace``, turn_api.py): each seat's
bank, and the deadline of the seat that owes a decision, from the timer rows; the table page
shows them and asks again after each change (web/pace.js)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from ludoteca.server import create_app

from .helpers import move, state, wait_for
from .test_ratings import signed_in
from .test_turn_based import advance, new_table, rows_of, turn_settings


def pace(c: TestClient, tid: str) -> dict[str, Any]:
    r = c.get(f"/api/tables/{tid}/pace")
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def left(p: dict[str, Any]) -> list[float | None]:
    return [s["seconds_left"] for s in p["seats"]]


def test_the_pace_shows_each_deadline_and_bank_as_the_table_moves(tmp_path: Path) -> None:
    settings = turn_settings(tmp_path / "db.sqlite3")
    with TestClient(create_app(settings)) as c:
        tid, tokens = new_table(c, turn_seconds=3600, bank_seconds=3600)
        wait_for(lambda: rows_of(settings, tid))
        first = pace(c, tid)
        assert first["turn_based"] and first["turn_seconds"] == 3600
        # both owe their first decision: limit + bank each
        assert all(x is not None and 7100 < x <= 7200 for x in left(first))
        assert [s["bank_seconds"] for s in first["seats"]] == [3600, 3600]
        st = state(c, tid, tokens[0])
        assert move(c, tid, tokens[0], st["legal"][0]["action"], st["move"]).status_code == 200
        advance(c, 1800)
        after = pace(c, tid)
        assert after["move"] == 1
        assert after["seats"][0]["seconds_left"] is None and after["seats"][0]["due_at"] is None
        x = after["seats"][1]["seconds_left"]
        assert x is not None and 5300 < x <= 5400
        # anyone may read it (no seat token): what each seat owes is public
        assert set(after) == {"turn_based", "turn_seconds", "move", "now", "seats", "window_due_at"}
        assert all(
            set(s) == {"seat", "bank_seconds", "due_at", "seconds_left"} for s in after["seats"]
        )


def test_a_real_time_or_unknown_table_has_no_pace(tmp_path: Path) -> None:
    with TestClient(create_app(turn_settings(tmp_path / "db.sqlite3"))) as c:
        r = c.post("/api/tables", json={"game": "toy", "seats": [{}, {}]})
        assert r.status_code == 201, r.text
        assert pace(c, r.json()["id"]) == {"turn_based": False}
        assert c.get("/api/tables/nosuchtable/pace").status_code == 404
        assert c.get("/api/tables/" + "x" * 40 + "/pace").status_code in (404, 422)


def test_my_tables_says_whose_move_at_a_turn_based_table_let_go_from_memory(
    tmp_path: Path,
) -> None:
    settings = turn_settings(tmp_path / "db.sqlite3", turn_evict_seconds=3600)
    with TestClient(create_app(settings)) as c:
        manager = c.app.state.manager  # type: ignore[attr-defined]
        ana, bia = signed_in(c, "Ana"), signed_in(c, "Bia")
        body = {"game": "toy", "seats": [{}, {}], "mode": "turn_based", "turn_seconds": 3600}
        r = ana.post("/api/tables", json={**body, "join": {"name": "Ana"}})
        assert r.status_code == 201, r.text
        tid, tok = r.json()["id"], r.json()["joined"]["token"]
        assert bia.post(f"/api/tables/{tid}/join", json={"name": "Bia"}).status_code == 200
        wait_for(lambda: rows_of(settings, tid))
        st = state(c, tid, tok)
        assert move(c, tid, tok, st["legal"][0]["action"], st["move"]).status_code == 200
        wait_for(lambda: rows_of(settings, tid)[0].due_at is None)

        def your_move(who: TestClient) -> bool:
            rows = [x for x in who.get("/api/me/tables").json()["tables"] if x["table"] == tid]
            return bool(rows[0]["your_move"])

        assert (your_move(ana), your_move(bia)) == (False, True)  # held in memory
        settings.turn_evict_seconds = 0
        wait_for(lambda: tid not in manager.tables)
        # let go: the timer rows say it (Bia owes the move, Ana does not)
        assert (your_move(ana), your_move(bia)) == (False, True)
        assert tid not in manager.tables  # and "my tables" did not load it
