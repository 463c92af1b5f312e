"""The card and domain data files: loaded, validated, named in both languages."""

from __future__ import annotations

import pytest

from ludoteca import DataError, InvalidOptions
from ludoteca.games.nine_domains import GAME
from ludoteca.games.nine_domains.cards import (
    CARDS,
    DOMAINS,
    CardModel,
    CardTable,
    DomainModel,
    _entries,
)


def test_the_catalogs_hold_fifteen_cards_and_twelve_domains() -> None:
    assert CARDS.ids[:6] == ("0", "1", "2", "3", "4", "5")
    assert set(CARDS.ids[6:]) == {"1-", "1+", "2-", "2+", "3-", "3+", "4-", "4+", "*"}
    assert len(DOMAINS) == 12
    assert sum(DOMAINS.halves) == 4


def test_every_domain_has_a_name_in_both_languages() -> None:
    for d in DOMAINS.ids:
        for lang in ("pt-BR", "en"):
            assert GAME.catalog.has(f"domain.{d}", lang), f"no {lang} name for domain {d}"


def test_bad_domain_entry_names_file_and_entry() -> None:
    with pytest.raises(DataError, match=r"domains\.toml: domain 'bad'.*vp"):
        _entries({"domain": [{"id": "bad", "vp": -1}]}, "domain", DomainModel, "x/domains.toml")
    with pytest.raises(DataError, match="unknown element"):
        _entries(
            {"domain": [{"id": "bad", "vp": 1, "elements": ["pink"]}]},
            "domain",
            DomainModel,
            "x/domains.toml",
        )
    with pytest.raises(DataError, match="twice"):
        _entries(
            {"domain": [{"id": "a", "vp": 1}, {"id": "a", "vp": 2}]},
            "domain",
            DomainModel,
            "x/domains.toml",
        )


def test_contradictory_card_effects_are_refused() -> None:
    cards = [
        CardModel(id="0", value=0, beats=["1"]),
        CardModel(id="1", value=1, beats=["0"]),
    ]
    with pytest.raises(DataError, match="contradict"):
        CardTable(cards, "x/cards.toml")


def test_unknown_card_in_an_effect_is_refused() -> None:
    with pytest.raises(DataError, match="unknown card"):
        CardTable([CardModel(id="0", value=0, beats=["9"])], "x/cards.toml")


def test_bad_options_are_refused() -> None:
    with pytest.raises(InvalidOptions, match="four_plus_target"):
        GAME.new_game(2, 1, {"four_plus_target": "everyone"})
    with pytest.raises(InvalidOptions):
        GAME.new_game(3, 1)


def test_english_sentences_address_the_reader() -> None:
    """Event sentences about the reader use "You take", others "Player 1 takes"."""
    from ludoteca.engine import Event

    e = Event("victory_bonus", {"player": 1, "card": "3+", "vp": 7})
    assert GAME.describe_event(e, "en", 1) == "You gain 7 VP with card 3+."
    assert GAME.describe_event(e, "en", 0) == "Player 2 gains 7 VP with card 3+."
    assert GAME.describe_event(e, "pt-BR", 1) == "Você ganha 7 PV com a carta 3+."


def test_a_broken_saved_state_is_a_clear_error() -> None:
    s = GAME.new_game(2, 1).to_json()
    s["hand"] = [["Z"], []]
    with pytest.raises(DataError, match="not a nine-domains state"):
        GAME.state_from_json(s)
