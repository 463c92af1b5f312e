"""Issue 24: a character no database column can hold (NUL; a lone surrogate) is refused with a
4xx that says so, before any work, wherever a request carries it: every path parameter, every
query parameter, every string of every body and WebSocket message. On SQLite and PostgreSQL
alike (PostgreSQL refused NUL with a 500 from deep in a lookup).

The routes, their parameters and the bodies' string fields are read from the app itself, so a
route or field added later is covered (or this test says it has no example for it)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from pydantic import BaseModel
from starlette.routing import WebSocketRoute

from ludoteca.server import Settings, create_app
from ludoteca.server import schemas as S

from .conftest import sqlite_settings
from .helpers import auth, create, join, state, wait_for

NUL = "\x00"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_settings(request: pytest.FixtureRequest, tmp_path: Path) -> Settings:
    if request.param == "sqlite":
        return sqlite_settings(tmp_path / "db.sqlite3", rate_limit=0)
    pg: Settings = request.getfixturevalue("pg_settings")
    return dataclasses.replace(pg, rate_limit=0)


@pytest.fixture
def world(db_settings: Settings) -> Iterator[tuple[TestClient, dict[str, Any]]]:
    with TestClient(create_app(db_settings), raise_server_exceptions=False) as c:
        running = create(c, "toy", [{"kind": "human"}, {"kind": "ai", "agent": "easy"}])
        _, token = join(c, running, "Ana")
        # the AI seat's secret choice (the toy game is simultaneous) made before the checks,
        # which compare the tables before and after: its workers start at the first job, and
        # its move arriving between was counted as the checks' doing
        wait_for(lambda: state(c, running, token)["move"] >= 1, 60)
        sala = create(c, "sala-de-miaula", [{"kind": "human"}, {"kind": "human"}])
        yield c, {"running": running, "token": token, "sala": sala}


def tables_seen(c: TestClient) -> list[tuple[str, int, list[bool]]]:
    """What the database holds, as the lobby reads it back: ids, moves, seats taken."""
    rows = c.get("/api/tables", params={"status": "active", "limit": 500}).json()
    return sorted((t["id"], t["move"], [s["taken"] for s in t["seats"]]) for t in rows)


def all_routes(routes: list[Any]) -> Iterator[Any]:
    """The app's routes, those of its included routers too (kept apart in their routers)."""
    for r in routes:
        included = getattr(r, "original_router", None)
        yield from all_routes(included.routes) if included is not None else [r]


def routes_with_path_parameters(c: TestClient) -> list[tuple[str, str, list[str]]]:
    out = []
    for r in all_routes(c.app.routes):  # type: ignore[attr-defined]
        if isinstance(r, APIRoute | WebSocketRoute) and "{" in r.path:
            names = [p.split("}")[0] for p in r.path.split("{")[1:]]
            methods = sorted(r.methods or ()) if isinstance(r, APIRoute) else ["WEBSOCKET"]
            out += [(m, r.path, names) for m in methods]
    return out


def test_a_nul_in_any_path_parameter_is_a_400_before_any_lookup(
    world: tuple[TestClient, dict[str, Any]],
) -> None:
    c, real = world
    before = tables_seen(c)
    routes = routes_with_path_parameters(c)
    # the table's routes, the game's words, the pages, the socket: all found
    assert {
        "/api/tables/{table_id}/state",
        "/api/games/{game_id}/words",
        "/t/{table_id}",
        "/ws/tables/{table_id}",
    } <= {p for _, p, _ in routes}
    for method, path, names in routes:
        for name in names:
            for bad in ("%00", "ab%00cd"):
                url = path
                for other in names:
                    url = url.replace("{" + other + "}", bad if other == name else real["running"])
                if method == "WEBSOCKET":
                    with c.websocket_connect(url) as ws:
                        ws.send_json({"type": "hello", "token": real["token"]})
                        msg = ws.receive_json()
                    assert msg["type"] == "error", (url, msg)
                    assert msg["error"]["code"] == "bad_character", (url, msg)
                    continue
                body: dict[str, Any] | None = None
                if path.endswith("/moves"):
                    body = {"action": {"type": "pick"}}
                if path.endswith("/join"):
                    body = {"name": "Bia"}
                r = c.request(method, url, json=body, headers=auth(real["token"]))
                assert r.status_code == 400, (method, url, r.status_code, r.text)
                err = r.json()["error"]
                assert err["code"] == "bad_character" and "U+0000" in err["message"], err
    assert tables_seen(c) == before


def test_a_nul_in_any_query_parameter_is_a_400(world: tuple[TestClient, dict[str, Any]]) -> None:
    c, real = world
    seen = 0
    for r in all_routes(c.app.routes):  # type: ignore[attr-defined]
        if not isinstance(r, APIRoute):
            continue
        url = r.path.replace("{table_id}", real["running"]).replace("{game_id}", "toy")
        for q in r.dependant.query_params:
            for method in r.methods or ():
                got = c.request(method, url, params={q.alias: "x" + NUL}, json=None)
                assert got.status_code == 400, (method, url, q.alias, got.text)
                assert got.json()["error"]["code"] == "bad_character"
                seen += 1
    assert seen >= 8  # lang everywhere, status, limit, before, view, start


