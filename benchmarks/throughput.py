#!/usr/bin/env python3
"""Throughput of every registered game on one core, through the public engine contract.

Prints, per game and player count: random games/s, decisions/s (legal_actions + choice +
apply), decisions per game, and determinize-and-copy/s (``determinize(p, rng)`` on mid-game
states). Rates are per second of this process's CPU time (one core), so other work on a shared
machine does not lower them; ``--wall`` uses wall-clock time instead. A script that prints
figures, not a test.

    python benchmarks/throughput.py                       # every game, ~3 s per measurement
    python benchmarks/throughput.py exploding-kittens --players 2 --seconds 10
    python benchmarks/throughput.py --save base.json      # then, after a change:
    python benchmarks/throughput.py --baseline base.json  # side by side, with the ratio
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import ludoteca

clock = time.process_time


def playouts(game: ludoteca.Game, n: int, seconds: float, seed: int) -> tuple[float, float, float]:
    """Random games for about ``seconds``: games/s, decisions/s, decisions per game."""
    rng = random.Random(seed)
    games = decisions = 0
    t0 = clock()
    deadline = t0 + seconds
    while True:
        state = game.new_game(n, seed + games, {})
        while not state.is_over:
            actors = state.actors
            p = actors[0] if len(actors) == 1 else rng.choice(actors)
            state.apply(p, rng.choice(state.legal_actions(p)))
            decisions += 1
        games += 1
        if clock() >= deadline:
            break
    dt = clock() - t0
    return games / dt, decisions / dt, decisions / games


def midgame_states(game: ludoteca.Game, n: int, count: int, seed: int) -> list[ludoteca.GameState]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.new_game(n, seed + len(out), {})
        log = []
        while not state.is_over:
            p = rng.choice(state.actors)
            a = rng.choice(state.legal_actions(p))
            state.apply(p, a)
            log.append((p, a))
        s = game.new_game(n, seed + len(out), {})
        for p, a in log[: len(log) // 2]:
            s.apply(p, a)
        if s.actors:
            out.append(s)
    return out


def determinizations(game: ludoteca.Game, n: int, seconds: float, seed: int) -> float:
    states = midgame_states(game, n, 50, seed)
    rng = random.Random(seed)
    done = 0
    t0 = clock()
    deadline = t0 + seconds
    while clock() < deadline:
        for s in states:
            s.determinize(s.actors[0], rng)
        done += len(states)
    return done / (clock() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    ap.add_argument(
        "--players", type=int, action="append", help="player counts (default: min and max)"
    )
    ap.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--save", type=Path, help="write the figures as JSON")
    ap.add_argument("--baseline", type=Path, help="a file written by --save, printed beside")
    ap.add_argument("--wall", action="store_true", help="wall-clock time instead of CPU time")
    args = ap.parse_args()
    global clock
    if args.wall:
        clock = time.perf_counter
    ids = args.games or [g.id for g in ludoteca.list_games()]
    base = json.loads(args.baseline.read_text()) if args.baseline else {}
    rows = {}
    head = f"{'game':<20}{'players':>8}{'games/s':>11}{'decisions/s':>14}{'dec/game':>10}{'determinize/s':>15}"
    if base:
        head += f"{'base dec/s':>12}{'ratio':>7}{'base det/s':>12}{'ratio':>7}"
    print(head)
    print("-" * len(head))
    for gid in ids:
        game = ludoteca.get_game(gid)
        counts = args.players or sorted({game.min_players, game.max_players})
        for n in counts:
            if not game.min_players <= n <= game.max_players:
                continue
            gps, dps, dpg = playouts(game, n, args.seconds, args.seed)
            det = determinizations(game, n, args.seconds, args.seed)
            key = f"{gid}/{n}"
            rows[key] = {
                "games_per_s": gps,
                "decisions_per_s": dps,
                "decisions_per_game": dpg,
                "determinize_per_s": det,
            }
            line = f"{gid:<20}{n:>8}{gps:>11.1f}{dps:>14,.0f}{dpg:>10.1f}{det:>15,.0f}"
            b = base.get(key)
            if b:
                line += f"{b['decisions_per_s']:>12,.0f}{dps / b['decisions_per_s']:>7.2f}"
                line += f"{b['determinize_per_s']:>12,.0f}{det / b['determinize_per_s']:>7.2f}"
            print(line, flush=True)
    if args.save:
        meta = {
            "python": sys.version.split()[0],
            "seconds": args.seconds,
            "clock": "wall" if args.wall else "cpu",
        }
        args.save.write_text(json.dumps({"meta": meta, **rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
