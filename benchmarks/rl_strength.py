#!/usr/bin/env python3
"""Strength of a trained policy (``python -m ludoteca.rl.train``) and its training curve.

Plays the policy against each opponent spec with ``sim.simulate`` (seats rotated every game),
prints its win rate with a 95% Wilson interval (draws shown apart), and draws the training
curve from the ``.csv`` beside the policy into a small PNG.

    python benchmarks/rl_strength.py policies/exploding-kittens-2p.zip \\
        --vs random:200 heuristic:200 strong:40 --plot docs/img/rl-ek2.png
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path

from ludoteca.agents.policy_agent import policy_meta
from ludoteca.sim import simulate


def plot(policy: Path, out: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = list(csv.DictReader(policy.with_suffix(".csv").open()))
    steps = [int(r["steps"]) for r in rows]
    reward = [float(r["mean_reward_last_200"]) for r in rows]
    fig, ax = plt.subplots(figsize=(5, 2.8), dpi=80)
    ax.plot(steps, reward)
    ax.set_xlabel("training steps (the learner's decisions)")
    ax.set_ylabel("mean reward, last 200 games")
    ax.set_title(title, fontsize=10)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out)
    print(f"curve: {out}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("policy", type=Path)
    ap.add_argument("--vs", nargs="+", default=["random:100", "heuristic:100", "strong:20"])
    ap.add_argument("--seed", type=int, default=50_000)
    ap.add_argument("--greedy", action="store_true")
    ap.add_argument("--plot", type=Path, default=None)
    a = ap.parse_args()
    meta = policy_meta(a.policy)
    game, n = meta["game"], meta["num_players"]
    print(
        f"{a.policy}: {game}, {n} players, {meta['steps']:,} steps, {meta['episodes']:,} games,"
        f" {meta['seconds'] / 60:.0f} min of training against {', '.join(meta['opponents'])}"
    )
    if a.plot:
        plot(a.policy, a.plot, f"{game} {n}p: MaskablePPO against {' + '.join(meta['opponents'])}")
    me = f"policy:path={a.policy}" + (":greedy=true" if a.greedy else "")
    for item in a.vs:
        spec, _, count = item.rpartition(":")
        if not spec or not count.isdigit():
            spec, count = item, "100"
        t = time.monotonic()
        res = simulate(
            game, int(count), n, [me] + [spec] * (n - 1), seed=a.seed, keep_records=False
        )
        line = next(x for x in res.summary().agents if x.agent == me)
        lo, hi = line.win_ci
        print(
            f"  vs {spec:<12} wins {line.win_rate:6.1%} [{lo:5.1%}, {hi:5.1%}]"
            f"  draws {line.draw_rate:5.1%}  over {line.seat_games} games"
            f"  ({time.monotonic() - t:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
