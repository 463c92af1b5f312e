"""RLlib over the PettingZoo door (``ludoteca.rl.rllib_train``): the env RLlib steps gives
every seat its masked observation and its payoff at the end; and, with ``--rllib`` (a local
Ray instance and one PPO iteration: about a minute on 2 cores, too long for the default
suite), a tiny training run whose sampled actions are all legal (an illegal one would stop it
with the door's ValueError) and whose checkpoint is written."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import ludoteca
from ludoteca.rl.rllib_train import main, rllib_env, summary

pytestmark = pytest.mark.xdist_group("ray")


@pytest.mark.parametrize(
    "game_id", ["nine-domains", pytest.param("exploding-kittens", marks=pytest.mark.long)]
)
def test_the_env_rllib_steps_masks_actions_and_pays_at_the_end(game_id):
    n = 3 if game_id == "exploding-kittens" else 2
    env = rllib_env({"game": game_id, "players": n})
    obs, _ = env.reset(seed=4)
    replay = ludoteca.get_game(game_id).new_game(num_players=n, seed=4)
    rng = random.Random(4)
    totals: dict[str, float] = {}
    done = False
    while not done:
        (agent,) = obs  # one seat acts at a time in the AEC door
        assert set(obs[agent]) == {"observations", "action_mask"}
        assert env.observation_spaces[agent].contains(obs[agent])
        code = rng.choice(np.flatnonzero(obs[agent]["action_mask"]).tolist())
        replay.apply(int(agent.rsplit("_", 1)[1]), replay.game.decode(code))
        obs, rewards, terms, _, _ = env.step({agent: code})
        for a, r in rewards.items():
            totals[a] = totals.get(a, 0.0) + r
        done = terms["__all__"]
    assert replay.is_over
    result = replay.result()
    assert {a: r for a, r in totals.items() if r} == {
        f"player_{p}": result.payoff(p) for p in range(n) if result.payoff(p)
    }


def test_summary_reads_an_iterations_result():
    row = summary(
        {
            "num_env_steps_sampled_lifetime": 400,
            "env_runners": {
                "num_episodes_lifetime": 22.0,
                "episode_len_mean": 18.5,
                "agent_episode_returns_mean": {"player_1": 0.25, "player_0": 0.75},
            },
            "learners": {"shared": {"entropy": 2.04716, "vf_loss": 0.28439}},
        }
    )
    assert row == {
        "steps": 400,
        "episodes": 22,
        "episode_len_mean": 18.5,
        "seat_returns": {"player_0": 0.75, "player_1": 0.25},
        "entropy": 2.0472,
        "vf_loss": 0.2844,
    }
    empty = summary({"env_runners": {"episode_len_mean": float("nan")}})
    assert empty["episode_len_mean"] is None and empty["seat_returns"] == {}


@pytest.mark.long  # starts Ray and trains for about a minute
def test_one_ppo_iteration_on_a_local_ray(tmp_path, capsys):
    out = tmp_path / "ck"
    argv = ["nine-domains", "--iterations", "1", "--env-runners", "0", "--batch", "128"]
    assert main([*argv, "--out", str(out)]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    row = json.loads(line)
    assert row["iteration"] == 1 and row["steps"] >= 128 and row["episodes"] > 0
    assert set(row["seat_returns"]) == {"player_0", "player_1"} and row["entropy"] > 0
    assert (out / "rllib_checkpoint.json").is_file()
