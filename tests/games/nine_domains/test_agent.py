"""The heuristic agent: legal, deterministic under its seed, clearly better than random."""

from __future__ import annotations

from ludoteca.agents import make_agent
from ludoteca.agents.heuristics.nine_domains import position_value
from ludoteca.engine import SeatHandle
from ludoteca.games.nine_domains import GAME

from .helpers import doms, play_round, setup


def _play(seed: int, specs: tuple[str, str]) -> tuple[int, ...]:
    agents = [make_agent(spec, GAME, seed * 2 + i) for i, spec in enumerate(specs)]
    s = GAME.new_game(2, seed)
    while not s.is_over:
        p = s.actors[0]
        a = agents[p].act(SeatHandle(s, p))
        assert a in s.legal_actions(p)
        s.apply(p, a)
    return s.result().winners


def test_heuristic_beats_random_in_both_seats() -> None:
    wins = 0
    games = 60
    for g in range(games):
        h = g % 2
        specs = ("heuristic", "random") if h == 0 else ("random", "heuristic")
        wins += _play(500 + g, specs) == (h,)
    assert wins / games >= 0.55


def test_heuristic_is_deterministic_under_its_seed() -> None:
    assert [_play(g, ("heuristic", "heuristic")) for g in range(5)] == [
        _play(g, ("heuristic", "heuristic")) for g in range(5)
    ]


def test_heuristic_takes_a_swap_that_completes_the_elements() -> None:
    piles = [
        ["volcano", "lake", "capital"],
        ["forest", "tower", "steppe"],
        ["forge", "free-city", "port"],
    ]
    s = setup(piles=piles)
    play_round(s, ["5", "4", "0"], ["4", "3", "1"])
    play_round(s, ["2-", "3", "1"], ["0", "2", "5"])
    agent = make_agent("heuristic", GAME, 1)
    first = agent.act(SeatHandle(s, 0))
    assert first.TYPE == "swap_give"
    s.apply(0, first)
    s.apply(0, agent.act(SeatHandle(s, 0)))
    assert s.is_over and s.result().reason == "elements"


def test_position_value_orders_outcomes() -> None:
    win = position_value(doms(["volcano", "forest", "lake", "forge", "tower"]), [], (0, 0), True, 1)
    ahead = position_value(doms(["capital"]), doms(["steppe"]), (0, 0), True, 1)
    behind = position_value(doms(["steppe"]), doms(["capital"]), (0, 0), True, 1)
    assert win == 30.0 and win > ahead > 0 > behind
