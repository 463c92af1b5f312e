"""Coatl and Sala de Miaula say precisely why a move is refused (issue 25, item 1): which rule,
which piece, card, Coatl or Prophecy, in both languages from the games' catalogs. Each test
below builds the position of one refusal and fails if its reason turns generic; the last ones
check that no refusal met in play is the generic "not possible now"."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludoteca.engine import GameState, get_game
from ludoteca.games.coatl import refusals as coatl_refusals
from ludoteca.games.coatl.model import Coatl
from ludoteca.games.coatl.names import PIECE_CODE, PROPHECY_CODE
from ludoteca.games.coatl.phases import Phase
from ludoteca.games.sala_de_miaula import refusals as sala_refusals
from ludoteca.games.sala_de_miaula.cards import POOL
from ludoteca.games.sala_de_miaula.model import FAINTED, SICK, Creature
from ludoteca.help.why import reason


def said(state: GameState, action: dict[str, Any], seat: int = 0) -> dict[str, str]:
    """The refusal of ``action`` in both languages (the move must really be refused)."""
    a = state.game.action_from_json(action)
    assert not state.is_legal(seat, a), action
    out = {lang: reason(state, seat, a, lang) for lang in ("pt-BR", "en")}
    assert state.explain_illegal(seat, a) == out["en"]
    return out


# -- Coatl ----------------------------------------------------------------------------------
def coatl_turn(board: list[str], hand: list[str], coatls: list[Coatl] | None = None) -> Any:
    """A 2-player Coatl at player 1's turn, with this board, hand and Coatls."""
    s: Any = get_game("coatl").new_game(2, seed=6)
    s.phase = int(Phase.TURN)
    s.current = 0
    pl = s.players[0]
    pl.board = [PIECE_CODE[x] for x in board]
    pl.hand = [PROPHECY_CODE[x] for x in hand]
    pl.coatls = coatls or []
    s._legal = None
    return s


def coatl(pieces: list[str], beside: list[str] = ()) -> Coatl:  # type: ignore[assignment]
    return Coatl([PIECE_CODE[x] for x in pieces], [PROPHECY_CODE[x] for x in beside])


def test_coatl_why_a_tail_is_not_offered() -> None:
    # the tail would close a Coatl no Prophecy in hand (nor beside it) is fulfilled by
    s = coatl_turn(["green_tail"], ["exact-pair-y"], [coatl(["black_head", "red_body"])])
    w = said(s, {"type": "add_piece", "coatl": 0, "piece": "green_tail", "end": "back"})
    assert "green tail would close Coatl 1" in w["en"]
    assert "finished at once beside a Prophecy it fulfils" in w["en"]
    assert "cauda verde) fecharia o Cóatl 1" in w["pt-BR"]
    assert (
        coatl_refusals.refusal(
            s,
            0,
            s.game.action_from_json(
                {"type": "add_piece", "coatl": 0, "piece": "green_tail", "end": "back"}
            ),
        )[0]
        == "dead_end"
    )


def test_coatl_a_closed_coatl_needs_a_body() -> None:
    s = coatl_turn(["green_tail"], ["colour-count-k"], [coatl(["black_head"])])
    w = said(s, {"type": "add_piece", "coatl": 0, "piece": "green_tail", "end": "back"})
    assert "a Coatl needs at least one body" in w["en"]
    assert "precisa de ao menos um corpo" in w["pt-BR"]


def test_coatl_a_piece_may_not_undo_a_prophecy_beside() -> None:
    s = coatl_turn(
        ["red_body"], [], [coatl(["black_head", "red_body", "red_body"], ["exact-pair-r"])]
    )
    w = said(s, {"type": "add_piece", "coatl": 0, "piece": "red_body", "end": "back"})
    assert "would no longer fulfil «Exact pair of red»" in w["en"]
    assert "deixaria de cumprir «Par exato de vermelho»" in w["pt-BR"]


