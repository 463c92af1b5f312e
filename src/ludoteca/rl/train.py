"""Train a policy with MaskablePPO (sb3-contrib) on the Gymnasium door, on the CPU.

    python -m ludoteca.rl.train exploding-kittens --players 2 --minutes 15 \\
        --opponents random,heuristic --out policies/ek2.zip

The opponents are dealt to parallel environments in turn (one spec per environment; each
environment rotates the learning seat with its seed). Writes the policy (``--out``, a
stable-baselines3 zip with a ``ludoteca.json`` entry naming the game and player count, so
``policy:path=FILE`` can check it) and the training curve beside it (``.csv``: steps, episodes,
mean reward of the last 200 episodes, seconds).
"""

from __future__ import annotations

import argparse
import csv
import json
import time
import zipfile
from collections import deque
from pathlib import Path
from typing import Any

from ..agents.policy_agent import META, policy_meta
from ..engine import get_game
from .gymnasium_env import LudotecaGym

__all__ = ["META", "policy_meta", "train"]


def train(
    game_id: str,
    num_players: int,
    out: Path,
    minutes: float,
    opponents: list[str],
    envs: int = 4,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    max_steps: int | None = None,
    n_steps: int = 512,
    quiet: bool = False,
) -> Path:
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.monitor import Monitor
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(1)  # a 2-core machine shared with others

    def make(i: int) -> Any:
        spec = opponents[i % len(opponents)]

        def build() -> Any:
            return Monitor(
                LudotecaGym(game_id, num_players, options, opponents=spec), allow_early_resets=True
            )

        return build

    vec = DummyVecEnv([make(i) for i in range(envs)])
    vec.seed(seed)
    model = MaskablePPO(
        "MlpPolicy",
        vec,
        seed=seed,
        n_steps=n_steps,
        batch_size=min(256, n_steps * envs),
        n_epochs=4,
        gamma=1.0,
        learning_rate=3e-4,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        verbose=0,
        device="cpu",
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    curve_path = out.with_suffix(".csv")
    deadline = time.monotonic() + minutes * 60
    start = time.monotonic()

    class Curve(BaseCallback):
        def __init__(self) -> None:
            super().__init__()
            self.recent: deque[float] = deque(maxlen=200)
            self.episodes = 0
            self.rows: list[tuple[int, int, float, float]] = []

        def _on_step(self) -> bool:
            for info in self.locals.get("infos", ()):
                ep = info.get("episode")
                if ep is not None:
                    self.recent.append(float(ep["r"]))
                    self.episodes += 1
            return time.monotonic() < deadline

        def _on_rollout_end(self) -> None:
            if self.recent:
                mean = sum(self.recent) / len(self.recent)
                self.rows.append(
                    (self.num_timesteps, self.episodes, mean, time.monotonic() - start)
                )
                if not quiet:
                    print(
                        f"{self.num_timesteps:>9} steps {self.episodes:>7} episodes "
                        f"mean reward {mean:.3f} ({time.monotonic() - start:.0f}s)",
                        flush=True,
                    )
                with curve_path.open("w", newline="") as f:
                    w = csv.writer(f)
                    w.writerow(["steps", "episodes", "mean_reward_last_200", "seconds"])
                    w.writerows(self.rows)

    curve = Curve()
    model.learn(total_timesteps=max_steps or 10**9, callback=curve)
    model.save(out)
    meta = {
        "game": game_id,
        "num_players": num_players,
        "options": options or {},
        "opponents": opponents,
        "steps": int(model.num_timesteps),
        "episodes": curve.episodes,
        "seconds": round(time.monotonic() - start, 1),
        "observation_size": vec.get_attr("seats")[0].encoder.size,
        "num_actions": vec.get_attr("seats")[0].num_actions,
    }
    _for_play(out, meta)
    if not quiet:
        print(json.dumps(meta), flush=True)
    return out


def _for_play(path: Path, meta: dict[str, Any]) -> None:
    """Keep what playing needs (the policy's weights and settings) and add ``ludoteca.json``;
    the optimizer's state (two thirds of the file) is dropped, so the file plays but does not
    resume training."""
    tmp = path.with_suffix(".tmp")
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            if item.filename != "policy.optimizer.pth":
                dst.writestr(item.filename, src.read(item.filename))
        dst.writestr(META, json.dumps(meta, indent=2))
    tmp.replace(path)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m ludoteca.rl.train", description=__doc__)
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--minutes", type=float, default=10.0, help="wall-clock training budget")
    ap.add_argument("--max-steps", type=int, default=None, help="stop after this many steps")
    ap.add_argument(
        "--opponents", default="random", help="comma-separated agent specs, one per environment"
    )
    ap.add_argument("--envs", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--options", default="{}", help="game options as JSON")
    ap.add_argument("--out", type=Path, required=True)
    a = ap.parse_args(argv)
    game = get_game(a.game)
    n = a.players or game.min_players
    train(
        game.id,
        n,
        a.out,
        a.minutes,
        [s.strip() for s in a.opponents.split(",") if s.strip()],
        envs=a.envs,
        seed=a.seed,
        options=json.loads(a.options),
        max_steps=a.max_steps,
    )


if __name__ == "__main__":
    main()
