"""The heuristic agent, the renderer, and data files that do not validate."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console

from ludoteca import DataError, SeatHandle
from ludoteca.agents import make_agent
from ludoteca.games.sala_de_miaula import GAME
from ludoteca.games.sala_de_miaula.cardlist import BEGIN, END, card_list
from ludoteca.games.sala_de_miaula.cards import (
    POOL,
    CardModel,
    _model,
    _resolve,
    check_spec,
)
from ludoteca.render.sala_de_miaula import render

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


def test_heuristic_judges_cards_by_the_match_definitions() -> None:
    """With custom card definitions the agent weighs the match's numbers, not the pool's: a
    creature made much stronger than the one it would play is the one it plays."""
    tried = 0
    for seed in range(60):
        plain = GAME.new_game(2, seed, {"first_player": 0})
        legal = plain.legal_actions(0)
        creatures = sorted({a.card for a in legal if a.TYPE == "play_creature"})
        chosen = make_agent("heuristic", GAME, 0).act(SeatHandle(plain, 0))
        if chosen.TYPE != "play_creature" or len(creatures) < 2:
            continue
        other = next(c for c in creatures if c != chosen.card)
        cards = {cid: spec.model_dump(mode="json") for cid, spec in plain.options.cards.items()}
        cards[other].update(attack=15, life=25)
        cards[chosen.card].update(attack=0, life=1, ability=None, effect=None, passive=None)
        cards[chosen.card].update(params={}, passive_params={})
        custom = GAME.new_game(2, seed, {"first_player": 0, "cards": cards})
        assert custom.hand == plain.hand and custom.terrain == plain.terrain  # the same deal
        picked = make_agent("heuristic", GAME, 0).act(SeatHandle(custom, 0))
        assert picked.TYPE == "play_creature" and picked.card == other, (seed, picked)
        tried += 1
        if tried == 3:
            return
    pytest.fail("no position with a choice between two creatures")


def test_the_view_carries_the_match_card_definitions() -> None:
    cards = {cid: spec.model_dump(mode="json") for cid, spec in POOL.cards.items()}
    s = GAME.new_game(2, 1, {})
    wanted = {cid: dict(cards[cid]) for cid in s.options.cards}
    creature = next(c for c in s.decklists[0] if cards[c]["type"] == "creature")
    wanted[creature]["attack"] = 7
    t = GAME.new_game(2, 1, {"cards": wanted})
    for seat in (0, 1, None):
        assert s.view(seat)["cards"] == {c: cards[c] for c in s.options.cards}
        assert t.view(seat)["cards"] == wanted


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
