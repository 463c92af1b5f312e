#!/usr/bin/env python3
"""Sala de Miaula: win rates of the four starter decks against each other, heuristic agents.

Every pair of decks is played in both seat orders and with each seat starting, ``-n`` games per
configuration (so 4n games per pair). Prints the win-rate table (row deck against column deck;
a draw counts half), the first-player advantage and the average game length.

    .venv/bin/python benchmarks/sala_de_miaula_balance.py            # ~6000 games, a few minutes
    .venv/bin/python benchmarks/sala_de_miaula_balance.py -n 50 --workers 2
"""

from __future__ import annotations

import argparse
import itertools
import math
import time

from ludoteca.games.sala_de_miaula import GAME
from ludoteca.sim import simulate

GAME_ID = "sala-de-miaula"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument(
        "-n", type=int, default=250, help="games per configuration (pair x seats x starter)"
    )
    ap.add_argument("--agent", default="heuristic", help="agent spec for both seats")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()

    decks = sorted(GAME.starter_decks())
    score: dict[tuple[str, str], float] = {}
    played: dict[tuple[str, str], int] = {}
    first_wins = first_games = 0.0
    turns = games = 0
    t0 = time.perf_counter()
    for i, (a, b) in enumerate(itertools.permutations(decks, 2)):
        for first in (0, 1):
            opts = {"deck_0": a, "deck_1": b, "first_player": first}
            res = simulate(
                GAME_ID,
                args.n,
                2,
                [args.agent, args.agent],
                seed=args.seed + 100_000 * (2 * i + first),
                workers=args.workers,
                options=opts,
                keep_records=False,
            )
            for g in res.games:
                share = 1.0 / len(g.winners)
                s0 = share if 0 in g.winners else 0.0
                s1 = share if 1 in g.winners else 0.0
                score[a, b] = score.get((a, b), 0.0) + s0
                score[b, a] = score.get((b, a), 0.0) + s1
                played[a, b] = played.get((a, b), 0) + 1
                played[b, a] = played.get((b, a), 0) + 1
                first_wins += s0 if first == 0 else s1
                first_games += 1
                turns += g.turns or 0
                games += 1
    dt = time.perf_counter() - t0

    width = max(len(d) for d in decks) + 2
    print(
        f"Sala de Miaula starter decks, {args.agent} vs {args.agent}: {games} games in {dt:.0f} s"
    )
    print("win rate of the row deck against the column deck (both seats, both starting orders)\n")
    print(" " * width + "".join(f"{d:>{width}}" for d in decks))
    worst = 0.0
    for a in decks:
        cells = []
        for b in decks:
            if a == b:
                cells.append(f"{'-':>{width}}")
                continue
            rate = score[a, b] / played[a, b]
            worst = max(worst, rate)
            cells.append(f"{rate:>{width}.3f}")
        print(f"{a:<{width}}" + "".join(cells))
    per_pair = played[decks[0], decks[1]]
    ci = 1.96 * math.sqrt(0.25 / per_pair)
    fp = first_wins / first_games
    fci = 1.96 * math.sqrt(0.25 / first_games)
    print(f"\n{per_pair} games per pair; 95% margin of a cell: ±{ci:.3f}")
    print(f"highest win rate of one starter deck against another: {worst:.3f}")
    print(f"first-player win rate: {fp:.3f} ± {fci:.3f} (advantage {fp - 0.5:+.3f})")
    print(f"average length: {turns / games:.1f} turns")


if __name__ == "__main__":
    main()
