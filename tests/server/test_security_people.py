"""Issue 21, item 7 (the rest): a password change ends every session; passkey doors behind
the same guards as the password ones (Origin check, Secure cookie behind TLS, rotation,
a limit on challenges); a suspended account claims no seat (docs/server.md, "Security")."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from ludoteca.cli.main import app as cli
from ludoteca.server import Settings, create_app
from ludoteca.server.account_store import AccountStore
from ludoteca.server.db import make_engine

from .conftest import sqlite_settings
from .helpers import create, join
from .test_accounts import PASSWORD, browser, me, sign_in, sign_up
from .test_passkeys import passkey_sign_in, passkey_sign_up
from .test_security_accounts import COOKIE, signed_in_as
from .webauthn_device import Device


def test_a_password_change_ends_every_session(client: TestClient) -> None:
    browser(client)
    sign_up(client)
    phone = TestClient(client.app)
    browser(phone)
    assert sign_in(phone).status_code == 200
    before = client.cookies[COOKIE]
    r = client.post("/api/account/password", json={"current": "wrong one!", "new": "x" * 12})
    assert r.status_code == 403 and r.json()["error"]["code"] == "wrong_password"
    assert me(phone).status_code == 200  # a refused change changes nothing
    r = client.post("/api/account/password", json={"current": PASSWORD, "new": "a new password"})
    assert r.status_code == 200
    assert me(phone).status_code == 401  # the other device is signed out
    assert signed_in_as(client, before) == 401  # and this browser's old session too
    assert client.cookies[COOKIE] != before and me(client).status_code == 200
    assert sign_in(phone).status_code == 401
    assert sign_in(phone, "Ana", "a new password").status_code == 200
    # a passkey-only account sets its first password without a current one; once it has one,
    # the current one is asked for
    other = TestClient(client.app)
    browser(other)
    passkey_sign_up(other, Device(), "Bia")
    assert other.post("/api/account/password", json={"new": PASSWORD}).status_code == 200
    r = other.post("/api/account/password", json={"new": "another password"})
    assert r.status_code == 403


DOORS: list[tuple[str, dict[str, str] | None]] = [
    ("/api/account/passkeys/signup/options", {"name": "Eve"}),
    ("/api/account/passkeys/signin/options", None),
    ("/api/account/passkeys/options", None),
    ("/api/account/passkeys/remove", {"id": "x"}),
    ("/api/account/password", {"new": "mallory's password"}),
    ("/api/account/blocks", {"name": "Bob"}),
    ("/api/account/invitations/decline", {"table": "x"}),
]


def test_the_new_doors_refuse_other_origins(client: TestClient) -> None:
    """Each door, one after the other on one server (a server per door cost seconds each):
    refused, and the session it was sent with still signed in as before."""
    browser(client)
    sign_up(client)
    before = client.cookies[COOKIE]
    for path, body in DOORS:
        r = client.post(path, json=body, headers={"Origin": "https://evil.example"})
        assert r.status_code == 403 and r.json()["error"]["code"] == "bad_origin", path
        assert signed_in_as(client, before) == 200, path


def test_passkey_sign_in_rotates_the_session_and_is_secure_behind_tls(tmp_path: Path) -> None:
    settings = sqlite_settings(
        tmp_path / "a.sqlite3", https_only=True, passkey_origins=("http://testserver",)
    )
    with TestClient(create_app(settings)) as c:
        browser(c)
        device = Device()
        r = passkey_sign_up(c, device)
        assert "secure" in r.headers["set-cookie"].lower()
        assert "httponly" in r.headers["set-cookie"].lower()
        first = r.cookies[COOKIE]
        r = c.post("/api/account/passkeys/signin/options", headers={"Cookie": f"{COOKIE}={first}"})
        body = {"ceremony": r.json()["ceremony"], "credential": device.get(r.json()["options"])}
        r = c.post(
            "/api/account/passkeys/signin", json=body, headers={"Cookie": f"{COOKIE}={first}"}
        )
        second = r.cookies[COOKIE]
        assert second != first and "secure" in r.headers["set-cookie"].lower()
        assert signed_in_as(c, first) == 401 and signed_in_as(c, second) == 200


def test_passkey_challenges_are_limited_per_address(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path / "a.sqlite3", passkey_challenges_per_minute=3)
    with TestClient(create_app(settings)) as c:
        browser(c)
        codes = [c.post("/api/account/passkeys/signin/options").status_code for _ in range(5)]
        assert codes == [200, 200, 200, 429, 429]


def test_a_suspended_account_claims_no_seat_and_signs_in_no_way(
    client: TestClient, settings: Settings
) -> None:
    browser(client)
    device = Device()
    account = passkey_sign_up(client, device).json()["account"]
    client.post("/api/account/password", json={"new": PASSWORD})
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    client.cookies.clear()
    _, token = join(client, tid, "ana")  # as a guest
    passkey_sign_in(client, device)
    engine = make_engine(settings.database_url)
    AccountStore(engine).suspend(account["id"], datetime.now(UTC))
    r = client.post("/api/account/seats", json={"seats": [{"table": tid, "token": token}]})
    assert r.status_code == 401  # the session ended with the suspension
    assert sign_in(client).json()["error"]["code"] == "suspended"
    assert passkey_sign_in(client, device).json()["error"]["code"] == "suspended"
    AccountStore(engine).suspend(account["id"], None)
    passkey_sign_in(client, device)
    assert me(client).json()["seats"] == []  # nothing was claimed meanwhile
    engine.dispose()


def test_a_claimed_seat_is_bound_to_its_account(client: TestClient) -> None:
    browser(client)
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    _, token = join(client, tid, "ana")
    sign_up(client, "Ana")
    assert client.post(
        "/api/account/seats", json={"seats": [{"table": tid, "token": token}]}
    ).json() == {"claimed": 1}
    # Mallory, who got the seat link (the token), cannot make the seat hers
    mallory = TestClient(client.app)
    browser(mallory)
    sign_up(mallory, "Mallory")
    r = mallory.post("/api/account/seats", json={"seats": [{"table": tid, "token": token}]})
    assert r.json() == {"claimed": 0} and me(mallory).json()["seats"] == []
    assert [s["table"] for s in me(client).json()["seats"]] == [tid]


def test_the_operators_command_line_covers_passkeys_invitations_and_blocks(
    client: TestClient, settings: Settings
) -> None:
    """``ludoteca accounts suspend`` stops a passkey sign-in and ends the sessions;
    ``delete`` takes the account's passkeys, invitations and blocks with it."""

    def accounts(*args: str) -> str:
        r = CliRunner().invoke(cli, ["accounts", *args, "--database", settings.database_url])
        assert r.exit_code == 0, r.output
        return r.output

    browser(client)
    device = Device()
    ana = passkey_sign_up(client, device, "Ana").json()["account"]
    bob = TestClient(client.app)
    browser(bob)
    sign_up(bob, "Bob")
    client.post("/api/account/blocks", json={"name": "Bob"})
    r = client.post(
        "/api/tables",
        json={"game": "toy", "invitation_only": True, "join": {"name": "Ana"}},
    )
    tid = r.json()["id"]
    client.post(f"/api/tables/{tid}/invitations", json={"name": "Bob"})
    assert "Ana" in accounts("list")
    accounts("suspend", "Ana")
    assert me(client).status_code == 401
    assert passkey_sign_in(client, device).json()["error"]["code"] == "suspended"
    # a suspended person is nobody's account: at an invitation table they are a guest
    r = client.post(f"/api/tables/{tid}/join", json={"name": "Ana"})
    assert r.status_code in (403, 409)
    accounts("unsuspend", "Ana")
    assert passkey_sign_in(client, device).status_code == 200
    accounts("delete", "Ana", "--yes")
    engine = make_engine(settings.database_url)
    with engine.connect() as conn:
        for table, column in (
            ("ludoteca_passkeys", "account_id"),
            ("ludoteca_invitations", "from_account"),
            ("ludoteca_blocks", "account_id"),
        ):
            n = conn.exec_driver_sql(
                f"SELECT count(*) FROM {table} WHERE {column} = ?", (ana["id"],)
            ).scalar()
            assert n == 0, table
    engine.dispose()
    assert passkey_sign_in(client, device).status_code == 401
