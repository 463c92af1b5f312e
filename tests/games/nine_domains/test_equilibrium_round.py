"""``equilibrium:solver=round``: the round of The Nine Domains as a Bayesian matrix game (the
Nine Domains' own player, so its tests live with the game's)."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest

import ludoteca
from ludoteca.agents import AgentSpecError, make_agent
from ludoteca.agents.equilibrium import EquilibriumAgent
from ludoteca.agents.equilibrium import round_game as rg
from ludoteca.agents.evaluation.nine_domains import leaf_values
from ludoteca.engine import SeatHandle, registry
from ludoteca.games.nine_domains.actions import DECLINE, PLACE, Place
from ludoteca.games.nine_domains.cards import CARDS
from ludoteca.games.nine_domains.phases import Phase

from ...agents.test_hidden_information import choice, midgame, view
from ...engine.toy_game import GAME as TOY

GAME = ludoteca.get_game("nine-domains")


# -- the matrix solver ---------------------------------------------------------------------
def test_matching_pennies() -> None:
    x, ys, v = rg.solve_bayesian([np.array([[1.0, 0.0], [0.0, 1.0]])], [1.0], 2000)
    assert x == pytest.approx([0.5, 0.5], abs=0.01)
    assert ys[0] == pytest.approx([0.5, 0.5], abs=0.01)
    assert v == pytest.approx(0.5, abs=0.01)


def test_rock_paper_scissors() -> None:
    # win 1, draw 0.5, loss 0 (rows and columns: rock, paper, scissors)
    a = np.array([[0.5, 0.0, 1.0], [1.0, 0.5, 0.0], [0.0, 1.0, 0.5]])
    x, ys, v = rg.solve_bayesian([a], [1.0], 3000)
    assert x == pytest.approx([1 / 3] * 3, abs=0.02)
    assert ys[0] == pytest.approx([1 / 3] * 3, abs=0.02)
    assert v == pytest.approx(0.5, abs=0.01)


def test_a_dominated_row_gets_no_weight() -> None:
    a = np.array([[0.6, 0.4], [0.4, 0.6], [0.3, 0.3]])
    x, _, v = rg.solve_bayesian([a], [1.0], 2000)
    assert x[2] < 0.01
    assert v == pytest.approx(0.5, abs=0.01)


@pytest.mark.parametrize("seed", range(5))
def test_two_types_against_a_grid_search(seed: int) -> None:
    """Two rows against two opponent types of different sizes: the value and our mixture match
    max over x of sum_k w_k min_j (x A_k)_j found on a fine grid."""
    rng = np.random.default_rng(seed)
    mats = [rng.random((2, 3)), rng.random((2, 2))]
    weights = [0.3, 0.7]
    grid = np.linspace(0, 1, 10001)
    xs = np.stack([grid, 1 - grid], axis=1)
    values = sum(w * (xs @ m).min(axis=1) for w, m in zip(weights, mats, strict=True))
    best = float(values.max())
    x, _, v = rg.solve_bayesian(mats, weights, 4000)
    assert v == pytest.approx(best, abs=0.01)
    # our mixture guarantees (nearly) the value against each type's best reply
    guaranteed = sum(w * float((x @ m).min()) for w, m in zip(weights, mats, strict=True))
    assert guaranteed == pytest.approx(best, abs=0.01)


def test_a_fixed_opponent_share_moves_us_towards_its_best_reply() -> None:
    """With rho of the opponents playing a known column (here always the first), we lean to the
    row that beats it: pennies with 90% of the opponents fixed is won by always matching it."""
    pennies = np.array([[1.0, 0.0], [0.0, 1.0]])
    fixed = pennies[:, 0]
    x, _, v = rg.solve_bayesian([pennies], [1.0], 2000, fixed=fixed, rho=0.9)
    assert x == pytest.approx([1.0, 0.0], abs=0.02)
    assert v == pytest.approx(0.9, abs=0.01)  # the equilibrium share then answers with column 2
    x0, _, _ = rg.solve_bayesian([pennies], [1.0], 2000, fixed=fixed, rho=0.0)
    assert x0 == pytest.approx([0.5, 0.5], abs=0.01)


# -- the payoffs are the engine's ----------------------------------------------------------
def engine_value(
    state: Any, me: int, mine: tuple[int, ...], theirs: tuple[int, ...]
) -> tuple[float, bool]:
    """Our leaf value after the round played on the engine with these rows, each 2-/3- owner
    taking the choice that most raises its own leaf value (declining on no gain); and whether a
    power was used or declined."""
    s = state.clone()
    for p, row in ((me, mine), (1 - me, theirs)):
        for i, c in enumerate(row):
            if s.placed[p][i] == -1:
                s.apply(p, PLACE[c][i])
    powered = False
    while s.actors and s.phase == Phase.POWER:
        powered = True
        p = s.actors[0]
        declined = s.clone()
        declined.apply(p, DECLINE)
        best, choice = leaf_values(declined)[p], None
        for a in s.legal_actions(p):
            if a == DECLINE:
                continue
            s1 = s.clone()
            s1.apply(p, a)
            for b in s1.legal_actions(p):
                if b == DECLINE:
                    continue
                s2 = s1.clone()
                s2.apply(p, b)
                v = leaf_values(s2)[p]
                if v > best + 1e-12:
                    best, choice = v, (a, b)
        if choice is None:
            s.apply(p, DECLINE)
        else:
            s.apply(p, choice[0])
            s.apply(p, choice[1])
    return leaf_values(s)[me], powered


def round_starts(seed: int, options: dict[str, Any] | None) -> list[Any]:
    rng = random.Random(seed)
    st = GAME.new_game(2, seed, options)
    out = []
    while st.actors:
        if st.phase == Phase.PLACE and st.nplaced == [0, 0]:
            out.append(st.clone())
        p = st.actors[0]
        st.apply(p, rng.choice(st.legal_actions(p)))
    return out


OPTION_SETS: list[dict[str, Any] | None] = [
    None,
    {"four_plus_target": "opponent"},
    {
        "malus_counts_as_bonus": False,
        "exchange_this_round": False,
        "vp_tie": "domains",
        "three_plus_effect_win_scores": True,
    },
    {"special_deal": "independent"},
]


def full_hand(state: Any, q: int) -> tuple[int, ...]:
    """Seat q's cards not yet fought with (hand and face down)."""
    return tuple(sorted(list(state.hand[q]) + [c for c in state.placed[q] if c != -1]))