def test_coatl_why_the_board_is_full() -> None:
    board = ["red_body"] * 8
    s = coatl_turn(board, [])
    w = said(s, {"type": "take_pieces", "row": "heads", "index": 0})
    assert "your board is full (8 of 8)" in w["en"]
    assert "seu tabuleiro está cheio (8 de 8)" in w["pt-BR"]
    assert "pieces leave your board only into your Coatls" in w["en"]
    s = coatl_turn(board[:7], [])
    w = said(s, {"type": "take_pieces", "row": "bodies", "index": 0})
    assert "no room for 2 more pieces (7 of 8)" in w["en"]
    assert "não tem lugar para mais 2 peças (7 de 8)" in w["pt-BR"]


def test_coatl_a_full_hand_and_the_coatl_limits() -> None:
    hand = [
        "colour-count-y",
        "colour-count-r",
        "colour-count-k",
        "colour-count-g",
        "colour-count-b",
    ]
    s = coatl_turn([], hand)
    w = said(s, {"type": "take_prophecy", "slot": 0})
    assert "the most Prophecies it may (5)" in w["en"]
    assert "o máximo de Profecias (5)" in w["pt-BR"]
    s = coatl_turn(["red_body"], [], [coatl(["red_body"]), coatl(["black_body"])])
    w = said(s, {"type": "start_coatl", "piece": "red_body"})
    assert "the most unfinished Coatls (2)" in w["en"]
    assert "Cóatls por terminar (2)" in w["pt-BR"]


def test_coatl_attaching_and_finishing() -> None:
    s = coatl_turn([], ["exact-pair-r"], [coatl(["black_head", "red_body"])])
    w = said(s, {"type": "attach_prophecy", "coatl": 0, "prophecy": "exact-pair-r"})
    assert "Coatl 1 does not fulfil «Exact pair of red» as it is now" in w["en"]
    assert "não cumpre «Par exato de vermelho»" in w["pt-BR"]
    w = said(s, {"type": "finish_coatl", "coatl": 0})
    assert "still needs its head and its tail" in w["en"]
    assert "ainda precisa de cabeça e de cauda" in w["pt-BR"]


def test_coatl_a_closed_coatl_comes_first() -> None:
    s = coatl_turn(
        ["red_body"],
        ["exact-pair-r"],
        [coatl(["black_head", "red_body", "red_body", "green_tail"], ["exact-pair-r"])],
    )
    s.phase = int(Phase.ASSEMBLY)
    s._legal = None
    w = said(s, {"type": "end_assembly"})
    assert "Coatl 1 has its head and tail: it must be finished" in w["en"]
    assert "o Cóatl 1 já tem cabeça e cauda" in w["pt-BR"]


# -- Sala de Miaula -------------------------------------------------------------------------
NEEDED = ["toco", "pingo", "pluma", "tainha", "arranhao", "pocao", "soneca", "breu", "susto"]
DECK = (NEEDED + [c for c in POOL.cards if c not in NEEDED])[:25]


def sala_turn(terrain: str = "terra", turn: int = 3) -> Any:
    s: Any = get_game("sala-de-miaula").new_game(
        2,
        seed=1,
        options={"deck_0": DECK, "deck_1": DECK, "first_player": 0, "terrain": terrain},
    )
    s.current = 0
    s.turn = turn
    s.hand[0] = ["toco", "pingo", "arranhao", "soneca", "susto"]
    s.field = [[None] * 3, [None] * 3]
    s._legal = None
    return s


def creature(card: str, status: int = 0, acted: bool = False) -> Creature:
    c = Creature(card)
    c.status = status
    c.acted = acted
    return c


def test_sala_a_creature_opposed_to_the_terrain() -> None:
    s = sala_turn(terrain="fogo")
    w = said(s, {"type": "play_creature", "card": "pingo"})
    assert "the terrain is" in w["en"] and "a creature of water" in w["en"]
    assert "de fogo: uma criatura de água" in w["pt-BR"]


