"""Issue 21, item 7: the security of people's data (docs/server.md, "Security", "Accounts")."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ludoteca.server import create_app, passwords

from .conftest import sqlite_settings
from .helpers import create, join
from .test_accounts import PASSWORD, browser, me, sign_in, sign_up

COOKIE = "ludoteca_session"


def set_cookie_header(r: object) -> str:
    return str(r.headers["set-cookie"])  # type: ignore[attr-defined]


def test_the_session_cookie_is_httponly_lax_and_secure_only_behind_tls(tmp_path: Path) -> None:
    with TestClient(create_app(sqlite_settings(tmp_path / "a.sqlite3"))) as c:
        browser(c)
        r = c.post("/api/account/signup", json={"name": "Ana", "password": PASSWORD})
        cookie = set_cookie_header(r).lower()
        assert "httponly" in cookie and "samesite=lax" in cookie and "path=/" in cookie
        assert "secure" not in cookie  # plain http: a Secure cookie would never come back
        # a client that writes X-Forwarded-Proto is no trusted proxy: still not over TLS
        r = c.post(
            "/api/account/signin",
            json={"name": "Ana", "password": PASSWORD},
            headers={"X-Forwarded-Proto": "https"},
        )
        assert "secure" not in set_cookie_header(r).lower()
    with TestClient(create_app(sqlite_settings(tmp_path / "b.sqlite3", https_only=True))) as c:
        browser(c)
        r = c.post("/api/account/signup", json={"name": "Ana", "password": PASSWORD})
        assert "secure" in set_cookie_header(r).lower()
    # behind a proxy the operator trusts, which ended TLS and says so
    settings = sqlite_settings(tmp_path / "c.sqlite3", trusted_proxies=("10.0.0.0/8",))
    with TestClient(create_app(settings), client=("10.0.0.1", 5000)) as c:
        browser(c)
        r = c.post(
            "/api/account/signup",
            json={"name": "Ana", "password": PASSWORD},
            headers={"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"},
        )
        assert "secure" in set_cookie_header(r).lower()


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "https://evil.example"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "cross-site"},
        {},  # the session cookie and no word of where the request comes from
    ],
)
def test_no_state_changing_request_from_another_origin(
    client: TestClient, headers: dict[str, str]
) -> None:
    browser(client)
    sign_up(client)
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    client.headers.pop("origin")
    for path, body in [
        ("/api/account/rename", {"name": "Mallory"}),
        ("/api/account/delete", None),
        ("/api/account/signout-everywhere", None),
        ("/api/tables", {"game": "toy", "seats": [{"kind": "human"}]}),
        (f"/api/tables/{tid}/join", {"name": "x"}),
    ]:
        r = client.post(path, json=body, headers=headers)
        assert r.status_code == 403 and r.json()["error"]["code"] == "bad_origin", path
    client.headers.update({"Origin": "http://testserver"})
    assert me(client).json()["account"]["name"] == "Ana"  # nothing changed
    assert client.get(f"/api/tables/{tid}").json()["seats"][0]["taken"] is False


def test_scripts_without_a_session_or_origin_still_play(client: TestClient) -> None:
    # the terminal and scripts send no Origin and no cookie: seat tokens as before
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    join(client, tid, "a")
    r = client.post("/api/tables", json={"game": "toy"}, headers={"Sec-Fetch-Site": "none"})
    assert r.status_code == 201


def signed_in_as(client: TestClient, session: str) -> int:
    """The status of "who am I" for a browser that holds only this session cookie."""
    other = TestClient(client.app)  # another browser of the same server (no second start)
    return int(other.get("/api/account", headers={"Cookie": f"{COOKIE}={session}"}).status_code)


def test_sign_in_rotates_the_session(client: TestClient) -> None:
    browser(client)
    first = client.post("/api/account/signup", json={"name": "Ana", "password": PASSWORD})
    first_session = first.cookies[COOKIE]
    client.post("/api/account/signout")
    client.cookies.clear()
    # an attacker plants a session id of their choosing in the browser, then Ana signs in
    planted = {"Cookie": f"{COOKIE}=planted-by-mallory"}
    r = client.post(
        "/api/account/signin", json={"name": "Ana", "password": PASSWORD}, headers=planted
    )
    second = r.cookies[COOKIE]
    assert second not in ("planted-by-mallory", first_session)
    assert signed_in_as(client, "planted-by-mallory") == 401
    assert signed_in_as(client, second) == 200
    # signing in again from a signed-in browser makes a new session and ends the one it had
    r = client.post(
        "/api/account/signin",
        json={"name": "Ana", "password": PASSWORD},
        headers={"Cookie": f"{COOKIE}={second}"},
    )
    third = r.cookies[COOKIE]
    assert third != second
    assert signed_in_as(client, second) == 401
    assert signed_in_as(client, third) == 200


def test_wrong_passwords_are_limited_per_name_and_unknown_names_get_the_same(
    client: TestClient,
) -> None:
    browser(client)
    sign_up(client)
    client.post("/api/account/signout")

    def answers(name: str, n: int) -> list[tuple[int, str]]:
        out = []
        for _ in range(n):
            r = sign_in(client, name, "wrong password")
            out.append((r.status_code, r.json()["error"]["code"]))
        return out

    known, unknown = answers("Ana", 12), answers("Nobody", 12)
    assert known == unknown  # the same answers, in the same order: nothing says who exists
    assert known[:10] == [(401, "signin_failed")] * 10
    assert known[10:] == [(429, "signin_limited")] * 2
    # limited: even the right password waits (a guess that hits is not told apart)
    r = sign_in(client, "Ana", PASSWORD)
    assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1


def test_wrong_passwords_are_limited_per_address(tmp_path: Path, calls: Callable[[], int]) -> None:
    settings = sqlite_settings(tmp_path / "db.sqlite3", signin_failures_per_address=5)
    with TestClient(create_app(settings)) as c:
        browser(c)
        codes = [sign_in(c, f"name{i}", "wrong password").status_code for i in range(7)]
        assert codes == [401] * 5 + [429] * 2
    # 1,000 wrong passwords cost 10 hash checks, then a dictionary-free refusal each
    with TestClient(create_app(sqlite_settings(tmp_path / "b.sqlite3"))) as c:
        browser(c)
        sign_up(c)
        before = calls()
        codes = [sign_in(c, "Ana", f"guess {i}").status_code for i in range(1000)]
        assert codes.count(401) == 10 and codes.count(429) == 990
        assert calls() - before == 10


class CountingHasher(passwords.PasswordHasher):
    """The server's hasher, counting the hashes it checks."""

    checked = 0

    def verify(self, hash: str | bytes, password: str | bytes) -> bool:
        CountingHasher.checked += 1
        return super().verify(hash, password)


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Callable[[], int]:
    real = passwords.HASHER
    counting = CountingHasher(
        time_cost=real.time_cost, memory_cost=real.memory_cost, parallelism=real.parallelism
    )
    CountingHasher.checked = 0
    monkeypatch.setattr(passwords, "HASHER", counting)
    return lambda: CountingHasher.checked


