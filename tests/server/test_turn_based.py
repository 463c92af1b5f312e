"""Turn-based tables (server/turn_timers.py): made with a validated limit and bank; their
deadlines are database rows fired by the poller when the server's clock reaches them
(moved on through ``--dev-clock``), as the game's timeout move by the clock; they survive a
restart; an idle table holds no task and can leave memory; timeouts are counted."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, insert, select, update

from ludoteca.engine.errors import DataError
from ludoteca.server import Settings, create_app
from ludoteca.server.clock import Clock
from ludoteca.server.db import now
from ludoteca.server.models import AccountRow, AccountSeatRow, MoveRow, TurnTimerRow
from ludoteca.server.profiles import reputation
from ludoteca.server.profiles_store import ProfileStore
from ludoteca.server.turn_rules import RULES, load

from .conftest import sqlite_settings
from .helpers import join, move, state, wait_for

DAY = 86400


def turn_settings(path: Path, **kw: Any) -> Settings:
    kw.setdefault("dev_clock", True)
    kw.setdefault("turn_poll_seconds", 0.05)
    return sqlite_settings(path, **kw)


def new_table(c: TestClient, game: str = "toy", **kw: Any) -> tuple[str, dict[int, str]]:
    """A turn-based table of two people, both seated: its id and their tokens."""
    body = {"game": game, "seats": [{"kind": "human"}] * 2, "mode": "turn_based", **kw}
    r = c.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    tokens = dict(join(c, tid, n) for n in ("Ana", "Bia"))
    return tid, tokens


def moves(settings: Settings, tid: str) -> list[tuple[int, str]]:
    engine = create_engine(settings.database_url)
    with engine.connect() as conn:
        rows = conn.execute(
            select(MoveRow.seat, MoveRow.by).where(MoveRow.table_id == tid).order_by(MoveRow.number)
        )
        out = [(int(s), str(b)) for s, b in rows]
    engine.dispose()
    return out


def advance(c: TestClient, seconds: float) -> None:
    """Move the server's clock on, and wait for the poller to have looked at the rows since."""
    timers = c.app.state.manager.turn_timers  # type: ignore[attr-defined]
    polls = timers.polls
    r = c.post("/api/dev/clock", json={"advance_seconds": seconds})
    assert r.status_code == 200, r.text
    wait_for(lambda: timers.polls >= polls + 2)


def test_creation_takes_only_the_offered_limits_and_banks(tmp_path: Path) -> None:
    with TestClient(create_app(turn_settings(tmp_path / "db.sqlite3"))) as c:
        bad = [
            {"mode": "turn_based", "turn_seconds": 5},
            {"mode": "turn_based", "bank_seconds": 17},
            {"mode": "turn_based", "clock_seconds": 30},
            {"mode": "realtime", "turn_seconds": DAY},
            {"mode": "by post"},
        ]
        for extra in bad:
            r = c.post("/api/tables", json={"game": "toy", **extra})
            assert r.status_code == 422, (extra, r.text)
            assert r.json()["error"]["code"] == "invalid_request"
        assert c.get("/api/tables?status=open").json() == []  # nothing stored
        r = c.post(
            "/api/tables",
            json={"game": "toy", "mode": "turn_based", "turn_seconds": 3600, "bank_seconds": 0},
        )
        assert r.status_code == 201, r.text
        settings = r.json()["settings"]
        assert settings["mode"] == "turn_based"
        assert (settings["turn_seconds"], settings["bank_seconds"]) == (3600, 0)
        r = c.post("/api/tables", json={"game": "toy", "mode": "turn_based"})
        settings = r.json()["settings"]
        assert settings["turn_seconds"] == RULES.default_limit
        assert settings["bank_seconds"] == RULES.default_bank
        offered = c.get("/api/turn-based").json()
        assert offered["limits"] == list(RULES.limits) and offered["banks"] == list(RULES.banks)


