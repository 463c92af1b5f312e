"""Issue 21, item 5: "your turn" by Web Push, to a local endpoint that checks the VAPID
signature and decrypts the message as a browser would (server/notify)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.server import create_app

from .conftest import pg_schema, sqlite_settings
from .helpers import create, join, move, state, wait_for
from .notify_endpoints import PushService

ORIGIN = {"Origin": "http://testserver"}
PASSWORD = "correct horse battery"
CONTACT = "mailto:ops@example.org"


def person(app: Any, name: str) -> TestClient:
    """A signed-in browser of the server's own origin."""
    c = TestClient(app)
    c.headers.update(ORIGIN)
    r = c.post("/api/account/signup", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    return c


def claim(c: TestClient, tid: str, token: str) -> None:
    r = c.post("/api/account/seats", json={"seats": [{"table": tid, "token": token}]})
    assert r.json() == {"claimed": 1}


def subscribe(c: TestClient, sub: dict[str, Any]) -> Any:
    return c.post("/api/notify/push", json=sub)


@pytest.fixture
def world(tmp_path: Path) -> Iterator[tuple[TestClient, PushService]]:
    settings = sqlite_settings(tmp_path / "db.sqlite3", push_allow_http=True, push_contact=CONTACT)
    with TestClient(create_app(settings)) as client:
        key = client.get("/api/notify/push-key").json()["key"]
        service = PushService(key, CONTACT)
        try:
            yield client, service
        finally:
            service.close()


def two_seats(client: TestClient, ana: TestClient) -> tuple[str, str]:
    """A toy table (both seats choose at once each round): Ana's seat claimed by her account,
    Bia a guest. Not started until Bia sits."""
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    _, tok_a = join(client, tid, "Ana")
    claim(ana, tid, tok_a)
    return tid, tok_a


def play(client: TestClient, tid: str, token: str) -> None:
    st = state(client, tid, token)
    r = move(client, tid, token, st["legal"][0]["action"], st["move"])
    assert r.status_code == 200, r.text


def test_a_new_turn_is_pushed_signed_and_encrypted_with_the_game_and_table_only(
    world: tuple[TestClient, PushService],
) -> None:
    client, service = world
    ana = person(client.app, "Ana")
    browser = service.browser("/ok/ana")
    assert subscribe(ana, browser.subscription()).status_code == 201
    tid, tok_a = two_seats(client, ana)
    _, tok_b = join(client, tid, "Bia")  # the game starts: both seats owe a card
    wait_for(lambda: service.to("/ok/ana"), 10)
    assert service.errors == []
    [first] = service.to("/ok/ana")
    assert first == {
        "kind": "your_turn",
        "table": tid,
        "game": "toy",
        "names": {"pt-BR": "Brinquedo", "en": "Toy"},
        "url": f"/t/{tid}",
    }
    # Ana chooses; Bia still owes hers: nothing new for Ana
    play(client, tid, tok_a)
    # Bia chooses: the round ends, both owe the next card: Ana is told again
    play(client, tid, tok_b)
    wait_for(lambda: len(service.to("/ok/ana")) == 2, 10)
    time.sleep(0.5)  # and no third one on its way
    assert len(service.to("/ok/ana")) == 2 and service.errors == []


def test_nobody_is_told_at_the_table_they_have_open(world: tuple[TestClient, PushService]) -> None:
    client, service = world
    ana = person(client.app, "Ana")
    subscribe(ana, service.browser("/ok/ana").subscription())
    tid, tok_a = two_seats(client, ana)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "token": tok_a, "lang": "en"})
        assert ws.receive_json()["type"] == "state"
        _, tok_b = join(client, tid, "Bia")
        play(client, tid, tok_a)
        play(client, tid, tok_b)
        assert state(client, tid, tok_a)["move"] == 2
    # the socket is closed: the next turn is pushed
    play(client, tid, tok_a)
    play(client, tid, tok_b)
    wait_for(lambda: service.to("/ok/ana"), 10)
    assert len(service.to("/ok/ana")) == 1


