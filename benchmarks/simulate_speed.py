#!/usr/bin/env python3
"""``ludoteca simulate`` end to end against the core it drives and the pure-Python loop.

For every game with a compiled core, with random and with heuristic agents in every seat,
games/s on one process, side by side in one interleaved run (rounds alternate the arms; the
median of each is printed):

- ``core batch``: whole games in compiled code, the deal too (``core.random_games``; random
  agents only): the core's own playout rate;
- ``core``: ``new_game`` in Python, the playout in the core, no record (the state written
  back): the core's playout rate from a Python state;
- ``simulate``: ``sim.simulate`` as the CLI runs it, one worker, match records kept, each
  game's JSON line written (to an in-memory buffer) and the summary computed;
- ``python``: the same ``simulate`` with the core disabled (the reference loop).

Then the ratios the issue sets as bars: simulate ÷ python (≥ 8) and simulate ÷ core (≥ 0.8).

    python benchmarks/simulate_speed.py                                  # every game, 2 players
    python benchmarks/simulate_speed.py exploding-kittens --players 4 --seconds 1 --rounds 3
"""

from __future__ import annotations

import argparse
import io
import json
import random
import statistics
import sys
import time
from collections.abc import Callable

import numpy as np

import ludoteca
from ludoteca.agents import compiled as AC
from ludoteca.agents import make_agent
from ludoteca.cli.simulate_cmd import OutcomeWriter
from ludoteca.engine import compiled as fast
from ludoteca.sim import GameOutcome, simulate

AGENTS = ("random", "heuristic")
CHUNK = 200  # games per simulate call (its set-up, check_run, amortized as in a long run)


def timed(fn: Callable[[], int], seconds: float) -> float:
    """Calls ``fn`` (which returns how many games it played) for about ``seconds``: games/s."""
    done = 0
    t0 = time.process_time()
    while True:
        done += fn()
        dt = time.process_time() - t0
        if dt >= seconds:
            return done / dt


def core_batch(game: ludoteca.Game, n: int, seed: list[int], batch: int = 200) -> Callable[[], int]:
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


def core_from_python(game: ludoteca.Game, n: int, agent: str, seed: list[int]) -> Callable[[], int]:
    def run() -> int:
        s = seed[0]
        seed[0] += 1
        state = game.new_game(n, s, {})
        if agent == "random":
            fast.play_random(state, [random.Random(s * 31 + p) for p in range(n)], record=False)
        else:
            agents = [make_agent(agent, game, s * 31 + p) for p in range(n)]
            AC.play_agents(state, agents, record=False)
        return 1

    return run


def _line(g: GameOutcome) -> str:
    """The CLI writer's JSON line (or, run on a tree from before it had ``line``, its encoding)."""
    line = getattr(OutcomeWriter, "line", None)
    if line is not None:
        return str(line(g))
    return json.dumps({**g.to_row(), "record": g.record}, ensure_ascii=False)


def simulate_run(
    gid: str, n: int, agent: str, use_core: bool, seed: list[int]
) -> Callable[[], int]:
    """What ``ludoteca simulate --workers 1 --out games.jsonl`` does per game, summary included."""

    def play() -> None:
        res = simulate(gid, CHUNK, n, [agent], seed=seed[0])
        out = io.StringIO()
        for g in res.games:
            out.write(_line(g) + "\n")
        res.summary()

    def run() -> int:
        if use_core:
            play()
        else:
            with fast.disabled():
                play()
        seed[0] += CHUNK
        return CHUNK

    return run


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="game ids (default: every game with a core)")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=0.5, help="per arm and round")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args(argv)
    if not fast.AVAILABLE:
        print("no compiled cores here (numba missing)")
        return 1
    gids = args.games or [g for g in ludoteca.list_games() if fast.available(g)]
    n = args.players
    print(f"games/s, one process, CPU time, {n} players, median of {args.rounds} rounds")
    head = f"{'game':20} {'agents':10} {'core batch':>10} {'core':>9} {'simulate':>9}"
    print(head + f" {'python':>8} {'sim/core':>8} {'sim/batch':>9} {'sim/py':>7}")
    for gid in gids:
        game = ludoteca.get_game(gid)
        fast.warm_up([gid])
        for agent in AGENTS:
            try:
                make_agent(agent, game, 0)
            except ValueError:
                continue
            arms: dict[str, Callable[[], int]] = {}
            if agent == "random":
                arms["batch"] = core_batch(game, n, [0])
            arms["core"] = core_from_python(game, n, agent, [0])
            arms["sim"] = simulate_run(gid, n, agent, True, [0])
            arms["py"] = simulate_run(gid, n, agent, False, [0])
            for fn in arms.values():
                fn()  # warm: imports, the heuristic's table, the action JSON table
            rates: dict[str, list[float]] = {k: [] for k in arms}
            for _ in range(args.rounds):
                for k, fn in arms.items():
                    rates[k].append(timed(fn, args.seconds))
            r = {k: statistics.median(v) for k, v in rates.items()}
            batch = r.get("batch")
            per_batch = "-" if batch is None else f"{r['sim'] / batch:.2f}"
            print(
                f"{gid:20} {agent:10} {'-' if batch is None else f'{batch:,.0f}':>10}"
                f" {r['core']:>9,.0f} {r['sim']:>9,.0f} {r['py']:>8,.0f}"
                f" {r['sim'] / r['core']:>8.2f}"
                f" {per_batch:>9}"
                f" {r['sim'] / r['py']:>7.1f}"
            )
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