def test_the_dev_clock_is_off_unless_the_server_was_started_with_it(tmp_path: Path) -> None:
    with TestClient(create_app(sqlite_settings(tmp_path / "a.sqlite3"))) as c:
        assert c.post("/api/dev/clock", json={"advance_seconds": DAY}).status_code == 404
        assert c.get("/api/dev/clock").status_code == 404
    settings = turn_settings(tmp_path / "b.sqlite3")
    with TestClient(create_app(settings)) as c:
        assert c.post("/api/dev/clock", json={"advance_seconds": -1}).status_code == 422
        assert settings.clock.offset == 0
        advance(c, DAY)
        assert c.get("/api/dev/clock").json()["offset_seconds"] == DAY


def test_a_deadline_fires_when_the_clock_reaches_it_as_the_clocks_move(tmp_path: Path) -> None:
    settings = turn_settings(tmp_path / "db.sqlite3")
    with TestClient(create_app(settings)) as c:
        tid, tokens = new_table(c, turn_seconds=3600, bank_seconds=3600)
        wait_for(lambda: rows_of(settings, tid))
        # seat 0 moves in time; seat 1 does not: its deadline is limit + bank after the deal
        st = state(c, tid, tokens[0])
        assert move(c, tid, tokens[0], st["legal"][0]["action"], st["move"]).status_code == 200
        advance(c, 2 * 3600 - 60)
        assert moves(settings, tid) == [(0, "player")]
        advance(c, 120)
        wait_for(lambda: len(moves(settings, tid)) == 2)
        assert moves(settings, tid) == [(0, "player"), (1, "clock")]
        after = state(c, tid, tokens[1])
        assert after["move"] == 2 and after["result"] is None


def test_a_copy_behind_its_rows_takes_them_again_at_the_next_poll(tmp_path: Path) -> None:
    """A row written for a newer move than this process's copy of the table holds (another
    process moved and this one has not followed yet) is due again at once and the copy is
    marked to catch up, so the deadline fires at the next poll, not a lease later (two
    processes under load raced into this: test_turn_based_pg.py waited for a lease)."""
    settings = turn_settings(tmp_path / "db.sqlite3")
    with TestClient(create_app(settings)) as c:
        tid, _ = new_table(c, turn_seconds=3600, bank_seconds=0)
        wait_for(lambda: 0 in rows_of(settings, tid))
        manager = c.app.state.manager  # type: ignore[attr-defined]
        table = manager.tables[tid]
        engine = create_engine(settings.database_url)
        with engine.begin() as conn:
            conn.execute(
                update(TurnTimerRow)
                .where(TurnTimerRow.table_id == tid, TurnTimerRow.seat == 0)
                .values(move=table.move_count + 1)
            )
        engine.dispose()
        assert rows_of(settings, tid)[0].wake_at > settings.clock.now().replace(tzinfo=None)
        c.portal.call(manager.turn_timers.fire, tid, 0)  # type: ignore[union-attr]
        assert table.stale
        due = rows_of(settings, tid)[0].wake_at
        assert due <= settings.clock.now().replace(tzinfo=None)


def rows_of(settings: Settings, tid: str) -> dict[int, Any]:
    engine = create_engine(settings.database_url)
    with engine.connect() as conn:
        rows = {
            r.seat: r
            for r in conn.execute(select(TurnTimerRow).where(TurnTimerRow.table_id == tid))
        }
    engine.dispose()
    return rows


def test_the_bank_pays_for_a_late_move_and_a_move_in_time_refills_it(tmp_path: Path) -> None:
    settings = turn_settings(tmp_path / "db.sqlite3")
    with TestClient(create_app(settings)) as c:
        tid, tokens = new_table(c, turn_seconds=3600, bank_seconds=3600)
        wait_for(lambda: rows_of(settings, tid))
        advance(c, 3600 + 1800)  # both late by half an hour: half the bank spent
        for p in (0, 1):
            st = state(c, tid, tokens[p])
            assert move(c, tid, tokens[p], st["legal"][0]["action"], st["move"]).status_code == 200
        banks = {p: r.bank for p, r in rows_of(settings, tid).items()}
        assert abs(banks[0] - 1800) < 5 and abs(banks[1] - 1800) < 5
        st = state(c, tid, tokens[0])
        assert move(c, tid, tokens[0], st["legal"][0]["action"], st["move"]).status_code == 200
        # in time: a quarter of the limit back
        assert abs(rows_of(settings, tid)[0].bank - (1800 + RULES.refill_share * 3600)) < 5


