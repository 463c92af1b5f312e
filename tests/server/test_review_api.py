"""The game review and practice hints over HTTP (issue 22, items 4 and 6): a review only of a
finished game, computed once in the AI workers and stored, the same JSON as ``ludoteca review
--json`` for the same record and seed, the same whoever asks; hints refused at a rated table,
recorded where they are given."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from ludoteca.cli.main import app as cli
from ludoteca.server import create_app
from ludoteca.server.db import Store, make_engine
from ludoteca.server.review_runs import record_of

from .conftest import sqlite_settings
from .helpers import auth, create, join, move, play_out, state, wait_for

SAMPLES = 3  # worlds per decision: the tests check the plumbing, not the grades


def _settings(tmp_path: Path) -> Any:
    return sqlite_settings(tmp_path / "db.sqlite3", review_samples=SAMPLES, rate_limit=0)


def _two_people(client: TestClient, rated: bool = False) -> tuple[str, dict[int, str]]:
    # a table of people is rated unless its creator says otherwise (server/ratings_updates.py)
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}], rated=rated)
    s0, t0 = join(client, tid, "Ana")
    s1, t1 = join(client, tid, "Bia")
    return tid, {s0: t0, s1: t1}


def _reviewed(client: TestClient, tid: str, seat: int, **kw: Any) -> dict[str, Any]:
    r = client.post(f"/api/tables/{tid}/reviews/{seat}", **kw)
    assert r.status_code == 200, r.text

    def done() -> dict[str, Any] | None:
        got = client.get(f"/api/tables/{tid}/reviews/{seat}", **kw).json()
        assert got["status"] in ("queued", "running", "done"), got
        return got if got["status"] == "done" else None

    return dict(wait_for(done, 120))


def test_a_review_of_a_running_game_is_refused(tmp_path: Path) -> None:
    with TestClient(create_app(_settings(tmp_path))) as client:
        tid, tokens = _two_people(client)
        st = state(client, tid, tokens[0])
        assert move(client, tid, tokens[0], st["legal"][0]["action"], st["move"]).status_code == 200
        for method in (client.post, client.get):
            r = method(f"/api/tables/{tid}/reviews/0")
            assert r.status_code == 409 and r.json()["error"]["code"] == "not_finished"
        assert client.post(f"/api/tables/{tid}/reviews/2").status_code == 404
        assert client.post("/api/tables/nosuchtable/reviews/0").status_code == 404


def test_the_review_is_stored_once_and_is_the_command_lines(tmp_path: Path) -> None:
    settings = _settings(tmp_path)
    with TestClient(create_app(settings)) as client:
        tid, tokens = _two_people(client)
        play_out(client, tid, tokens)
        assert client.get(f"/api/tables/{tid}/reviews/1").json()["status"] == "none"
        first = _reviewed(client, tid, 1)
        # whoever asks (nobody, the seat itself, its opponent) reads the same review
        for tok in (None, tokens[1], tokens[0]):
            again = client.post(
                f"/api/tables/{tid}/reviews/1", headers=auth(tok) if tok else {}
            ).json()
            assert again == first
        reviews = client.app.state.reviews  # type: ignore[attr-defined]
        assert not reviews.runs  # read from the store, nothing computed again
        assert len(first["texts"]) == len(first["review"]["decisions"])
        assert first["texts"][0]["played"].startswith("Play ") or first["texts"][0][
            "played"
        ].startswith("Jogar ")
    # the command line on the same record, with the same seed and budget
    st = Store(make_engine(settings.database_url)).load(tid)
    assert st is not None
    path = tmp_path / "match.json"
    record_of(st).save(path)
    out = CliRunner().invoke(
        cli, ["review", str(path), "--seat", "2", "--json", "--samples", str(SAMPLES)]
    )
    assert out.exit_code == 0, out.output
    assert json.loads(out.output) == first["review"]
    assert first["review"]["agent"] == "person"  # a review names no person


def test_hints_are_given_from_the_seat_and_recorded(tmp_path: Path) -> None:
    with TestClient(create_app(_settings(tmp_path))) as client:
        tid, tokens = _two_people(client)
        st = state(client, tid, tokens[0])
        r = client.post(f"/api/tables/{tid}/hint", headers=auth(tokens[0]))
        assert r.status_code == 200, r.text
        hint = r.json()
        legal = [m["action"] for m in st["legal"]]
        assert hint["move"] == st["move"] and hint["seat"] == 0
        assert hint["best"] and all(b["move"] in legal for b in hint["best"])
        assert all(b["text"] for b in hint["best"])
        assert client.post(f"/api/tables/{tid}/hint").status_code in (401, 403)
        used = client.get(f"/api/tables/{tid}/hints").json()
        assert used == {"hints": [{"seat": 0, "move": st["move"]}]}


def test_no_hint_at_a_rated_table(tmp_path: Path) -> None:
    with TestClient(create_app(_settings(tmp_path))) as client:
        tid, tokens = _two_people(client, rated=True)
        r = client.post(f"/api/tables/{tid}/hint", headers=auth(tokens[0]))
        assert r.status_code == 403 and r.json()["error"]["code"] == "rated"
        assert client.get(f"/api/tables/{tid}/hints").json() == {"hints": []}