def test_never_for_a_seat_that_is_not_yours(world: tuple[TestClient, PushService]) -> None:
    client, service = world
    ana = person(client.app, "Ana")
    cid = person(client.app, "Cid")
    subscribe(ana, service.browser("/ok/ana").subscription())
    subscribe(cid, service.browser("/ok/cid").subscription())
    tid, _ = two_seats(client, ana)
    # Cid cannot claim Ana's seat with a made-up token, nor Bia's guest seat without hers
    r = cid.post("/api/account/seats", json={"seats": [{"table": tid, "token": "x" * 43}]})
    assert r.json() == {"claimed": 0}
    join(client, tid, "Bia")
    wait_for(lambda: service.to("/ok/ana"), 10)
    assert service.to("/ok/cid") == []
    # nor may Cid stop Ana's subscription by naming its endpoint
    gone = cid.post("/api/notify/push/remove", json={"endpoint": service.base + "/ok/ana"})
    assert gone.json() == {"unsubscribed": False}
    assert ana.get("/api/notify").json()["push_subscriptions"] == 1


def test_an_expired_subscription_is_dropped(world: tuple[TestClient, PushService]) -> None:
    client, service = world
    ana = person(client.app, "Ana")
    subscribe(ana, service.browser("/gone/old-phone").subscription())
    subscribe(ana, service.browser("/ok/laptop").subscription())
    assert ana.get("/api/notify").json()["push_subscriptions"] == 2
    tid, tok_a = two_seats(client, ana)
    _, tok_b = join(client, tid, "Bia")
    wait_for(lambda: ana.get("/api/notify").json()["push_subscriptions"] == 1, 10)
    wait_for(lambda: len(service.to("/ok/laptop")) == 1, 10)
    assert len(service.to("/gone/old-phone")) == 1
    # the next turn goes to the laptop only: the old phone is not tried again
    play(client, tid, tok_a)
    play(client, tid, tok_b)
    wait_for(lambda: len(service.to("/ok/laptop")) == 2, 10)
    assert len(service.to("/gone/old-phone")) == 1


def test_subscribing_is_for_a_signed_in_page_of_this_origin_with_a_valid_subscription(
    world: tuple[TestClient, PushService],
) -> None:
    client, service = world
    sub = service.browser("/ok/x").subscription()
    anon = TestClient(client.app)
    anon.headers.update(ORIGIN)
    assert subscribe(anon, sub).json()["error"]["code"] == "not_signed_in"
    ana = person(client.app, "Ana")
    # another origin, and a cookie-bearing request that names none: refused before the route
    r = ana.post("/api/notify/push", json=sub, headers={"Origin": "https://evil.example"})
    assert r.status_code == 403 and r.json()["error"]["code"] == "bad_origin"
    bare = TestClient(client.app, cookies=ana.cookies)
    assert bare.post("/api/notify/push", json=sub).status_code == 403
    bad_key = {**sub, "keys": {**sub["keys"], "p256dh": "AAAA"}}
    assert subscribe(ana, bad_key).status_code == 422
    bad_auth = {**sub, "keys": {**sub["keys"], "auth": "!!"}}
    assert subscribe(ana, bad_auth).status_code == 422
    for endpoint in ("ftp://127.0.0.1/x", "https://user:pw@push.example/x", "/relative"):
        r = subscribe(ana, {**sub, "endpoint": endpoint})
        assert r.status_code == 422, endpoint
    assert ana.get("/api/notify").json()["push_subscriptions"] == 0


def test_plain_http_endpoints_are_refused_by_default_and_the_key_survives_a_restart(
    tmp_path: Path,
) -> None:
    settings = sqlite_settings(tmp_path / "db.sqlite3")
    with TestClient(create_app(settings)) as client:
        key = client.get("/api/notify/push-key").json()["key"]
        ana = person(client.app, "Ana")
        r = ana.post(
            "/api/notify/push",
            json={
                "endpoint": "http://127.0.0.1:9/x",
                "keys": {"p256dh": "B" + "A" * 86, "auth": "A" * 22},
            },
        )
        assert r.status_code == 422 and r.json()["error"]["code"] == "bad_endpoint"
    with TestClient(create_app(settings)) as client:
        assert client.get("/api/notify/push-key").json()["key"] == key
    assert len(key) == 87  # a P-256 point, uncompressed, base64url


