"""The HTTP API: tables, seats and tokens, moves, bad input, hidden information."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from .helpers import auth, create, join, move, play_out, state


def test_create_join_list_and_start(client: TestClient) -> None:
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    listed = client.get("/api/tables").json()
    assert [t["id"] for t in listed] == [tid] and listed[0]["status"] == "open"
    s0, t0 = join(client, tid, "Ana")
    s1, t1 = join(client, tid, "Bia")
    assert (s0, s1) == (0, 1) and t0 != t1
    summary = client.get(f"/api/tables/{tid}").json()
    assert summary["status"] == "running"
    assert [s["name"] for s in summary["seats"]] == ["Ana", "Bia"]
    assert "token" not in json.dumps(summary) and t0 not in json.dumps(summary)
    r = client.post(f"/api/tables/{tid}/join", json={"name": "Caio"})
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_open"


def test_the_creator_can_sit_down_with_the_table(client: TestClient) -> None:
    body = {"game": "toy", "seats": [{"kind": "human"}, {"kind": "human"}]}
    r = client.post("/api/tables", json={**body, "join": {"name": "Ana", "seat": 1}})
    assert r.status_code == 201, r.text
    tid, joined = r.json()["id"], r.json()["joined"]
    assert joined["seat"] == 1 and r.json()["seats"][1]["name"] == "Ana"
    assert r.json()["seats"][1]["taken"] and not r.json()["seats"][0]["taken"]
    assert state(client, tid, joined["token"])["seat"] == 1  # the token holds that seat
    assert join(client, tid, "Bia")[0] == 0
    assert client.get(f"/api/tables/{tid}").json()["status"] == "running"
    # a seat that is not open for a person: refused, and no table is made
    before = len(client.get("/api/tables").json())
    ai = {"game": "toy", "seats": [{"kind": "human"}, {"kind": "ai", "agent": "easy"}]}
    r = client.post("/api/tables", json={**ai, "join": {"name": "Caio", "seat": 1}})
    assert r.status_code == 409 and r.json()["error"]["code"] == "seat_taken"
    assert len(client.get("/api/tables").json()) == before
    # the only person's seat taken at creation: the game starts at once
    r = client.post("/api/tables", json={**ai, "join": {"name": "Caio"}})
    assert r.status_code == 201 and r.json()["status"] == "running"


def test_a_full_game_against_an_ai_seat(client: TestClient) -> None:
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "ai", "agent": "easy"}])
    _, tok = join(client, tid, "Ana")
    final = play_out(client, tid, {0: tok})
    assert final["table"]["status"] == "finished" and final["move"] == 6
    assert final["result"]["reason"] == "points"
    assert client.get("/api/tables?status=finished").json()[0]["id"] == tid


def test_ai_seats_take_the_named_levels(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert games["coatl"]["levels"] == ["easy", "medium", "strong"]
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "ai", "agent": "easy"}])
    _, tok = join(client, tid, "Ana")
    assert play_out(client, tid, {0: tok})["table"]["status"] == "finished"
    r = client.post(
        "/api/tables", json={"game": "toy", "seats": [{"kind": "ai", "agent": "medium"}]}
    )
    assert r.status_code == 422 and r.json()["error"]["code"] == "agent_refused"
    assert "medium" in r.json()["error"]["message"]


def test_a_token_acts_only_for_its_own_seat(client: TestClient) -> None:
    tid = create(client, "react-toy", [{"kind": "human"}, {"kind": "human"}])
    _, t0 = join(client, tid, "Ana")
    _, t1 = join(client, tid, "Bia")
    # seat 0 is to score: seat 1's token cannot do it for them
    r = move(client, tid, t1, {"type": "score"}, 0)
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_your_turn"
    r = client.post(f"/api/tables/{tid}/moves", json={"move": 0, "action": {"type": "score"}})
    assert r.status_code == 403
    r = move(client, tid, "not-a-token", {"type": "score"}, 0)
    assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
    assert state(client, tid)["move"] == 0
    assert move(client, tid, t0, {"type": "score"}, 0).status_code == 200


def test_a_doubly_submitted_move_is_refused(client: TestClient) -> None:
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    _, t0 = join(client, tid, "Ana")
    join(client, tid, "Bia")
    card = state(client, tid, t0)["legal"][0]["action"]
    assert move(client, tid, t0, card, 0).status_code == 200
    again = move(client, tid, t0, card, 0)
    assert again.status_code == 409 and again.json()["error"]["code"] == "stale_move"
    assert state(client, tid)["move"] == 1


def test_bad_input_gets_a_clear_json_error_and_changes_nothing(client: TestClient) -> None:
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    _, t0 = join(client, tid, "Ana")
    join(client, tid, "Bia")
    before = state(client, tid, t0)
    url = f"/api/tables/{tid}/moves"
    cases = [
        (
            client.post(
                url, content=b"{not json", headers={**auth(t0), "content-type": "application/json"}
            ),
            422,
        ),
        (client.post(url, json={"action": {"type": "pick", "card": 99}}, headers=auth(t0)), 422),
        (client.post(url, json={"action": {"type": "fly"}}, headers=auth(t0)), 422),
        (client.post(url, json={"action": "pick"}, headers=auth(t0)), 422),
        (
            client.post(
                url, json={"action": {"type": "pick", "card": 1}, "extra": 1}, headers=auth(t0)
            ),
            422,
        ),
        (
            client.post(url, json={"action": {"type": "pick", "x": "y" * 70000}}, headers=auth(t0)),
            413,
        ),
        (
            client.post(
                url, json={"action": {"type": "pick", "card": 1}, "move": -1}, headers=auth(t0)
            ),
            422,
        ),
        (client.post(url, json={"action": {}}, headers={"Authorization": "Basic xyz"}), 401),
    ]
    for r, status in cases:
        assert r.status_code == status, r.text
        err = r.json()["error"]
        assert err["code"] and err["message"]
    # a card seat 0 does not hold: refused, and the message names no card of the other hand
    other = state(client, tid, t0)
    held = set(other["view"]["hand"])
    missing = next(c for c in range(1, 10) if c not in held)
    r = move(client, tid, t0, {"type": "pick", "card": missing}, 0)
    assert r.status_code == 422 and r.json()["error"]["code"] == "illegal_action"
    assert state(client, tid, t0) == before
    for bad in (
        {"game": "chess"},
        {"game": "toy", "options": {"nope": 1}},
        {"game": "toy", "num_players": 5},
        {"game": "toy", "seats": [{"kind": "ai", "agent": "nobody"}]},
        {"game": "toy", "seats": [{"kind": "robot"}]},
        {"game": "toy", "window_seconds": 0},
    ):
        r = client.post("/api/tables", json=bad)
        assert r.status_code == 422, (bad, r.text)
        assert r.json()["error"]["message"]
    assert len(client.get("/api/tables").json()) == 1
    for name in ("", "x" * 41):
        assert client.post(f"/api/tables/{tid}/join", json={"name": name}).status_code == 422
    assert client.get("/api/tables/nope").status_code == 404


def test_nobody_receives_a_hand_that_is_not_theirs(client: TestClient) -> None:
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    _, t0 = join(client, tid, "Ana")
    _, t1 = join(client, tid, "Bia")
    v0, v1, spec = state(client, tid, t0), state(client, tid, t1), state(client, tid)
    assert v0["view"]["hand"] and v1["view"]["hand"] and spec["view"]["hand"] is None
    assert spec["legal"] == [] and v1["seat"] == 1
    # seat 0 picks: seat 1 and the spectator learn only that a card was chosen
    card = v0["legal"][0]["action"]
    move(client, tid, t0, card, 0)
    for tok in (t1, None):
        seen = state(client, tid, tok)
        assert seen["view"]["chosen"] == [None, None]
        assert seen["view"]["has_chosen"] == [True, False]
        assert all(e["kind"] != "reveal" for e in seen["events"])


def test_leaving_an_open_table_frees_the_seat_and_a_running_one_hands_it_to_the_ai(
    client: TestClient,
) -> None:
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    _, t0 = join(client, tid, "Ana")
    assert client.post(f"/api/tables/{tid}/leave", headers=auth(t0)).status_code == 200
    assert client.get(f"/api/tables/{tid}").json()["seats"][0]["taken"] is False
    assert move(client, tid, t0, {"type": "pick", "card": 1}, 0).status_code == 403
    _, t0 = join(client, tid, "Ana")
    _, t1 = join(client, tid, "Bia")
    assert client.post(f"/api/tables/{tid}/leave", headers=auth(t1)).status_code == 200
    seats = client.get(f"/api/tables/{tid}").json()["seats"]
    assert seats[1]["kind"] == "ai"
    final = play_out(client, tid, {0: t0})
    assert final["table"]["status"] == "finished"


def test_languages(client: TestClient) -> None:
    tid = create(client, "toy", [{"kind": "human"}, {"kind": "human"}])
    _, t0 = join(client, tid, "Ana")
    join(client, tid, "Bia")
    en = client.get(f"/api/tables/{tid}/state?lang=en", headers=auth(t0)).json()
    pt = client.get(f"/api/tables/{tid}/state", headers=auth(t0)).json()
    assert en["legal"][0]["label"].startswith("Play ")
    assert pt["legal"][0]["label"].startswith("Jogar ")
    assert client.get("/api/games?lang=en").json()[0]["name"]


def test_a_seat_brings_its_own_deck_checked_at_the_door(client: TestClient) -> None:
    import ludoteca

    tid = create(client, "sala-de-miaula", [{"kind": "human"}, {"kind": "ai", "agent": "easy"}])
    bad = client.post(
        f"/api/tables/{tid}/join", json={"name": "Ana", "deck": "7 Dragão Inexistente"}
    )
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "invalid_deck"
    assert "/tmp" not in bad.json()["error"]["message"]
    assert client.get(f"/api/tables/{tid}").json()["seats"][0]["taken"] is False
    _, tok = join(client, tid, "Ana", deck="starter: brisa_do_mar")
    mine = state(client, tid, tok)
    expected = ludoteca.get_game("sala-de-miaula").new_game(2, 0, {"deck_0": "brisa_do_mar"})
    assert mine["view"]["players"][0]["decklist"] == expected.view(0)["players"][0]["decklist"]
    # the deck text itself is never echoed in any summary
    assert "brisa" not in json.dumps(client.get("/api/tables").json())


def test_a_deck_sent_at_join_is_secret_to_its_seat(client: TestClient) -> None:
    """Sala de Miaula's hidden deck lists (the default): the deck a seat brings is in its own
    view only; the other seat, a spectator and the table's summaries are told of it only the
    cards revealed in play (the match's card definitions, every card of the sets in play,
    aside), move after move."""
    import random

    import ludoteca
    from ludoteca.games.sala_de_miaula.cards import POOL

    starters = ludoteca.get_game("sala-de-miaula").starter_decks()
    ids = sorted(c for c in POOL.cards if c not in starters["fogo_e_vento"])[:13]
    deck = [*ids, *ids[:12]]
    tid = create(client, "sala-de-miaula", [{"kind": "human"}, {"kind": "human"}])
    _, t0 = join(client, tid, "Ana", deck="\n".join(f"1 {c}" for c in deck))
    _, t1 = join(client, tid, "Bia")
    secret = set(deck)
    rng = random.Random(3)

    def told(payload: Any) -> set[str]:
        """Seat 0's card ids named in a payload, its card definitions left out."""
        payload = json.loads(json.dumps(payload))
        if isinstance(payload, dict):
            payload.get("view", {}).pop("cards", None)
        text = json.dumps(payload)
        return {c for c in secret if f'"{c}"' in text}

    for _ in range(40):
        mine = state(client, tid, t0)
        assert sorted(mine["view"]["players"][0]["decklist"]) == sorted(deck)
        view = mine["view"]
        shown = set(view["players"][0]["canil"]) | set(view["players"][0]["known_in_hand"])
        for c in view["players"][0]["field"]:
            if c is not None:
                shown |= {c["card"], c["item"]} - {None}
        for payload in (state(client, tid, t1), state(client, tid)):
            assert "decklist" not in payload["view"]["players"][0]
            assert told(payload) <= shown, told(payload) - shown
        assert not told(client.get(f"/api/tables/{tid}").json())
        assert not told(client.get("/api/tables").json())
        if mine["result"] is not None:
            break
        for tok in (t0, t1):
            st = state(client, tid, tok)
            if st["legal"]:
                pick = rng.choice(st["legal"])
                move(client, tid, tok, pick["action"], st["move"])
    replay = client.get(f"/api/tables/{tid}/replay").json()
    for step in replay["steps"]:
        assert "decklist" not in step["view"]["players"][0]


