"""Coatl's leaf evaluation, and ISMCTS searching with it."""

from __future__ import annotations

import random
from typing import Any

import pytest

import ludoteca
from ludoteca.agents import make_agent
from ludoteca.agents.evaluation import coatl as ev
from ludoteca.agents.evaluation import get_evaluator
from ludoteca.engine import SeatHandle

GAME: Any = ludoteca.get_game("coatl")
# the configuration docs/ai.md reports against the heuristic (fewer iterations: a fast test)
SPEC = "ismcts:iterations=40:leaf=0:reward=eval:c=0.2"


def positions(num_players: int, count: int, agent: str = "random") -> list[Any]:
    """Positions along games of ``agent`` against itself, a finished one at the end."""
    out = []
    for seed in range(count):
        state = GAME.new_game(num_players, seed)
        agents = [make_agent(agent, GAME, seed * 10 + p) for p in range(num_players)]
        rng = random.Random(seed)
        stop = rng.randrange(0, 200) if seed < count - 1 else 10**6
        for _ in range(stop):
            if not state.actors:
                break
            p = state.actors[0]
            state.apply(p, agents[p].act(SeatHandle(state, p)))
        out.append(state)
    assert out[-1].is_over
    return out


def rotated(state: Any) -> Any:
    """The same position with every seat's belongings moved one seat on (p -> p + 1)."""
    s = state.clone()
    s.players = [s.players[-1], *s.players[:-1]]
    return s


def test_the_game_provides_the_evaluation() -> None:
    assert get_evaluator(GAME) is ev.leaf_values


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_values_are_rewards_and_seat_symmetric(num_players: int) -> None:
    for state in positions(num_players, 12):
        values = ev.leaf_values(state)
        assert len(values) == num_players
        assert all(0.0 <= v <= 1.0 for v in values)
        again = ev.leaf_values(rotated(state))
        assert again == pytest.approx([values[-1], *values[:-1]])
        if num_players == 2 and not state.is_over:
            # a margin won by one seat is lost by the other
            assert sum(values) == pytest.approx(1.0)


def test_a_finished_game_is_valued_by_its_result() -> None:
    for num_players in (2, 3):
        state = positions(num_players, 1, agent="heuristic")[-1]
        result = state.result()
        values = ev.leaf_values(state)
        for p in range(num_players):
            for q in range(num_players):
                if result.ranking[p] < result.ranking[q]:
                    assert values[p] > values[q]
                if result.scores[p] == result.scores[q] and result.ranking[p] == result.ranking[q]:
                    assert values[p] == pytest.approx(values[q])
        # a finished game counts only finished Coatls: the value is the score
        assert ev.values(state) == [float(x) for x in result.scores]


def test_a_wider_margin_is_worth_more() -> None:
    """The reward of a finished game grows with the margin, not only with winning."""
    state = positions(2, 1, agent="heuristic")[-1]
    winner = state.result().winners[0]
    # one more point-scoring finished Coatl for the winner: same winner, wider margin
    richer = state.clone()
    best = max(
        (c for c in richer.players[winner].coatls if c.done),
        key=lambda c: len(c.prophecies),
    )
    richer.players[winner].coatls.append(best.clone())
    assert ev.leaf_values(richer)[winner] > ev.leaf_values(state)[winner]


def test_the_search_is_deterministic_under_a_seed() -> None:
    state = GAME.new_game(2, 5)
    moves = []
    for _ in range(12):  # past the setup, into the first turns
        p = state.actors[0]
        picks = {make_agent(SPEC, GAME, 3).act(SeatHandle(state, p)) for _ in range(2)}
        assert len(picks) == 1
        move = picks.pop()
        assert move in state.legal_actions(p)
        moves.append(move)
        state.apply(p, move)
    assert len(moves) == 12
