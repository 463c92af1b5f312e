"""The ``ismcts`` agent: options, determinism under a seed, root parallelism, a sane search."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.agents import Agent, AgentSpecError, make_agent
from ludoteca.agents.ismcts import IsmctsAgent
from ludoteca.engine import Action, Game, SeatHandle

from ..engine.toy_game import GAME as TOY


def play(game: Game, specs: list[str], seed: int) -> list[object]:
    """One game between agents seeded from ``seed``; returns the actions in order."""
    state = game.new_game(len(specs), seed)
    agents = [make_agent(s, game, seed * 10 + i) for i, s in enumerate(specs)]
    moves = []
    while state.actors:
        p = state.actors[0]
        a = agents[p].act(SeatHandle(state, p))
        moves.append(a)
        state.apply(p, a)
    return moves


@pytest.mark.parametrize(
    ("spec", "error"),
    [
        ("ismcts:iterations=0", "iterations"),
        ("ismcts:seconds=-1", "seconds"),
        ("ismcts:rollout=clever", "rollout"),
        ("ismcts:workers=0", "workers"),
        ("ismcts:depth=3", "no option 'depth'"),
    ],
)
def test_bad_options_are_clear_errors(spec: str, error: str, toy: Game) -> None:
    with pytest.raises(AgentSpecError, match=error):
        make_agent(spec, TOY, 0)


def test_options_from_the_spec(toy: Game) -> None:
    a = make_agent("ismcts:iterations=250:c=1.2:seconds=0.5", TOY, 0)
    assert isinstance(a, IsmctsAgent)
    assert (a.iterations, a.c, a.seconds, a.rollout, a.workers) == (250, 1.2, 0.5, "random", 1)
    b = make_agent("ismcts:seconds=0.25", TOY, 0)
    assert isinstance(b, IsmctsAgent) and b.iterations is None and b.seconds == 0.25


def test_same_seed_same_game(toy: Game) -> None:
    specs = ["ismcts:iterations=50", "ismcts:iterations=50"]
    assert play(TOY, specs, 4) == play(TOY, specs, 4)


@pytest.mark.parametrize("game_id", [g.id for g in ludoteca.list_games()])
def test_same_seed_same_moves_in_every_game(game_id: str) -> None:
    game = ludoteca.get_game(game_id)
    state = game.new_game(game.min_players, 3)
    p = state.actors[0]
    moves = [make_agent("ismcts:iterations=30", game, 8).act(SeatHandle(state, p)) for _ in "ab"]
    assert moves[0] == moves[1]


def test_iteration_budget_is_spent_at_the_root(toy: Game) -> None:
    state = TOY.new_game(2, 1)
    stats = IsmctsAgent(seed=0, iterations=120).root_stats(SeatHandle(state, 0))
    assert sum(n for n, _ in stats.values()) == 120
    assert set(stats) == set(state.legal_actions(0))


def test_time_budget_stops(toy: Game) -> None:
    state = TOY.new_game(2, 1)
    stats = IsmctsAgent(seed=0, seconds=0.05).root_stats(SeatHandle(state, 0))
    assert sum(n for n, _ in stats.values()) >= 1


def test_root_parallel_workers_split_the_budget_deterministically(toy: Game) -> None:
    state = TOY.new_game(2, 2)
    runs = []
    for _ in range(2):
        agent = IsmctsAgent(seed=9, iterations=90, workers=2)
        try:
            runs.append(agent.root_stats(SeatHandle(state, 0)))
        finally:
            agent.close()
    assert runs[0] == runs[1]
    assert sum(n for n, _ in runs[0].values()) == 90


def test_a_single_legal_move_is_played_without_search(toy: Game) -> None:
    state = TOY.new_game(2, 1)
    for _ in range(2):  # two rounds: each seat has one card left
        for p in (0, 1):
            state.apply(p, state.legal_actions(p)[0])
    assert len(state.legal_actions(0)) == 1
    agent = IsmctsAgent(seed=0, iterations=10**9)  # would never end if it searched
    assert agent.act(SeatHandle(state, 0)) == state.legal_actions(0)[0]


class Fixed(Agent):
    """A stand-in for the heuristic: always the last legal move."""

    name = "fixed"

    def act(self, handle: SeatHandle) -> Action:
        return handle.legal_actions()[-1]


def test_anchor_keeps_the_heuristic_move_unless_the_search_is_sure(toy: Game) -> None:
    state = TOY.new_game(2, 1)
    handle = SeatHandle(state, 0)
    sure = IsmctsAgent(seed=0, iterations=60, anchor=1e9)
    sure._guide = Fixed()
    assert sure.act(handle) == state.legal_actions(0)[-1]
    off = IsmctsAgent(seed=0, iterations=60)
    off._guide = Fixed()
    stats = IsmctsAgent(seed=0, iterations=60).root_stats(handle)
    most = max(state.legal_actions(0), key=lambda a: (stats[a][0], stats[a][1] / stats[a][0]))
    assert off.act(handle) == most


def test_negative_anchor_is_refused(toy: Game) -> None:
    with pytest.raises(AgentSpecError, match="anchor"):
        make_agent("ismcts:anchor=-1", TOY, 0)


@pytest.mark.parametrize(
    ("spec", "error"),
    [
        ("ismcts:leaf=-1", "leaf"),
        ("ismcts:reward=score", "reward"),
        ("ismcts:leaf=3", "no leaf evaluation"),
        ("ismcts:reward=eval", "no leaf evaluation"),
    ],
)
def test_evaluation_options_are_checked(spec: str, error: str, toy: Game) -> None:
    with pytest.raises(AgentSpecError, match=error):
        make_agent(spec, TOY, 0)


def test_leaf_evaluation_replaces_the_playout(toy: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``leaf=0`` the value is the evaluation's, not the game's: an evaluation that
    rewards having thrown away one's lowest card makes the search do just that."""
    state = TOY.new_game(2, 1)
    lowest = min(state.hands[0])  # type: ignore[attr-defined]
    calls = []

    def leaf_values(s: object) -> list[float]:
        calls.append(bool(s.actors))  # type: ignore[attr-defined]
        gone = lowest not in s.hands[0]  # type: ignore[attr-defined]
        return [1.0, 0.0] if gone else [0.0, 1.0]

    monkeypatch.setattr("ludoteca.agents.ismcts.get_evaluator", lambda game: leaf_values)
    agent = IsmctsAgent(seed=0, iterations=80, leaf=0)
    assert agent.act(SeatHandle(state, 0)).card == lowest  # type: ignore[attr-defined]
    # at most one evaluation per iteration (none when the tree walk itself ends the game),
    # always of an unfinished game: the playout stopped at once
    assert 0 < len(calls) <= 80 and all(calls)
    higher = IsmctsAgent(seed=0, iterations=80)  # plain win share: a low card is a poor move
    assert higher.act(SeatHandle(state, 0)).card != lowest  # type: ignore[attr-defined]


def test_reward_eval_scores_finished_games(toy: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    state = TOY.new_game(2, 1)
    finished = []

    def leaf_values(s: object) -> list[float]:
        finished.append(not s.actors)  # type: ignore[attr-defined]
        return [0.5, 0.5]

    monkeypatch.setattr("ludoteca.agents.ismcts.get_evaluator", lambda game: leaf_values)
    stats = IsmctsAgent(seed=0, iterations=40, reward="eval").root_stats(SeatHandle(state, 0))
    assert finished and all(finished) and len(finished) == 40
    assert all(w == 0.5 * n for n, w in stats.values())
