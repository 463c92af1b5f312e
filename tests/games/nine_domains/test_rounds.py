"""Scenario tests of "Como jogar" and "Elementos": rounds, placements, domains, the end."""

from __future__ import annotations

import random

import pytest

from ludoteca import IllegalAction
from ludoteca.games.nine_domains import GAME
from ludoteca.games.nine_domains.actions import Draft, Place
from ludoteca.games.nine_domains.combat import has_all_elements
from ludoteca.testing import conformance as kit

from .helpers import decline, doms, kinds, last_round, play_round, setup, won

ELEMENT_PILES = [
    ["forge", "lake", "volcano"],
    ["grove", "hot-springs", "steppe"],
    ["free-city", "port", "capital"],
]


def test_three_rounds_then_most_points_wins() -> None:
    """ "O jogo ocorre em três rodadas" / "o jogador com mais pontos no final da terceira rodada vence." """
    s = setup()
    play_round(s, ["5", "4", "0"], ["4", "3", "1"])
    assert not s.is_over and s.view(0)["round"] == 2
    play_round(s, ["3", "2", "1"], ["2", "0", "5"])
    assert not s.is_over and s.view(0)["round"] == 3
    play_round(s, ["1-", "2-", "3-"], ["1+", "2+", "3+"])
    decline(s, 0)  # the 2- won the centre: its owner may swap, and declines
    assert s.is_over
    r = s.result()
    assert r.reason == "points" and r.winners == (1,) and r.ranking == (2, 1)
    assert r.scores == (10.0, 16.0)
    assert r.details["turns"] == 3


def test_contested_domains_are_the_tops_of_the_three_piles() -> None:
    """ "a cada rodada os jogadores podem obter os domínios visíveis no topo das três pilhas" """
    s = setup()
    v = s.view(0)
    assert [p["top"] for p in v["piles"]] == ["volcano", "hot-springs", "free-city"]
    assert [p["count"] for p in v["piles"]] == [3, 3, 3]
    assert all("cards" not in p for p in v["piles"])  # only the top is visible
    play_round(s, ["5", "4", "0"], ["4", "3", "1"])
    assert won(s, 0) == ["volcano", "hot-springs"] and won(s, 1) == ["free-city"]
    assert [p["top"] for p in s.view(1)["piles"]] == ["forest", "steppe", "port"]


def test_open_piles_option_shows_every_domain() -> None:
    """Option open_piles: every domain of each pile is face up (top first)."""
    s = setup(open_piles=True)
    assert s.view(1)["piles"][0]["cards"] == ["volcano", "forest", "lake"]


def test_one_card_face_down_in_front_of_each_domain() -> None:
    """ "Os jogadores colocam uma de suas cartas viradas para baixo na frente de cada um dos três
    domínios." One card per pile, each from the hand, both players at once."""
    s = setup()
    assert s.actors == (0, 1)
    s.apply(0, Place("3", 1))
    with pytest.raises(IllegalAction, match="already placed"):
        s.apply(0, Place("4", 1))
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.apply(0, Place("3", 0))
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.apply(0, Place("1+", 0))  # the opponent's special
    s.apply(0, Place("4", 0))
    s.apply(0, Place("5", 2))
    assert s.actors == (1,)  # player 0 is done, player 1 still places
    assert s.legal_actions(0) == []


def test_cards_are_revealed_only_once_all_are_placed() -> None:
    """ "Uma vez que todas as cartas são colocadas, elas são reveladas" """
    s = setup()
    events = []
    for i, c in enumerate(["5", "4", "0"]):
        events += s.apply(0, Place(c, i))
    for i, c in enumerate(["4", "3"]):
        events += s.apply(1, Place(c, i))
    assert "revealed" not in kinds(events) and not s.won[0] and not s.won[1]
    events = s.apply(1, Place("1", 2))
    assert kinds(events)[2] == "revealed"
    assert s.won[0] and s.won[1]


