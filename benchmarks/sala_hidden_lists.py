#!/usr/bin/env python3
"""Sala de Miaula: the AI's strength with hidden deck lists against open ones.

The ``strong`` level's search (ISMCTS with heuristic rollouts and the leaf evaluation) plays
the heuristic agent under ``decklists=open`` (the search knows the opponent's whole list) and
``decklists=hidden`` (it draws the list from the starter decks and what was revealed:
docs/rules/sala-de-miaula.md, 2.8). The same seeds under both settings: the same deals, the
same agents' seeds, seats swapped every game, so the two columns differ only by what the
search knows. Its time budget is swapped for a fixed number of iterations, so the figures do
not depend on the machine's speed. Prints, not asserts.

    .venv/bin/python benchmarks/sala_hidden_lists.py                 # 40 games a setting
    .venv/bin/python benchmarks/sala_hidden_lists.py -n 100 --iterations 500 --workers 2
"""

from __future__ import annotations

import argparse
import math
import time

from ludoteca.agents.base import parse_spec
from ludoteca.agents.levels import levels_for
from ludoteca.sim import simulate

GAME_ID = "sala-de-miaula"


def strong(iterations: int) -> str:
    """The strong level's spec with ``iterations`` and no time budget."""
    name, options = parse_spec(levels_for(GAME_ID)["strong"])
    options.pop("seconds", None)
    options["iterations"] = iterations
    return ":".join([name, *(f"{k}={v}" for k, v in options.items())])


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (c - h, c + h)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("-n", type=int, default=40, help="games per setting (seats alternate)")
    ap.add_argument("--iterations", type=int, default=300, help="search iterations a move")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()

    spec = strong(args.iterations)
    print(f"{spec}  vs  heuristic, {args.n} games a setting, seed {args.seed}")
    print(f"{'decklists':<10} {'strong wins':>11} {'95% interval':>15} {'draws':>6} {'s/game':>7}")
    for setting in ("open", "hidden"):
        t0 = time.perf_counter()
        res = simulate(
            GAME_ID,
            args.n,
            2,
            [spec, "heuristic"],
            seed=args.seed,
            workers=args.workers,
            options={"decklists": setting},
            keep_records=False,
        )
        secs = time.perf_counter() - t0
        score = 0.0
        draws = 0
        for g in res.games:
            seat = g.seats.index(spec)  # the specs rotate by one seat a game
            if len(g.winners) > 1:
                draws += 1
                score += 0.5
            elif seat in g.winners:
                score += 1.0
        n = len(res.games)
        lo, hi = wilson(score, n)
        print(
            f"{setting:<10} {score / n:>11.3f} {f'{lo:.3f}-{hi:.3f}':>15} {draws:>6} "
            f"{secs / n:>7.1f}"
        )


if __name__ == "__main__":
    main()
