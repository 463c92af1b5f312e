"""Issue 25 item 8: the Gatálogo's decks kept on the account (server/decks.py, deck_api.py):
saved, listed, renamed, deleted, checked by the game's own deck rules, moved from a guest's
browser, exported and deleted with the account, and nobody else's to read or change."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from ludoteca.games.sala_de_miaula.cards import POOL

from .test_accounts import browser, sign_up

# a legal deck: 12 base-set cards twice and one more (25 cards, at most 2 copies)
BASE = [cid for cid, c in POOL.cards.items() if c.set == "despertar"]
GOOD = {**{cid: 2 for cid in BASE[:12]}, BASE[12]: 1}
OTHER = {**{cid: 2 for cid in BASE[1:13]}, BASE[0]: 1}


def save(client: TestClient, name: str, cards: dict[str, int]) -> Any:
    return client.post("/api/account/decks", json={"name": name, "cards": cards})


def names(client: TestClient) -> list[str]:
    r = client.get("/api/account/decks")
    assert r.status_code == 200, r.text
    return [d["name"] for d in r.json()["decks"]]


def another(client: TestClient, name: str) -> TestClient:
    """Another browser of the same server, signed up as ``name``."""
    other = browser(TestClient(client.app))
    sign_up(other, name)
    return other


def test_a_signed_in_person_saves_lists_renames_and_deletes_decks(client: TestClient) -> None:
    browser(client)
    sign_up(client)
    r = save(client, "Maré", GOOD)
    assert r.status_code == 201, r.text
    deck = r.json()["deck"]
    assert deck["cards"] == GOOD and deck["game"] == "sala-de-miaula"
    # the deck file a seat is sent with: every card, as the game's deck-file reader reads it
    from ludoteca.games.sala_de_miaula.deckfile import parse_deck_text

    ids = parse_deck_text(deck["text"], "deck")
    assert sorted(ids) == sorted(c for c, n in GOOD.items() for _ in range(n))
    assert save(client, "Fogo", OTHER).status_code == 201
    assert names(client) == ["Fogo", "Maré"]
    # one name per deck
    r = save(client, "Fogo", GOOD)
    assert r.status_code == 409 and r.json()["error"]["code"] == "deck_name_taken"
    r = client.patch(f"/api/account/decks/{deck['id']}", json={"name": "Fogo"})
    assert r.status_code == 409
    r = client.patch(f"/api/account/decks/{deck['id']}", json={"name": "Maré alta"})
    assert r.status_code == 200 and r.json()["deck"]["name"] == "Maré alta"
    # saved again with other cards
    r = client.patch(f"/api/account/decks/{deck['id']}", json={"cards": OTHER})
    assert r.json()["deck"]["cards"] == OTHER
    assert client.get(f"/api/account/decks/{deck['id']}").json()["deck"]["name"] == "Maré alta"
    assert client.delete(f"/api/account/decks/{deck['id']}").json() == {"deleted": True}
    assert names(client) == ["Fogo"]
    assert client.get(f"/api/account/decks/{deck['id']}").status_code == 404
    assert client.delete(f"/api/account/decks/{deck['id']}").status_code == 404


def test_a_broken_deck_is_refused_with_its_problems_and_nothing_is_stored(
    client: TestClient,
) -> None:
    browser(client)
    sign_up(client)
    short = dict(list(GOOD.items())[:5])
    three = {**GOOD, BASE[0]: 3}
    unknown = {**OTHER, "no_such_card": 1}
    cases = [
        (short, [{"problem": "size", "n": 10, "size": 25}]),
        (
            three,
            [
                {"problem": "copies", "card": BASE[0], "most": 2, "n": 3},
                {"problem": "size", "n": 26, "size": 25},
            ],
        ),
        (
            unknown,
            [
                {"problem": "unknown_card", "card": "no_such_card"},
                {"problem": "size", "n": 26, "size": 25},
            ],
        ),
    ]
    for cards, problems in cases:
        r = save(client, "Quebrado", cards)
        assert r.status_code == 422, r.text
        error = r.json()["error"]
        assert error["code"] == "invalid_deck"
        assert error["problems"] == problems
        assert "25" in error["message"] or "unknown" in error["message"]
    # a count no deck takes, and a card id no card has the shape of: refused by the schema
    assert save(client, "Quebrado", {BASE[0]: 1000}).status_code == 422
    assert save(client, "Quebrado", {"Pingo Grande": 1}).status_code == 422
    assert names(client) == []
    # a good deck saved again with a broken one is refused and stays as it was
    deck = save(client, "Bom", GOOD).json()["deck"]
    r = client.patch(f"/api/account/decks/{deck['id']}", json={"cards": short})
    assert r.status_code == 422
    assert client.get(f"/api/account/decks/{deck['id']}").json()["deck"]["cards"] == GOOD


def test_nobody_else_reads_or_changes_a_deck(client: TestClient) -> None:
    browser(client)
    sign_up(client)
    deck = save(client, "Meu", GOOD).json()["deck"]
    url = f"/api/account/decks/{deck['id']}"
    bia = another(client, "Bia")
    guest = browser(TestClient(client.app))
    for door in (
        lambda c: c.get(url),
        lambda c: c.patch(url, json={"name": "Roubado"}),
        lambda c: c.patch(url, json={"cards": OTHER}),
        lambda c: c.delete(url),
    ):
        r = door(bia)
        assert r.status_code == 404, r.text
        assert "Meu" not in r.text and deck["id"] not in r.text
        r = door(guest)
        assert r.status_code == 401, r.text  # nobody signed in: no deck at all
        assert "Meu" not in r.text
    assert bia.get("/api/account/decks").json() == {"decks": []}
    assert guest.get("/api/account/decks").status_code == 401
    assert guest.post("/api/account/decks", json={"name": "x", "cards": GOOD}).status_code == 401
    # Ana's deck is as it was
    mine = client.get(url).json()["deck"]
    assert (mine["name"], mine["cards"]) == ("Meu", GOOD)
    # a change from another site is refused before any account is looked at
    r = client.delete(url, headers={"Origin": "https://evil.example"})
    assert r.status_code == 403
    assert client.get(url).status_code == 200


def test_a_guests_browser_decks_move_to_the_account(client: TestClient) -> None:
    browser(client)
    sign_up(client)
    save(client, "Maré", GOOD)
    r = client.post(
        "/api/account/decks/import",
        json={
            "decks": [
                {"name": "Maré", "cards": GOOD},  # the same deck: moved, not doubled
                {"name": "Maré", "cards": OTHER},  # another of that name: kept beside it
                {"name": "Curto", "cards": {BASE[0]: 2}},  # broken: stays in the browser
                {"name": "Fogo", "cards": OTHER},
            ]
        },
    )
    assert r.status_code == 200, r.text
    assert r.json() == {"moved": ["Maré", "Maré", "Fogo"], "refused": ["Curto"]}
    decks = {d["name"]: d["cards"] for d in client.get("/api/account/decks").json()["decks"]}
    assert decks == {"Maré": GOOD, "Maré (2)": OTHER, "Fogo": OTHER}


def test_decks_are_in_the_export_and_go_with_the_account(client: TestClient) -> None:
    browser(client)
    sign_up(client)
    deck = save(client, "Meu", GOOD).json()["deck"]
    bia = another(client, "Bia")
    save(bia, "Dela", OTHER)
    data = client.get("/api/account/export").json()
    assert [(d["id"], d["name"], d["cards"]) for d in data["decks"]] == [(deck["id"], "Meu", GOOD)]
    assert client.post("/api/account/delete").json() == {"deleted": True}
    store = client.app.state.decks.store  # type: ignore[attr-defined]
    assert store.of(data["account"]["id"]) == []
    # the other account's deck stays
    assert [d["name"] for d in bia.get("/api/account/decks").json()["decks"]] == ["Dela"]