def test_played_cards_are_set_aside_face_up_and_used_once() -> None:
    """ "As cartas que foram jogadas são deixadas de lado na mesa viradas para cima (cada carta é
    jogada apenas uma vez...)" """
    s = setup()
    play_round(s, ["5", "1-", "0"], ["4", "3", "1"])
    v = s.view(1)
    assert v["players"][0]["used"] == ["5", "1-", "0"]
    assert "1-" in v["players"][0]["seen_specials"]
    assert "5" not in v["players"][0]["known_unplayed"]
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.apply(0, Place("5", 0))


def test_nine_cards_nine_placements() -> None:
    """ "as 9 cartas serão usadas durante o jogo": a hand of 9 (six base cards and three specials)."""
    s = GAME.new_game(2, 5)
    for p in (0, 1):
        v = s.view(p)["players"][p]
        assert len(v["hand"]) == 9
        assert [c for c in v["hand"] if c in "012345"] == ["0", "1", "2", "3", "4", "5"]


def test_won_domains_give_their_vp() -> None:
    """ "Os domínios conquistados são colocados com a face para cima na frente dos jogadores, seus
    valores são os pontos de vitória." """
    s = setup()
    play_round(s, ["5", "4", "0"], ["4", "3", "1"])
    v = s.view(None)
    assert (
        v["players"][0]["domains"] == ["volcano", "hot-springs"] and v["players"][0]["vp"] == 3 + 1
    )
    assert v["players"][1]["vp"] == 4


def test_all_four_elements_win_at_once() -> None:
    """ "Se um jogador tiver todos os 4 elementos presentes em seu domínio, ele vence o jogo
    imediatamente" (even with fewer VP, after round 2)"""
    s = setup(piles=ELEMENT_PILES)
    play_round(s, ["5", "4", "0"], ["4", "3", "1"])
    assert not s.is_over  # red, green and two purple halves: blue is missing
    events = play_round(s, ["3", "1", "2"], ["2", "5", "3+"])
    assert s.is_over and kinds(events)[-1] == "won_by_elements"
    r = s.result()
    assert r.reason == "elements" and r.winners == (0,)
    assert r.scores == (7.0, 9.0) and r.details["turns"] == 2


def test_purple_needs_both_halves() -> None:
    """ "Os domínios que exibem uma metade do elemento roxo devem ser obtidos para que seu
    proprietário obtenha o elemento roxo" """
    red_green_blue = doms(["volcano", "forest", "lake"])
    assert not has_all_elements([*red_green_blue, *doms(["tower"])])
    assert has_all_elements([*red_green_blue, *doms(["tower", "forge"])])
    s = setup()  # the default piles hold a single half
    play_round(s, ["5", "4", "0"], ["4", "3", "1"])
    play_round(s, ["3", "2", "1"], ["2", "0", "5"])
    assert not s.is_over


def test_both_complete_in_the_same_round_game_goes_on_without_elements() -> None:
    """ "No caso extremamente raro em que os dois jogadores conseguem obter os 4 elementos no mesmo
    turno, o jogo continua e os elementos são ignorados" """
    piles = [
        ["forge", "lake", "volcano"],
        ["grove", "steppe", "forest"],
        ["sea-temple", "tower", "free-city"],
    ]
    s = setup(piles=piles)
    play_round(s, ["5", "4", "0"], ["4", "3", "1"])
    events = play_round(s, ["3", "1", "2"], ["2", "5", "3+"])
    assert "elements_ignored" in kinds(events)
    assert not s.is_over and s.elements_off and s.view(0)["round"] == 3
    play_round(s, ["2-", "1-", "3-"], ["2+", "0", "1+"])
    decline(s, 0)
    r = s.result()
    assert r.reason == "points" and r.details["elements_ignored"] is True
    assert r.details["turns"] == 3


def test_vp_tie_is_a_draw_by_default() -> None:
    """Gap: equal VP after round 3 ("o jogador com mais pontos ... vence" names no winner): a draw."""
    s = last_round(["0", "1", "2"], ["0", "1", "2"])
    s.won = [doms(["free-city"]), doms(["volcano", "hot-springs"])]
    events = play_round(s, ["0", "1", "2"], ["0", "1", "2"])
    assert kinds(events).count("domain_removed") == 3
    r = s.result()
    assert r.reason == "draw" and r.winners == (0, 1) and r.scores == (4.0, 4.0)