def test_the_options_name_sala_decks_terrains_and_sets(client: TestClient) -> None:
    """/api/games describes Sala de Miaula's options that take data ids as menus of those ids
    with their names in pt-BR and English (the value sent stays the id); a terrain may be drawn
    at random; a name instead of an id is still refused, saying what the ids are."""
    sala = {g["id"]: g for g in client.get("/api/games").json()}["sala-de-miaula"]["options"]
    decks = ["mare_e_pedra", "brisa_do_mar", "lava_e_rocha", "fogo_e_vento"]
    for seat, default in (("deck_0", "mare_e_pedra"), ("deck_1", "fogo_e_vento")):
        doc = sala[seat]
        assert doc["choices"] == decks and doc["default"] == default
        assert doc["choices_from"] == "deck" and not doc.get("multiple")
        assert doc["texts"]["pt-BR"]["choices"] == {
            "mare_e_pedra": "Maré e Pedra",
            "brisa_do_mar": "Brisa do Mar",
            "lava_e_rocha": "Lava e Rocha",
            "fogo_e_vento": "Fogo e Vento",
        }
        assert doc["texts"]["en"]["choices"] == {
            "mare_e_pedra": "Tide and Stone",
            "brisa_do_mar": "Sea Breeze",
            "lava_e_rocha": "Lava and Rock",
            "fogo_e_vento": "Fire and Wind",
        }
        # the words for people speak of decks, not of their ids
        assert not any(d in doc["texts"][lg]["help"] for d in decks for lg in ("pt-BR", "en"))
    terrain = sala["terrain"]
    assert terrain["default"] is None and terrain["choices"][0] is None
    assert {"agua", "fogo_sombrio"} <= set(terrain["choices"])
    assert terrain["texts"]["pt-BR"]["choices"]["null"] == "Sorteado"
    assert terrain["texts"]["en"]["choices"]["null"] == "Drawn at random"
    assert terrain["texts"]["pt-BR"]["choices"]["agua"] == "Lagoa"
    assert terrain["texts"]["en"]["choices"]["agua"] == "Pond"
    sets = sala["sets"]
    assert sets["multiple"] is True and sets["choices"] == ["despertar", "eclipse", "bugingangas"]
    assert sets["texts"]["en"]["choices"]["eclipse"] == "Eclipse in the Kennel"
    # the server takes ids: a deck's name is refused with the list of ids
    seats = [{"kind": "ai", "agent": "easy"}, {"kind": "ai", "agent": "easy"}]
    body = {"game": "sala-de-miaula", "seats": seats}
    r = client.post("/api/tables", json={**body, "options": {"deck_0": "Maré e Pedra"}})
    assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_options"
    assert "unknown starter deck 'Maré e Pedra'" in r.json()["error"]["message"]
    assert "brisa_do_mar" in r.json()["error"]["message"]
    r = client.post("/api/tables", json={**body, "options": {"terrain": "Lagoa"}})
    assert r.status_code == 422 and "unknown terrain 'Lagoa'" in r.json()["error"]["message"]


