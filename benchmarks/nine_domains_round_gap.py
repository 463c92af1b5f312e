"""How far from an equilibrium the ``equilibrium`` agent's round solver stops (The Nine Domains).

At each round's first placement the agent (``solver=round``, the default) solves the round as a
Bayesian matrix game (``agents/equilibrium/round_game.py``) and records two best-response
values over *all* rows: ``upper``, our best row against the opponent types' mixtures, and
``lower``, our mixture against each type's best row. The game's value lies between them, so
``upper - lower`` bounds how much either side could gain by deviating (in win share), within
the model: the opponent knows our hand (it can only exploit more than a real one), the powers
after the round follow the model's greedy rule, and the position after rounds 1 and 2 is
valued by the fitted leaf evaluation. Round 3 is valued exactly (the end of the game).

This script plays G games of the agent against ``heuristic`` (seats alternating) and prints,
per round, the gap's mean and maximum, the solve time, the double-oracle steps and the
support of the mixed row.

    .venv/bin/python benchmarks/nine_domains_round_gap.py --games 20 --seed 96500
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict
from typing import Any

from ludoteca import get_game
from ludoteca.agents import make_agent
from ludoteca.engine import SeatHandle


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=96500)
    ap.add_argument("--agent", default="equilibrium", help="the agent spec (solver=round)")
    args = ap.parse_args()
    game = get_game("nine-domains")
    per_round: dict[int, list[tuple[float, float, int, int, float]]] = defaultdict(list)
    for g in range(args.games):
        state: Any = game.new_game(2, args.seed + g)
        me = g % 2
        agents = {
            me: make_agent(args.agent, game, seed=g),
            1 - me: make_agent("heuristic", game, seed=g),
        }
        while state.actors:
            p = state.actors[0]
            before = getattr(agents[p], "last_solution", None)
            t = time.perf_counter()
            action = agents[p].act(SeatHandle(state, p))
            dt = time.perf_counter() - t
            sol = getattr(agents[p], "last_solution", None)
            if p == me and sol is not None and sol is not before:
                gap = sol.upper - sol.lower
                per_round[state.rnd + 1].append(
                    (gap, dt, sol.oracle_steps, len(sol.rows), max(sol.probs))
                )
            state.apply(p, action)
    print(f"{args.agent} against heuristic, {args.games} games from seed {args.seed}")
    print("round  solves  gap mean  gap max  seconds mean  max  DO steps  support  top row p")
    for rnd, xs in sorted(per_round.items()):
        gaps = [x[0] for x in xs]
        secs = [x[1] for x in xs]
        print(
            f"{rnd:>5}  {len(xs):>6}  {statistics.mean(gaps):8.4f}  {max(gaps):7.4f}  "
            f"{statistics.mean(secs):12.2f}  {max(secs):4.2f}  "
            f"{statistics.mean(x[2] for x in xs):8.1f}  {statistics.mean(x[3] for x in xs):7.1f}  "
            f"{statistics.mean(x[4] for x in xs):9.2f}"
        )


if __name__ == "__main__":
    main()