def test_vp_tie_domains_option() -> None:
    """Option vp_tie="domains": equal VP, more domains wins."""
    s = last_round(["0", "1", "2"], ["0", "1", "2"], vp_tie="domains")
    s.won = [doms(["free-city"]), doms(["volcano", "hot-springs"])]
    play_round(s, ["0", "1", "2"], ["0", "1", "2"])
    r = s.result()
    assert r.reason == "points" and r.winners == (1,) and r.details["tiebreak"] == "domains"


def test_draft_option_deals_specials_in_snake_order() -> None:
    """Option special_deal="draft": an open draft, seat 0 first, order 0-1-1-0-0-1."""
    s = GAME.new_game(2, 3, {"special_deal": "draft"})
    picks = ["*", "3+", "4+", "1-", "2-", "2+"]
    order = []
    for c in picks:
        (p,) = s.actors
        order.append(p)
        s.apply(p, Draft(c))
    assert order == [0, 1, 1, 0, 0, 1]
    assert s.actors == (0, 1)
    v = s.view(1)
    assert v["players"][0]["unknown_specials"] == 0
    assert v["players"][0]["seen_specials"] == ["1-", "2-", "*"]
    assert [c for c in v["players"][1]["hand"] if c not in "012345"] == ["2+", "3+", "4+"]


def test_independent_deal_may_give_both_the_same_special() -> None:
    """Option special_deal="independent": each player draws from a full set of their own."""
    shared = 0
    for seed in range(40):
        s = GAME.new_game(2, seed, {"special_deal": "independent"})
        h0 = {c for c in s.view(0)["players"][0]["hand"] if c not in "012345"}
        h1 = {c for c in s.view(1)["players"][1]["hand"] if c not in "012345"}
        assert len(h0) == len(h1) == 3
        shared += bool(h0 & h1)
    assert shared > 0
    for seed in range(40):  # the default shared pool never does
        s = GAME.new_game(2, seed)
        h0 = {c for c in s.view(0)["players"][0]["hand"] if c not in "012345"}
        h1 = {c for c in s.view(1)["players"][1]["hand"] if c not in "012345"}
        assert not h0 & h1


def test_timeout_places_lowest_card_on_first_free_pile_and_declines_powers() -> None:
    """The clock: lowest card of the hand on the first free pile; a pending power is declined."""
    s = setup()
    s.apply(0, Place("0", 0))
    assert s.timeout_action(0) == Place("1", 1)
    play = ["5", "4"]
    for i, c in enumerate(play):
        s.apply(0, Place(c, i + 1))
    for i, c in enumerate(["4", "3", "1"]):
        s.apply(1, Place(c, i))
    # round 2: player 0's 2- wins at the left: the clock declines
    play_round(s, ["2-", "3", "1"], ["0", "2", "5"])
    assert s.view(0)["pending"]["power"] == "swap"
    assert s.timeout_action(0).TYPE == "decline"


@pytest.mark.parametrize(
    "options",
    [
        {"special_deal": "draft"},
        {"special_deal": "independent", "four_plus_target": "opponent"},
        {"malus_counts_as_bonus": False, "three_plus_effect_win_scores": True},
        {"exchange_this_round": False, "vp_tie": "domains", "open_piles": True},
    ],
)
def test_every_option_plays_whole_games_and_keeps_the_contract(options: dict) -> None:
    """Random games under each non-default option: invariants, replay, JSON, determinize."""
    for seed in range(40):
        p = kit.random_playout(GAME, 2, seed, random.Random(seed), options=options)
        kit.check_replay(GAME, p)
        kit.check_json_roundtrip(GAME, p, len(p.log) // 2)
        for i, st in enumerate(kit.midgame_states(GAME, p, points=2)):
            kit.check_determinize(st, salt=seed + i)
            kit.check_refusals(GAME, st)
