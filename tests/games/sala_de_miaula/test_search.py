"""Sala de Miaula's leaf evaluation, and ISMCTS searching with it."""

from __future__ import annotations

import random
from typing import Any

import pytest

import ludoteca
from ludoteca.agents import make_agent
from ludoteca.agents.evaluation import get_evaluator
from ludoteca.agents.evaluation import sala_de_miaula as ev
from ludoteca.engine import SeatHandle
from ludoteca.games.sala_de_miaula.model import Creature

GAME: Any = ludoteca.get_game("sala-de-miaula")
# the configuration docs/ai.md reports against the heuristic
SPEC = "ismcts:iterations=60:rollout=heuristic:leaf=0"


def heuristic_positions(count: int) -> list[Any]:
    """Positions along heuristic-against-heuristic games, finished ones included."""
    out = []
    for seed in range(count):
        state = GAME.new_game(2, seed)
        agents = [make_agent("heuristic", GAME, seed + p) for p in (0, 1)]
        rng = random.Random(seed)
        stop = rng.randrange(0, 120)
        for _ in range(stop):
            if not state.actors:
                break
            p = state.actors[0]
            state.apply(p, agents[p].act(SeatHandle(state, p)))
        out.append(state)
    return out


def swapped(state: Any) -> Any:
    """The same position with the seats' belongings exchanged (seat 0 <-> seat 1)."""
    s = state.clone()
    for name in ("deck", "hand", "canil", "known", "life", "field"):
        v = getattr(s, name)
        setattr(s, name, [v[1], v[0]])
    s.decklists = (s.decklists[1], s.decklists[0])
    s.current = 1 - s.current
    s.first = 1 - s.first
    s.winners = tuple(1 - w for w in s.winners)
    s._legal = None
    return s


def test_the_game_has_the_evaluation() -> None:
    assert get_evaluator(GAME) is ev.leaf_values


def test_values_are_win_shares_and_seats_are_symmetric() -> None:
    for state in heuristic_positions(25):
        v = ev.leaf_values(state)
        assert len(v) == 2 and all(0.0 <= x <= 1.0 for x in v)
        assert v[0] + v[1] == pytest.approx(1.0)
        w = ev.leaf_values(swapped(state))
        assert w[0] == pytest.approx(v[1]) and w[1] == pytest.approx(v[0])


def test_a_finished_game_is_valued_by_its_result() -> None:
    finished = [s for s in heuristic_positions(12) if s.is_over]
    assert finished
    for state in finished:
        r = state.result()
        assert ev.leaf_values(state) == [r.payoff(0), r.payoff(1)]


def test_the_evaluation_leaves_the_state_alone() -> None:
    state = heuristic_positions(4)[3]
    before = state.to_json()
    ev.leaf_values(state)
    assert state.to_json() == before


def test_more_life_and_more_cats_are_worth_more() -> None:
    state = GAME.new_game(2, 5)
    s = ev.finish_turn(state)
    m = s.current
    base = ev.mover_chance(s)
    hurt = s.clone()
    hurt.life[1 - m] = 5
    assert ev.mover_chance(hurt) > base
    reinforced = s.clone()
    place = reinforced.field[m].index(None)
    reinforced.field[m][place] = Creature("pedregulho")
    assert ev.mover_chance(reinforced) > base


def test_an_open_life_within_reach_is_a_win() -> None:
    s = ev.finish_turn(GAME.new_game(2, 5))
    m = s.current
    s.field[1 - m] = [None, None, None]
    s.field[m][0] = Creature("brasa")
    s.life[1 - m] = 3
    assert ev.mover_chance(s) == 1.0


def test_ismcts_with_the_evaluation_is_deterministic_under_its_seed() -> None:
    state = next(
        s for s in heuristic_positions(30) if s.actors and len(s.legal_actions(s.actors[0])) > 3
    )
    p = state.actors[0]
    runs = [make_agent(SPEC, GAME, 11).root_stats(SeatHandle(state, p)) for _ in "ab"]
    assert runs[0] == runs[1]
    assert sum(n for n, _ in runs[0].values()) == 60
    moves = [make_agent(SPEC, GAME, 11).act(SeatHandle(state, p)) for _ in "ab"]
    assert moves[0] == moves[1]


def test_a_position_is_valued_at_the_first_turn_start_at_or_after_it() -> None:
    for state in heuristic_positions(25):
        if state.is_over:
            continue
        if ev.at_turn_start(state):
            v = ev.mover_chance(state)
            assert ev.leaf_values(state)[state.current] == pytest.approx(v)
        else:
            assert ev.leaf_values(state) == ev.leaf_values(ev.finish_turn(state))