def test_an_unknown_name_costs_a_hash_check_as_a_known_one_does(
    client: TestClient, calls: Callable[[], int]
) -> None:
    browser(client)
    sign_up(client)
    client.post("/api/account/signout")
    known = sign_in(client, "Ana", "wrong password")
    assert calls() == 1
    r = sign_in(client, "Nobody", "wrong password")
    assert r.json() == known.json() and r.status_code == known.status_code
    assert calls() == 2  # the dummy hash: the same work for a name nobody has


def test_passwords_and_tokens_are_never_logged(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    browser(client)
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    _, token = join(client, tid, "ana")
    sign_up(client, "Ana", "first secret pw")
    session = client.cookies[COOKIE]
    client.post("/api/account/seats", json={"seats": [{"table": tid, "token": token}]})
    sign_in(client, "Ana", "second wrong pw")
    sign_in(client, "Ana", "first secret pw")
    client.post("/api/account/signup", json={"name": "Ana", "password": "third secret pw"})
    client.post("/api/account/signup", json={"name": "B\x00", "password": "fourth secret"})
    logged = "\n".join(r.getMessage() + str(r.args) + str(r.exc_info) for r in caplog.records)
    assert caplog.records  # the test hears the logs at all
    for secret in ("first secret", "second wrong", "third secret", "fourth secret", token):
        assert secret not in logged
    assert session not in logged and client.cookies[COOKIE] not in logged


def test_nobody_reads_or_changes_anothers_data(tmp_path: Path) -> None:
    app = create_app(sqlite_settings(tmp_path / "db.sqlite3"))
    with TestClient(app) as ana:
        bob = TestClient(app)  # a second browser of the same server (no second start)
        browser(ana)
        browser(bob)
        tid = create(ana, "toy", [{"kind": "human"}, {"kind": "human"}])
        _, token = join(ana, tid, "ana")
        ana_account = sign_up(ana, "Ana")
        ana.post("/api/account/seats", json={"seats": [{"table": tid, "token": token}]})
        sign_up(bob, "Bob")
        # export: Bob's session gives Bob's data, none of Ana's
        data = bob.get("/api/account/export").json()
        assert data["account"]["name"] == "Bob" and data["seats"] == []
        assert ana_account["id"] not in bob.get("/api/account/export").text
        # rename: Bob's session renames Bob; Ana's name is not his to take
        r = bob.post("/api/account/rename", json={"name": "ana"})
        assert r.status_code == 409
        # delete: Bob's session deletes Bob, Ana and her seat stay
        assert bob.post("/api/account/delete").status_code == 200
        assert me(ana).json()["account"]["name"] == "Ana"
        assert [s["table"] for s in me(ana).json()["seats"]] == [tid]
        # no session, or a forged one: nothing at all
        eve = TestClient(app)
        browser(eve)
        eve.cookies.set(COOKIE, "x" * 32)
        for method, path in [
            ("GET", "/api/account/export"),
            ("POST", "/api/account/rename"),
            ("POST", "/api/account/delete"),
            ("GET", "/api/account"),
        ]:
            body = {"name": "Eve"} if path.endswith("rename") else None
            r = eve.request(method, path, json=body)
            assert r.status_code == 401, path
        assert me(ana).json()["account"]["name"] == "Ana"
