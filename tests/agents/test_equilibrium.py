"""The ``equilibrium`` agent and the exact exploitability calculation behind its reported figure."""

from __future__ import annotations

import itertools
import random

import pytest

import ludoteca
from ludoteca.agents import AgentSpecError, make_agent
from ludoteca.agents.equilibrium import EquilibriumAgent
from ludoteca.agents.equilibrium.exploitability import (
    expand,
    nash_conv,
    table_strategy,
    uniform_strategy,
)
from ludoteca.agents.equilibrium.mccfr import Solver
from ludoteca.engine import Game, SeatHandle

from ..engine.toy_game import GAME as TOY
from ..engine.toy_game import Pick


@pytest.mark.parametrize(
    ("spec", "error"),
    [
        ("equilibrium:iterations=0", "iterations"),
        ("equilibrium:horizon=forever", "horizon"),
        ("equilibrium:epsilon=0", "epsilon"),
        ("equilibrium:purify=1", "purify"),
    ],
)
def test_bad_options_are_clear_errors(spec: str, error: str, toy: Game) -> None:
    with pytest.raises(AgentSpecError, match=error):
        make_agent(spec, TOY, 0)


def test_same_seed_same_strategy_and_move() -> None:
    game = ludoteca.get_game("nine-domains")
    state = game.new_game(2, 5)
    runs = [EquilibriumAgent(seed=2, iterations=200) for _ in range(2)]
    strategies = [a.strategy(SeatHandle(state, 0)) for a in runs]
    assert strategies[0] == strategies[1]
    assert abs(sum(strategies[0][1]) - 1) < 1e-9
    moves = [EquilibriumAgent(seed=2, iterations=200).act(SeatHandle(state, 0)) for _ in "ab"]
    assert moves[0] == moves[1]


def lowest_first(key: tuple[int, str], actions: list[object]) -> list[float]:
    """A pure strategy for both toy players: always the lowest card."""
    cards = [a.card for a in actions]  # type: ignore[attr-defined]
    return [1.0 if c == min(cards) else 0.0 for c in cards]


def toy_outcome(mine: list[int], theirs: list[int], me: int) -> float:
    pts = [0, 0]
    for a, b in zip(mine, theirs, strict=True):
        if a != b:
            pts[me if a > b else 1 - me] += 1
    return 1.0 if pts[me] > pts[1 - me] else (0.5 if pts[0] == pts[1] else 0.0)


def test_best_response_matches_brute_force_on_one_deal(toy: Game) -> None:
    """Against an opponent who always plays its lowest card, the best response of each seat is
    the best of the 6 orders of its hand: computed here directly from the cards."""
    state = TOY.new_game(2, 3)
    roots = [expand(state)]
    got = nash_conv(roots, lowest_first, 2)
    for me in (0, 1):
        mine, theirs = state.hands[me], sorted(state.hands[1 - me])
        best = max(toy_outcome(list(p), theirs, me) for p in itertools.permutations(mine))
        assert got["best_response"][me] == pytest.approx(best)
        assert got["value"][me] == pytest.approx(toy_outcome(sorted(mine), theirs, me))


def test_uniform_play_is_an_equilibrium_of_the_toy_game(toy: Game) -> None:
    """Against a uniformly random order every order of one's own cards meets the same random
    matching, so no deviation gains: the NashConv of uniform play is 0."""
    roots = [expand(TOY.new_game(2, s)) for s in range(6)]
    assert nash_conv(roots, uniform_strategy, 2)["nash_conv"] == pytest.approx(0, abs=1e-12)
    assert nash_conv(roots, lowest_first, 2)["nash_conv"] > 0.1


def test_mccfr_exploitability_falls_with_iterations(toy: Game) -> None:
    states = [TOY.new_game(2, s) for s in range(6)]
    roots = [expand(s) for s in states]
    rng = random.Random(0)
    solver = Solver(lambda: states[rng.randrange(6)].clone(), rng, horizon="game")
    figures = []
    done = 0
    for budget in (300, 3000, 30000):
        solver.run(budget - done, 2)
        done = budget
        figures.append(nash_conv(roots, table_strategy(solver.table), 2)["nash_conv"])
    assert figures[2] < figures[0]
    assert figures[2] < 0.1


def test_the_toy_secret_choice_is_never_read(toy: Game) -> None:
    a = TOY.new_game(2, 7)
    a.apply(0, Pick(a.hands[0][0]))
    b = a.clone()
    b.chosen[0], b.deck[0] = b.deck[0], b.chosen[0]  # type: ignore[assignment]
    picks = [EquilibriumAgent(seed=4, iterations=300).strategy(SeatHandle(s, 1)) for s in (a, b)]
    assert picks[0] == picks[1]