def test_a_games_words_carry_its_cards_names_and_texts(client: TestClient) -> None:
    """The table view draws Sala de Miaula's cards by name and rules text in the reader's
    language (from the data files), not by id."""
    from ludoteca import get_game

    game = get_game("sala-de-miaula")
    pt = client.get("/api/games/sala-de-miaula/words?lang=pt-BR").json()
    en = client.get("/api/games/sala-de-miaula/words?lang=en").json()
    for cid in game.card_pool():
        assert pt[f"card.{cid}"] == game.card_name(cid)
        assert pt[f"card.{cid}.text"] == game.card_text(cid, "pt-BR")
        assert en[f"card.{cid}.text"] == game.card_text(cid, "en")
    assert pt["card.faisca"] == "Faísca"
    assert (
        pt["card.faisca.stats"] == "ATQ 3 · VIDA 4" and en["card.faisca.stats"] == "ATK 3 · LIFE 4"
    )
    assert pt["card.arranhao.text"] != en["card.arranhao.text"]
    assert not any(k.startswith("card.") for k in client.get("/api/games/coatl/words").json())


def test_coatl_words_name_every_prophecy_and_temple(client: TestClient) -> None:
    """Coatl's view names Prophecies and Temples by catalog id; the words say what each asks."""
    from ludoteca.games.coatl.cards import PROPHECIES, TEMPLES

    pt = client.get("/api/games/coatl/words?lang=pt-BR").json()
    en = client.get("/api/games/coatl/words?lang=en").json()
    for p in PROPHECIES:
        assert pt[f"prophecy.{p.id}"] and en[f"prophecy.{p.id}"]
        n, v = p.tiers[0]
        assert en[f"prophecy.{p.id}.tiers"].startswith(f"{n}: {v} {'pt' if v == 1 else 'pts'}")
    for tm in TEMPLES:
        assert " / " in pt[f"temple.{tm.id}"]
    assert en["prophecy.ordered-pair-rb"] == "red then blue"
    assert pt["prophecy.ordered-pair-rb"] == "vermelho seguido de azul"


def test_every_exploding_kittens_card_says_what_it_does(client: TestClient) -> None:
    """The browser's cards carry a one-line rules text for every card, in both languages."""
    from ludoteca import get_game
    from ludoteca.games.exploding_kittens.cards import KEYS

    catalog = get_game("exploding-kittens").catalog
    for lang in ("pt-BR", "en"):
        words = client.get(f"/api/games/exploding-kittens/words?lang={lang}").json()
        for key in KEYS:
            own = catalog.messages[lang].get(f"card_text.{key}")  # not the other language's
            assert own, f"no {lang} text for {key}"
            assert words[f"card_text.{key}"] == own
