"""Live play: WebSocket, reaction windows, table clocks, replays, reconnecting."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.server import create_app

from .conftest import sqlite_settings, toy_games_registered
from .helpers import auth, create, join, move, state, wait_for


@pytest.fixture(scope="module")
def ai_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One server for the module's tests that seat AI players, each at tables of its own: the
    start of its AI workers, which the first AI move waits for, costs 10 to 50 s on a busy
    machine, and each of them paid it. The plugin makes the test games known to the workers
    (the tests register them in this process only while each runs)."""
    db = tmp_path_factory.mktemp("live") / "db.sqlite3"
    with (
        toy_games_registered(),
        TestClient(create_app(sqlite_settings(db, plugins=("tests.server.plugin",)))) as c,
    ):
        yield c


def replay(client: TestClient, tid: str, view: str = "spectator", token: str | None = None) -> Any:
    return client.get(f"/api/tables/{tid}/replay?view={view}", headers=auth(token) if token else {})


def test_websocket_play_to_the_end_and_reconnect(ai_client: TestClient) -> None:
    client = ai_client
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "ai", "agent": "easy"}])
    _, tok = join(client, tid, "Ana")
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "token": tok, "lang": "en"})
        first = ws.receive_json()
        assert first["type"] == "state" and first["seat"] == 0
        hand = first["view"]["hand"]
        card = first["legal"][0]
        ws.send_json({"type": "move", "move": first["move"], "action": card["action"]})
        # later messages carry only new events; our card has left our hand
        while True:
            m = ws.receive_json()
            if m["type"] == "state" and m["view"]["round"] == 1:
                break
        assert card["action"]["card"] not in m["view"]["hand"] and len(hand) == 3
        # the table's summary came with the first state (without a move number of its own)
        # and comes again only when it changes, not with every move
        assert first["table"]["status"] == "running" and "move" not in first["table"]
        assert "table" not in m
        ws.send_json({"type": "nonsense"})
        assert wait_msg(ws, "error")["error"]["code"] == "invalid_request"
        ws.send_text("{oops")
        assert wait_msg(ws, "error")["error"]["code"] == "invalid_json"
    # the AI seat plays in a worker process: let it choose its round-1 card so that nothing moves
    # between the reconnect and the HTTP read compared with it
    wait_for(lambda: state(client, tid, tok)["view"]["has_chosen"][1])
    # reconnecting: the current view comes back, with the log so far
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "token": tok})
        again = ws.receive_json()
        assert again["view"] == state(client, tid, tok)["view"]
        assert again["log_reset"] and any(e["kind"] == "reveal" for e in again["events"])
        while again["result"] is None:
            if again["legal"]:
                ws.send_json(
                    {"type": "move", "move": again["move"], "action": again["legal"][0]["action"]}
                )
            again = wait_msg(ws, "state")
    assert again["table"]["status"] == "finished"  # changed: sent again


def wait_msg(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        m = ws.receive_json()
        if m["type"] == kind:
            return dict(m)


def test_websocket_refuses_a_bad_hello_and_a_foreign_token(client: TestClient) -> None:
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "token": "forged"})
        assert ws.receive_json()["error"]["code"] == "forbidden"
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "move"})
        assert ws.receive_json()["error"]["code"] == "invalid_request"
    # a spectator can watch but not move
    _, _t0 = join(client, tid, "Ana")
    join(client, tid, "Bia")
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello"})
        seen = ws.receive_json()
        assert seen["seat"] is None and seen["view"]["hand"] is None and seen["legal"] == []
        ws.send_json({"type": "move", "move": 0, "action": {"type": "pick", "card": 1}})
        assert wait_msg(ws, "error")["error"]["code"] == "forbidden"
    assert state(client, tid)["move"] == 0


def react_table(client: TestClient, window: float, **kw: Any) -> tuple[str, str, str]:
    tid = create(
        client,
        "react-toy",
        [{"kind": "human"}, {"kind": "human"}],
        options={"nopes": 4},
        window_seconds=window,
        **kw,
    )
    _, t0 = join(client, tid, "Ana")
    _, t1 = join(client, tid, "Bia")
    return tid, t0, t1


def test_a_reaction_window_lasts_its_full_time_and_passes_are_never_shown(
    client: TestClient,
) -> None:
    tid, t0, t1 = react_table(client, 0.6)
    assert move(client, tid, t0, {"type": "score"}, 0).status_code == 200
    opened = time.monotonic()
    s1 = state(client, tid, t1)
    assert (
        s1["window"] is not None and {"action": {"type": "pass"}, "label": "Passar"} in s1["legal"]
    )
    # seat 1 passes at once: nothing changes for anyone but seat 1 (no move, no event)
    spectator_before = state(client, tid)
    r = move(client, tid, t1, {"type": "pass"}, 1)
    assert r.status_code == 200 and r.json()["pending"] is True
    after = state(client, tid)
    for k in ("move", "view", "events", "actors", "legal"):
        assert after[k] == spectator_before[k]
    assert state(client, tid, t0)["actors"] == [0, 1]
    mine = state(client, tid, t1)
    assert mine["answered"] and mine["legal"] == []
    # seat 0 never answers: the window still closes when its time is up, and the point stands
    done = wait_for(lambda: (s := state(client, tid))["move"] == 3 and s)
    assert time.monotonic() - opened >= 0.5
    assert done["view"]["points"] == [1, 0] and done["window"] is None
    assert not any(e["kind"] in ("pass", "passed") for e in done["events"])
    # the replay folds the window's passes away
    steps = replay(client, tid).json()["steps"]
    assert [s["by"] for s in steps] == [None, "player"]


