"""Decks: starter decks, the validator, deck files, options and match records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ludoteca import DataError, InvalidOptions, Match, MatchRecord
from ludoteca.games.sala_de_miaula import GAME, catalogs
from ludoteca.games.sala_de_miaula.cards import POOL
from ludoteca.games.sala_de_miaula.deckfile import format_deck, parse_deck_text
from ludoteca.games.sala_de_miaula.options import dump_inline

from .helpers import deck_with


def test_four_legal_starter_decks() -> None:
    decks = GAME.starter_decks()
    assert len(decks) == 4
    for name, ids in decks.items():
        assert len(ids) == 25, name
        assert max(ids.count(c) for c in ids) <= 2, name
        s = GAME.new_game(2, 1, {"deck_0": name, "deck_1": name})
        assert s.decklists[0] == sorted(ids)


def test_pool_sizes() -> None:
    """Base set: 24 creatures, 12 spells, 8 items; at least 6 cards per expansion."""
    base = [c for c in POOL.cards.values() if c.set == "despertar"]
    assert sum(c.type == "creature" for c in base) >= 24
    assert sum(c.type == "spell" for c in base) >= 12
    assert sum(c.type == "item" for c in base) >= 8
    for exp in ("eclipse", "bugingangas"):
        assert sum(c.set == exp for c in POOL.cards.values()) >= 6


def test_unknown_card_is_named() -> None:
    deck = deck_with([])
    deck[0] = "gato_de_botas"
    with pytest.raises(InvalidOptions, match="deck of seat 0: unknown card\\(s\\): gato_de_botas"):
        GAME.new_game(2, 1, {"deck_0": deck})


def test_set_not_enabled_is_named() -> None:
    with pytest.raises(InvalidOptions, match=r"set that is not enabled: .*lua_nova \(eclipse\)"):
        GAME.new_game(2, 1, {"deck_0": "mare_e_pedra", "sets": ["despertar", "bugingangas"]})


def test_unknown_starter_deck_lists_the_starters() -> None:
    with pytest.raises(
        InvalidOptions, match="unknown starter deck 'xyz'; starter decks: mare_e_pedra"
    ):
        GAME.new_game(2, 1, {"deck_1": "xyz"})


def test_bad_sets_and_first_player() -> None:
    with pytest.raises(InvalidOptions, match="unknown set 'lua'"):
        GAME.new_game(2, 1, {"sets": ["despertar", "lua"]})
    with pytest.raises(InvalidOptions, match="first_player"):
        GAME.new_game(2, 1, {"first_player": 2})
    with pytest.raises(InvalidOptions, match="unknown terrain"):
        GAME.new_game(2, 1, {"terrain": "lava"})


def test_options_hold_both_full_deck_lists_and_definitions() -> None:
    """Open lists define the cards of both decks; hidden lists (the default) every card of the
    sets in play, so that which cards are defined tells nothing of either deck."""
    s = GAME.new_game(2, 1, {"decklists": "open"})
    dumped = s.options.model_dump(mode="json")
    assert len(dumped["deck_0"]) == 25 and len(dumped["deck_1"]) == 25
    assert set(s.options.cards) == set(dumped["deck_0"]) | set(dumped["deck_1"])
    for sets in (["despertar"], ["despertar", "eclipse", "bugingangas"]):
        decks = {"deck_0": sorted(c for c in POOL.cards if POOL.cards[c].set == "despertar")[:25]}
        h = GAME.new_game(2, 1, {"sets": sets, **decks, "deck_1": decks["deck_0"]})
        assert h.options.decklists == "hidden"
        assert set(h.options.cards) == {c for c, spec in POOL.cards.items() if spec.set in sets}


def test_record_replays_with_its_deck_lists_and_named_catalog(tmp_path: Path) -> None:
    """The match record embeds both deck lists and names the card catalog it was played with
    (its definitions are the data files'): a kept snapshot, read back on replay."""
    m = Match(GAME, 2, 9, {"deck_0": "brisa_do_mar", "first_player": 1}, ["a", "b"])
    while not m.state.is_over:
        p = m.state.actors[0]
        m.apply(p, m.state.legal_actions(p)[-1])
    path = tmp_path / "r.json"
    m.record.save(path)
    rec = MatchRecord.load(path)
    assert rec.options["deck_0"] == GAME.starter_decks()["brisa_do_mar"]
    assert rec.options["catalog"] == catalogs.current() is not None
    assert "cards" not in rec.options
    assert "pingo" in rec.initial_state().options.cards
    assert json.dumps(rec.final_state().to_json(), sort_keys=True) == json.dumps(
        m.state.to_json(), sort_keys=True
    )


def test_a_card_of_the_pool_holds_rules_only() -> None:
    """A card's name is a word of the catalogs (``game.card_name``), never a field of its
    rules data that would always read empty."""
    spec = GAME.card_pool()["pingo"]
    assert "name" not in type(spec).model_fields
    assert not hasattr(spec, "name")
    assert GAME.card_name("pingo", "en") == "Droplet"


def test_old_options_with_card_names_still_load_and_play_the_same() -> None:
    """Tables made before the names moved to the catalogs embed each card with a name: it is
    dropped as the options load, and the game is the one the same options give today."""
    s = GAME.new_game(2, 1, {})
    old = dump_inline(s.options)
    for cid, card in old["cards"].items():
        card["name"] = cid.title()
    s2 = GAME.new_game(2, 1, old)
    assert s2.options == s.options
    assert s2.to_json() == s.to_json()


def test_embedded_definitions_are_the_ones_played() -> None:
    """A record's card definitions win over the data files (a user may have edited them)."""
    s = GAME.new_game(2, 1, {})
    opts = dump_inline(s.options)
    opts["cards"]["pingo"]["attack"] = 9
    s2 = GAME.new_game(2, 1, opts)
    assert s2.cards["pingo"].attack == 9
    opts["cards"]["pingo"]["effect"] = "teleport"
    with pytest.raises(InvalidOptions, match="unknown effect 'teleport'"):
        GAME.new_game(2, 1, opts)


DECK_FILE = """# my deck
2 Pingo
2x marola
2 Pedregulho
2 toco
1 Tainha
1 orvalho
1 chuvisco
1 muralha
1 cochilo
1 barro
1 lua nova
2 chuva forte
1 terremoto
2 arranhão
1 Leite Morno
1 poção
1 garra afiada
1 soneca
1 chave inglesa
"""


def test_deck_file_by_names_and_ids(tmp_path: Path) -> None:
    f = tmp_path / "deck.txt"
    f.write_text(DECK_FILE, encoding="utf-8")
    opts = GAME.options_with_deck({}, 1, str(f))
    ids = opts["deck_1"]
    assert len(ids) == 25 and ids.count("pingo") == 2 and "arranhao" in ids
    s = GAME.new_game(2, 1, opts)
    assert s.decklists[1] == sorted(ids)
    assert parse_deck_text(format_deck(ids), "again") == sorted(ids)


def test_deck_file_naming_a_starter(tmp_path: Path) -> None:
    f = tmp_path / "d.txt"
    f.write_text("starter: lava_e_rocha\n", encoding="utf-8")
    assert GAME.options_with_deck({}, 0, str(f))["deck_0"] == "lava_e_rocha"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (DECK_FILE + "1 Gato Voador\n", "line 21: unknown card 'Gato Voador'"),
        (DECK_FILE.replace("1 soneca\n", ""), "exactly 25 cards, this one has 24"),
        (DECK_FILE.replace("1 soneca\n", "1 toco\n"), "at most 2 copies of a card: toco x3"),
        (DECK_FILE + "0 toco\n", "line 21: a count must be at least 1"),
        ("starter: nope\n", "unknown starter deck 'nope'"),
    ],
)
def test_broken_deck_files(tmp_path: Path, text: str, message: str) -> None:
    f = tmp_path / "broken.txt"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=message) as e:
        GAME.options_with_deck({}, 0, str(f))
    assert str(f) in str(e.value)


def test_deck_file_with_disabled_set(tmp_path: Path) -> None:
    f = tmp_path / "d.txt"
    f.write_text(DECK_FILE, encoding="utf-8")
    with pytest.raises(DataError, match=r"not enabled: .*lua_nova \(eclipse\)"):
        GAME.options_with_deck({"sets": ["despertar"]}, 0, str(f))


def test_missing_deck_file() -> None:
    with pytest.raises(DataError, match="cannot read the deck file"):
        GAME.options_with_deck({}, 0, "/no/such/deck.txt")
