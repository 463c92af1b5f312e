"""Every game has its rules for players in both languages, with the decisions ludoteca took
where the text is silent, served by /api/games/<id>/rules."""

from __future__ import annotations

import pytest

from ludoteca.engine import list_games
from ludoteca.help.rules import rules_text

SILENT = {
    "pt-BR": "## Escolhas da ludoteca onde o texto não diz",
    "en": "## What ludoteca chose where the text is silent",
}


@pytest.mark.parametrize("game", [g.id for g in list_games()])
@pytest.mark.parametrize("lang", ["pt-BR", "en"])
def test_rules_for_players(game: str, lang: str) -> None:
    text = rules_text(game, lang)
    assert SILENT[lang] in text
    # the decisions section lists some
    assert text.split(SILENT[lang])[1].count("\n- ") >= 3
    # the two languages say the same things: as many headings and list items
    other = rules_text(game, "en" if lang == "pt-BR" else "pt-BR")
    assert text.count("\n## ") == other.count("\n## ")
    assert text.count("\n- ") == other.count("\n- ")
