"""Every game lists the ids of each catalog of its data files (``game.data_ids(kind)``), so a
tool or an option menu never has to dig them out of words or data; a kind a game has no
catalog of is refused, not answered with an empty list."""

from __future__ import annotations

import pytest

import ludoteca

# each game's data files (games/<game>/data/*.toml) and the catalog kinds they hold
KINDS = {
    "coatl": {"prophecy", "temple"},
    "exploding-kittens": {"card", "deck"},
    "nine-domains": {"card", "domain"},
    "sala-de-miaula": {"ability", "card", "deck", "set", "terrain"},
}


@pytest.mark.parametrize("game_id", sorted(KINDS))
def test_every_catalog_lists_its_ids(game_id: str) -> None:
    game = ludoteca.get_game(game_id)
    assert set(game.data_catalogs()) == KINDS[game_id]
    for kind in KINDS[game_id]:
        ids = game.data_ids(kind)
        assert ids and all(isinstance(i, str) and i for i in ids), kind
        assert len(set(ids)) == len(ids), f"{kind}: an id listed twice"


def test_coatls_card_ids_are_the_ones_its_json_and_words_use() -> None:
    game = ludoteca.get_game("coatl")
    words = game.data_words("en")
    for kind in ("prophecy", "temple"):
        ids = game.data_ids(kind)
        assert len(ids) > 10
        assert {k.split(".")[1] for k in words if k.startswith(f"{kind}.")} == set(ids)
    view = game.new_game(2, 3).view(0)
    assert set(view["display"]) <= set(game.data_ids("prophecy"))


def test_an_unknown_kind_is_refused_with_the_kinds_there_are() -> None:
    game = ludoteca.get_game("coatl")
    with pytest.raises(
        ValueError, match=r"no data of kind 'prophecies' \(its kinds: prophecy, temple\)"
    ):
        game.data_ids("prophecies")
