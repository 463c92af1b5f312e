"""The ``equilibrium`` agent and the exact exploitability calculation behind its reported figure."""

from __future__ import annotations

import itertools
import random
from typing import Any

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
    for solver in ("mccfr", "round"):
        moves = [
            EquilibriumAgent(seed=2, iterations=200, solver=solver).act(SeatHandle(state, 0))
            for _ in "ab"
        ]
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


# -- the leaf evaluation, the adapter (key and moves), the leaf option ---------------------------


def nine_domains_positions(seeds: range) -> list[object]:
    """States met in random games (every decision point), for the key and evaluation tests."""
    game = ludoteca.get_game("nine-domains")
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_game(2, seed)
        while state.actors:
            out.append(state.clone())
            p = state.actors[0]
            state.apply(p, rng.choice(state.legal_actions(p)))
        out.append(state)
    return out


def test_the_nine_domains_key_is_exactly_as_informative_as_the_view() -> None:
    """Equal keys exactly when the views are equal, over positions and their determinizations
    (which share the views and differ in what is hidden)."""
    from ludoteca.agents.equilibrium.adapters import NineDomainsAdapter, view_key

    adapter = NineDomainsAdapter()
    rng = random.Random(1)
    by_view: dict[str, set[object]] = {}
    by_key: dict[object, set[str]] = {}
    for state in nine_domains_positions(range(4)):
        for p in (0, 1):
            for s in [state] + [state.determinize(p, rng) for _ in range(2)]:
                v, k = view_key(s.view(p)), adapter.key(s, p)[0]
                by_view.setdefault(v, set()).add(k)
                by_key.setdefault(k, set()).add(v)
    assert len(by_view) > 100
    assert all(len(ks) == 1 for ks in by_view.values())
    assert all(len(vs) == 1 for vs in by_key.values())


def test_left_to_right_placing_reaches_every_row_once() -> None:
    from ludoteca.agents.equilibrium.adapters import NineDomainsAdapter

    adapter = NineDomainsAdapter()
    state = ludoteca.get_game("nine-domains").new_game(2, 3)
    rows = []
    for a in adapter.actions(state, 0):
        assert a in state.legal_actions(0)
        s1 = state.clone()
        s1.apply(0, a)
        for b in adapter.actions(s1, 0):
            s2 = s1.clone()
            s2.apply(0, b)
            for c in adapter.actions(s2, 0):
                rows.append((a.card, b.card, c.card))  # type: ignore[attr-defined]
    assert len(rows) == len(set(rows)) == 9 * 8 * 7


def swap_seats(state: object) -> object:
    """The same position with the two players' holdings exchanged."""
    s = state.clone()  # type: ignore[attr-defined]
    for field in ("won", "bonus", "hand", "placed", "nplaced", "used", "seen"):
        x = getattr(s, field)
        x[0], x[1] = x[1], x[0]
    return s


def test_leaf_values_are_win_shares_symmetric_in_the_seats() -> None:
    from ludoteca.agents.evaluation.nine_domains import leaf_values

    for state in nine_domains_positions(range(3)):
        v = leaf_values(state)  # type: ignore[arg-type]
        assert all(0.0 <= x <= 1.0 for x in v) and sum(v) == pytest.approx(1.0)
        if not state.actors:  # type: ignore[attr-defined]
            result = state.result()  # type: ignore[attr-defined]
            assert v == [result.payoff(0), result.payoff(1)]
        else:
            w = leaf_values(swap_seats(state))  # type: ignore[arg-type]
            assert w == pytest.approx(v[::-1])


def test_leaf_values_a_won_game_and_more_vp() -> None:
    from ludoteca.agents.evaluation.nine_domains import leaf_values
    from ludoteca.games.nine_domains.cards import DOMAINS

    state: Any = ludoteca.get_game("nine-domains").new_game(2, 4)
    state.rnd = 1  # the start of round 2, both players holding the same cards
    state.hand = [[0, 1, 2, 3, 4, 5], [0, 1, 2, 3, 4, 5]]
    assert leaf_values(state) == pytest.approx([0.5, 0.5])
    city = next(d for d in range(len(DOMAINS)) if DOMAINS.mask[d] == 0 and not DOMAINS.halves[d])
    state.won[0] = [city]
    assert leaf_values(state)[0] > 0.5
    state.won[1] = [d for d in range(len(DOMAINS)) if DOMAINS.mask[d] or DOMAINS.halves[d]]
    assert leaf_values(state) == [0.0, 1.0]  # all four elements


def test_the_leaf_option() -> None:
    with pytest.raises(AgentSpecError, match="leaf"):
        make_agent("equilibrium:leaf=clever", ludoteca.get_game("nine-domains"), 0)
    state = TOY.new_game(2, 1)
    with pytest.raises(ValueError, match="no leaf evaluation"):
        EquilibriumAgent(seed=0, iterations=10, leaf="eval").act(SeatHandle(state, 0))
    # auto: the toy game has no evaluation, so playouts; deterministic under the seed
    moves = [EquilibriumAgent(seed=3, iterations=50).act(SeatHandle(state, 0)) for _ in "ab"]
    assert moves[0] == moves[1]


@pytest.mark.parametrize("leaf", ["eval", "playout"])
def test_same_seed_same_move_with_either_leaf(leaf: str) -> None:
    game = ludoteca.get_game("nine-domains")
    state = game.new_game(2, 8)
    runs = [EquilibriumAgent(seed=5, iterations=150, leaf=leaf) for _ in "ab"]
    assert runs[0].strategy(SeatHandle(state, 1)) == runs[1].strategy(SeatHandle(state, 1))


def test_the_second_to_place_solves_the_opponents_secret_row_instead_of_a_random_one() -> None:
    """Seat 1 decides after seat 0 put its three cards down; its sample has them back in seat
    0's hand, and whatever row seat 0 then puts down, seat 1's information set is the real one."""
    from ludoteca.agents.equilibrium.adapters import NineDomainsAdapter

    adapter = NineDomainsAdapter()
    state: Any = ludoteca.get_game("nine-domains").new_game(2, 6)
    for _ in range(3):
        state.apply(0, state.legal_actions(0)[0])
    real_key = adapter.key(state, 1)[0]
    rng = random.Random(0)
    sample: Any = adapter.rewind(state.determinize(1, rng), 1)
    assert sample.nplaced[0] == 0 and len(sample.hand[0]) == 9 and sample.actors == (0, 1)
    for _ in range(3):
        sample.apply(0, rng.choice(adapter.actions(sample, 0)))
    assert adapter.key(sample, 1)[0] == real_key
