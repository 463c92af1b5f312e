"""Issue 21, item 1 (passkeys): an account made with a passkey only, a passkey added to an
account, signing in with a discoverable passkey; the challenges single-use and expiring
(server/passkeys.py). A software authenticator (webauthn_device.py) answers as a browser."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from ludoteca.server import Settings, create_app
from ludoteca.server.account_store import AccountStore
from ludoteca.server.db import make_engine
from ludoteca.server.passkey_store import PasskeyStore

from .conftest import pg_schema, sqlite_settings
from .helpers import create, join
from .test_accounts import PASSWORD, browser, me, sign_in, sign_up
from .webauthn_device import Device

COOKIE = "ludoteca_session"


def passkey_sign_up(client: TestClient, device: Device, name: str = "Ana") -> Any:
    r = client.post("/api/account/passkeys/signup/options", json={"name": name})
    assert r.status_code == 200, r.text
    ceremony, options = r.json()["ceremony"], r.json()["options"]
    assert options["authenticatorSelection"]["residentKey"] == "required"
    assert options["authenticatorSelection"]["userVerification"] == "required"
    return client.post(
        "/api/account/passkeys/signup",
        json={"ceremony": ceremony, "credential": device.create(options)},
    )


def passkey_sign_in(client: TestClient, device: Device) -> Any:
    r = client.post("/api/account/passkeys/signin/options")
    ceremony, options = r.json()["ceremony"], r.json()["options"]
    assert options.get("allowCredentials", []) == []  # discoverable: no name asked
    return client.post(
        "/api/account/passkeys/signin",
        json={"ceremony": ceremony, "credential": device.get(options)},
    )


def test_an_account_made_with_a_passkey_signs_in_with_it(client: TestClient) -> None:
    browser(client)
    device = Device()
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    _, token = join(client, tid, "ana")
    r = passkey_sign_up(client, device)
    assert r.status_code == 201, r.text
    assert r.json()["account"]["name"] == "Ana"
    first = client.cookies[COOKIE]
    # the guest's seat goes with the account, as after a password sign-up
    client.post("/api/account/seats", json={"seats": [{"table": tid, "token": token}]})
    assert [s["table"] for s in me(client).json()["seats"]] == [tid]
    # no password: a password sign-in gets the answer any wrong one gets
    client.post("/api/account/signout")
    assert sign_in(client, "Ana", "anything at all").json()["error"]["code"] == "signin_failed"
    r = passkey_sign_in(client, device)
    assert r.status_code == 200, r.text
    assert r.json()["account"]["name"] == "Ana"
    assert client.cookies[COOKIE] != first  # a new session
    assert [s["table"] for s in me(client).json()["seats"]] == [tid]
    listed = client.get("/api/account/passkeys").json()
    assert listed["password"] is False and len(listed["passkeys"]) == 1
    assert listed["passkeys"][0]["last_used_at"] is not None
    # a taken name is refused before any passkey is made
    other = TestClient(client.app)
    browser(other)
    r = other.post("/api/account/passkeys/signup/options", json={"name": "ANA"})
    assert r.status_code == 409 and r.json()["error"]["code"] == "name_taken"


def test_a_challenge_is_good_once(client: TestClient) -> None:
    browser(client)
    device = Device()
    assert passkey_sign_up(client, device).status_code == 201
    client.post("/api/account/signout")
    r = client.post("/api/account/passkeys/signin/options")
    ceremony, options = r.json()["ceremony"], r.json()["options"]
    answer = device.get(options)
    body = {"ceremony": ceremony, "credential": answer}
    assert client.post("/api/account/passkeys/signin", json=body).status_code == 200
    client.post("/api/account/signout")
    again = client.post("/api/account/passkeys/signin", json=body)  # the same answer replayed
    assert again.status_code == 400 and again.json()["error"]["code"] == "passkey_expired"
    assert me(client).status_code == 401
    # a challenge handed out for one ceremony answers no other
    r = client.post("/api/account/passkeys/signup/options", json={"name": "Bia"})
    wrong = {"ceremony": r.json()["ceremony"], "credential": device.get(options)}
    r = client.post("/api/account/passkeys/signin", json=wrong)
    assert r.json()["error"]["code"] == "passkey_expired"


def test_a_challenge_expires(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path / "db.sqlite3", passkey_challenge_seconds=0.01)
    with TestClient(create_app(settings)) as c:
        browser(c)
        r = c.post("/api/account/passkeys/signup/options", json={"name": "Ana"})
        time.sleep(0.05)
        answer = Device().create(r.json()["options"])
        r = c.post(
            "/api/account/passkeys/signup",
            json={"ceremony": r.json()["ceremony"], "credential": answer},
        )
        assert r.status_code == 400 and r.json()["error"]["code"] == "passkey_expired"
        assert sign_in(c, "Ana", "x" * 8).status_code == 401 and me(c).status_code == 401


def test_answers_from_elsewhere_or_another_key_are_refused(client: TestClient) -> None:
    browser(client)
    device = Device()
    assert passkey_sign_up(client, device).status_code == 201
    client.post("/api/account/signout")
    # a page of another origin (a phishing site relaying the ceremony)
    phisher = Device(origin="https://ludoteca.evil.example")
    phisher.keys = device.keys
    r = client.post("/api/account/passkeys/signin/options")
    body = {"ceremony": r.json()["ceremony"], "credential": phisher.get(r.json()["options"])}
    r = client.post("/api/account/passkeys/signin", json=body)
    assert r.status_code == 401 and r.json()["error"]["code"] == "passkey_failed"
    # the right credential id signed by another key
    forger = Device()
    forger.create({"rp": {"id": "testserver"}, "user": {"id": ""}, "challenge": "x"})
    (cred,) = device.keys
    forged_key = next(iter(forger.keys.values()))
    forger.keys = {cred: (forged_key[0], *device.keys[cred][1:])}
    r = client.post("/api/account/passkeys/signin/options")
    body = {"ceremony": r.json()["ceremony"], "credential": forger.get(r.json()["options"])}
    r = client.post("/api/account/passkeys/signin", json=body)
    assert r.status_code == 401 and r.json()["error"]["code"] == "passkey_failed"
    # a credential nobody registered: the same answer
    stranger = Device()
    stranger.create({"rp": {"id": "testserver"}, "user": {"id": ""}, "challenge": "x"})
    r = client.post("/api/account/passkeys/signin/options")
    body = {"ceremony": r.json()["ceremony"], "credential": stranger.get(r.json()["options"])}
    r = client.post("/api/account/passkeys/signin", json=body)
    assert r.status_code == 401 and r.json()["error"]["code"] == "passkey_failed"
    # a registration made on another site's id
    r = client.post("/api/account/passkeys/signup/options", json={"name": "Bia"})
    options = {**r.json()["options"], "rp": {"id": "evil.example"}}
    body = {"ceremony": r.json()["ceremony"], "credential": Device().create(options)}
    r = client.post("/api/account/passkeys/signup", json=body)
    assert r.status_code == 400 and r.json()["error"]["code"] == "passkey_refused"
    assert me(client).status_code == 401


def test_an_account_adds_lists_and_removes_passkeys(client: TestClient) -> None:
    browser(client)
    sign_up(client, "Ana", PASSWORD)
    device = Device()
    r = client.post("/api/account/passkeys/options")
    body = {"ceremony": r.json()["ceremony"], "credential": device.create(r.json()["options"])}
    r = client.post("/api/account/passkeys", json=body)
    assert r.status_code == 201, r.text
    key_id = r.json()["passkey"]["id"]
    # the same credential again is excluded (the options name it) and refused
    r = client.post("/api/account/passkeys/options")
    assert [c["id"] for c in r.json()["options"]["excludeCredentials"]] == [key_id]
    client.post("/api/account/signout")
    assert passkey_sign_in(client, device).json()["account"]["name"] == "Ana"
    data = client.get("/api/account/export").json()
    assert [p["id"] for p in data["passkeys"]] == [key_id]
    # the password stays a way in: the passkey may go
    r = client.post("/api/account/passkeys/remove", json={"id": key_id})
    assert r.json() == {"removed": True}
    client.post("/api/account/signout")
    r = passkey_sign_in(client, device)
    assert r.status_code == 401


def test_the_last_way_in_stays_and_another_accounts_passkey_is_not_yours(
    client: TestClient,
) -> None:
    browser(client)
    device = Device()
    passkey_sign_up(client, device, "Ana")
    (key,) = client.get("/api/account/passkeys").json()["passkeys"]
    r = client.post("/api/account/passkeys/remove", json={"id": key["id"]})
    assert r.status_code == 409 and r.json()["error"]["code"] == "last_way_in"
    # a password first (a passkey-only account gives no current one), then it may go
    r = client.post("/api/account/password", json={"new": PASSWORD})
    assert r.status_code == 200
    bob = TestClient(client.app)
    browser(bob)
    sign_up(bob, "Bob")
    r = bob.post("/api/account/passkeys/remove", json={"id": key["id"]})
    assert r.status_code == 404  # Ana's passkey is not Bob's to remove
    assert client.post("/api/account/passkeys/remove", json={"id": key["id"]}).status_code == 200


def test_passkeys_go_with_the_account_and_suspension_stops_them(
    client: TestClient, settings: Settings
) -> None:
    browser(client)
    device = Device()
    account = passkey_sign_up(client, device).json()["account"]
    engine = make_engine(settings.database_url, settings.connect_args)
    store, accounts = PasskeyStore(engine), AccountStore(engine)
    assert len(store.of(account["id"])) == 1
    accounts.suspend(account["id"], datetime.now(UTC))
    assert me(client).status_code == 401  # the session ended
    r = passkey_sign_in(client, device)
    assert r.status_code == 403 and r.json()["error"]["code"] == "suspended"
    accounts.suspend(account["id"], None)
    assert passkey_sign_in(client, device).status_code == 200
    assert client.post("/api/account/delete").status_code == 200
    assert store.of(account["id"]) == []
    assert passkey_sign_in(client, device).status_code == 401
    engine.dispose()


def test_passkeys_on_postgresql() -> None:
    with pg_schema() as settings, TestClient(create_app(settings)) as c:
        test_a_challenge_is_good_once(c)
    with pg_schema() as settings, TestClient(create_app(settings)) as c:
        test_passkeys_go_with_the_account_and_suspension_stops_them(c, settings)
