#!/usr/bin/env python3
"""Figures that justify the Exploding Kittens deck table (data/decks.toml), per player count.

For each count 2..10 it plays games through the engine (heuristic agents at every seat by
default) and prints: the deck's size, the game length in turns (mean and 90th percentile), and
how often a player is out before their third turn (share of eliminated-or-not players, and share
of games where it happens to someone).

    .venv/bin/python benchmarks/exploding_kittens_deck.py            # 300 games per count
    .venv/bin/python benchmarks/exploding_kittens_deck.py -n 1000 --agent random
"""

from __future__ import annotations

import argparse
import statistics
import time

from ludoteca.agents import make_agent
from ludoteca.engine import SeatHandle
from ludoteca.games.exploding_kittens import GAME
from ludoteca.games.exploding_kittens.cards import DECKS


def p90(xs: list[int]) -> float:
    s = sorted(xs)
    return float(s[min(len(s) - 1, int(0.9 * len(s)))])


def run(n: int, games: int, agent: str, seed: int) -> dict[str, float]:
    turns: list[int] = []
    early_players = 0
    early_games = 0
    for g in range(games):
        st = GAME.new_game(n, seed=seed + g)
        agents = [make_agent(agent, GAME, seed * 31 + g * n + p) for p in range(n)]
        while not st.is_over:
            p = st.actors[0]
            st.apply(p, agents[p].act(SeatHandle(st, p)))
        d = st.result().details
        turns.append(d["turns"])
        early = sum(1 for p in d["eliminated"] if d["turns_by_seat"][p] <= 2)
        early_players += early
        early_games += early > 0
    return {
        "deck": sum(DECKS[n]),
        "mean": statistics.fmean(turns),
        "p90": p90(turns),
        "early_players": 100 * early_players / (games * n),
        "early_games": 100 * early_games / games,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("-n", type=int, default=300, help="games per player count")
    ap.add_argument("--agent", default="heuristic", help="agent at every seat (heuristic, random)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default="2-10", help="counts, e.g. 2-10 or 4")
    args = ap.parse_args()
    lo, _, hi = args.players.partition("-")
    counts = range(int(lo), int(hi or lo) + 1)
    print(f"{args.n} games per count, {args.agent} agents at every seat")
    print(
        "| players | cards | mean turns | p90 turns | players out before their 3rd turn | games where someone is |"
    )
    print("|---:|---:|---:|---:|---:|---:|")
    t0 = time.perf_counter()
    for n in counts:
        r = run(n, args.n, args.agent, args.seed)
        print(
            f"| {n} | {r['deck']:.0f} | {r['mean']:.1f} | {r['p90']:.0f} | "
            f"{r['early_players']:.1f}% | {r['early_games']:.1f}% |",
            flush=True,
        )
    print(f"({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
