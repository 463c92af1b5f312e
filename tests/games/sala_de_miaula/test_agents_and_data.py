"""The heuristic agent, the renderer, and data files that do not validate."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console

from ludoteca import DataError, SeatHandle
from ludoteca.agents import make_agent
from ludoteca.cli.render.sala_de_miaula import render
from ludoteca.games.sala_de_miaula import GAME
from ludoteca.games.sala_de_miaula.cardlist import BEGIN, END, card_list
from ludoteca.games.sala_de_miaula.cards import (
    POOL,
    CardModel,
    _model,
    _resolve,
    check_spec,
)

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "sala-de-miaula.md"


def play_match(agents: list[str], seed: int) -> tuple[int, ...]:
    s = GAME.new_game(2, seed, {})
    players = [make_agent(a, GAME, seed + i) for i, a in enumerate(agents)]
    while not s.is_over:
        p = s.actors[0]
        a = players[p].act(SeatHandle(s, p))
        assert a in s.legal_actions(p)
        s.apply(p, a)
    return s.result().winners


def test_heuristic_beats_random() -> None:
    wins = 0.0
    for seed in range(40):
        seats = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
        w = play_match(seats, seed)
        me = seats.index("heuristic")
        wins += (1.0 / len(w)) if me in w else 0.0
    assert wins >= 34, wins


def test_renderer_draws_every_view() -> None:
    s = GAME.new_game(2, 3, {})
    console = Console(width=120, record=True)
    for seat in (0, 1, None):
        for lang in ("pt-BR", "en"):
            console.print(render(s.view(seat), GAME, lang, seat))
    text = console.export_text()
    assert "Vida 15" in text and "Life 15" in text


def test_renderer_hides_the_other_hand() -> None:
    s = GAME.new_game(2, 3, {"first_player": 0})
    console = Console(width=200, record=True)
    # in Portuguese: no card name there is a word of another card's text (English "Shadow"
    # is also in the terrain "Shadow Pond")
    console.print(render(s.view(0), GAME, "pt-BR", 0))
    text = console.export_text()
    for cid in s.hand[0]:
        assert GAME.card_name(cid) in text
    only_theirs = set(s.hand[1]) - set(s.hand[0]) - set(s.decklists[0])
    for cid in only_theirs:
        assert GAME.card_name(cid) not in text


def test_bad_card_entry_names_file_and_entry() -> None:
    with pytest.raises(DataError, match=r"data/cards_x.toml: \[cards.zz\]: attack"):
        _model(
            CardModel,
            {"type": "creature", "attack": "lots"},
            "data/cards_x.toml: [cards.zz]",
        )
    with pytest.raises(DataError, match="card 'zz': unknown ability 'voar'"):
        _resolve(
            "zz",
            CardModel(type="creature", element="agua", life=2, ability="voar"),
            "despertar",
            POOL.abilities,
            "data/cards_x.toml",
        )
    spec = POOL.cards["arranhao"].model_copy(update={"params": {"amount": 0}})
    with pytest.raises(
        DataError, match="card 'arranhao': parameter 'amount' must be a whole number"
    ):
        check_spec("arranhao", spec, POOL.terrains, POOL.sets, "data/cards_despertar.toml")
    spec = POOL.cards["chuva_forte"].model_copy(update={"params": {"terrain": "lava"}})
    with pytest.raises(DataError, match="unknown terrain 'lava'"):
        check_spec("chuva_forte", spec, POOL.terrains, POOL.sets, "data/cards_despertar.toml")
    spec = POOL.cards["pingo"].model_copy(update={"life": 0})
    with pytest.raises(DataError, match="a creature needs an element and at least 1 life"):
        check_spec("pingo", spec, POOL.terrains, POOL.sets, "data/cards_despertar.toml")


def test_rules_doc_holds_the_generated_card_list() -> None:
    text = DOC.read_text(encoding="utf-8")
    start, end = text.index(BEGIN), text.index(END) + len(END)
    assert text[start:end] == card_list(GAME), (
        "regenerate: python -m ludoteca.games.sala_de_miaula.cardlist"
    )