def test_the_page_asks_which_of_the_accounts_tables_wait_for_its_move(
    world: tuple[TestClient, PushService],
) -> None:
    client, _ = world
    ana = person(client.app, "Ana")
    tid, tok_a = two_seats(client, ana)
    assert ana.get("/api/notify/waiting").json() == {"tables": []}  # not started yet
    _, tok_b = join(client, tid, "Bia")
    got = ana.get("/api/notify/waiting?lang=en").json()
    assert got == {"tables": [{"table": tid, "game": "toy", "game_name": "Toy"}]}
    play(client, tid, tok_a)  # Ana chose: the table waits for Bia, not for her
    assert ana.get("/api/notify/waiting").json() == {"tables": []}
    # a guest (no session) and another account get nothing of Ana's tables
    assert TestClient(client.app).get("/api/notify/waiting").json() == {"tables": []}
    play(client, tid, tok_b)
    assert person(client.app, "Cid").get("/api/notify/waiting").json() == {"tables": []}
    assert len(ana.get("/api/notify/waiting").json()["tables"]) == 1


def test_on_postgresql_too() -> None:
    """Migration 0007 and the same turn pushed on PostgreSQL (the production database)."""
    with (
        pg_schema(push_allow_http=True, push_contact=CONTACT) as settings,
        TestClient(create_app(settings)) as client,
    ):
        key = client.get("/api/notify/push-key").json()["key"]
        service = PushService(key, CONTACT)
        try:
            ana = person(client.app, "Ana")
            subscribe(ana, service.browser("/ok/ana").subscription())
            r = ana.post("/api/notify/email", json={"address": "a@example.org"})
            assert r.status_code == 200
            tid, _ = two_seats(client, ana)
            join(client, tid, "Bia")
            wait_for(lambda: service.to("/ok/ana"), 10)
            assert service.errors == []
            export = ana.get("/api/account/export").json()["notifications"]
            assert export["email"]["address"] == "a@example.org"
            assert len(export["push_subscriptions"]) == 1
            aid = ana.get("/api/account").json()["account"]["id"]
            assert ana.post("/api/account/delete").status_code == 200
            store = client.app.state.manager.notifier.store  # type: ignore[attr-defined]
            assert store.mail_choice(aid) is None and store.subscriptions(aid) == []
        finally:
            service.close()


def closed_after(client: TestClient, tid: str, move: int) -> bool:
    """The window closed, and the table went past ``move``."""
    s = state(client, tid)
    return s["window"] is None and s["move"] > move


def test_a_reaction_window_is_no_turn(world: tuple[TestClient, PushService]) -> None:
    """Ana scores, a window opens where both may react, Bia's turn; Bia scores, a window where
    Ana may react (no push while it is open: it lasts seconds, and is no turn), then Ana's
    turn: pushed then."""
    client, service = world
    ana = person(client.app, "Ana")
    subscribe(ana, service.browser("/ok/ana").subscription())
    tid = create(
        client,
        "react-toy",
        [{"kind": "human"}, {"kind": "human"}],
        options={"nopes": 0},
        window_seconds=2.5,
        window_close_early=False,
    )
    _, tok_a = join(client, tid, "Ana")
    claim(ana, tid, tok_a)
    _, tok_b = join(client, tid, "Bia")
    wait_for(lambda: len(service.to("/ok/ana")) == 1, 10)  # Ana's turn first
    for token in (tok_a, tok_b):
        st = state(client, tid, token)
        # a score opens a window (the game's rule); it closes by itself
        assert move(client, tid, token, {"type": "score"}, st["move"]).status_code == 200
        if token == tok_b:
            time.sleep(1.0)  # the window Ana may react in is open: nothing pushed for it
            assert state(client, tid)["window"] is not None
            assert len(service.to("/ok/ana")) == 1
        wait_for(lambda n=st["move"] + 1: closed_after(client, tid, n), 10)
    assert state(client, tid, tok_a)["actors"] == [0]
    wait_for(lambda: len(service.to("/ok/ana")) == 2, 10)
    assert service.errors == []