def test_a_due_deadline_survives_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    clock = Clock()
    with TestClient(create_app(turn_settings(path, clock=clock))) as c:
        tid, _ = new_table(c, turn_seconds=3600, bank_seconds=0)
        wait_for(lambda: len(rows_of(turn_settings(path), tid)) == 2)
    # the server is down while the deadline passes; it fires at the next start
    clock.advance(2 * 3600)
    settings = turn_settings(path, clock=clock)
    assert moves(settings, tid) == []
    with TestClient(create_app(settings)):
        wait_for(lambda: len(moves(settings, tid)) == 2)
    assert sorted(moves(settings, tid)) == [(0, "clock"), (1, "clock")]


def test_idle_tables_hold_no_task_and_leave_memory(tmp_path: Path) -> None:
    settings = turn_settings(tmp_path / "db.sqlite3", turn_evict_seconds=3600)
    with TestClient(create_app(settings)) as c:
        manager = c.app.state.manager  # type: ignore[attr-defined]
        portal = c.portal
        assert portal is not None

        async def tasks() -> int:
            await asyncio.sleep(0.2)  # the writes after the deal are done
            return len(asyncio.all_tasks())

        new_table(c)
        before = portal.call(tasks)
        ids = [new_table(c)[0] for _ in range(12)]
        assert portal.call(tasks) <= before  # no task per waiting table
        for tid in ids:
            table = manager.tables[tid]
            assert table.clock_task is None and table.window is None and not table.ai_tasks
        settings.turn_evict_seconds = 0
        wait_for(lambda: not any(t in manager.tables for t in ids))
        # and a table let go is loaded again when asked for
        settings.turn_evict_seconds = 3600
        assert state(c, ids[0])["table"]["status"] == "running"
        assert ids[0] in manager.tables


def test_timeouts_are_counted_per_account_and_per_seat(tmp_path: Path) -> None:
    settings = turn_settings(tmp_path / "db.sqlite3")
    with TestClient(create_app(settings)) as c:
        tid, tokens = new_table(c, turn_seconds=3600, bank_seconds=0)
        engine = create_engine(settings.database_url)
        with engine.begin() as conn:
            for i, name in enumerate(("ana", "bia")):
                conn.execute(
                    insert(AccountRow).values(
                        id=f"acc{i}", name=name, name_key=name, created_at=now()
                    )
                )
                conn.execute(
                    insert(AccountSeatRow).values(
                        table_id=tid, seat=i, account_id=f"acc{i}", claimed_at=now()
                    )
                )
        # seat 0 plays every move in time; seat 1 lets the clock play each of its moves
        while state(c, tid)["result"] is None:
            st = state(c, tid, tokens[0])
            if st["legal"]:
                move(c, tid, tokens[0], st["legal"][0]["action"], st["move"])
            n = state(c, tid)["move"]
            advance(c, 3601)
            wait_for(lambda n=n: state(c, tid)["move"] > n or state(c, tid)["result"])
        store = ProfileStore(engine)
        timeouts = {a: store.timeouts(a) for a in ("acc0", "acc1", "nobody")}
        rep = {a: reputation(store.seats(a), timeouts[a]) for a in ("acc0", "acc1", "nobody")}
        engine.dispose()
        # the clock played each of seat 1's three moves, none of seat 0's
        assert timeouts == {"acc0": {}, "acc1": {(tid, 1): 3}, "nobody": {}}
        assert (rep["acc0"].finished, rep["acc0"].without_timeout) == (1, 1)
        assert (rep["acc1"].finished, rep["acc1"].without_timeout) == (1, 0)
        assert rep["nobody"].counted == 0
        assert rows_of(settings, tid) == {}  # a finished table keeps no timer


