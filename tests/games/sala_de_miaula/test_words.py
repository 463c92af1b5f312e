"""Every card, ability and terrain has its words in both languages, and the table reads them."""

from __future__ import annotations

import random

import pytest

from ludoteca.engine import Event
from ludoteca.games.sala_de_miaula import GAME
from ludoteca.games.sala_de_miaula.cards import POOL
from ludoteca.games.sala_de_miaula.deckfile import parse_deck_text
from ludoteca.games.sala_de_miaula.names import CATALOG


@pytest.mark.parametrize("lang", ["pt-BR", "en"])
def test_every_card_has_a_name_in_each_catalog(lang: str) -> None:
    msgs = CATALOG.messages[lang]
    missing = [cid for cid in POOL.cards if not msgs.get(f"card.{cid}", "").strip()]
    assert not missing, f"locale/{lang}.toml [card] lacks {missing}"
    unknown = sorted(
        k for k in msgs if k.startswith("card.") and k.removeprefix("card.") not in POOL.cards
    )
    assert not unknown, f"locale/{lang}.toml names cards the data does not hold: {unknown}"


def test_english_names_are_english_words_not_the_portuguese_ones() -> None:
    same = [cid for cid in POOL.cards if GAME.card_name(cid, "en") == GAME.card_name(cid, "pt-BR")]
    assert not same, same
    assert len({GAME.card_name(c, "en") for c in POOL.cards}) == len(POOL.cards)


def test_every_ability_and_terrain_has_both_names() -> None:
    for aid in POOL.abilities:
        assert GAME.ability_name(aid, "pt-BR") and GAME.ability_name(aid, "en") != aid
    for tid in POOL.terrains:
        assert GAME.terrain_name(tid, "pt-BR") != GAME.terrain_name(tid, "en")


def test_texts_and_browser_words_are_in_the_reader_language() -> None:
    words = GAME.data_words("en")
    assert words["card.pingo"] == "Droplet"
    assert "Sneeze:" in words["card.bolha.text"] and "Espirro" not in words["card.bolha.text"]
    assert GAME.data_words("pt-BR")["card.pingo"] == "Pingo"


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("pt-BR", "O jogador 1 atacou Fênix com Pingo + Bolha: 3 de dano."),
        ("en", "Player 1 attacked Phoenix with Droplet + Bubble: 3 damage."),
    ],
)
def test_events_name_cards_in_the_reader_language(lang: str, line: str) -> None:
    e = Event(
        "attack", {"player": 0, "attackers": ["pingo", "bolha"], "target": "fenix", "damage": 3}
    )
    assert GAME.describe_event(e, lang, 0) == line


def test_every_event_of_a_game_names_no_card_in_the_other_language() -> None:
    pt_names = {GAME.card_name(c, "pt-BR") for c in POOL.cards} - {
        GAME.card_name(c, "en") for c in POOL.cards
    }
    s = GAME.new_game(2, 11, {})
    rng = random.Random(11)
    lines = []
    while not s.is_over and len(lines) < 400:
        p = s.actors[0]
        a = rng.choice(s.legal_actions(p))
        lines.append(GAME.describe_action(a, "en"))
        lines += [GAME.describe_event(e, "en", p) for e in s.apply(p, a)]
    text = "\n".join(lines)
    assert not [n for n in pt_names if f" {n} " in f" {text} ".replace(".", " ")], text[:400]


def test_a_deck_file_reads_names_in_either_language() -> None:
    assert parse_deck_text("2 Droplet\n2 pingo\n", "deck") == ["pingo"] * 4