# -- bodies -----------------------------------------------------------------------------------
def string_fields(model: type[BaseModel], prefix: str = "") -> set[str]:
    """Every field of a body model (nested ones included) that holds text: a string, or a JSON
    object whose keys and values may be strings (options, actions)."""
    out: set[str] = set()
    for name, field in model.model_fields.items():
        text = repr(field.annotation)
        nested = [
            t
            for t in (getattr(field.annotation, "__args__", None) or (field.annotation,))
            if isinstance(t, type) and issubclass(t, BaseModel)
        ]
        for t in nested:
            out |= string_fields(t, f"{prefix}{name}.")
        if "str" in text or "dict" in text:
            out.add(prefix + name)
    return out


def leaves(value: Any, where: str = "") -> Iterator[tuple[str, Any]]:
    """Every string (and object key) of a JSON value, with a function giving the value with
    a NUL put into that one string."""
    if isinstance(value, str):
        yield where, lambda: value[:1] + NUL + value[1:]
    elif isinstance(value, dict):
        for k, v in value.items():
            at = f"{where}.{k}" if where else k
            yield (
                at + " (key)",
                lambda k=k: {(kk + NUL if kk == k else kk): vv for kk, vv in value.items()},
            )
            for w, make in leaves(v, at):
                yield w, lambda k=k, make=make: {**value, k: make()}
    elif isinstance(value, list):
        for i, v in enumerate(value):
            for w, make in leaves(v, f"{where}.{i}"):
                yield w, lambda i=i, make=make: [*value[:i], make(), *value[i + 1 :]]


def fixed_form(where: str) -> bool:
    """A field's name, or a field of a fixed form (a word from a list, a pattern): refused as
    not that form. Free text (and an option's or an action's keys) is refused as unstorable."""
    path = where.removesuffix(" (key)").split(".")
    in_json = path[0] in ("options", "action") and len(path) > 1
    fixed = path[-1] in ("kind", "agent") or path == ["type"]
    return (where.endswith("(key)") and not in_json) or fixed


def bodies(real: dict[str, Any]) -> list[tuple[type[BaseModel], str, dict[str, Any]]]:
    sala, running = real["sala"], real["running"]
    deck = "starter: mare_e_pedra"
    return [
        (
            S.CreateTable,
            "/api/tables",
            {
                "game": "toy",
                "seats": [{"kind": "human"}, {"kind": "ai", "agent": "easy"}],
                "options": {"note": "x"},
                "join": {"name": "Ana", "deck": deck},
            },
        ),
        (S.JoinTable, f"/api/tables/{sala}/join", {"name": "Bia", "deck": deck}),
        (S.MoveRequest, f"/api/tables/{running}/moves", {"move": 1, "action": {"type": "pick"}}),
    ]


def test_a_nul_in_any_string_of_a_body_is_refused_before_work(
    world: tuple[TestClient, dict[str, Any]],
) -> None:
    c, real = world
    before = tables_seen(c)
    covered: set[str] = set()
    for model, url, body in bodies(real):
        for where, make in leaves(body):
            r = c.post(url, json=make(), headers=auth(real["token"]))
            assert r.status_code == 422, (url, where, r.status_code, r.text)
            code = r.json()["error"]["code"]
            fixed = fixed_form(where)
            assert code in (("invalid_request",) if fixed else ("bad_character", "name_control"))
            assert r.json()["error"]["code"] != "internal"
            covered.add(where.replace(" (key)", "").split(".")[0])
            covered.add(".".join(p for p in where.split(".")[:2] if not p.isdigit()))
        assert {f.split(".")[0] for f in string_fields(model)} <= covered, (model, covered)
    # a lone surrogate (JSON can write one; no UTF-8 text holds it) in an option or an action
    for url, text in [
        ("/api/tables", '{"game": "toy", "options": {"note": "\\ud800"}}'),
        (f"/api/tables/{real['running']}/moves", '{"action": {"type": "\\udfff"}}'),
    ]:
        r = c.post(url, content=text, headers={"content-type": "application/json"})
        assert r.status_code == 422 and r.json()["error"]["code"] == "bad_character", r.text
    assert tables_seen(c) == before


def test_a_nul_in_any_string_of_a_websocket_message_is_an_error_and_the_socket_goes_on(
    world: tuple[TestClient, dict[str, Any]],
) -> None:
    c, real = world
    url = f"/ws/tables/{real['running']}"
    hello = {"type": "hello", "token": real["token"], "lang": "en"}
    for where, make in leaves(hello):
        if fixed_form(where):
            continue  # not a hello at all
        with c.websocket_connect(url) as ws:
            ws.send_json(make())
            msg = ws.receive_json()
            assert msg["type"] == "error" and msg["error"]["code"] == "bad_character", (where, msg)
    with c.websocket_connect(url) as ws:
        ws.send_json(hello)
        assert ws.receive_json()["type"] == "state"
        for message in (
            {"type": "move", "move": 1, "action": {"type": "pick"}},
            {"type": "lang", "lang": "en"},
        ):
            for where, make in leaves(message):
                if fixed_form(where):
                    continue
                ws.send_text(json.dumps(make()))
                msg = ws.receive_json()
                while msg["type"] == "state":
                    msg = ws.receive_json()
                assert msg["type"] == "error", (where, msg)
                assert msg["error"]["code"] == "bad_character", (where, msg)
        ws.send_json({"type": "ping"})
        msg = ws.receive_json()
        while msg["type"] == "state":
            msg = ws.receive_json()
        assert msg["type"] == "pong"  # the socket went on
