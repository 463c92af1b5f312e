"""The table registry alone (server/registry.py), on a real SQLite store and no other part:
its events go to the listeners subscribed, in order; it loads tables from their records."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from ludoteca.server.db import MoveBatch, Store, make_engine, migrate
from ludoteca.server.errors import ApiError
from ludoteca.server.live import LiveTable
from ludoteca.server.registry import Change, TableRegistry

from .fakes import T0, live_table, play_until, settings, stored


def registry(tmp_path: Path, **kw: Any) -> TableRegistry:
    engine = make_engine(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    migrate(engine)
    return TableRegistry(Store(engine), settings(**kw))


def listen(r: TableRegistry) -> list[tuple[str, str, Change]]:
    heard: list[tuple[str, str, Change]] = []
    for name in ("first", "second"):
        r.on_change(lambda t, c, name=name: heard.append((name, t.status, c)))
    return heard


def test_a_change_reaches_the_listeners_in_order(tmp_path: Path) -> None:
    r = registry(tmp_path)
    heard = listen(r)
    table = live_table()
    r.tables[table.id] = table
    table.cache[("x",)] = 1
    r.changed(table, {0})
    assert [h[0] for h in heard] == ["first", "second"]
    assert heard[0][2] == Change({0}, live=True, announce=True)
    assert table.cache == {} and table.updated_at is not None and table.updated_at > T0
    assert r.tables == {table.id: table}  # a running table stays
    r.close()


def test_a_game_that_is_over_finishes_the_table_and_leaves_memory(tmp_path: Path) -> None:
    r = registry(tmp_path)
    heard = listen(r)
    table = live_table()
    r.tables[table.id] = table
    play_until(table, lambda t: t.state is not None and t.state.is_over)
    r.changed(table, None, announce=False)
    # the listeners already see it finished, and not live
    assert heard[0][1:] == ("finished", Change(None, live=False, announce=False))
    assert table.status == "finished" and table.id not in r.tables
    # an open table (nothing dealt) is not live either, but is kept
    open_ = live_table(status="open")
    r.tables[open_.id] = open_
    r.changed(open_, None)
    assert heard[-1][2].live is False and open_.id in r.tables
    r.close()


def test_get_rebuilds_a_stored_table_once_and_keeps_it(tmp_path: Path) -> None:
    r = registry(tmp_path)
    heard = listen(r)
    deal = live_table().state
    assert deal is not None
    card = deal.legal_actions(0)[0].to_json()  # a move that is legal in this deal
    st = stored(status="running")
    r.store.create_table(st.row, st.seats)
    r.store.append_batch([MoveBatch("t1", 0, [(0, card, "player")], "running", None)])

    async def scenario() -> LiveTable:
        table = await r.get("t1")
        assert await r.get("t1") is table  # from memory the second time
        return table

    table = asyncio.run(scenario())
    assert table.move_count == 1 and table.status == "running" and table.state is not None
    assert table.state.to_json() != deal.to_json()  # the stored move was replayed
    assert r.tables["t1"] is table and table.follower is False
    # a running table loaded is "changed" once: its timers and AI seats start, nobody is told
    assert [h[2] for h in heard if h[0] == "first"] == [Change(None, True, False)]
    with pytest.raises(ApiError) as e:
        asyncio.run(r.get("nope"))
    assert e.value.status == 404
    r.close()


def test_a_stale_table_is_caught_up_before_it_is_handed_out(tmp_path: Path) -> None:
    r = registry(tmp_path)
    table = live_table()
    r.tables[table.id] = table
    caught: list[str] = []

    async def catch_up(t: LiveTable) -> None:
        caught.append(t.id)
        t.stale = False

    r.on_stale(catch_up)
    assert asyncio.run(r.get(table.id)) is table and caught == []
    table.stale = True
    assert asyncio.run(r.get(table.id)) is table and caught == [table.id]
    r.close()


class Client:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.closing = False
        self.notified = 0
        self.seat: int | None = None

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def close_soon(self) -> None:
        self.closing = True

    def notify(self) -> None:
        self.notified += 1


def test_drop_tells_the_clients_and_the_drop_listeners(tmp_path: Path) -> None:
    r = registry(tmp_path)
    table = live_table()
    r.tables[table.id] = table
    a, b = Client(), Client()
    b.seat = 1
    table.connections.update([a, b])  # type: ignore[list-item]
    r.notify(table, only_seat=1)
    assert (a.notified, b.notified) == (0, 1)
    stopped: list[str] = []
    r.on_drop(lambda t: stopped.append(t.id))
    r.drop(table, "expired", "this open table expired")
    assert stopped == [table.id] and table.id not in r.tables
    assert a.closing and a.sent[0]["error"]["code"] == "expired"


def test_stored_ai_seats_the_server_refuses_fall_back_when_loaded(tmp_path: Path) -> None:
    r = registry(tmp_path)
    st = stored("coatl", kinds=("human", "ai"), status="open")
    st.seats[1].agent = "ismcts:seconds=nan"  # stored by an older server, before the checks
    r.store.create_table(st.row, st.seats)
    table = asyncio.run(r.get("t1"))
    assert table.seats[1].agent == "strong"
    again = r.store.load("t1")
    assert again is not None and again.seats[1].agent == "strong"  # and stored so
    r.close()
