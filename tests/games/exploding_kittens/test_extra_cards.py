"""The ``extra_cards`` option and cards beyond the rule text (``in_text = false``).

A card the text does not have must not change the text's deals (every seeded game and every
old record stay as they were): it is in no deck of decks.toml and enters play only through the
option, which the record carries. The compiled deal reads the same deck as the Python one.
"""

from __future__ import annotations

import numpy as np
import pytest

import ludoteca
from ludoteca.engine import InvalidOptions, MatchRecord
from ludoteca.engine import compiled as fast
from ludoteca.engine.errors import DataError
from ludoteca.games.exploding_kittens import cards as C
from ludoteca.sim import simulate

from .helpers import core_deals_as_the_reference

GAME = ludoteca.get_game("exploding-kittens")
EXTRA = {"nope": 2, "see_future_5": 3}


def _all_cards(st) -> list[int]:
    counts = [0] * C.NK
    for p in range(st.num_players):
        for c in range(C.NK):
            counts[c] += st.hands[p][c]
    for c in st.pile:
        counts[c] += 1
    return counts


@pytest.mark.parametrize("n", [2, 5, 9])
def test_the_extra_cards_are_shuffled_into_the_deck(n):
    extra = {"nope": 1} if n == 9 else EXTRA
    st = GAME.new_game(n, 11, {"extra_cards": extra})
    plain = GAME.new_game(n, 11)
    want = list(C.DECKS[n])
    for key, k in extra.items():
        want[C.CODE[key]] += k
    assert _all_cards(st) == want
    assert len(st.pile) == len(plain.pile) + sum(extra.values())
    st.check_invariants()


def test_no_extra_cards_is_the_texts_deal_written_as_before_the_option():
    for n in range(2, 11):
        st = GAME.new_game(n, 7, {"extra_cards": {}})
        assert _all_cards(st) == list(C.DECKS[n])
        # the empty option is not written: states, views and records read as they did
        assert "extra_cards" not in st.to_json()["options"]
        assert "extra_cards" not in st.view(0)["options"]
    # and a chosen one is (the record carries it)
    assert GAME.new_game(3, 7, {"extra_cards": EXTRA}).to_json()["options"]["extra_cards"] == EXTRA


def test_the_option_is_written_in_catalog_order():
    st = GAME.new_game(3, 1, {"extra_cards": {"see_future_5": 3, "nope": 2}})
    assert list(st.options.extra_cards) == ["nope", "see_future_5"]
    assert list(st.to_json()["options"]["extra_cards"]) == ["nope", "see_future_5"]


@pytest.mark.parametrize(
    ("extra", "n", "message"),
    [
        ({"joker": 1}, 3, "unknown card 'joker'"),
        ({"defuse": 1}, 3, "follows the rules"),
        ({"exploding_kitten": 1}, 3, "follows the rules"),
        ({"nope": 0}, 3, "from 1 to 20"),
        ({"nope": 21}, 3, "from 1 to 20"),
        ({"nope": True}, 3, "valid integer"),
        ({"nope": "2"}, 3, "valid integer"),
        ([["nope", 2]], 3, "valid dictionary"),
        ({"nope": 1}, 10, "takes at most 0 more"),
        ({"nope": 20, "skip": 20}, 2, "40 cards"),
    ],
)
def test_a_bad_extra_cards_option_is_a_clear_error(extra, n, message):
    with pytest.raises(InvalidOptions, match=message):
        GAME.new_game(n, 1, {"extra_cards": extra})


def test_a_game_with_extra_cards_replays_from_its_record():
    res = simulate(
        "exploding-kittens", 4, 4, ["random", "heuristic"], seed=5, options={"extra_cards": EXTRA}
    )
    for g in res.games:
        rec = MatchRecord.from_json(g.record)
        assert rec.options["extra_cards"] == EXTRA
        assert rec.final_state().result().to_json() == rec.result


@pytest.mark.skipif(not fast.AVAILABLE, reason="the compiled core needs numba (the fast extra)")
def test_the_compiled_deal_reads_the_extra_cards():
    """Whole games dealt and played in compiled code with extra cards: the Python games, and
    simulate's records through the core are those of the reference."""
    core = fast.core_for(GAME)
    table = core.table.copy()
    for n in (2, 4, 7):
        core_deals_as_the_reference(core, n, {"extra_cards": {"nope": 1, "attack": 2}}, 40)
    assert np.array_equal(core.table, table), "the shared table keeps the text's decks"

    def records():
        res = simulate(
            "exploding-kittens",
            6,
            3,
            ["random", "heuristic"],
            seed=9,
            options={"extra_cards": EXTRA},
        )
        return [(g.to_row(), g.record) for g in res.games]

    got = records()
    with fast.disabled():
        assert got == records()


def _catalog_with(card: dict[str, object]) -> dict[str, object]:
    catalog = C._read("cards.toml")
    catalog["card"].append(card)
    return catalog


def test_a_card_beyond_the_text_is_in_no_deck(monkeypatch):
    """A designer's card (``in_text = false``): the deck table need not list it, may not list
    it (that would change the text's deals), and the option puts it in play."""
    monkeypatch.setitem(C.IMPLEMENTED, "catnip_cannon", "action")
    catalog = _catalog_with({"key": "catnip_cannon", "role": "action", "in_text": False})
    keys = C.load_cards(catalog)
    beyond = C.beyond_text(catalog)
    assert beyond == C.BEYOND_TEXT | {"catnip_cannon"}
    decks = C._read("decks.toml")
    got = C.load_decks(decks, keys, beyond=beyond)
    assert all(d[keys.index("catnip_cannon")] == 0 for d in got.values())
    with pytest.raises(DataError, match=r"missing .*catnip_cannon"):
        C.load_decks(decks, keys, beyond=C.BEYOND_TEXT)  # a card of the text: in every deck
    decks["deck"]["4"]["cards"]["catnip_cannon"] = 2
    with pytest.raises(DataError, match="extra_cards option"):
        C.load_decks(decks, keys, beyond=beyond)


def test_every_card_of_the_catalog_is_in_the_text_or_beyond_it():
    assert set(C.KEYS) >= C.BEYOND_TEXT
    for n, deck in C.DECKS.items():
        for key in C.KEYS:
            if C.IMPLEMENTED[key] in ("defuse", "kitten"):
                continue
            assert (deck[C.CODE[key]] == 0) == (key in C.BEYOND_TEXT), (n, key)
