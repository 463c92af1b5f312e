"""The game review and practice hints over HTTP (issue 22, items 4 and 6): a review only of a
finished game, computed once in the AI workers and stored, the same JSON as ``ludoteca review
--json`` for the same record and seed, the same whoever asks; hints refused at a rated table,
recorded where they are given."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from ludoteca.cli.main import app as cli
from ludoteca.engine import get_game
from ludoteca.review.jobs import write_progress
from ludoteca.server import create_app
from ludoteca.server.db import Store, make_engine
from ludoteca.server.review_runs import ReviewRuns, record_of
from ludoteca.server.review_store import ReviewStore

from . import fakes
from .conftest import sqlite_settings, toy_games_registered
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
    with toy_games_registered(), TestClient(create_app(settings)) as client:
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
        # nor followed over the table's socket: the same refusals, nothing pushed
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            ws.send_json({"type": "hello"})
            assert _receive(ws)["type"] == "state"
            for seat, code in ((0, "not_finished"), (2, "not_found")):
                ws.send_json({"type": "review", "seat": seat})
                assert _receive(ws) == {
                    "type": "error",
                    "error": {"code": code, "message": ws_message(client, tid, seat)},
                }
            ws.send_json({"type": "review", "seat": -1})
            assert _receive(ws)["error"]["code"] == "invalid_request"
            reviews = getattr(client.app.state, "reviews", None)  # type: ignore[attr-defined]
            assert reviews is None or not reviews.watchers


def ws_message(client: TestClient, tid: str, seat: int) -> str:
    """The route's refusal's words, which the socket's refusal repeats."""
    return str(client.get(f"/api/tables/{tid}/reviews/{seat}").json()["error"]["message"])


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


def _receive(ws: Any, seconds: float = 60) -> Any:
    """The socket's next message, failing (not hanging) if nothing comes: a progress never
    pushed is what the tests here catch."""
    pool = ThreadPoolExecutor(1)
    try:
        return pool.submit(ws.receive_json).result(seconds)
    except FutureTimeout:
        raise AssertionError(f"nothing came over the socket in {seconds} s") from None
    finally:
        pool.shutdown(wait=False)  # a receive left waiting ends when the socket closes


def _review_events(ws: Any, until: set[str] | None = None) -> list[dict[str, Any]]:
    """The socket's review messages up to one whose status is in ``until`` (else the next
    one), the table's state messages skipped."""
    got = []
    while True:
        m = _receive(ws)
        if m["type"] == "state":
            continue
        assert m["type"] == "review", m
        got.append(m)
        if until is None or m["status"] in until:
            return got


def _hello(ws: Any, token: str | None) -> None:
    ws.send_json({"type": "hello", **({"token": token} if token else {})})
    assert _receive(ws)["type"] == "state"


def test_a_reviews_progress_is_pushed_over_the_tables_socket(shared: tuple[TestClient, Any]):
    """A review asked for with its socket following it: the progress comes over the socket,
    ending in ``done``, and the route then gives the review."""
    client, _ = shared
    tid, tokens = _two_people(client)
    play_out(client, tid, tokens)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        _hello(ws, None)
        ws.send_json({"type": "review", "seat": 1})
        (first,) = _review_events(ws)
        version = first["version"]
        assert first == {
            "type": "review",
            "table": tid,
            "seat": 1,
            "version": version,
            "status": "none",
        }
        r = client.post(f"/api/tables/{tid}/reviews/1")
        assert r.status_code == 200 and r.json()["status"] in ("queued", "running")
        events = _review_events(ws, {"done", "failed"})
    assert [e["status"] for e in events][-1] == "done"
    assert {e["status"] for e in events[:-1]} <= {"queued", "running"}
    done = [(e["done"], e["total"]) for e in events if e["status"] == "running"]
    assert done == sorted(done)
    got = client.get(f"/api/tables/{tid}/reviews/1").json()
    assert got["status"] == "done" and got["version"] == version
    assert not client.app.state.reviews.watchers  # type: ignore[attr-defined]  # closed: gone