@pytest.mark.parametrize("options", OPTION_SETS)
def test_payoff_matrix_equals_the_engine(options: dict[str, Any] | None) -> None:
    rng = random.Random(7)
    checked = powered = 0
    for seed in range(3):
        for start in round_starts(seed, options):
            me = rng.randrange(2)
            sample = start.determinize(me, rng)
            q = 1 - me
            model = rg.RoundModel(sample)
            ids: list[list[dict[Any, int]]] = [[{} for _ in range(3)] for _ in (0, 1)]
            my_rows = rg.rows_of(sample.hand[me], sample.placed[me])
            hand_q = full_hand(sample, q)
            mine = rg._seat_rows(model, me, list(sample.hand[me]), my_rows, ids[me])
            theirs = rg._seat_rows(model, q, list(hand_q), rg.rows_of(hand_q, [-1] * 3), ids[q])
            a = rg.payoff_matrices(model, me, mine, [theirs], ids)[0]
            # the rows with a 2- or 3- first, so that powers are exercised
            strong = [i for i, r in enumerate(my_rows) if any(CARDS.power[c] for c in r)]
            picks = strong[:6] + rng.sample(range(len(my_rows)), min(6, len(my_rows)))
            for i in picks:
                j = rng.randrange(len(theirs.rows))
                value, used = engine_value(sample, me, my_rows[i], theirs.rows[j])
                assert a[i, j] == pytest.approx(value, abs=1e-9), (my_rows[i], theirs.rows[j])
                checked += 1
                powered += used
    assert checked > 50
    assert powered > 0  # some 2-/3- powers were resolved


def test_opponent_hands_are_the_known_cards_plus_each_special_combination() -> None:
    state = GAME.new_game(2, 3)
    view = state.view(0)
    hands = rg.opponent_hands(view, 0, 100, random.Random(0))
    assert len(hands) == 20  # 3 of the 6 specials we do not hold
    assert tuple(sorted(state.hand[1])) in hands
    assert all(not set(h) & (set(state.hand[0]) - set(CARDS.base)) for h in hands)
    assert len(rg.opponent_hands(view, 0, 5, random.Random(0))) == 5


# -- the agent -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("spec", "error"),
    [
        ("equilibrium:solver=exact", "solver"),
        ("equilibrium:solver=round:steps=0", "steps"),
        ("equilibrium:solver=round:seconds=-1", "seconds"),
        ("equilibrium:solver=round:types=0", "types"),
        ("equilibrium:solver=round:rho=1", "rho"),
        ("equilibrium:solver=round:card_scale=-1", "card_scale"),
        ("equilibrium:solver=round:valuation=vp", "valuation"),
    ],
)
def test_bad_options_are_clear_errors(spec: str, error: str) -> None:
    with pytest.raises(AgentSpecError, match=error):
        make_agent(spec, GAME, 0)