def test_sala_one_creature_and_one_spell_or_item_a_turn() -> None:
    s = sala_turn()
    s.played_creature = True
    s.played_other = True
    s._legal = None
    w = said(s, {"type": "play_creature", "card": "toco"})
    assert "you already played a creature this turn" in w["en"]
    assert "você já desceu uma criatura neste turno" in w["pt-BR"]
    s.field[1][0] = creature("pluma")
    s._legal = None
    w = said(s, {"type": "play_spell", "card": "arranhao", "target": 0})
    assert "you already played a spell or an item this turn" in w["en"]


@pytest.mark.parametrize(
    ("status", "acted", "turn", "en", "pt"),
    [
        (SICK, False, 3, "is sick: a sick creature does not attack", "está doente"),
        (
            FAINTED,
            False,
            3,
            "a fainted creature can only go to the Kennel",
            "só pode ir para o Canil",
        ),
        (0, True, 3, "has no action left this turn", "não tem mais ação neste turno"),
        (0, True, 1, "creatures do not act on the game's first turn", "primeiro turno do jogo"),
    ],
)
def test_sala_why_a_creature_cannot_attack(
    status: int, acted: bool, turn: int, en: str, pt: str
) -> None:
    s = sala_turn(turn=turn)
    s.field[0][0] = creature("toco", status, acted)
    s.field[1][0] = creature("pluma")
    s._legal = None
    w = said(s, {"type": "attack", "attackers": [0], "target": 0})
    assert en in w["en"] and pt in w["pt-BR"]
    assert w["en"].count("Stump") == 1


def test_sala_a_guardian_first_and_life_only_when_undefended() -> None:
    s = sala_turn()
    s.field[0][0] = creature("toco")
    s.field[1][0] = creature("pluma")
    s.field[1][1] = creature("tainha")
    s._legal = None
    w = said(s, {"type": "attack", "attackers": [0], "target": 0})
    assert "is a Guardian: enemy attacks must aim at it first" in w["en"]
    assert "é Guardião" in w["pt-BR"]
    s.field[1][1] = None
    s._legal = None
    w = said(s, {"type": "attack", "attackers": [0], "target": 3})
    assert "their life is open only when none is left" in w["en"]
    assert "a vida dele só fica exposta" in w["pt-BR"]


def test_sala_a_spells_target() -> None:
    s = sala_turn()
    s.field[1][0] = creature("pluma")
    s.field[1][0].item = "pocao"
    s.field[1][1] = creature("breu")
    s._legal = None
    w = said(s, {"type": "play_spell", "card": "soneca", "target": 0})
    assert "drinks a Potion" in w["en"] and "tem Poção" in w["pt-BR"]
    w = said(s, {"type": "play_spell", "card": "susto", "target": 0})
    assert "Courage" in w["en"] and "Coragem" in w["pt-BR"]
    w = said(s, {"type": "play_spell", "card": "arranhao", "target": 2})
    assert "no enemy creature in place 3" in w["en"]


# -- nothing met in play is generic ----------------------------------------------------------
@pytest.mark.parametrize(
    ("game_id", "module"), [("coatl", coatl_refusals), ("sala-de-miaula", sala_refusals)]
)
def test_no_refusal_met_in_play_is_generic(game_id: str, module: Any) -> None:
    game = get_game(game_id)
    rng = random.Random(11)
    keys: set[str] = set()
    for seed in range(4):
        options = {"sacrifice_tokens": True} if game_id == "coatl" and seed % 2 else {}
        state = game.new_game(2, seed=seed, options=options)
        for _ in range(150):
            if state.is_over:
                break
            seat = state.actors[0]
            for code in rng.sample(range(game.action_space_size), 30):
                action = game.action_space.decode(code)
                if state.is_legal(seat, action):
                    continue
                key, _ = module.refusal(state, seat, action)
                assert key != "not_now", (state.explain_illegal(seat, action), seed)
                keys.add(key)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert len(keys) >= 10, keys
