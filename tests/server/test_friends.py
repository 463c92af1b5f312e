"""Issue 21, item 6: invitations by name, tables by invitation, blocks, and a rematch with
the same people (server/friends.py, friends_api.py)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from ludoteca.server import create_app

from .conftest import pg_schema
from .helpers import auth, create, join, play_out
from .test_accounts import browser, me, sign_up

TWO = [{"kind": "human"}, {"kind": "human"}]
THREE = [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]


def person(client: TestClient, name: str) -> TestClient:
    """Another browser of the same server, signed up as ``name``."""
    other = TestClient(client.app)
    browser(other)
    sign_up(other, name)
    return other


def invitation_table(c: TestClient, seats: list[dict[str, Any]] = TWO) -> tuple[str, str]:
    game = "toy" if len(seats) == 2 else "react-toy"  # the toy game is for two
    r = c.post(
        "/api/tables",
        json={"game": game, "seats": seats, "invitation_only": True, "join": {"name": "host"}},
    )
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["joined"]["token"]


def lobby(c: TestClient) -> set[str]:
    return {t["id"] for t in c.get("/api/tables").json()}


def invitations(c: TestClient) -> list[dict[str, Any]]:
    r = c.get("/api/account/invitations")
    assert r.status_code == 200, r.text
    return list(r.json()["invitations"])


def test_an_invitation_table_seats_only_the_invited(client: TestClient) -> None:
    browser(client)
    sign_up(client, "Ana")
    bob, cid = person(client, "Bob"), person(client, "Cid")
    tid, _ = invitation_table(client)
    public = create(client, "toy", TWO)
    assert public in lobby(client) and tid not in lobby(client)  # not in the lobby
    assert client.get(f"/api/tables/{tid}").status_code == 200  # the link shows it
    # nobody uninvited sits: not a signed-in account, not a guest holding the link
    guest = TestClient(client.app)
    for c in (bob, guest):
        r = c.post(f"/api/tables/{tid}/join", json={"name": "x"})
        assert r.status_code == 403 and r.json()["error"]["code"] == "invitation_only"
    # invited by name (any case): Bob sees it, with who invited him, and sits
    r = client.post(f"/api/tables/{tid}/invitations", json={"name": "BOB"})
    assert r.status_code == 201, r.text
    (inv,) = invitations(bob)
    assert (inv["table"], inv["from"], inv["game"]) == (tid, "Ana", "toy")
    assert invitations(cid) == []
    r = bob.post(f"/api/tables/{tid}/join", json={"name": "Bob"})
    assert r.status_code == 200, r.text
    assert [s["table"] for s in me(bob).json()["seats"]] == [tid]  # the seat is Bob's
    r = cid.post(f"/api/tables/{tid}/join", json={"name": "Cid"})
    assert r.status_code in (403, 409)


def test_who_may_invite_and_whom(client: TestClient) -> None:
    browser(client)
    sign_up(client, "Ana")
    bob = person(client, "Bob")
    tid, _ = invitation_table(client, THREE)
    # only someone seated at the table invites to it
    r = bob.post(f"/api/tables/{tid}/invitations", json={"name": "Ana"})
    assert r.status_code == 403 and r.json()["error"]["code"] == "not_at_table"
    r = client.post(f"/api/tables/{tid}/invitations", json={"name": "Nobody"})
    assert r.status_code == 404 and r.json()["error"]["code"] == "no_such_account"
    r = client.post(f"/api/tables/{tid}/invitations", json={"name": "ana"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "self"
    # an invitation table is made by someone signed in who sits at it
    guest = TestClient(client.app)
    browser(guest)
    body = {"game": "toy", "seats": TWO, "invitation_only": True, "join": {"name": "g"}}
    r = guest.post("/api/tables", json=body)
    assert r.status_code == 422 and r.json()["error"]["code"] == "invitation_needs_account"
    r = client.post("/api/tables", json={**body, "join": None})
    assert r.status_code == 422
    # an invitation can be declined; no session, no invitations
    client.post(f"/api/tables/{tid}/invitations", json={"name": "Bob"})
    assert bob.post("/api/account/invitations/decline", json={"table": tid}).status_code == 200
    assert invitations(bob) == []
    assert guest.get("/api/account/invitations").status_code == 401


def test_a_block_is_private_and_keeps_the_blocked_away(client: TestClient) -> None:
    browser(client)
    sign_up(client, "Ana")
    bob, cid = person(client, "Bob"), person(client, "Cid")
    r = client.post("/api/account/blocks", json={"name": "bob"})
    assert r.status_code == 201 and r.json()["blocked"]["name"] == "Bob"
    # Bob invites Ana: answered as any invitation is, and it never arrives
    bob_table, _ = invitation_table(bob)
    r = bob.post(f"/api/tables/{bob_table}/invitations", json={"name": "Ana"})
    assert r.status_code == 201 and r.json() == {"invited": True}
    assert invitations(client) == []
    # Ana's invitation table: Cid invites Bob there; Bob may not sit, told as anyone uninvited
    tid, _ = invitation_table(client, THREE)
    client.post(f"/api/tables/{tid}/invitations", json={"name": "Cid"})
    cid.post(f"/api/tables/{tid}/join", json={"name": "Cid"})
    r = cid.post(f"/api/tables/{tid}/invitations", json={"name": "Bob"})
    assert r.status_code == 201
    # an invitation Bob could not take up would tell him: he never sees it
    assert tid not in {i["table"] for i in invitations(bob)}
    r = bob.post(f"/api/tables/{tid}/join", json={"name": "Bob"})
    uninvited = TestClient(client.app)
    assert r.status_code == 403
    assert r.json() == uninvited.post(f"/api/tables/{tid}/join", json={"name": "x"}).json()
    # nothing Bob can read says he is blocked
    for path in ("/api/account", "/api/account/export", "/api/account/blocks"):
        assert "Ana" not in bob.get(path).text, path
    # Ana's list; unblocked, Bob's next invitation arrives
    (blocked,) = client.get("/api/account/blocks").json()["blocked"]
    assert blocked["name"] == "Bob"
    assert "Bob" in client.get("/api/account/export").text
    r = client.post("/api/account/blocks/remove", json={"id": blocked["id"]})
    assert r.status_code == 200
    bob.post(f"/api/tables/{bob_table}/invitations", json={"name": "Ana"})
    assert [i["from"] for i in invitations(client)] == ["Bob"]
    # another account's blocks are not Bob's to read or lift
    assert bob.post("/api/account/blocks/remove", json={"id": blocked["id"]}).status_code == 404


def test_play_again_with_the_same_people(client: TestClient) -> None:
    browser(client)
    sign_up(client, "Ana")
    bob, cid = person(client, "Bob"), person(client, "Cid")
    tid, ana_token = invitation_table(client)
    client.post(f"/api/tables/{tid}/invitations", json={"name": "Bob"})
    r = bob.post(f"/api/tables/{tid}/join", json={"name": "Bob"})
    bob_token = r.json()["token"]
    play_out(client, tid, {0: ana_token, 1: bob_token})
    r = client.post(f"/api/tables/{tid}/rematch", headers=auth(ana_token))
    assert r.status_code == 201, r.text
    new = r.json()["id"]
    assert r.json()["settings"]["invitation_only"] is True
    assert {s["table"] for s in me(client).json()["seats"]} == {tid, new}  # Ana's
    # Bob is invited to the new table and finds it from the old one's button
    assert [i["table"] for i in invitations(bob)] == [new]
    cid.headers.update(auth(bob_token))  # even with Bob's old token, Cid is no invited account
    r = cid.post(f"/api/tables/{tid}/rematch")
    assert r.status_code == 403 and r.json()["error"]["code"] == "invitation_only"
    r = bob.post(f"/api/tables/{tid}/rematch", headers=auth(bob_token))
    assert r.json()["id"] == new and r.json()["joined"]["seat"] == 1
    assert {s["table"] for s in me(bob).json()["seats"]} == {tid, new}
    assert client.get(f"/api/tables/{new}").json()["status"] == "running"


def test_a_public_rematch_invites_the_accounts_too(client: TestClient) -> None:
    browser(client)
    sign_up(client, "Ana")
    bob = person(client, "Bob")
    tid = create(client, "toy", TWO)
    _, ana_token = join(client, tid, "Ana")
    _, bob_token = join(bob, tid, "Bob")
    play_out(client, tid, {0: ana_token, 1: bob_token})
    r = client.post(f"/api/tables/{tid}/rematch", headers=auth(ana_token))
    new = r.json()["id"]
    assert new in lobby(client)
    assert [i["table"] for i in invitations(bob)] == [new]


def test_invitations_and_blocks_on_postgresql() -> None:
    for scenario in (
        test_a_block_is_private_and_keeps_the_blocked_away,
        test_play_again_with_the_same_people,
    ):
        with pg_schema() as settings, TestClient(create_app(settings)) as c:
            scenario(c)
