"""Play again: POST /api/tables/{id}/rematch (server/rematch.py)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .helpers import auth, create, join, play_out


def test_a_rematch_keeps_seats_and_settings_and_is_made_once(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "ai", "agent": "easy"}]
    tid = create(client, "nine-domains", seats, window_seconds=2.5, options={"vp_tie": "domains"})
    seat, token = join(client, tid, "Ana")
    # not before the game is over, and nothing is made
    early = client.post(f"/api/tables/{tid}/rematch", headers=auth(token))
    assert early.status_code == 409 and early.json()["error"]["code"] == "not_finished"
    play_out(client, tid, {seat: token})
    r = client.post(f"/api/tables/{tid}/rematch", headers=auth(token))
    assert r.status_code == 201, r.text
    new = r.json()
    assert new["id"] != tid and new["game"] == "nine-domains"
    assert new["joined"]["seat"] == seat
    assert [(s["kind"], s["agent"], s["name"]) for s in new["seats"]] == [
        ("human", None, "Ana"),
        ("ai", "easy", None),
    ]
    assert new["settings"]["window_seconds"] == 2.5
    assert new["options"]["vp_tie"] == "domains"
    # the new seat's token acts at the new table, not at the old one
    mine = client.get(f"/api/tables/{new['id']}/state", headers=auth(new["joined"]["token"]))
    assert mine.json()["seat"] == seat
    # asked again (a spectator, the other player): the same new table, no second one
    again = client.post(f"/api/tables/{tid}/rematch")
    assert again.json()["id"] == new["id"] and "joined" not in again.json()
