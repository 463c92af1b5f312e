"""The game review and practice hints over HTTP (issue 22, items 4 and 6): a review only of a
finished game, computed once in the AI workers and stored, the same JSON as ``ludoteca review
--json`` for the same record and seed, the same whoever asks; hints refused at a rated table,
recorded where they are given."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from ludoteca.cli.main import app as cli
from ludoteca.engine import get_game
from ludoteca.server import create_app
from ludoteca.server.db import Store, make_engine
from ludoteca.server.review_runs import ReviewRuns, record_of

from . import fakes
from .conftest import sqlite_settings, test_games_registered
from .helpers import auth, create, join, move, play_out, state, wait_for

SAMPLES = 3  # worlds per decision: the tests check the plumbing, not the grades


def _settings(tmp_path: Path, **kw: Any) -> Any:
    return sqlite_settings(tmp_path / "db.sqlite3", review_samples=SAMPLES, rate_limit=0, **kw)


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, Any]]:
    """One server (and its settings) for the module's tests whose reviews and hints run in the
    AI workers, each at tables of its own: the workers' start costs 10 to 50 s on a busy
    machine, and each test paid it. The plugin makes the test games known to the workers (the
    tests register them in this process only while each runs)."""
    settings = _settings(tmp_path_factory.mktemp("review"), plugins=("tests.server.plugin",))
    with test_games_registered(), TestClient(create_app(settings)) as client:
        yield client, settings


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


def test_the_review_is_stored_once_and_is_the_command_lines(
    tmp_path: Path, shared: tuple[TestClient, Any]
) -> None:
    client, settings = shared
    tid, tokens = _two_people(client)
    play_out(client, tid, tokens)
    assert client.get(f"/api/tables/{tid}/reviews/1").json()["status"] == "none"
    first = _reviewed(client, tid, 1)
    # whoever asks (nobody, the seat itself, its opponent) reads the same review
    for tok in (None, tokens[1], tokens[0]):
        again = client.post(f"/api/tables/{tid}/reviews/1", headers=auth(tok) if tok else {}).json()
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


def _hint(client: TestClient, tid: str, token: str) -> dict[str, Any]:
    """The seat's hint, as the page gets it: asked for, then looked at until its moves are in."""
    r = client.post(f"/api/tables/{tid}/hint", headers=auth(token))
    assert r.status_code in (200, 202), r.text

    def done() -> dict[str, Any] | None:
        got = client.get(f"/api/tables/{tid}/hint", headers=auth(token))
        assert got.status_code in (200, 202), got.text
        assert got.json()["status"] in ("pending", "done"), got.text
        return dict(got.json()) if got.json()["status"] == "done" else None

    return dict(wait_for(done))


def test_hints_are_given_from_the_seat_and_recorded(shared: tuple[TestClient, Any]) -> None:
    client, _ = shared
    tid, tokens = _two_people(client)
    st = state(client, tid, tokens[0])
    # asked for, it answers at once: the workers look for the moves meanwhile
    r = client.post(f"/api/tables/{tid}/hint", headers=auth(tokens[0]))
    assert r.status_code == 202, r.text
    assert r.json() == {"move": st["move"], "seat": 0, "status": "pending"}
    hint = _hint(client, tid, tokens[0])
    legal = [m["action"] for m in st["legal"]]
    assert hint["move"] == st["move"] and hint["seat"] == 0
    assert hint["best"] and all(b["move"] in legal for b in hint["best"])
    assert all(b["text"] for b in hint["best"])
    # asked again at the same position: the same moves, at once, from memory
    again = client.post(f"/api/tables/{tid}/hint", headers=auth(tokens[0]))
    assert again.status_code == 200 and again.json() == hint
    assert not client.app.state.reviews.hint_runs  # type: ignore[attr-defined]
    for method in (client.post, client.get):
        assert method(f"/api/tables/{tid}/hint").status_code in (401, 403)
    # looking (GET) starts no search and records nothing: Bia asked for none
    r = client.get(f"/api/tables/{tid}/hint", headers=auth(tokens[1]))
    assert r.status_code == 200 and r.json() == {
        "move": st["move"],
        "seat": 1,
        "status": "none",
    }
    used = client.get(f"/api/tables/{tid}/hints").json()
    assert used == {"hints": [{"seat": 0, "move": st["move"]}]}


