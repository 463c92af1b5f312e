"""Reaction windows: the server opens one exactly when the game says so
(``state.reaction_window()``), whatever the number of seats in it, and never for a pass that is
not a reaction."""

from __future__ import annotations

import random
import time

from fastapi.testclient import TestClient

import ludoteca
from ludoteca.server.timers import open_window
from tests.server.react_game import GAME as REACT

from .helpers import create, join, move, state, wait_for


def test_the_server_asks_the_game_and_nothing_else() -> None:
    seen = single = 0
    for seed in range(20):
        rng = random.Random(seed)
        for options in ({}, {"others_only": True}, {"turn_pass": True}):
            st = REACT.new_game(2 + seed % 3, seed, options)
            while not st.is_over:
                told = st.reaction_window()
                got = open_window(st)
                assert got == told  # the game's word, as it is
                if got is not None:
                    seen += 1
                    single += len(got.seats) == 1
                    assert got.pass_action.TYPE == "pass" and set(got.seats) == set(st.actors)
                else:
                    # a decision of one seat that may pass (turn_pass) is not a window
                    assert not st.view(None)["window"]
                p = st.actors[0]
                st.apply(p, rng.choice(st.legal_actions(p)))
            assert open_window(st) is None
    assert seen > 50 and single > 10


def test_exploding_kittens_nope_windows_are_the_games_own() -> None:
    game = ludoteca.get_game("exploding-kittens")
    seen = 0
    for seed in range(20):
        rng = random.Random(seed)
        st = game.new_game(3, seed, {})
        while not st.is_over:
            got = open_window(st)
            assert (got is not None) == (st.view(None)["phase"] == "window")
            if got is not None:
                seen += 1
                for p in got.seats:
                    assert got.pass_action in st.legal_actions(p)
            p = st.actors[0]
            st.apply(p, rng.choice(st.legal_actions(p)))
    assert seen > 50


def test_simultaneous_placement_is_not_a_window() -> None:
    game = ludoteca.get_game("nine-domains")
    rng = random.Random(0)
    st = game.new_game(2, 0, {})
    simultaneous = 0
    while not st.is_over:
        simultaneous += len(st.actors) > 1
        assert open_window(st) is None
        p = st.actors[0]
        st.apply(p, rng.choice(st.legal_actions(p)))
    assert simultaneous > 0


def test_a_window_of_one_seat_runs_its_full_time(client: TestClient) -> None:
    """Two players, the scorer left out: the window has one seat, and is still a window."""
    tid = create(
        client,
        "react-toy",
        [{"kind": "human"}, {"kind": "human"}],
        options={"nopes": 0, "others_only": True},
        window_seconds=0.6,
        window_close_early=False,  # the full time, even once its one seat has answered
    )
    _, t0 = join(client, tid, "Ana")
    _, t1 = join(client, tid, "Bia")
    assert move(client, tid, t0, {"type": "score"}, 0).status_code == 200
    opened = time.monotonic()
    s1 = state(client, tid, t1)
    assert s1["actors"] == [1] and s1["window"] is not None
    assert s1["window"]["about"] == {"seat": 0, "nopes": 0}
    # its pass is held unseen, as in any window
    r = move(client, tid, t1, {"type": "pass"}, 1)
    assert r.status_code == 200 and r.json()["pending"] is True
    assert state(client, tid)["move"] == 1
    done = wait_for(lambda: (s := state(client, tid))["move"] == 2 and s)
    assert time.monotonic() - opened >= 0.5
    assert done["view"]["points"] == [1, 0] and done["window"] is None


def test_a_pass_on_ones_own_turn_is_a_move_not_a_window(client: TestClient) -> None:
    tid = create(
        client,
        "react-toy",
        [{"kind": "human"}, {"kind": "human"}],
        options={"turn_pass": True},
        window_seconds=30,
    )
    _, t0 = join(client, tid, "Ana")
    join(client, tid, "Bia")
    s0 = state(client, tid, t0)
    assert s0["window"] is None and {"type": "pass"} in [m["action"] for m in s0["legal"]]
    r = move(client, tid, t0, {"type": "pass"}, 0)
    # applied at once and shown (not held for a window that does not exist)
    assert r.status_code == 200 and "pending" not in r.json()
    after = state(client, tid)
    assert after["move"] == 1 and after["view"]["turn"] == 1
    assert any(e["kind"] == "waited" for e in after["events"])


def test_a_table_may_close_a_window_once_every_seat_answered(client: TestClient) -> None:
    for early in (False, True):
        tid = create(
            client,
            "react-toy",
            [{"kind": "human"}] * 3,
            options={"nopes": 0},
            window_seconds=30,
            window_close_early=early,
        )
        tokens = [join(client, tid, name)[1] for name in ("Ana", "Bia", "Caio")]
        assert client.get(f"/api/tables/{tid}").json()["settings"]["window_close_early"] is early
        assert move(client, tid, tokens[0], {"type": "score"}, 0).status_code == 200
        for tok in tokens[1:]:
            r = move(client, tid, tok, {"type": "pass"}, 1)
            assert r.status_code == 200 and r.json()["pending"] is True  # others still owe
        last = move(client, tid, tokens[0], {"type": "pass"}, 1).json()
        s = state(client, tid)
        if early:  # the last answer closed it: the point stands at once, not after 30 s
            assert "pending" not in last and last["move"] == 4
            assert s["window"] is None and s["view"]["points"] == [1, 0, 0]
        else:
            assert last["pending"] is True and s["window"] is not None and s["move"] == 1
