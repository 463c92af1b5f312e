"""The words the browser draws components from: the data behind Nine Domains' domains and
special cards, Coatl's patterns and Temple conditions, Sala de Miaula's creatures."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient


def _words(client: TestClient, game: str, lang: str = "en") -> dict[str, Any]:
    reply = client.get(f"/api/games/{game}/words?lang={lang}")
    assert reply.status_code == 200
    words: dict[str, Any] = reply.json()
    return words


def test_nine_domains_words_carry_vp_elements_halves_and_powers(client: TestClient) -> None:
    from ludoteca.games.nine_domains.cards import CARDS, DOMAINS

    en, pt = _words(client, "nine-domains"), _words(client, "nine-domains", "pt-BR")
    for d in DOMAINS.models:
        assert en[f"domain.{d.id}.vp"] == str(d.vp)
        assert en[f"domain.{d.id}.elements"].split() == list(d.elements)
        assert en[f"domain.{d.id}.halves"] == str(d.purple_halves)
    for c in CARDS.models:
        assert (f"card.{c.id}.power" in en) == c.special
    assert "swap a domain" in en["card.2-.power"] and "trocar um domínio" in pt["card.2-.power"]
    assert en["card.3+.power"] == "wins ties; +7 VP when it wins by 2 or more"


def test_coatl_words_carry_pattern_colours_and_conditions(client: TestClient) -> None:
    from ludoteca.games.coatl.cards import PROPHECIES, TEMPLES
    from ludoteca.games.coatl.names import COLOUR_NAMES

    en = _words(client, "coatl")
    for p in PROPHECIES:
        assert en[f"prophecy.{p.id}.family"] == p.family
        assert en[f"prophecy.{p.id}.colours"].split() == [COLOUR_NAMES[c] for c in p.colours]
    for tm in TEMPLES:
        for side, cond in (("a", tm.a), ("b", tm.b)):
            assert en[f"temple.{tm.id}.{side}"].split()[0] == cond.kind
    first = TEMPLES[0].id
    assert en[f"temple.{first}.a"] == "absent yellow" and en[f"temple.{first}.b"] == "length 7"


def test_sala_words_carry_a_creatures_element_attack_and_life(client: TestClient) -> None:
    from ludoteca.games.sala_de_miaula.cards import POOL

    en = _words(client, "sala-de-miaula")
    for cid, c in POOL.cards.items():
        assert en[f"card.{cid}.type"] == c.type
        if c.type == "creature":
            assert en[f"card.{cid}.element"] == c.element
            assert (en[f"card.{cid}.atk"], en[f"card.{cid}.life"]) == (str(c.attack), str(c.life))
    assert en["card.faisca.atk"] == "3" and en["card.faisca.life"] == "4"