def test_no_hint_at_a_rated_table(tmp_path: Path) -> None:
    with TestClient(create_app(_settings(tmp_path))) as client:
        tid, tokens = _two_people(client, rated=True)
        for method in (client.post, client.get):
            r = method(f"/api/tables/{tid}/hint", headers=auth(tokens[0]))
            assert r.status_code == 403 and r.json()["error"]["code"] == "rated"
        assert client.get(f"/api/tables/{tid}/hints").json() == {"hints": []}


class GatedPool:
    """The AI workers as the hints see them: each job waits until the test opens the gate
    (as a hint waits behind the ones asked before it), then runs here."""

    workers = 2

    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.jobs: list[tuple[Any, ...]] = []

    async def run(self, fn: Any, *args: Any) -> Any:
        self.jobs.append(args)
        await self.gate.wait()
        return fn(*args)


async def _settled(runs: ReviewRuns, table: str, seat: int, move: int) -> dict[str, Any]:
    for _ in range(500):
        got = runs.hint_status(table, seat, move)
        if got["status"] != "pending":
            return got
        await asyncio.sleep(0.01)
    raise AssertionError("the hint never came")


def test_a_hint_answers_at_once_and_is_searched_once_per_position() -> None:
    game = get_game("toy")
    st = game.new_game(2, 7, {})
    seat, position = st.actors[0], st.to_json()

    async def go() -> None:
        pool = GatedPool()
        runs = ReviewRuns(pool, None, fakes.settings())  # type: ignore[arg-type]
        try:
            # another table's hint fills the workers: this one does not wait behind it
            assert runs.ask_hint("other", 0, 0, "toy", position) == {"status": "pending"}
            for _ in range(3):  # asked again and again: one search
                assert runs.ask_hint("t1", seat, 0, "toy", position) == {"status": "pending"}
            await asyncio.sleep(0.05)
            assert len(pool.jobs) == 2
            pool.gate.set()
            got = await _settled(runs, "t1", seat, 0)
            assert got["status"] == "done"
            legal = [a.to_json() for a in st.legal_actions(seat)]
            assert got["best"] and all(b["move"] in legal for b in got["best"])
            assert runs.ask_hint("t1", seat, 0, "toy", position) == got  # remembered
            assert len(pool.jobs) == 2 and not runs.hint_runs.get(("t1", seat))
        finally:
            runs.stop()

    asyncio.run(go())


def test_a_newer_position_supersedes_the_hint_under_way() -> None:
    game = get_game("toy")
    st = game.new_game(2, 7, {})
    seat, position = st.actors[0], st.to_json()

    async def go() -> None:
        pool = GatedPool()
        runs = ReviewRuns(pool, None, fakes.settings())  # type: ignore[arg-type]
        try:
            runs.ask_hint("t1", seat, 0, "toy", position)
            await asyncio.sleep(0.05)
            old = runs.hint_runs[("t1", seat)].task
            # the seat's next decision (move 4): the search for move 0 is dropped
            assert runs.ask_hint("t1", seat, 4, "toy", position) == {"status": "pending"}
            await asyncio.sleep(0.05)
            assert old.cancelled()
            assert runs.hint_status("t1", seat, 0) == {"status": "none"}
            pool.gate.set()
            assert (await _settled(runs, "t1", seat, 4))["status"] == "done"
            assert runs.hint_status("t1", seat, 0) == {"status": "none"}  # never stored
            assert len(pool.jobs) == 2
        finally:
            runs.stop()

    asyncio.run(go())