def test_on_turn_tells_each_new_decision_of_peoples_seats_once(tmp_path: Path) -> None:
    settings = turn_settings(tmp_path / "db.sqlite3")
    with TestClient(create_app(settings)) as c:
        heard: list[tuple[str, tuple[int, ...]]] = []
        c.app.state.manager.on_turn(lambda tid, seats: heard.append((tid, seats)))  # type: ignore[attr-defined]
        tid, tokens = new_table(c)
        assert heard == [(tid, (0, 1))]  # the deal: both choose
        st = state(c, tid, tokens[0])
        move(c, tid, tokens[0], st["legal"][0]["action"], st["move"])
        assert heard == [(tid, (0, 1))]  # seat 1 still owes the same decision: not again
        st = state(c, tid, tokens[1])
        move(c, tid, tokens[1], st["legal"][0]["action"], st["move"])
        assert heard[1:] == [(tid, (0, 1))]  # the next round
        # a reaction window's answers are no turn; AI seats are never told
        heard.clear()
        r = c.post(
            "/api/tables",
            json={"game": "react-toy", "seats": [{"kind": "human"}, {"kind": "human"}]},
        )
        rid = r.json()["id"]
        rt = dict(join(c, rid, n) for n in ("Ana", "Bia"))
        assert heard == [(rid, (0,))]
        st = state(c, rid, rt[0])
        score = next(a["action"] for a in st["legal"] if a["action"]["type"] == "score")
        move(c, rid, rt[0], score, st["move"])
        assert heard == [(rid, (0,))]  # the window opened: nobody is called
        move(c, rid, rt[0], {"type": "pass"}, 1)
        move(c, rid, rt[1], {"type": "pass"}, 1)
        assert heard[1:] == [(rid, (1,))]  # the window closed: seat 1's turn


def test_the_turn_based_data_is_checked_at_load_and_the_bank_rule_holds() -> None:
    good = (
        "limits = [3600]\ndefault_limit = 3600\nbanks = [0, 600]\ndefault_bank = 600\n"
        "refill_share = 0.5\nwindow_seconds = 60\n"
    )
    rules = load(good)
    for bad in (
        good.replace("default_limit = 3600", "default_limit = 60"),
        good.replace("refill_share = 0.5", "refill_share = 2"),
        good + "surprise = 1\n",
        "limits = [",
    ):
        with pytest.raises(DataError, match=r"turn_based\.toml"):
            load(bad)
    # in time: half the limit back, never above the bank the seat started with
    assert rules.settle(0, 600, 3600, 100) == 600
    assert rules.settle(100, 600, 3600, 3600) == 600
    assert rules.settle(0, 6000, 3600, 10) == 1800
    # late: what it took beyond the limit, down to nothing
    assert rules.settle(600, 600, 3600, 3600 + 200) == 400
    assert rules.settle(600, 600, 3600, 3600 + 9000) == 0


def test_a_seat_that_leaves_has_no_deadline_any_more(tmp_path: Path) -> None:
    settings = turn_settings(tmp_path / "db.sqlite3")
    with TestClient(create_app(settings)) as c:
        tid, tokens = new_table(c, "nine-domains", turn_seconds=3600, bank_seconds=0)
        wait_for(lambda: rows_of(settings, tid).get(1) is not None)
        assert rows_of(settings, tid)[1].due_at is not None
        r = c.post(f"/api/tables/{tid}/leave", headers={"Authorization": f"Bearer {tokens[1]}"})
        assert r.status_code == 200, r.text
        # an AI seat plays for Bia now: it moves, and no deadline waits for it
        wait_for(lambda: (1, "ai") in moves(settings, tid), timeout=180)
        wait_for(lambda: rows_of(settings, tid)[1].due_at is None)
        assert rows_of(settings, tid)[0].due_at is not None  # Ana's decision still waits
