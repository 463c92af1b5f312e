"""Gymnasium door: Gymnasium's own checker on every game, one learning seat against agent
specs, seats rotated by the seed, MaskablePPO's action_masks()."""

from __future__ import annotations

import random

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from stable_baselines3.common.env_checker import check_env as sb3_check_env

import ludoteca
from ludoteca.rl import gym_env
from ludoteca.rl.gymnasium_env import gym_id

GAMES = [g.id for g in ludoteca.list_games()]
CORE = pytest.mark.parametrize("core", [None, False], ids=["core", "engine"])


@CORE
@pytest.mark.parametrize("opponents", ["heuristic", "random"])
@pytest.mark.parametrize("game_id", GAMES)
def test_gymnasium_check_env_passes(game_id, opponents, core):
    env = gym.make(gym_id(game_id), render_mode="ansi", opponents=opponents, core=core)
    check_env(env.unwrapped)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("game_id", GAMES)
def test_gymnasium_and_sb3_check_env_pass_at_the_fewest_and_most_players(game_id):
    game = ludoteca.get_game(game_id)
    for n in sorted({game.min_players, game.max_players}):
        sb3_check_env(gym_env(game_id, num_players=n, opponents="random"), warn=False)
        check_env(gym_env(game_id, num_players=n, opponents="random"))


def test_human_render_prints_the_learning_seats_drawing(capsys):
    env = gym_env("coatl", num_players=3, render_mode="human")
    env.reset(seed=2)
    assert env.render() is None
    assert "\x1b[" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("game_id", "n"), [("exploding-kittens", 2), ("exploding-kittens", 5), ("coatl", 3)]
)
def test_an_episode_ends_with_the_learning_seats_payoff(game_id, n):
    env = gym_env(game_id, num_players=n, opponents="random")
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        assert info["seat"] == seed % n  # seats rotate with the seed
        rng = random.Random(seed)
        done, reward = False, 0.0
        while not done:
            assert env.observation_space.contains(obs)
            mask = env.action_masks()
            assert mask.any()
            obs, reward, done, trunc, _ = env.step(rng.choice(np.flatnonzero(mask).tolist()))
            assert not trunc
        assert env.game_state.is_over
        assert reward == env.game_state.result().payoff(env.seat)


def test_the_same_seed_plays_the_same_episode():
    def run():
        env = gym_env("exploding-kittens", num_players=3, opponents=["heuristic", "random"])
        obs, _ = env.reset(seed=9)
        trace = [obs]
        done = False
        while not done:
            obs, r, done, _, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
            trace.append(obs)
        return trace, r

    (a, ra), (b, rb) = run(), run()
    assert (
        ra == rb
        and len(a) == len(b)
        and all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    )


@CORE
def test_an_illegal_action_ends_the_episode_or_raises_and_leaves_the_game_alone(core):
    env = gym_env("sala-de-miaula", opponents="random", seat=0, core=core)
    env.reset(seed=1)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    before = env.game_state.to_json()
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done, info) == (-1.0, True, {"illegal_action": True})
    assert env.game_state.to_json() == before
    strict = gym_env("sala-de-miaula", opponents="random", seat=0, illegal="raise", core=core)
    strict.reset(seed=1)
    with pytest.raises(ValueError, match="not legal"):
        strict.step(illegal)


@CORE
def test_step_after_the_episode_ended_refuses_until_reset(core):
    env = gym_env("sala-de-miaula", opponents="random", seat=0, core=core)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    env.reset(seed=1)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    assert env.step(illegal)[2]  # ended by the illegal action
    legal = int(np.flatnonzero(env.action_masks())[0])
    before = env.game_state.to_json()
    with pytest.raises(RuntimeError, match=r"episode is over.*reset"):
        env.step(legal)
    assert env.game_state.to_json() == before
    env.reset(seed=1)
    env.step(legal)  # playable again


def test_bad_opponents_are_refused_at_construction():
    with pytest.raises(ludoteca.agents.AgentSpecError, match="unknown agent"):
        gym_env("coatl", num_players=3, opponents="nobody")
    with pytest.raises(ValueError, match="opponent specs"):
        gym_env("coatl", num_players=3, opponents=["random"])
