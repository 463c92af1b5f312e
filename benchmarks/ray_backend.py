#!/usr/bin/env python3
"""Games/s of the simulation on the local process pool and on Ray, same seeds, interleaved.

Each measurement runs in a fresh process (A, B, A, B, ...), so neither backend inherits the
other's processes or warm caches. A run's games/s counts only the playing; Ray's start-up (a
local instance, or joining --address) is printed apart. Every run prints a digest of its
per-game rows (and of the match records with --records): equal digests mean both backends
played the very same games.

    .venv/bin/python benchmarks/ray_backend.py                      # EK 2p random, 10,000 games
    .venv/bin/python benchmarks/ray_backend.py -n 100000 --rounds 1
    .venv/bin/python benchmarks/ray_backend.py --game nine-domains --agents random,heuristic
    .venv/bin/python benchmarks/ray_backend.py --address HEAD:6379 --backends ray
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import pickle
import statistics
import subprocess
import sys
import time
from typing import Any

from ludoteca.sim import GameOutcome


def child(args: argparse.Namespace) -> dict[str, Any]:
    from ludoteca.sim import simulate
    from ludoteca.sim.backends import LocalPool, RayBackend

    agents = [a.strip() for a in args.agents.split(",")]
    t0 = time.perf_counter()
    backend: LocalPool | RayBackend
    if args.child == "ray":
        backend = RayBackend(
            args.address,
            num_cpus=None if args.address else args.workers,
            batch_size=args.batch_size,
        )
    else:
        backend = LocalPool(args.workers, args.batch_size)
    with backend:
        startup = time.perf_counter() - t0
        cpus = backend.cpus() if isinstance(backend, RayBackend) else args.workers
        batch = backend.batch_for(args.n) if isinstance(backend, RayBackend) else None
        t1 = time.perf_counter()
        res = simulate(
            args.game,
            args.n,
            args.players,
            agents,
            seed=args.seed,
            keep_records=args.records,
            backend=backend,
        )
        run = time.perf_counter() - t1
    digest = hashlib.sha256()
    for g in res.games:  # in index order: the runner restores it
        row = {**g.to_row(), "record": g.record} if args.records else g.to_row()
        digest.update(json.dumps(row, sort_keys=True).encode())
    return {
        "backend": args.child,
        "startup_s": startup,
        "run_s": run,
        "games_per_s": args.n / run,
        "cpus": cpus,
        "batch": batch,
        "digest": digest.hexdigest()[:16],
    }


def driver_ceiling(args: argparse.Namespace, games: int = 20_000) -> dict[str, float]:
    """Games/s one driver process can take in, as ``ludoteca simulate`` does with any backend
    (``cli/simulate_cmd.py``): the tasks' results unpickled (blocks of columns where the core
    plays every seat, else each game's outcome), written (no ``--out``, ``--out x.csv``, or
    ``--out x.jsonl`` with every match record) and summarised; CPU time of the driver, the
    games played beforehand and pickled as the workers send them. Past it, more CPUs in the
    cluster stop helping."""
    import tempfile
    from pathlib import Path

    from ludoteca.cli.simulate_cmd import OutcomeWriter
    from ludoteca.sim import SimulationResult
    from ludoteca.sim.blocks import GameBlock
    from ludoteca.sim.heap import keep_freed_memory
    from ludoteca.sim.runner import iter_blocks

    keep_freed_memory()  # as the simulate command does in its process
    agents = [a.strip() for a in args.agents.split(",")]
    rates: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as d:
        for suffix in ("", "csv", "jsonl"):
            parts = iter_blocks(
                args.game, games, args.players, agents, args.seed, keep_records=suffix == "jsonl"
            )
            sent = pickle.dumps(list(parts))
            t0 = time.process_time()
            writer = OutcomeWriter(Path(d) / f"x.{suffix}", args.players) if suffix else None
            rows: list[GameOutcome] = []
            blocks: list[GameBlock] = []
            for g in pickle.loads(sent):
                if isinstance(g, GameBlock):
                    if writer is not None:
                        writer.write_block(g)
                    g.drop_moves()
                    blocks.append(g)
                else:
                    if writer is not None:
                        writer.write(g)
                        g.record = {}
                    rows.append(g)
            if writer is not None:
                writer.close()
            SimulationResult(args.game, args.players, agents, rows, blocks).summary()
            rates[suffix] = games / (time.process_time() - t0)
    return rates


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("-n", type=int, default=10_000, help="games per run")
    ap.add_argument("--game", default="exploding-kittens")
    ap.add_argument("--players", "-p", type=int, default=2)
    ap.add_argument("--agents", default="random", help="comma-separated, rotated over seats")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", "-w", type=int, default=os.cpu_count() or 1,
                    help="local pool processes, and CPUs of the local Ray instance")  # fmt: skip
    ap.add_argument("--batch-size", type=int, default=None, help="games per task (default auto)")
    ap.add_argument(
        "--address", default=None, help="an existing Ray cluster instead of a local one"
    )
    ap.add_argument("--records", action="store_true", help="keep full match records (as --out)")
    ap.add_argument("--rounds", type=int, default=2, help="A, B repetitions")
    ap.add_argument("--backends", default="local,ray", help="which to run, in this order")
    ap.add_argument("--child", choices=["local", "ray"], help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(child(args)))
        return

    passthrough = sys.argv[1:]
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": os.environ.get("RAY_USAGE_STATS_ENABLED", "0")}
    print(
        f"{args.game}, {args.players} players, agents {args.agents}, {args.n:,} games per run, "
        f"seed {args.seed}, workers {args.workers}, records {'on' if args.records else 'off'}"
    )
    print(f"{'run':>4} {'backend':<7} {'cpus':>4} {'batch':>6} {'start s':>8} {'play s':>8} "
          f"{'games/s':>9}  digest")  # fmt: skip
    rates: dict[str, list[float]] = {}
    digests: set[str] = set()
    for r in range(args.rounds):
        for b in args.backends.split(","):
            out = subprocess.run(
                [sys.executable, __file__, *passthrough, "--child", b],
                env=env,
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            m = json.loads(out.strip().splitlines()[-1])
            rates.setdefault(b, []).append(m["games_per_s"])
            digests.add(m["digest"])
            print(
                f"{r + 1:>4} {b:<7} {m['cpus']:>4} {m['batch'] or '-':>6} {m['startup_s']:>8.2f} "
                f"{m['run_s']:>8.2f} {m['games_per_s']:>9.0f}  {m['digest']}"
            )
    for b, v in rates.items():
        print(f"{b}: median {statistics.median(v):,.0f} games/s over {len(v)} runs")
    if "local" in rates and "ray" in rates:
        # each round's pair ran back to back, so its ratio shares the machine's load of the moment
        ratios = [r / lo for lo, r in zip(rates["local"], rates["ray"], strict=True)]
        print("ray / local per round: " + ", ".join(f"{x:.2f}" for x in ratios)
              + f" (median {statistics.median(ratios):.2f})")  # fmt: skip
    print("same games on every run: " + ("yes" if len(digests) == 1 else f"NO ({len(digests)})"))
    ceiling = driver_ceiling(args)
    print(
        f"driver ceiling (CPU time of the driver): {ceiling['']:,.0f} games/s taking results in"
        f" and summarising them (no --out), {ceiling['csv']:,.0f} also writing them as CSV rows,"
        f" {ceiling['jsonl']:,.0f} as JSON Lines with every match record"
    )


if __name__ == "__main__":
    main()