class SteppedPool:
    """The AI workers as a review's progress shows them: the job's progress file written one
    step at a time, each when the test says (``go``), then the real job run here."""

    workers = 2

    def __init__(self) -> None:
        self.go = threading.Semaphore(0)
        self.steps: list[tuple[int, int]] = []

    async def run(self, fn: Any, *args: Any) -> Any:
        record, path = args[0], Path(args[-1])
        total = len(record["actions"])
        for done in (0, total // 2, total):
            await asyncio.to_thread(self.go.acquire)
            write_progress(path, done, total)
            self.steps.append((done, total))
        await asyncio.to_thread(self.go.acquire)
        return fn(*args)


def test_the_pushed_progress_is_the_routes_and_only_to_its_watchers(tmp_path: Path) -> None:
    """Every step of a review's progress reaches whoever follows that review (the seat itself,
    its opponent, a spectator) as one and the same message, which holds exactly what the HTTP
    route answers at that moment (status, done, total, version; at the end ``done`` without
    the review): nobody learns more over the socket than the route tells anyone. A socket
    following the other seat's review hears nothing of this one."""
    with TestClient(create_app(_settings(tmp_path))) as client:
        tid, tokens = _two_people(client)
        play_out(client, tid, tokens)
        pool = SteppedPool()
        m = client.app.state.manager  # type: ignore[attr-defined]
        client.app.state.reviews = ReviewRuns(  # type: ignore[attr-defined]
            pool,  # type: ignore[arg-type]
            ReviewStore(m.store.engine),
            m.settings,
        )
        who = {"seat": tokens[1], "opponent": tokens[0], "spectator": None}
        with contextlib.ExitStack() as stack:
            # whatever happens, the held job is let go (else the app's loop waits on it)
            stack.callback(pool.go.release, 8)
            socks = {
                k: stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}"))
                for k in [*who, "other seat"]
            }
            for k, ws in socks.items():
                _hello(ws, who.get(k))
                ws.send_json({"type": "review", "seat": 0 if k == "other seat" else 1})
                assert _review_events(ws)[0]["status"] == "none"

            def heard(route: dict[str, Any], now: bool = True) -> None:
                """Each watcher's next review message: the same for all, and the route's answer
                (``now``: what the route answers now, the pool holding the review where it is)."""
                got = [_review_events(socks[k])[-1] for k in who]
                assert got[0] == got[1] == got[2]
                assert got[0] == {"type": "review", "table": tid, "seat": 1, **route}
                if now:
                    assert client.get(f"/api/tables/{tid}/reviews/1").json() == route

            started = client.post(f"/api/tables/{tid}/reviews/1").json()
            version = started["version"]
            assert started == {"version": version, "status": "queued", "done": 0, "total": 0}
            # the route's own answer, pushed as it was given (the run has its slot since)
            heard(started, now=False)
            heard({"version": version, "status": "running", "done": 0, "total": 0})
            total = len(record_of_table(client, tid).actions)
            for done in (0, total // 2, total):
                pool.go.release()  # the worker writes its next progress
                heard({"version": version, "status": "running", "done": done, "total": total})
            pool.go.release()  # the job itself
            for k in who:
                assert _review_events(socks[k]) == [
                    {
                        "type": "review",
                        "table": tid,
                        "seat": 1,
                        "version": version,
                        "status": "done",
                    }
                ]
            final = client.get(f"/api/tables/{tid}/reviews/1").json()
            assert final["status"] == "done" and set(final) == {
                "status",
                "version",
                "review",
                "texts",
            }
            # the other seat's watcher: its own answer, then nothing of seat 1's review
            other = socks["other seat"]
            other.send_json({"type": "ping"})
            assert _receive(other) == {"type": "pong"}
        assert pool.steps == [(0, total), (total // 2, total), (total, total)]
        assert not client.app.state.reviews.watchers  # type: ignore[attr-defined]


def record_of_table(client: TestClient, tid: str) -> Any:
    m = client.app.state.manager  # type: ignore[attr-defined]
    st = m.store.load(tid)
    assert st is not None
    return record_of(st)


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


def test_the_texts_name_the_search_judges_best_move_where_it_graded() -> None:
    """The browser shows a search-graded decision's best move (Exploding Kittens' default
    judge) in words: the page's texts name it beside the playouts' best moves; none where
    the playouts graded."""
    from ludoteca.engine import MatchRecord
    from ludoteca.review import ReviewBudget, review_seat
    from ludoteca.server.review_api import texts
    from ludoteca.sim.runner import play_one

    record = MatchRecord.from_json(
        play_one("exploding-kittens", 2, ["random", "heuristic"], 7, 0).record
    )
    game = get_game("exploding-kittens")
    tiny = ReviewBudget(samples=2, luck_samples=1, max_moves=3)
    searched = review_seat(record, 0, replace(tiny, search=8)).to_json()
    said = texts(game, searched, "en")
    for d, t in zip(searched["decisions"], said, strict=True):
        move = game.action_from_json(d["search"]["best"])
        assert t["search"] == game.describe_action(move, "en")
    assert any(t["search"] != t["best"][0] for t in said)  # not the playouts' move everywhere
    plain = review_seat(record, 0, tiny).to_json()
    assert all(t["search"] is None for t in texts(game, plain, "en"))
