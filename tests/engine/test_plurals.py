"""Messages with plural forms: the form is chosen by ``count`` (one for exactly 1)."""

from __future__ import annotations

import pytest

from ludoteca import get_game
from ludoteca.engine import Catalog, Event


def test_a_message_with_plural_forms_takes_the_one_that_fits_the_count() -> None:
    cat = Catalog(
        {
            "pt-BR": {"x.one": "{count} carta", "x.other": "{count} cartas"},
            "en": {"x.one": "{count} card", "x.other": "{count} cards"},
        }
    )
    assert cat.text("x", "pt-BR", count=1) == "1 carta"
    assert cat.text("x", "pt-BR", count=0) == "0 cartas"
    assert cat.text("x", "pt-BR", count=2) == "2 cartas"
    assert cat.text("x", "en", count=1) == "1 card"
    assert cat.has("x", "en")


@pytest.mark.parametrize(
    ("lang", "one", "three"),
    [
        ("pt-BR", "Jogador 1 viu a próxima carta.", "Jogador 1 viu as 3 próximas cartas."),
        ("en", "Player 1 looked at the next card.", "Player 1 looked at the next 3 cards."),
    ],
)
def test_seeing_the_future_is_told_in_the_right_number(lang: str, one: str, three: str) -> None:
    game = get_game("exploding-kittens")
    saw = {
        n: game.describe_event(Event("saw", {"player": 0, "count": n}), lang, None) for n in (1, 3)
    }
    assert saw == {1: one, 3: three}
