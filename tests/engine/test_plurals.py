"""Messages with plural forms: the form is chosen by ``count`` (one for exactly 1)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import ludoteca
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


def test_a_plural_message_may_name_the_number_it_agrees_with() -> None:
    cat = Catalog({"en": {"t.by": "owed", "t.one": "{owed} turn", "t.other": "{owed} turns"}})
    assert [cat.text("t", "en", owed=n) for n in (1, 2)] == ["1 turn", "2 turns"]


@pytest.mark.parametrize(
    ("game", "kind", "data", "lang", "line"),
    [
        ("exploding-kittens", "turns", {"player": 0, "owed": 1}, "en", "owes 1 turn."),
        ("exploding-kittens", "turns", {"player": 0, "owed": 3}, "pt-BR", "deve jogar 3 turnos."),
        ("coatl", "turn_started", {"player": 0, "actions": 1}, "pt-BR", "(1 ação)."),
        ("coatl", "turn_started", {"player": 0, "actions": 2}, "en", "(2 actions)."),
    ],
)
def test_counted_events_agree_with_their_number(
    game: str, kind: str, data: dict[str, int], lang: str, line: str
) -> None:
    assert get_game(game).describe_event(Event(kind, data), lang, None).endswith(line)


def _catalog_files() -> list[Path]:
    root = Path(ludoteca.__file__).parent
    return [
        *sorted(root.glob("**/locale/*.toml")),
        root / "web" / "i18n.js",
        root / "web" / "flow-words.js",
    ]


@pytest.mark.parametrize("path", _catalog_files(), ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_no_message_hedges_its_number(path: Path) -> None:
    """ "turn(s)", "lugar(es)", "selvagem(ns)", "ação/ações": a counted word takes its plural
    forms (key.one / key.other) instead."""
    hedges = re.findall(r"\w+\((?:s|es|ns|is)\)|\w+ão/\w+ões", path.read_text(encoding="utf-8"))
    assert not hedges, hedges
