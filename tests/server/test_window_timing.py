"""Nope windows that cost little and leak nothing (issue 25 item 4; docs/rules/exploding-kittens.md
"Nope windows"): a window closes once every seat of it has answered (AI seats at once, people
by a click), else at a deadline the same for every window; nothing in when it closes depends on
who holds a Nope."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca.engine.reactions import answer_delay, window_deadline, window_may_close
from ludoteca.server import create_app
from ludoteca.server.timers import open_window

from .conftest import sqlite_settings
from .helpers import create, join, move, state, wait_for


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One server for the module's tests, each at tables of its own: the start of its AI
    workers, which the first AI move waits for, costs 10 to 50 s on a busy machine, and each
    test paid it."""
    db = tmp_path_factory.mktemp("windows") / "db.sqlite3"
    with TestClient(create_app(sqlite_settings(db))) as c:
        yield c


def _window_states(seed: int, n: int) -> list[ludoteca.GameState]:
    """Exploding Kittens positions in a Nope window, from a random game."""
    game = ludoteca.get_game("exploding-kittens")
    rng = random.Random(seed)
    st_ = game.new_game(n, seed, {})
    out = []
    while not st_.is_over and len(out) < 6:
        if open_window(st_) is not None:
            out.append(st_.clone())
        p = st_.actors[0]
        st_.apply(p, rng.choice(st_.legal_actions(p)))
    return out


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(2, 5), other=st.integers(0, 10_000))
def test_when_a_window_closes_does_not_depend_on_who_holds_a_nope(
    seed: int, n: int, other: int
) -> None:
    """The same public position with other hands (re-dealt as its card player could imagine
    them): the same seats wait, the same pass, the same deadline, the same early close after
    any set of answers, and AI seats answer at once either way."""
    for st_ in _window_states(seed, n):
        w = open_window(st_)
        assert w is not None
        about = w.about.get("seat", 0)
        alt = st_.determinize(about, random.Random(other))
        w2 = open_window(alt)
        assert w2 is not None
        assert (w2.seats, w2.pass_action, w2.about) == (w.seats, w.pass_action, w.about)
        holders = {p for p in range(n) if "nope" in (alt.view(p).get("hand") or [])}
        holders0 = {p for p in range(n) if "nope" in (st_.view(p).get("hand") or [])}
        rng = random.Random(other)
        for _ in range(4):
            answered = {p for p in w.seats if rng.random() < 0.6}
            for early in (True, False):
                assert window_may_close(w.seats, answered, early) == window_may_close(
                    w2.seats, answered, early
                )
        assert window_deadline(10.0, 3.0) == 13.0
        # an AI seat in the window answers at once, whether it holds a Nope or not
        for p in w.seats:
            assert answer_delay(True, 0.6) == 0.0, (p in holders, p in holders0)
    assert answer_delay(False, 0.6) == 0.6


def _ek_table(client: TestClient, window_seconds: float) -> tuple[str, str]:
    seats = [{"kind": "human"}] + [{"kind": "ai", "agent": "easy"}] * 2
    tid = create(client, "exploding-kittens", seats, window_seconds=window_seconds)
    return tid, join(client, tid, "Ana")[1]


def _turn_move(s: dict[str, Any]) -> dict[str, Any]:
    return next(m["action"] for m in s["legal"] if m["action"]["type"] != "nope")


def test_the_window_closes_once_every_person_has_passed(client: TestClient) -> None:
    """One person and two AI seats, the table's default settings and a 30 s cap: every window
    closes the moment the person passes (the AI seats answered at once)."""
    tid, tok = _ek_table(client, 30)
    assert client.get(f"/api/tables/{tid}").json()["settings"]["window_close_early"] is True
    closed = 0
    end = time.monotonic() + 180  # a deadline for a busy machine: three windows take seconds
    while closed < 3 and time.monotonic() < end:
        s = state(client, tid, tok)
        if s["result"] is not None:
            break
        if not s["legal"]:
            time.sleep(0.01)
            continue
        if s["window"] is None:
            move(client, tid, tok, _turn_move(s), s["move"])
            continue
        n0, t0 = s["move"], time.monotonic()
        if move(client, tid, tok, {"type": "pass"}, n0).status_code != 200:
            continue  # an AI seat's Nope came first: a new window
        wait_for(lambda n=n0: state(client, tid)["move"] > n, timeout=25)  # type: ignore[misc]
        assert time.monotonic() - t0 < 25  # closed by the answers, not by its 30 s
        closed += 1
    assert closed >= 3


def test_a_person_who_does_not_answer_keeps_the_window_open(client: TestClient) -> None:
    """The AI seats' answers (at once) do not close a window the person still owes: it runs
    to its deadline (unless an AI seat Nopes, which everyone sees)."""
    tid, tok = _ek_table(client, 1.0)
    full = 0
    end = time.monotonic() + 180  # a deadline for a busy machine, not the test's time
    while full < 1 and time.monotonic() < end:
        s = state(client, tid, tok)
        if s["result"] is not None or (s["view"]["seat"] in s["view"].get("eliminated", [])):
            tid, tok = _ek_table(client, 1.0)  # over (or Ana out) before a full window: again
            continue
        if not s["legal"]:
            time.sleep(0.01)
            continue
        if s["window"] is None:
            move(client, tid, tok, _turn_move(s), s["move"])
            continue
        if s["window"]["seconds_left"] < 0.8:  # seen late: wait for a window seen early
            time.sleep(0.05)
            continue
        opened, left, n0 = time.monotonic(), s["window"]["seconds_left"], s["move"]
        after = wait_for(
            lambda n=n0, t=tid: (x := state(client, t))["move"] > n and x,  # type: ignore[misc]
            timeout=60,
        )
        if any(e["kind"] == "nope" for e in after["events"]):
            continue
        assert time.monotonic() - opened >= left - 0.3
        full += 1
    assert full == 1
