"""Issue 21, item 1: accounts without losing the guest (server/accounts.py, account_api.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.server import create_app

from .conftest import pg_schema
from .helpers import auth, create, join, state

ORIGIN = {"Origin": "http://testserver"}
PASSWORD = "correct horse battery"


def browser(client: TestClient) -> TestClient:
    """The client as a page of the server's own origin (what the browser sends)."""
    client.headers.update(ORIGIN)
    return client


def sign_up(client: TestClient, name: str = "Ana", password: str = PASSWORD) -> dict[str, Any]:
    r = client.post("/api/account/signup", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    return dict(r.json()["account"])


def sign_in(client: TestClient, name: str = "Ana", password: str = PASSWORD) -> Any:
    return client.post("/api/account/signin", json={"name": name, "password": password})


def me(client: TestClient) -> Any:
    return client.get("/api/account")


def test_a_guest_who_signs_up_keeps_the_seats_played_from_that_browser(
    client: TestClient,
) -> None:
    browser(client)
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    _, token = join(client, tid, "ana")
    _, other = join(client, tid, "bia")
    sign_up(client)
    assert me(client).json()["seats"] == []  # nothing is taken without the token
    r = client.post("/api/account/seats", json={"seats": [{"table": tid, "token": token}]})
    assert r.json() == {"claimed": 1}
    seats = me(client).json()["seats"]
    assert [(s["table"], s["seat"], s["game"]) for s in seats] == [(tid, 0, "toy")]
    # the seat token keeps working as a guest's does (another device, the seat link)
    assert state(client, tid, token)["seat"] == 0
    # a token another guest holds is no claim of ours, and a wrong token claims nothing
    r = client.post(
        "/api/account/seats",
        json={"seats": [{"table": tid, "token": "x" * 32}, {"table": "nope", "token": token}]},
    )
    assert r.json() == {"claimed": 0}
    assert len(me(client).json()["seats"]) == 1
    client.post("/api/account/signout")
    bia = TestClient(client.app)  # another browser of the same server (no second start)
    browser(bia)
    sign_up(bia, "Bia")
    r = bia.post("/api/account/seats", json={"seats": [{"table": tid, "token": token}]})
    assert r.json() == {"claimed": 0}  # Ana's seat stays Ana's
    bia.post("/api/account/seats", json={"seats": [{"table": tid, "token": other}]})
    assert [s["seat"] for s in me(bia).json()["seats"]] == [1]


def test_a_seat_taken_while_signed_in_is_the_accounts(client: TestClient) -> None:
    browser(client)
    sign_up(client)
    r = client.post(
        "/api/tables",
        json={
            "game": "toy",
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "join": {"name": "a"},
        },
    )
    tid = r.json()["id"]
    other = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    join(client, other, "a")
    assert {s["table"] for s in me(client).json()["seats"]} == {tid, other}


def test_sign_in_out_and_everywhere(client: TestClient) -> None:
    browser(client)
    sign_up(client)
    assert me(client).status_code == 200
    client.post("/api/account/signout")
    assert me(client).status_code == 401
    assert sign_in(client).status_code == 200
    phone = TestClient(client.app)  # another browser of the same server
    browser(phone)
    assert sign_in(phone).status_code == 200
    assert me(phone).status_code == 200
    r = client.post("/api/account/signout-everywhere")
    assert r.json()["sessions"] == 2
    assert me(phone).status_code == 401
    assert me(client).status_code == 401


def test_rename_follows_the_name_rules_and_names_are_one_account_whatever_the_case(
    client: TestClient,
) -> None:
    browser(client)
    sign_up(client)
    r = client.post("/api/account/rename", json={"name": "Ana\u202eevil"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "name_format"
    r = client.post("/api/account/rename", json={"name": "Cafe\u0301"})
    assert r.json()["account"]["name"] == "Café"  # NFC
    client.post("/api/account/signout")
    r = client.post("/api/account/signup", json={"name": "CAFÉ", "password": PASSWORD})
    assert r.status_code == 409 and r.json()["error"]["code"] == "name_taken"
    assert sign_in(client, "café").status_code == 200
    r = client.post("/api/account/signup", json={"name": "Zé", "password": "short"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "password_too_short"


def test_delete_leaves_the_games_to_the_others_with_a_deleted_player(
    client: TestClient,
) -> None:
    browser(client)
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    _, token = join(client, tid, "ana")
    _, other = join(client, tid, "bia")
    sign_up(client)
    client.post("/api/account/seats", json={"seats": [{"table": tid, "token": token}]})
    before = state(client, tid, other)
    r = client.post("/api/account/delete")
    assert r.json() == {"deleted": True}
    assert me(client).status_code == 401
    after = state(client, tid, other)
    seat0 = after["table"]["seats"][0] if "table" in after else None
    summary = client.get(f"/api/tables/{tid}").json()
    assert summary["seats"][0]["name"] is None and summary["seats"][0]["taken"]
    assert seat0 is None or seat0["name"] is None
    # the game goes on for the other seat; the deleted account's token acts no more
    assert after["move"] == before["move"] and after["seat"] == 1
    r = client.get(f"/api/tables/{tid}/state", headers=auth(token))
    assert r.status_code == 403
    assert sign_in(client).status_code == 401  # the name is free again, no account behind it
    sign_up(client)


def test_export_holds_the_accounts_data_and_no_secret(client: TestClient) -> None:
    browser(client)
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    _, token = join(client, tid, "ana")
    account = sign_up(client)
    client.post("/api/account/seats", json={"seats": [{"table": tid, "token": token}]})
    r = client.get("/api/account/export")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    data = r.json()
    assert data["account"] == account
    assert [(s["table"], s["seat"]) for s in data["seats"]] == [(tid, 0)]
    assert data["sessions"] == 1
    text = r.text
    assert PASSWORD not in text and token not in text and "argon2" not in text
    assert client.cookies["ludoteca_session"] not in text


@pytest.fixture
def pg_client() -> Iterator[TestClient]:
    with pg_schema() as settings, TestClient(create_app(settings)) as c:
        yield c


def test_accounts_on_postgresql(pg_client: TestClient) -> None:
    browser(pg_client)
    tid = create(pg_client, "toy", [{"kind": "human"}, {"kind": "human"}])
    _, token = join(pg_client, tid, "ana")
    sign_up(pg_client)
    pg_client.post("/api/account/seats", json={"seats": [{"table": tid, "token": token}]})
    assert [s["table"] for s in me(pg_client).json()["seats"]] == [tid]
    r = pg_client.post("/api/account/signup", json={"name": "ANA", "password": PASSWORD})
    assert r.status_code == 409
    assert pg_client.post("/api/account/delete").status_code == 200
    assert client_summary_name(pg_client, tid) is None


def client_summary_name(client: TestClient, tid: str) -> Any:
    return client.get(f"/api/tables/{tid}").json()["seats"][0]["name"]
