"""Fit the weights of Sala de Miaula's leaf evaluation (``agents/evaluation/sala_de_miaula``).

Positions: game i (deal seed ``seed + i``) pairs two starter decks drawn at random (every pair,
mirrors included) and picks a recording turn R (1 to ``--max-turn``). Before turn R each
decision is the heuristic agent's, or with probability ``mix`` (0, ``--mix``/2 or ``--mix``,
by game) a uniformly random legal move, so that the odd positions a search walks into are
represented. From turn R on both seats play the heuristic to the end, and every turn start
(after the draw) is recorded with the module's ``features``, labelled with the final result
of the player to move (a draw is half a win).

A logistic model with an intercept (the to-move advantage) is fitted by Newton's method on the
first ``1 - holdout`` of the games; the log loss and accuracy on the rest are printed next to
those of the life difference alone and of the module's current weights.

    .venv/bin/python benchmarks/sala_de_miaula_leaf_fit.py --games 12000 --seed 0
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np

from ludoteca import get_game
from ludoteca.agents import make_agent
from ludoteca.agents.evaluation import sala_de_miaula as ev
from ludoteca.engine import SeatHandle


def play(game: Any, seed: int, decks: list[str], mix: float, max_turn: int) -> list[Any]:
    """One game's recorded positions: (features, result of the player to move)."""
    rng = random.Random(seed)
    record_from = rng.randint(1, max_turn)
    d0, d1 = rng.choice(decks), rng.choice(decks)
    state: Any = game.new_game(2, seed, {"deck_0": d0, "deck_1": d1})
    agents = [make_agent("heuristic", game, 2 * seed + p) for p in (0, 1)]
    rows: list[tuple[list[float], int]] = []
    turn = 0
    while state.actors:
        if state.turn != turn:
            turn = state.turn
            if turn >= record_from:
                f = ev.features(state)
                if f is not None:
                    rows.append((f, state.current))
        p = state.actors[0]
        legal = state.legal_actions(p)
        if state.turn < record_from and rng.random() < mix:
            action = rng.choice(legal)
        else:
            action = agents[p].act(SeatHandle(state, p))
        state.apply(p, action)
    result = state.result()
    return [(f, result.payoff(mover)) for f, mover in rows]


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3) -> np.ndarray:
    """Logistic regression by Newton's method; the last column of ``x`` is the intercept."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        grad = x.T @ (p - y) + l2 * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-9:
            break
    return w


def scores(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> tuple[float, float]:
    """Log loss (draws as half) and accuracy on decided games."""
    p = np.clip(1.0 / (1.0 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    decided = y != 0.5
    acc = float(np.mean((p[decided] > 0.5) == (y[decided] > 0.5)))
    return loss, acc


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=12000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--mix", type=float, default=0.3)
    ap.add_argument("--max-turn", type=int, default=16)
    ap.add_argument("--holdout", type=float, default=0.25)
    args = ap.parse_args()
    game: Any = get_game("sala-de-miaula")
    decks = sorted(game.starter_decks())
    t0 = time.perf_counter()
    games = []
    for i in range(args.games):
        mix = (0.0, args.mix / 2, args.mix)[i % 3]
        games.append(play(game, args.seed + i, decks, mix, args.max_turn))
    cut = int(len(games) * (1 - args.holdout))
    sets = []
    for part in (games[:cut], games[cut:]):
        rows = [r for g in part for r in g]
        x = np.array([[*f, 1.0] for f, _ in rows])
        y = np.array([v for _, v in rows])
        sets.append((x, y))
    (xt, yt), (xh, yh) = sets
    print(f"{len(yt)} training and {len(yh)} held-out positions, {time.perf_counter() - t0:.0f} s")
    w = fit(xt, yt)
    life_only = np.zeros_like(w)
    life_only[[0, -1]] = fit(xt[:, [0, -1]], yt)
    current = np.array([*ev.WEIGHTS.values(), ev.BIAS])
    for name, ww in (("life only", life_only), ("module now", current), ("fitted", w)):
        loss, acc = scores(xh, yh, ww)
        print(f"{name:<11} held-out log loss {loss:.4f}  accuracy {acc:.3f}")
    print(f"BIAS = {w[-1]:.3f}")
    print("WEIGHTS = {")
    for name, v in zip(ev.FEATURES, w[:-1], strict=True):
        print(f'    "{name}": {v:.3f},')
    print("}")


if __name__ == "__main__":
    main()
