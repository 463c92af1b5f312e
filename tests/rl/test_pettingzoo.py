"""PettingZoo doors: PettingZoo's own checkers on every game and player count, rewards at the
end from the result's payoffs, and clear refusals."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test

import ludoteca
from ludoteca.engine import compiled as fast
from ludoteca.rl import parallel_env, pettingzoo_env

COUNTS = [(g.id, n) for g in ludoteca.list_games() for n in range(g.min_players, g.max_players + 1)]
IDS = [f"{g}-{n}p" for g, n in COUNTS]
# every door twice: on the compiled core (where numba is, as the test command installs it)
# and on the engine's state
CORE = pytest.mark.parametrize("core", [None, False], ids=["core", "engine"])


@pytest.mark.filterwarnings("ignore::UserWarning")
@CORE
@pytest.mark.parametrize(("game_id", "n"), COUNTS, ids=IDS)
def test_pettingzoo_api_and_seed_tests_pass(game_id, n, core):
    cycles = max(8, 120 // n)
    env = pettingzoo_env(game_id, n, render_mode="ansi", core=core)
    assert env.on_core == (core is None and fast.AVAILABLE)
    api_test(env, num_cycles=cycles)
    seed_test(lambda: pettingzoo_env(game_id, n, core=core), num_cycles=cycles // 2)


@pytest.mark.filterwarnings("ignore::UserWarning")
@CORE
@pytest.mark.parametrize("game_id", [g.id for g in ludoteca.list_games()])
def test_parallel_api_test_passes(game_id, core):
    parallel_api_test(parallel_env(game_id, core=core), num_cycles=300)


def test_nine_domains_parallel_places_both_cards_in_one_step_and_repeats_under_a_seed():
    def run(seed: int) -> list:
        env = parallel_env("nine-domains")
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        trace = []
        first = True
        while env.agents:
            acting = [a for a in env.agents if obs[a]["action_mask"].any()]
            if first:
                assert acting == ["player_0", "player_1"]  # placement is simultaneous
                first = False
            actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in acting}
            obs, rewards, terms, _, _ = env.step(actions)
            trace.append((actions, rewards, terms))
        return trace

    a, b = run(3), run(3)
    assert a == b
    final_rewards = a[-1][1]
    assert sum(final_rewards.values()) == pytest.approx(1.0) or set(final_rewards.values()) == {0.0}


@pytest.mark.parametrize(("game_id", "n"), [(g.id, g.min_players) for g in ludoteca.list_games()])
def test_rewards_at_the_end_are_the_results_payoffs(game_id, n):
    env = pettingzoo_env(game_id, n)
    env.reset(seed=11)
    rng = random.Random(11)
    replay = ludoteca.get_game(game_id).new_game(num_players=n, seed=11)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        assert reward == 0.0
        code = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
        p = int(agent.split("_")[1])
        replay.apply(p, replay.game.decode(code))  # the same game on the bare engine
        env.step(code)
    assert replay.is_over
    result = replay.result()
    assert totals == {f"player_{p}": result.payoff(p) for p in range(n)}


@CORE
def test_an_illegal_action_is_a_clear_error_and_changes_nothing(core):
    env = pettingzoo_env("exploding-kittens", 3, core=core)
    env.reset(seed=5)
    obs = env.observe(env.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.state.to_json()
    with pytest.raises(ValueError, match="not legal"):
        env.step(illegal)
    with pytest.raises(ValueError, match="bad action"):
        env.step(10**6)
    assert env.state.to_json() == before


def test_bad_construction_is_refused_clearly():
    with pytest.raises(ValueError, match="2 to 4 players"):
        pettingzoo_env("coatl", num_players=7)
    with pytest.raises(ludoteca.InvalidOptions, match="unknown option"):
        pettingzoo_env("coatl", num_players=3, options={"no_such": 1})
    with pytest.raises(ValueError, match="render_mode"):
        pettingzoo_env("coatl", render_mode="human")


def test_ansi_render_draws_the_acting_seats_view():
    env = pettingzoo_env("nine-domains", render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and text.strip()