def agent(seed: int = 4) -> EquilibriumAgent:
    return EquilibriumAgent(seed=seed, solver="round", steps=4)


def test_heuristic_worths_price_strong_cards_higher_and_nothing_in_round_3() -> None:
    state = GAME.new_game(2, 11)
    worth = rg.heuristic_worths(state.view(0), 0, 1)
    ci = CARDS.index
    assert worth[ci["5"]] > worth[ci["3"]] > worth[ci["1"]]
    assert rg.heuristic_worths(state.view(0), 0, 3) == [0.0] * len(CARDS)


def test_the_heuristic_valuation_solves_and_plays_a_legal_row() -> None:
    state = GAME.new_game(2, 12)
    player = EquilibriumAgent(seed=3, solver="round", steps=4, valuation="heuristic")
    move = player.act(SeatHandle(state, 0))
    assert move in state.legal_actions(0)
    sol = player.last_solution
    assert isinstance(sol, rg.RoundSolution)
    assert abs(sum(sol.probs) - 1) < 1e-6
    assert sol.lower <= sol.value + 1e-6 and sol.value <= sol.upper + 1e-6


def test_same_seed_same_move_and_plan() -> None:
    state = GAME.new_game(2, 11)
    runs = [agent() for _ in range(2)]
    moves = [a.act(SeatHandle(state, 1)) for a in runs]
    assert moves[0] == moves[1]
    assert runs[0]._plan == runs[1]._plan


def test_hidden_cards_swapped_give_the_same_move() -> None:
    """The opponent's hand and the piles under the tops re-drawn: the seat's view is the same,
    and so is the move (the opponent has cards down already: the second placer's case)."""
    state = GAME.new_game(2, 21)
    state.apply(0, state.legal_actions(0)[4])
    other = state.determinize(1, random.Random(99))
    assert json.dumps(other.view(1), sort_keys=True) == json.dumps(state.view(1), sort_keys=True)
    assert other.to_json() != state.to_json()
    assert agent().act(SeatHandle(state, 1)) == agent().act(SeatHandle(other, 1))


def test_the_plan_is_played_out_over_the_round() -> None:
    state = GAME.new_game(2, 8)
    me = 0
    player = agent()
    heur = make_agent("heuristic", GAME, seed=1)
    first = player.act(SeatHandle(state, me))
    assert player._plan is not None
    plan = player._plan[1]
    solution = player.last_solution
    state.apply(me, first)
    state.apply(1, heur.act(SeatHandle(state, 1)))
    for _ in range(2):
        move = player.act(SeatHandle(state, me))
        assert player.last_solution is solution  # not solved again
        assert isinstance(move, Place)
        assert move == PLACE[plan[move.pile]][move.pile]
        state.apply(me, move)
    row = state.history[-1][me] if state.history else state.placed[me]
    assert tuple(row) == plan


def test_a_row_off_the_plan_is_solved_again() -> None:
    state = GAME.new_game(2, 8)
    player = agent()
    player.act(SeatHandle(state, 0))
    assert player._plan is not None
    plan = player._plan[1]
    # put down a card the plan does not have at that pile (as the clock would)
    other = next(c for c in state.hand[0] if c != plan[0])
    state.apply(0, PLACE[other][0])
    before = player.last_solution
    move = player.act(SeatHandle(state, 0))
    assert player.last_solution is not before
    assert move in state.legal_actions(0)
    assert player._plan is not None and player._plan[1][0] == other


def test_powers_and_other_games_keep_mccfr() -> None:
    registry.register(TOY)
    try:
        state = TOY.new_game(2, 3)
        move = EquilibriumAgent(seed=1, solver="round", iterations=30).act(SeatHandle(state, 0))
    finally:
        registry.unregister(TOY.id)
    assert move in state.legal_actions(0)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
@pytest.mark.parametrize("valuation", ["leaf", "heuristic"])
def test_midgame_hidden_cards_swapped_give_the_same_move(seed: int, valuation: str) -> None:
    """The check of test_hidden_information.py, on this solver (placements and powers)."""
    spec = f"equilibrium:solver=round:steps=4:iterations=40:valuation={valuation}"
    state, p = midgame(GAME, seed)
    other = state.determinize(p, random.Random(999))
    assert view(other, p) == view(state, p)
    assert choice(spec, GAME, state, p) == choice(spec, GAME, other, p)
