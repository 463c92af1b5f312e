"""Train on a Ray cluster: RLlib's PPO (new API stack) over the PettingZoo door, every seat
learning one shared policy (self-play), the illegal actions masked out of the policy's logits.

    python -m ludoteca.rl.rllib_train coatl --players 3 --iterations 50 \\
        --address auto --env-runners 8 --out runs/coatl-3p

``--address`` joins a running cluster (``auto``: the one ``ray start`` made on this machine;
``ray://host:10001``: a remote head); without it Ray starts a local instance. The env runners
(``--env-runners``, each ``--envs-per-runner`` games) spread over the cluster's machines, and
the learner runs on the driver. Every iteration prints one JSON line (``summary``: steps so
far, episodes, mean episode length, each seat's mean return, the policy's entropy and value
loss, seconds); ``--out`` saves the checkpoint.

The env RLlib sees is ``LudotecaRLlibEnv``: RLlib's own ``PettingZooEnv`` over our AEC env,
the observation dict's ``observation`` named ``observations`` as RLlib's action-masking module
(``ActionMaskingTorchRLModule``, shipped in ray.rllib's examples) reads it. Needs the
``rllib`` extra (ray[rllib] without its gymnasium pin; constraints.txt).
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..engine import get_game

POLICY = "shared"  # one policy every seat plays (self-play)


def rllib_env(config: Mapping[str, Any]) -> Any:
    """The MultiAgentEnv RLlib steps: ``config`` holds ``game``, ``players``, ``options``."""
    import gymnasium as gym
    import numpy as np
    from pettingzoo.utils import BaseWrapper
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

    # the PettingZoo door needs the rl extra, loaded with RLlib only when an env is built
    from .pettingzoo_envs import LudotecaAEC

    class _RLlibNames(BaseWrapper):
        """Our {observation, action_mask} as {observations, action_mask}."""

        def observation_space(self, agent: str) -> gym.spaces.Dict:
            space = self.env.observation_space(agent)
            return gym.spaces.Dict(
                {"observations": space["observation"], "action_mask": space["action_mask"]}
            )

        def observe(self, agent: str) -> dict[str, np.ndarray]:
            obs = self.env.observe(agent)
            return {"observations": obs["observation"], "action_mask": obs["action_mask"]}

    aec = LudotecaAEC(config["game"], config.get("players"), config.get("options"))
    return PettingZooEnv(_RLlibNames(aec))


def build_config(
    game_id: str,
    num_players: int,
    options: Mapping[str, Any] | None = None,
    env_runners: int = 0,
    envs_per_runner: int = 1,
    batch: int = 2000,
    minibatch: int = 250,
    epochs: int = 4,
    seed: int = 0,
) -> Any:
    """RLlib's PPOConfig for a game: one shared masked policy, γ = 1 (one reward, at the end),
    a 128x128 MLP (the Gymnasium trainer's, ``train.py``)."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )
    from ray.tune.registry import register_env

    name = f"ludoteca_{game_id}"
    register_env(name, rllib_env)
    return (
        PPOConfig()
        # RLlib's env check steps unmasked random actions, which no rule-exact game takes
        .environment(
            name,
            env_config={"game": game_id, "players": num_players, "options": options},
            disable_env_checking=True,
        )
        # a runner's samples arriving after sample_timeout_s are dropped (RLlib's default, 60 s,
        # loses whole iterations on a busy machine)
        .env_runners(
            num_env_runners=env_runners,
            num_envs_per_env_runner=envs_per_runner,
            sample_timeout_s=600.0,
        )
        .multi_agent(
            policies={POLICY},
            policy_mapping_fn=lambda agent_id, episode, **kw: POLICY,
        )
        .rl_module(
            rl_module_spec=RLModuleSpec(
                module_class=ActionMaskingTorchRLModule,
                model_config={"fcnet_hiddens": [128, 128], "head_fcnet_hiddens": [128]},
            )
        )
        .training(
            train_batch_size_per_learner=batch,
            minibatch_size=minibatch,
            num_epochs=epochs,
            gamma=1.0,
            entropy_coeff=0.01,
        )
        .debugging(seed=seed)
    )


def summary(result: Mapping[str, Any]) -> dict[str, Any]:
    """What one iteration's result says about the training, in a flat dict: steps, episodes,
    mean episode length, each seat's mean return (in self-play the returns of all seats sum to
    one a game, so the shared policy's own mean says nothing), and the policy's entropy and
    value loss (falling as it learns)."""
    runners = result.get("env_runners", {})
    learner = result.get("learners", {}).get(POLICY, {})
    seats = runners.get("agent_episode_returns_mean", {})

    def num(x: Any) -> float | None:  # None where the iteration has no figure (NaN)
        return None if x is None or math.isnan(float(x)) else round(float(x), 4)

    return {
        "steps": int(result.get("num_env_steps_sampled_lifetime", 0)),
        "episodes": int(runners.get("num_episodes_lifetime", 0)),
        "episode_len_mean": num(runners.get("episode_len_mean")),
        "seat_returns": {a: num(r) for a, r in sorted(seats.items())},
        "entropy": num(learner.get("entropy")),
        "vf_loss": num(learner.get("vf_loss")),
    }


def train(
    game_id: str,
    num_players: int,
    iterations: int,
    address: str | None = None,
    out: Path | None = None,
    quiet: bool = False,
    **config: Any,
) -> list[dict[str, Any]]:
    """Run ``iterations`` PPO iterations on the cluster at ``address`` (None: a local Ray);
    returns each iteration's summary."""
    import ray

    started_here = not ray.is_initialized()
    if started_here:
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    try:
        algo = build_config(game_id, num_players, **config).build_algo()
        rows = []
        t0 = time.perf_counter()
        for i in range(iterations):
            row = {"iteration": i + 1, **summary(algo.train())}
            row["seconds"] = round(time.perf_counter() - t0, 1)
            rows.append(row)
            if not quiet:
                print(json.dumps(row), flush=True)
        if out is not None:
            algo.save_to_path(str(Path(out).resolve()))
        algo.stop()
        return rows
    finally:
        if started_here:
            ray.shutdown()


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m ludoteca.rl.rllib_train",
        description="RLlib PPO over a ludoteca game's PettingZoo env, on a Ray cluster.",
    )
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--iterations", type=int, default=10)
    ap.add_argument("--address", default=None, help="Ray cluster (auto, ray://host:port)")
    ap.add_argument("--env-runners", type=int, default=2)
    ap.add_argument("--envs-per-runner", type=int, default=1)
    ap.add_argument("--batch", type=int, default=2000, help="env steps per iteration")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--options", default="{}", help="game options as JSON")
    ap.add_argument("--out", type=Path, default=None, help="checkpoint directory")
    args = ap.parse_args(argv)
    game = get_game(args.game)
    n = game.min_players if args.players is None else args.players
    train(
        game.id,
        n,
        args.iterations,
        address=args.address,
        out=args.out,
        options=json.loads(args.options),
        env_runners=args.env_runners,
        envs_per_runner=args.envs_per_runner,
        batch=args.batch,
        minibatch=min(250, args.batch),
        seed=args.seed,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
