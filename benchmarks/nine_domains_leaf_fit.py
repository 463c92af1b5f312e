"""Fit the coefficients of The Nine Domains' leaf evaluation (``agents/evaluation/nine_domains``).

Positions: for game i (deal seed i), a recording round R (2 or 3, alternating) is chosen; the
rounds before R are played by the heuristic agent with a random move mixed in with
probability ``--mix`` (so that unusual spending of cards is represented), and the position at
the start of round R is recorded with the module's ``features``. The rest of the game is
played heuristic against heuristic, and its result for seat 0 (draw = 0.5) is the label.
A logistic model without intercept (the features are seat 0 minus seat 1, so the model is
symmetric under swapping the seats) is fitted per round by Newton's method, on the first
``1 - holdout`` of the games; the log loss on the rest is compared with the VP-and-elements
model fitted on random games (the heuristic module's ``position_value``). The "all positions"
lines (fitted on every position) are the coefficients the module ships.

    .venv/bin/python benchmarks/nine_domains_leaf_fit.py --games 10000 --seed 0

(about 15 minutes of one core; ``--save``/``--load`` keep the positions, so that the games can
be split over processes: ``--games 5000 --seed 0 --save a.json`` and ``--seed 5000 --save
b.json``, then ``--load a.json b.json`` gives the same fit as one run of 10,000.)
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import numpy as np

from ludoteca import get_game
from ludoteca.agents import make_agent
from ludoteca.agents.evaluation.nine_domains import features
from ludoteca.engine import SeatHandle

# the model fitted earlier on random-against-random games (VP and element units only)
OLD = (
    (0.094, 0.091, 0.337, 0.593, 1.298),
    (0.138, 0.165, 0.322, 0.571, 1.098),
)


def play(game: Any, seed: int, record_round: int, mix: float) -> tuple[list[float], float] | None:
    """One game: (features at the start of ``record_round``, seat 0's result), or None if the
    game ended before that round."""
    rng = random.Random(seed)
    agents = [make_agent("heuristic", game, 2 * seed + p) for p in (0, 1)]
    state = game.new_game(2, seed)
    recorded: list[float] | None = None
    while state.actors:
        s: Any = state
        if recorded is None and s.rnd == record_round - 1 and s.phase == 1:
            recorded = features(s)
        p = state.actors[0]
        legal = state.legal_actions(p)
        if recorded is None and rng.random() < mix:
            action = rng.choice(legal)
        else:
            action = agents[p].act(SeatHandle(state, p))
        state.apply(p, action)
    if recorded is None:
        return None
    return recorded, state.result().payoff(0)


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3) -> np.ndarray:
    """Maximum-likelihood logistic regression without intercept (Newton's method)."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) + l2 * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    p = np.clip(1 / (1 + np.exp(-x @ w)), 1e-12, 1 - 1e-12)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=6000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--mix", type=float, default=0.3)
    ap.add_argument("--holdout", type=float, default=0.2)
    ap.add_argument("--save", help="also write the positions to this JSON file")
    ap.add_argument("--load", nargs="*", default=[], help="fit on saved positions instead")
    args = ap.parse_args()
    game = get_game("nine-domains")
    t0 = time.perf_counter()
    data: dict[int, list[tuple[list[float], float, int]]] = {2: [], 3: []}
    if args.load:
        offset = 0
        for path in args.load:
            with open(path) as f:
                saved = json.load(f)
            for r in (2, 3):
                data[r] += [(x, y, i + offset) for x, y, i in saved[str(r)]]
            offset += saved["games"]
        args.games = offset
    for i in range(0 if args.load else args.games):
        r = 2 + i % 2
        got = play(game, args.seed + i, r, args.mix)
        if got is not None:
            data[r].append((got[0], got[1], i))
    if args.save:
        with open(args.save, "w") as f:
            json.dump({"games": args.games, "2": data[2], "3": data[3]}, f)
    cut = int(args.games * (1 - args.holdout))
    print(
        f"{args.games} games, seed {args.seed}, mix {args.mix} ({time.perf_counter() - t0:.0f} s)"
    )
    for r, rows in data.items():
        x = np.array([f for f, _, _ in rows])
        y = np.array([v for _, v, _ in rows])
        train = np.array([i < cut for _, _, i in rows])
        w = fit(x[train], y[train])
        old = np.array(OLD[r - 2] + (0.0,) * (x.shape[1] - len(OLD[r - 2])))
        test = ~train
        print(
            f"start of round {r}: {train.sum()} train / {test.sum()} test positions;"
            f" test log loss: fitted {log_loss(x[test], y[test], w):.4f},"
            f" old VP+elements model {log_loss(x[test], y[test], old):.4f}"
        )
        print("    (" + ", ".join(f"{c:.4f}" for c in w) + "),")
        w_all = fit(x, y)
        print("    all positions: (" + ", ".join(f"{c:.4f}" for c in w_all) + "),")


if __name__ == "__main__":
    main()
