"""ISMCTS iterations per second, per game (one core, random rollouts unless --rollout).

With ``--leaf N`` playouts stop after N moves and the game's leaf evaluation values the
position (games without one are skipped).

For each game: P positions reached by random play (deal seeds 0..P-1, a random number of
moves in), at each a search of N iterations by the first actor; prints iterations/s (total
iterations over total search time) and the mean time per move at that budget.

    .venv/bin/python benchmarks/ismcts_speed.py
    .venv/bin/python benchmarks/ismcts_speed.py --games nine-domains --iterations 2000 --players 2
    .venv/bin/python benchmarks/ismcts_speed.py --games sala-de-miaula --rollout heuristic --leaf 0
    .venv/bin/python benchmarks/ismcts_speed.py --games coatl --leaf 0 --reward eval
    .venv/bin/python benchmarks/ismcts_speed.py --games sala-de-miaula --rollout heuristic --leaf 0 --compare

``--compare``: each game with the compiled core and without (``fast.disabled()``), the core
compiled or loaded first, the two runs interleaved ``--rounds`` times (medians, CPU time).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import ludoteca
from ludoteca.agents.evaluation import get_evaluator
from ludoteca.agents.ismcts import Budget, search
from ludoteca.engine import SeatHandle
from ludoteca.engine import compiled as fast


def positions(game: ludoteca.Game, players: int, count: int) -> list[ludoteca.GameState]:
    out: list[ludoteca.GameState] = []
    seed = 0
    while len(out) < count:
        rng = random.Random(seed)
        state = game.new_game(players, seed)
        for _ in range(rng.randrange(0, 12)):
            if not state.actors:
                break
            p = state.actors[0]
            state.apply(p, rng.choice(state.legal_actions(p)))
        seed += 1
        if state.actors and len(state.legal_actions(state.actors[0])) > 1:
            out.append(state)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", default=",".join(g.id for g in ludoteca.list_games()))
    ap.add_argument("--players", type=int, default=None, help="default: each game's minimum")
    ap.add_argument("--positions", type=int, default=5)
    ap.add_argument("--iterations", type=int, default=500)
    ap.add_argument("--rollout", default="random", choices=["random", "heuristic"])
    ap.add_argument("--leaf", type=int, default=None, help="playout moves before the evaluation")
    ap.add_argument("--reward", default="win", choices=["win", "eval"])
    ap.add_argument("--compare", action="store_true", help="with and without the compiled core")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds for --compare")
    args = ap.parse_args()
    if args.compare:
        compare(args)
        return
    budget = f"rollout={args.rollout}, leaf={args.leaf}, reward={args.reward}"
    print(f"ISMCTS, {args.iterations} iterations per move, {budget}, one core")
    print(f"{'game':<20} {'players':>7} {'iterations/s':>13} {'s per move':>11}")
    for gid in args.games.split(","):
        game = ludoteca.get_game(gid)
        if args.leaf is not None and get_evaluator(game) is None:
            print(f"{gid:<20} (no leaf evaluation)")
            continue
        n = args.players or game.min_players
        states = positions(game, n, args.positions)
        total = 0.0
        for i, state in enumerate(states):
            handle = SeatHandle(state, state.actors[0])
            t0 = time.perf_counter()
            spend = Budget(
                args.iterations, None, rollout=args.rollout, leaf=args.leaf, reward=args.reward
            )
            search(handle, random.Random(i), spend)
            total += time.perf_counter() - t0
        rate = args.iterations * len(states) / total
        print(f"{gid:<20} {n:>7} {rate:>13.0f} {total / len(states):>11.3f}")


def compare(args: argparse.Namespace) -> None:
    spend = Budget(args.iterations, None, rollout=args.rollout, leaf=args.leaf, reward=args.reward)
    print(f"ISMCTS, {args.iterations} iterations per move, {spend}, one core, CPU time")
    print(f"{'game':<20} {'players':>7} {'reference it/s':>15} {'core it/s':>10} {'ratio':>6}")
    for gid in args.games.split(","):
        game = ludoteca.get_game(gid)
        if args.leaf is not None and get_evaluator(game) is None:
            continue
        fast.warm_up([gid])
        n = args.players or game.min_players
        states = positions(game, n, args.positions)

        def rate(states: list[ludoteca.GameState] = states) -> float:
            t0 = time.process_time()
            for i, state in enumerate(states):
                search(SeatHandle(state, state.actors[0]), random.Random(i), spend)
            return args.iterations * len(states) / (time.process_time() - t0)

        ref, core = [], []
        for _ in range(args.rounds):
            with fast.disabled():
                ref.append(rate())
            core.append(rate())
        a, b = statistics.median(ref), statistics.median(core)
        print(f"{gid:<20} {n:>7} {a:>15.0f} {b:>10.0f} {b / a:>5.2f}x")


if __name__ == "__main__":
    main()