def test_a_nope_closes_the_window_at_once(client: TestClient) -> None:
    nope: dict[str, Any] = {"action": {"type": "nope"}, "label": "Nope!"}
    for _ in range(50):  # deals are random: take the first table where someone holds a Nope
        tid, t0, t1 = react_table(client, 30)
        move(client, tid, t0, {"type": "score"}, 0)
        holders = [t for t in (t0, t1) if nope in state(client, tid, t)["legal"]]
        if holders:
            tok = holders[0]
            break
    t = time.monotonic()
    assert move(client, tid, tok, nope["action"], 1).status_code == 200
    s = state(client, tid)
    assert time.monotonic() - t < 5  # not the 30 s window
    assert s["move"] == 3 and any(e["kind"] == "noped" for e in s["events"])
    assert s["window"] is not None and s["actors"] == [0, 1]  # a new window for everyone


def test_the_clock_takes_the_default_action_and_logs_it(client: TestClient) -> None:
    tid, t0, _ = react_table(client, 0.2, clock_seconds=0.5)
    s = state(client, tid, t0)
    assert s["clocks"]["0"] > 0
    done = wait_for(lambda: (x := state(client, tid))["move"] >= 1 and x)
    assert any(e["kind"] == "waited" for e in done["events"])
    steps = replay(client, tid).json()["steps"]
    assert steps[1]["by"] == "clock"


def test_replays_show_each_viewer_only_what_it_may_see(client: TestClient) -> None:
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    _, t0 = join(client, tid, "Ana")
    _, t1 = join(client, tid, "Bia")
    card = state(client, tid, t0)["legal"][0]["action"]
    move(client, tid, t0, card, 0)
    # running: the spectator's view only
    assert replay(client, tid).status_code == 200
    for view, tok in (("seat", t0), ("all", None), ("seat", None)):
        r = replay(client, tid, view, tok)
        assert r.status_code == 403 and r.json()["error"]["message"]
    spec = replay(client, tid).json()
    assert all(s["view"]["hand"] is None for s in spec["steps"])
    assert spec["steps"][1]["actions"] == []  # what seat 0 chose is not said
    # finish the game
    for _ in range(6):
        for tok in (t0, t1):
            st = state(client, tid, tok)
            if st["legal"]:
                move(client, tid, tok, st["legal"][0]["action"], st["move"])
    assert state(client, tid)["table"]["status"] == "finished"
    mine = replay(client, tid, "seat", t1).json()
    assert mine["seat"] == 1 and mine["steps"][0]["view"]["hand"]
    assert mine["steps"][1]["actions"] == []  # seat 0's move
    assert mine["steps"][2]["actions"]  # its own
    assert replay(client, tid, "all").status_code == 403


def test_open_replay_shows_every_hand_after_the_game(ai_client: TestClient) -> None:
    client = ai_client
    tid = create(client, "toy", [{"kind": "ai", "agent": "easy"}] * 2, open_replay=True)
    wait_for(lambda: client.get(f"/api/tables/{tid}").json()["status"] == "finished")
    r = replay(client, tid, "all").json()
    assert all(v["hand"] is not None for v in r["steps"][0]["views"])
    assert r["result"]["winners"] is not None


def test_ai_seats_passes_are_held_until_the_window_ends_too(ai_client: TestClient) -> None:
    """Nobody holds a Nope: the AI seats pass at once, yet the window lasts its full time."""
    client = ai_client
    tid = create(
        client,
        "react-toy",
        [{"kind": "human"}, {"kind": "ai", "agent": "easy"}, {"kind": "ai", "agent": "easy"}],
        options={"nopes": 0},
        window_seconds=0.8,
    )
    _, t0 = join(client, tid, "Ana")
    assert move(client, tid, t0, {"type": "score"}, 0).status_code == 200
    opened = time.monotonic()
    time.sleep(0.3)  # the AI seats have long answered (no AI delay in tests)
    mid = state(client, tid, t0)
    assert mid["move"] == 1 and mid["window"] is not None and mid["actors"] == [0, 1, 2]
    done = wait_for(lambda: (s := state(client, tid, t0))["view"]["points"][0] == 1 and s)
    assert time.monotonic() - opened >= 0.7
    assert done["move"] >= 4  # the score, then three passes stored with it (then AI moves)
    assert replay(client, tid).json()["steps"][1]["by"] == "player"
