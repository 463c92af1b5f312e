"""The help's endpoints: component help and rules per game and language, why a seat's move is
refused (the engine's explain_illegal, to that seat only), and the tutorials' positions."""

from __future__ import annotations

from fastapi.testclient import TestClient

from ludoteca.help import tutorials

from .helpers import auth, create, join, state


def test_help_and_rules_per_language(client: TestClient) -> None:
    pt = client.get("/api/games/coatl/help?lang=pt-BR").json()
    en = client.get("/api/games/coatl/help?lang=en").json()
    assert pt.keys() == en.keys() and pt["icon.sigma"] != en["icon.sigma"]
    r = client.get("/api/games/sala-de-miaula/rules?lang=en").json()
    assert r["name"].startswith("Sala de Miaula") and "## What ludoteca chose" in r["text"]
    assert client.get("/api/games/nope/help").status_code == 404
    assert client.get("/api/games/nope/rules").status_code == 404
    # a game with no help module (the test games) is unknown to the help, not a crash
    assert client.get("/api/games/toy/rules").status_code == 404
    assert client.get("/api/games/toy/help").status_code == 404


def test_why_a_move_is_refused(client: TestClient) -> None:
    tid = create(client, "exploding-kittens", [{"kind": "human"}, {"kind": "human"}])
    tokens = dict(join(client, tid, n) for n in ("Ana", "Bia"))
    st = state(client, tid, tokens[0])
    actor = st["actors"][0]
    waiting = 1 - actor
    why = client.post(
        f"/api/tables/{tid}/why?lang=pt-BR",
        json={"action": {"type": "draw"}},
        headers=auth(tokens[waiting]),
    )
    assert why.status_code == 200, why.text
    body = why.json()
    assert body["legal"] is False and body["reason"] and body["text"].startswith("Não é possível")
    ok = client.post(
        f"/api/tables/{tid}/why", json={"action": {"type": "draw"}}, headers=auth(tokens[actor])
    )
    assert ok.json() == {"legal": True, "reason": None}
    # only a seat asks, and about a well-formed move
    assert (
        client.post(f"/api/tables/{tid}/why", json={"action": {"type": "draw"}}).status_code == 403
    )
    bad = client.post(
        f"/api/tables/{tid}/why", json={"action": {"type": "fly"}}, headers=auth(tokens[actor])
    )
    assert bad.status_code == 422
    # asking changes nothing
    assert state(client, tid, tokens[0])["move"] == st["move"]


def test_tutorial_positions(client: TestClient) -> None:
    tut = tutorials.load("exploding-kittens")
    first = client.get("/api/tutorials/exploding-kittens/0?lang=en").json()
    assert first["total"] == len(tut.steps) and first["next"]["kind"] == "next"
    assert first["view"]["seat"] == 0 and "hands" not in first["view"]
    k = next(i for i, s in enumerate(tut.steps) if s.kind == "do")
    do = client.get(f"/api/tutorials/exploding-kittens/{k}?lang=pt-BR").json()
    assert do["next"]["kind"] == "do" and do["next"]["action"] == tut.steps[k].action
    assert any(m["action"] == tut.steps[k].action for m in do["legal"])
    # another seat's next move is not told in advance
    auto = next(i for i, s in enumerate(tut.steps) if s.seat == 1 and s.kind == "auto")
    assert client.get(f"/api/tutorials/exploding-kittens/{auto}").json()["next"]["action"] is None
    end = client.get(f"/api/tutorials/exploding-kittens/{len(tut.steps)}").json()
    assert end["next"] is None
    assert client.get(f"/api/tutorials/exploding-kittens/{len(tut.steps) + 1}").status_code == 404
    assert client.get("/api/tutorials/toy/0").status_code == 404
