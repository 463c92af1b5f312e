"""PettingZoo doors: PettingZoo's own checkers on every game and player count, rewards at the
end from the result's payoffs, and clear refusals."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, render_test, seed_test
from pettingzoo.utils import aec_to_parallel, parallel_to_aec, wrappers

import ludoteca
from ludoteca.engine import compiled as fast
from ludoteca.rl import parallel_env, pettingzoo_env

COUNTS = [(g.id, n) for g in ludoteca.list_games() for n in range(g.min_players, g.max_players + 1)]
IDS = [f"{g}-{n}p" for g, n in COUNTS]
# the fewest and the most players of every game
ENDS = [(g.id, n) for g in ludoteca.list_games() for n in sorted({g.min_players, g.max_players})]
END_IDS = [f"{g}-{n}p" for g, n in ENDS]
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
@pytest.mark.parametrize(("game_id", "n"), ENDS, ids=END_IDS)
def test_parallel_api_test_passes(game_id, n, core):
    parallel_api_test(parallel_env(game_id, n, core=core), num_cycles=300 // n)


@pytest.mark.parametrize(("game_id", "n"), ENDS, ids=END_IDS)
def test_render_test_passes_in_ansi_and_human(game_id, n, capsys):
    render_test(lambda render_mode=None: pettingzoo_env(game_id, n, render_mode=render_mode))
    assert "\x1b[" in capsys.readouterr().out  # human mode printed the drawing


def _walk(env, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    env.reset(seed=seed)
    for _ in range(steps):
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        if not env.agents:
            return


@pytest.mark.parametrize(("game_id", "n"), ENDS, ids=END_IDS)
def test_state_is_every_seats_observation_on_every_door_and_wrapper(game_id, n):
    """state() is the centralised critic's vector: each seat's observation in turn, inside
    state_space; the AEC env, the Parallel env and PettingZoo's wrappers all give it."""
    env = pettingzoo_env(game_id, n)
    with pytest.raises(RuntimeError, match="reset"):
        env.state()
    outer = wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(env))
    _walk(outer, 4, 12)
    size = env.seats.encoder.size
    state = env.state()
    assert env.state_space.shape == (n * size,) and env.state_space.contains(state)
    for p, agent in enumerate(env.possible_agents):
        assert np.array_equal(state[p * size : (p + 1) * size], env.observe(agent)["observation"])
    assert np.array_equal(outer.state(), state)
    assert outer.state_space == env.state_space
    par = parallel_env(game_id, n)
    obs, _ = par.reset(seed=4)
    assert np.array_equal(par.state(), np.concatenate([o["observation"] for o in obs.values()]))
    assert par.state_space.contains(par.state())
    aec = parallel_to_aec(par)
    aec.reset(seed=4)
    assert np.array_equal(aec.state(), np.concatenate([o["observation"] for o in obs.values()]))


def test_the_metadata_says_aec_to_parallel_cannot_carry_these_games():
    """A seat often acts several times in a row, which aec_to_parallel cannot express: the
    metadata says so and PettingZoo refuses the conversion instead of failing mid-episode."""
    for game in ludoteca.list_games():
        env = pettingzoo_env(game.id)
        assert env.metadata["is_parallelizable"] is False
        with pytest.raises(AssertionError, match="is_parallelizable"):
            aec_to_parallel(env)
    # what the flag guards against: the same seat owing two decisions in a row
    env = pettingzoo_env("exploding-kittens", 2)
    env.reset(seed=1)
    seen = [env.agent_selection]
    while len(set(seen[-2:])) != 1:
        _walk_one(env)
        seen.append(env.agent_selection)


def _walk_one(env) -> None:
    obs, _, _, _, _ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_each_agent_has_its_own_spaces():
    """Seeding one agent's action space does not re-seed another's."""
    for env in (pettingzoo_env("coatl", 3), parallel_env("coatl", 3)):
        a, b = env.action_space("player_0"), env.action_space("player_1")
        assert a is not b and a == b
        assert env.observation_space("player_0") is not env.observation_space("player_1")
        a.seed(7)
        first = [a.sample() for _ in range(5)]
        a.seed(7)
        b.seed(7)
        assert [b.sample() for _ in range(5)] == first  # b's stream is its own
        assert [a.sample() for _ in range(5)] == first


def test_step_after_the_end_refuses_until_reset():
    env = pettingzoo_env("nine-domains")
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    _walk(env, 3, 10**6)
    assert not env.agents
    with pytest.raises(RuntimeError, match=r"episode is over.*reset"):
        env.step(0)
    env.reset(seed=3)
    _walk_one(env)  # playable again
    par = parallel_env("nine-domains")
    obs, _ = par.reset(seed=3)
    while par.agents:
        acts = {
            a: int(np.flatnonzero(o["action_mask"])[0])
            for a, o in obs.items()
            if o["action_mask"].any()
        }
        obs, *_ = par.step(acts)
    with pytest.raises(RuntimeError, match=r"episode is over.*reset"):
        par.step({})


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
    before = env.game_state.to_json()
    with pytest.raises(ValueError, match="not legal"):
        env.step(illegal)
    with pytest.raises(ValueError, match="bad action"):
        env.step(10**6)
    assert env.game_state.to_json() == before


def test_bad_construction_is_refused_clearly():
    with pytest.raises(ValueError, match="2 to 4 players"):
        pettingzoo_env("coatl", num_players=7)
    with pytest.raises(ludoteca.InvalidOptions, match="unknown option"):
        pettingzoo_env("coatl", num_players=3, options={"no_such": 1})
    with pytest.raises(ValueError, match="render_mode"):
        pettingzoo_env("coatl", render_mode="rgb_array")


def test_ansi_render_draws_the_acting_seats_view():
    env = pettingzoo_env("nine-domains", render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and text.strip()


def test_the_package_doors_stay_functions_after_use():
    """``ludoteca.rl.pettingzoo_env(...)`` as docs/rl.md writes it, called again and again: the
    doors' modules once had the functions' names, and the first call's import replaced the
    package's function with its module (a second call: "'module' object is not callable")."""
    import ludoteca.rl as rl

    for door in ("pettingzoo_env", "parallel_env", "gym_env"):
        for _ in range(2):
            env = getattr(rl, door)("nine-domains")
            env.reset(seed=0)
            env.close()
