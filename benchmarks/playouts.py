#!/usr/bin/env python3
"""The compiled playout core against the pure-Python reference, in one interleaved run.

For every game that has a core and every player count, random games/s on one core:

- ``reference``: the engine loop that ``simulate`` runs (new_game, a RandomAgent per seat,
  ``legal_actions`` + ``choice`` + ``apply``), no match record;
- ``core``: whole games in compiled code (the deal too), the same games move for move;
- ``core+py``: the path ``simulate`` takes: new_game in Python, the playout in the core, the
  state written back (what a caller that needs the ``GameState`` gets).

Then ISMCTS iterations/s (``rollout=random``) with and without the core from the same
mid-game states, and, where the core has the game's heuristic agent, heuristic games/s (every
seat the heuristic agent; the engine loop against the core from a Python state). The rounds alternate A, B, A, B and report the median of each; rates are per
second of this process's CPU time (``--wall`` for wall-clock). The peers (TAG's forward model,
OpenSpiel's goofspiel) are measured side by side with the cores in ``benchmarks/peers.py``.

    python benchmarks/playouts.py                         # every game, every count
    python benchmarks/playouts.py exploding-kittens --players 2 4 --seconds 2 --rounds 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

import numpy as np

import ludoteca
from ludoteca.agents import compiled as AC
from ludoteca.agents import make_agent
from ludoteca.agents.ismcts import Budget, search
from ludoteca.engine import SeatHandle
from ludoteca.engine import compiled as fast


def timed(fn: Callable[[], int], clock: Callable[[], float], seconds: float) -> float:
    """Calls ``fn`` (which returns how many units it did) for about ``seconds``: units/s."""
    done = 0
    t0 = clock()
    while True:
        done += fn()
        dt = clock() - t0
        if dt >= seconds:
            return done / dt


def reference_games(game: ludoteca.Game, n: int, seed: list[int]) -> Callable[[], int]:
    def run() -> int:
        s = seed[0]
        seed[0] += 1
        state = game.new_game(n, s, {})
        rngs = [random.Random(s * 31 + p) for p in range(n)]
        while not state.is_over:
            p = state.actors[0]
            state.apply(p, rngs[p].choice(state.legal_actions(p)))
        return 1

    return run


def core_games(game: ludoteca.Game, n: int, seed: list[int], batch: int = 200) -> Callable[[], int]:
    core = fast.core_for(game)
    assert core is not None
    options = game.new_game(n, 0, {}).options  # type: ignore[attr-defined]

    def run() -> int:
        s = seed[0]
        seed[0] += batch
        seeds = np.arange(s, s + batch, dtype=np.int64)
        agent_seeds = seeds[:, None] * 31 + np.arange(n, dtype=np.int64)[None, :]
        core.random_games(seeds, n, options, agent_seeds)  # type: ignore[attr-defined]
        return batch

    return run


def core_py_games(game: ludoteca.Game, n: int, seed: list[int]) -> Callable[[], int]:
    def run() -> int:
        s = seed[0]
        seed[0] += 1
        state = game.new_game(n, s, {})
        fast.play_random(state, [random.Random(s * 31 + p) for p in range(n)], record=False)
        return 1

    return run


def heuristic_games(
    game: ludoteca.Game, n: int, seed: list[int], use_core: bool
) -> Callable[[], int]:
    """Heuristic agents in every seat (``simulate`` with ``heuristic``): the engine, or the core."""

    def run() -> int:
        s = seed[0]
        seed[0] += 1
        state = game.new_game(n, s, {})
        agents = [make_agent("heuristic", game, s * 31 + p) for p in range(n)]
        if use_core:
            AC.play_agents(state, agents, record=False)
            return 1
        while not state.is_over:
            p = state.actors[0]
            state.apply(p, agents[p].act(SeatHandle(state, p)))
        return 1

    return run


def midgame(game: ludoteca.Game, n: int, seed: int) -> ludoteca.GameState:
    rng = random.Random(seed)
    state = game.new_game(n, seed, {})
    for _ in range(3 * n):
        p = state.actors[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    return state


def ismcts(
    state: ludoteca.GameState, use_core: bool, iters: int, rollout: str
) -> Callable[[], int]:
    p = state.actors[0]
    budget = Budget(iters, None, rollout=rollout)
    rng = random.Random(1)

    def run() -> int:
        if use_core:
            search(SeatHandle(state, p), rng, budget)
        else:
            with fast.disabled():
                search(SeatHandle(state, p), rng, budget)
        return iters

    return run


def simulate_games(
    gid: str, n: int, agent: str, use_core: bool, seed: list[int]
) -> Callable[[], int]:
    """``sim.simulate`` as the CLI runs it (match records kept, one worker), 100 games a call."""
    from ludoteca.sim import simulate

    def run() -> int:
        s = seed[0]
        seed[0] += 100
        if use_core:
            simulate(gid, 100, n, [agent], seed=s)
        else:
            with fast.disabled():
                simulate(gid, 100, n, [agent], seed=s)
        return 100

    return run


def interleaved(
    arms: dict[str, Callable[[], int]], rounds: int, seconds: float, clock: Callable[[], float]
) -> dict[str, float]:
    rates: dict[str, list[float]] = {k: [] for k in arms}
    for _ in range(rounds):
        for name, fn in arms.items():
            rates[name].append(timed(fn, clock, seconds))
    return {k: statistics.median(v) for k, v in rates.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", help="game ids (default: every game with a core)")
    ap.add_argument("--players", type=int, nargs="*", help="player counts (default: all)")
    ap.add_argument("--seconds", type=float, default=1.0, help="per measurement")
    ap.add_argument("--rounds", type=int, default=3, help="A/B rounds (median reported)")
    ap.add_argument("--iterations", type=int, default=200, help="ISMCTS iterations per search")
    ap.add_argument("--rollout", default="random", choices=("random", "heuristic"))
    ap.add_argument("--no-ismcts", action="store_true")
    ap.add_argument("--no-simulate", action="store_true", help="skip the simulate figures")
    ap.add_argument("--wall", action="store_true", help="wall-clock instead of CPU time")
    args = ap.parse_args(argv)
    clock = time.perf_counter if args.wall else time.process_time
    ids = args.games or [g.id for g in ludoteca.list_games() if fast.available(g)]
    print(f"# fast core: {'on' if fast.AVAILABLE else 'off: ' + fast.why_not(ids[0])}")
    print(f"# {args.rounds} interleaved rounds x {args.seconds:g} s, median; per CPU-second")
    print(f"# ismcts: {args.iterations} iterations a search, rollout={args.rollout}")
    print(
        f"{'game':18} {'n':>2} {'reference':>10} {'core':>10} {'core+py':>10} {'core÷ref':>9}"
        f"  {'ismcts ref':>10} {'ismcts core':>11} {'÷':>5}"
        f"  {'heur ref':>9} {'heur core':>9} {'÷':>5}"
    )
    for gid in ids:
        game = ludoteca.get_game(gid)
        if not fast.available(game):
            print(f"{gid:18} no core: {fast.why_not(game)}")
            continue
        counts = args.players or list(range(game.min_players, game.max_players + 1))
        for n in counts:
            if not game.min_players <= n <= game.max_players:
                continue
            # warm up: compile (or load the cache) outside the timings
            core_games(game, n, [0], 2)()
            core_py_games(game, n, [0])()
            arms = {
                "ref": reference_games(game, n, [10_000]),
                "core": core_games(game, n, [10_000]),
                "core_py": core_py_games(game, n, [10_000]),
            }
            core = fast.core_for(game)
            heur = core is not None and AC.heuristic_class(core) is not None
            if heur:
                arms["heur_ref"] = heuristic_games(game, n, [10_000], False)
                arms["heur_core"] = heuristic_games(game, n, [10_000], True)
            if not args.no_ismcts:
                state = midgame(game, n, 5)
                arms["ismcts_ref"] = ismcts(state, False, args.iterations, args.rollout)
                arms["ismcts_core"] = ismcts(state, True, args.iterations, args.rollout)
            r = interleaved(arms, args.rounds, args.seconds, clock)
            ism = (
                f"{r['ismcts_ref']:>10,.0f} {r['ismcts_core']:>11,.0f} "
                f"{r['ismcts_core'] / r['ismcts_ref']:>5.1f}"
                if not args.no_ismcts
                else f"{'':>10} {'':>11} {'':>5}"
            )
            h = (
                f"{r['heur_ref']:>9,.0f} {r['heur_core']:>9,.0f} {r['heur_core'] / r['heur_ref']:>5.1f}"
                if heur
                else f"{'-':>9} {'-':>9} {'':>5}"
            )
            print(
                f"{gid:18} {n:>2} {r['ref']:>10,.0f} {r['core']:>10,.0f} {r['core_py']:>10,.0f} "
                f"{r['core'] / r['ref']:>9.1f}  {ism}  {h}",
                flush=True,
            )
    if not args.no_simulate:
        print("# simulate (records kept, one worker): games/s, reference -> core")
        for gid in ids:
            game = ludoteca.get_game(gid)
            core = fast.core_for(game)
            if core is None:
                continue
            agents = ["random"] + (["heuristic"] if AC.heuristic_class(core) is not None else [])
            for agent in agents:
                for n in sorted({game.min_players, min(4, game.max_players)}):
                    if args.players and n not in args.players:
                        continue
                    arms = {
                        "ref": simulate_games(gid, n, agent, False, [0]),
                        "core": simulate_games(gid, n, agent, True, [0]),
                    }
                    r = interleaved(arms, args.rounds, args.seconds, clock)
                    print(
                        f"{gid:18} {n:>2} {agent:10} {r['ref']:>9,.0f} -> {r['core']:>9,.0f}"
                        f"  ({r['core'] / r['ref']:.1f}x)",
                        flush=True,
                    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
