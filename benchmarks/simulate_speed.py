#!/usr/bin/env python3
"""``ludoteca simulate`` end to end against the core's own playout loop and the pure-Python loop.

For every game with a compiled core, with random and with heuristic agents in every seat,
games/s on one process (CPU time), side by side in one interleaved run (rounds alternate the
arms; the median of each is printed):

- ``core``: the core's own loop: whole games dealt and played in compiled code, results in
  arrays, nothing else (``core.play_games`` without moves; where the core does not deal:
  ``new_game`` in Python and the playout in the core);
- ``sim parquet``: what ``ludoteca simulate --workers 1 --out games.parquet`` does: the run's
  games, one row each written to a Parquet file, and the summary (in a process whose malloc
  keeps freed memory, as ``simulate``'s: ``sim/heap.py``);
- ``sim csv``: the same with ``--out games.csv`` (one row a game);
- ``sim jsonl``: the same with ``--out games.jsonl`` (every game's whole match record);
- ``py parquet`` / ``py jsonl``: the same two with the core disabled (the reference loop; a
  run of ``--py-chunk`` games, the reference being tens of times slower).

Then the issue's bars: sim ÷ core (≥ 0.8) and sim ÷ py (≥ 8), for each output; the load
average of the machine (``os.getloadavg``) at the row's end, the machine being shared; and the
games the core's loop plays a call and a simulate run plays (a run's set-up, file and summary
are once a run, as once a command: 10,000 games, fewer where the core plays fewer in a round).
``--outputs`` and ``--no-py`` time some arms only (a row run again, with more rounds, to tell a
shortfall from the machine's noise); ``--paired`` adds each round's sim ÷ core.

    python benchmarks/simulate_speed.py                                  # every game, 2 players
    python benchmarks/simulate_speed.py exploding-kittens --players 4 --seconds 1 --rounds 3
    python benchmarks/simulate_speed.py coatl --players 2 4 --agents random
    python benchmarks/simulate_speed.py sala-de-miaula --outputs jsonl --no-py --rounds 9 --paired
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

import ludoteca
from ludoteca.agents import compiled as AC
from ludoteca.agents import make_agent
from ludoteca.cli.simulate_cmd import OutcomeWriter
from ludoteca.engine import compiled as fast
from ludoteca.sim import SimulationResult
from ludoteca.sim.blocks import GameBlock
from ludoteca.sim.heap import keep_freed_memory
from ludoteca.sim.runner import iter_blocks

AGENTS = ("random", "heuristic")
OUTPUTS = ("parquet", "csv", "jsonl")
# the files the runs wrote: each run writes a new one, as a user's run does (writing over the
# last run's file would time the kernel dropping its pages: 5 ms for 7 MB, 2.5 µs a game), and
# they are removed between runs, untimed
WRITTEN: list[Path] = []
CHUNK = 2000  # games per call of the core's own loop
# games per `simulate` run (--run-games): its set-up (the options checked, the agents' plan, the
# file opened) and its summary are once a run, as once a command; users run 10^4-10^6 games
RUN = 10_000


def timed(fn: Callable[[], int], seconds: float) -> float:
    """Calls ``fn`` (which returns how many games it played) for about ``seconds`` of its own
    CPU time: games/s. Between calls (not timed) the files it wrote are removed."""
    done = 0
    spent = 0.0
    while spent < seconds:
        t0 = time.process_time()
        done += fn()
        spent += time.process_time() - t0
        for path in WRITTEN:
            path.unlink(missing_ok=True)
        WRITTEN.clear()
    return done / spent


def core_loop(
    game: ludoteca.Game, n: int, agent: str, seed: list[int], chunk: int = CHUNK
) -> Callable[[], int]:
    """The core's own loop over ``chunk`` games a call (deal included where the core deals)."""
    core = fast.core_for(game)
    assert core is not None
    plan = AC.seat_plan(game, [agent])
    assert plan is not None
    options = getattr(game.new_game(n, 0, {}), "options", None)
    kinds = np.full((chunk, n), plan[0][0], dtype=np.int64)
    risks = np.full((chunk, n), float(plan[1][0]))

    def run() -> int:
        s = seed[0]
        seed[0] += chunk
        deals = np.arange(s, s + chunk, dtype=np.uint64)
        seeds = (deals.astype(np.int64)[:, None] * 31 + np.arange(n)[None, :]) & 0x7FFFFFFF
        if core.play_games(deals, n, options, seeds, kinds, risks, False) is not None:
            return chunk
        for g in range(chunk):  # a core that does not deal: new_game in Python
            state = game.new_game(n, s + g, {})
            if agent == "random":
                fast.play_random(state, [random.Random(s * 31 + p) for p in range(n)], False)
            else:
                agents = [make_agent(agent, game, s * 31 + p) for p in range(n)]
                AC.play_agents(state, agents, record=False)
        return chunk

    return run


def sizes(game: ludoteca.Game, n: int, agent: str, args: argparse.Namespace) -> tuple[int, int]:
    """Games a core call and a simulate run hold: CHUNK and ``--run-games``, fewer where the
    core plays fewer in a round's ``--seconds`` (Coatl's heuristic: some hundreds a second),
    so that every round times several calls; a multiple of 100, at least 100."""
    probe = core_loop(game, n, agent, [10**9], 100)
    probe()  # compiled already (warm_up); its first call sets the heuristic's tables
    t0 = time.process_time()
    probe()
    rate = 100 / max(time.process_time() - t0, 1e-9)
    most = max(100, int(rate * args.seconds) // 100 * 100)
    return min(CHUNK, max(100, most // 4 // 100 * 100)), min(args.run_games, most)


def simulate_run(
    gid: str,
    n: int,
    agent: str,
    suffix: str,
    use_core: bool,
    seed: list[int],
    tmp: Path,
    chunk: int = RUN,
) -> Callable[[], int]:
    """``ludoteca simulate --workers 1 --out games.<suffix>``'s loop (``cli/simulate_cmd.py``):
    the file written as games end, then the summary."""

    def play() -> None:
        path = tmp / f"games{seed[0]}.{suffix}"
        WRITTEN.append(path)
        writer = OutcomeWriter(path, n)
        games, blocks = [], []
        for part in iter_blocks(gid, chunk, n, [agent], seed[0], keep_records=writer.keeps_moves):
            if isinstance(part, GameBlock):
                writer.write_block(part)
                part.drop_moves()
                blocks.append(part)
            else:
                writer.write(part)
                part.record = {}
                games.append(part)
        writer.close()
        SimulationResult(gid, n, [agent], games, blocks).summary()

    def run() -> int:
        if use_core:
            play()
        else:
            with fast.disabled():
                play()
        seed[0] += chunk
        return chunk

    return run


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="game ids (default: every game with a core)")
    ap.add_argument("--players", type=int, nargs="*", default=[2])
    ap.add_argument("--seconds", type=float, default=0.5, help="per arm and round")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--agents", nargs="*", default=list(AGENTS))
    ap.add_argument("--py-chunk", type=int, default=100, help="games a reference run plays")
    ap.add_argument("--run-games", type=int, default=RUN, help="games a simulate run plays")
    ap.add_argument(
        "--outputs",
        nargs="*",
        choices=OUTPUTS,
        default=list(OUTPUTS),
        help="the simulate arms timed (the others print as -)",
    )
    ap.add_argument("--no-py", action="store_true", help="without the pure-Python arms")
    ap.add_argument(
        "--paired",
        action="store_true",
        help="also each round's sim ÷ core (the arms a second apart: a slow minute of a shared"
        " machine moves both)",
    )
    args = ap.parse_args(argv)
    if not fast.AVAILABLE:
        print("no compiled cores here (numba missing)")
        return 1
    keep_freed_memory()  # as ``ludoteca simulate`` does in its process (sim/heap.py)
    gids = args.games or [g.id for g in ludoteca.list_games() if fast.available(g)]
    print(
        f"games/s, one process, CPU time, median of {args.rounds} rounds; the core's loop"
        f" plays `call` games a call (at most {CHUNK:,}), a simulate run `run` games (at most"
        f" {args.run_games:,}): fewer where the core plays fewer in --seconds"
    )
    head = f"{'game':18} {'n':>2} {'agents':9} {'core':>8} {'sim pq':>8} {'sim csv':>8}"
    head += f" {'sim jsonl':>9} {'py pq':>7} {'py jsonl':>8} {'pq/core':>7} {'csv/core':>8}"
    print(
        head
        + f" {'jsonl/core':>10} {'pq/py':>6} {'jsonl/py':>8} {'load':>5} {'call':>6} {'run':>6}"
    )
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        for gid in gids:
            game = ludoteca.get_game(gid)
            fast.warm_up([gid])
            for n in args.players:
                if not game.min_players <= n <= game.max_players:
                    continue
                for agent in args.agents:
                    try:
                        make_agent(agent, game, 0)
                    except ValueError:
                        continue
                    if AC.seat_plan(game, [agent]) is None:
                        continue
                    row(gid, game, n, agent, args, tmp)
    return 0


def row(
    gid: str, game: ludoteca.Game, n: int, agent: str, args: argparse.Namespace, tmp: Path
) -> None:
    """One game, player count and agent: every arm, interleaved; the row printed."""
    pc = args.py_chunk
    chunk, run = sizes(game, n, agent, args)
    arms: dict[str, Callable[[], int]] = {"core": core_loop(game, n, agent, [0], chunk)}
    for out, key in (("parquet", "pq"), ("csv", "csv"), ("jsonl", "jsonl")):
        if out in args.outputs:
            arms[f"sim_{key}"] = simulate_run(gid, n, agent, out, True, [0], tmp, run)
    for out, key in (("parquet", "pq"), ("jsonl", "jsonl")):
        if out in args.outputs and not args.no_py:
            arms[f"py_{key}"] = simulate_run(gid, n, agent, out, False, [0], tmp, pc)
    for fn in arms.values():
        fn()  # warm: imports, the heuristic's table, the action JSON table
    rates: dict[str, list[float]] = {k: [] for k in arms}
    for _ in range(args.rounds):
        for k, fn in arms.items():
            rates[k].append(timed(fn, args.seconds))
    r = {k: statistics.median(v) for k, v in rates.items()}

    def rate(k: str) -> str:
        return f"{r[k]:,.0f}" if k in r else "-"

    def ratio(a: str, b: str, fmt: str) -> str:
        return format(r[a] / r[b], fmt) if a in r and b in r else "-"

    print(
        f"{gid:18} {n:>2} {agent:9} {rate('core'):>8} {rate('sim_pq'):>8}"
        f" {rate('sim_csv'):>8} {rate('sim_jsonl'):>9} {rate('py_pq'):>7}"
        f" {rate('py_jsonl'):>8} {ratio('sim_pq', 'core', '.2f'):>7}"
        f" {ratio('sim_csv', 'core', '.2f'):>8} {ratio('sim_jsonl', 'core', '.2f'):>10}"
        f" {ratio('sim_pq', 'py_pq', '.1f'):>6} {ratio('sim_jsonl', 'py_jsonl', '.1f'):>8}"
        f" {os.getloadavg()[0]:>5.1f} {chunk:>6,} {run:>6,}"
    )
    if args.paired:
        for k in ("sim_pq", "sim_csv", "sim_jsonl"):
            if k in rates:
                each = [s / c for s, c in zip(rates[k], rates["core"], strict=True)]
                print(
                    f"  {k[4:]} ÷ core by round: {' '.join(f'{x:.2f}' for x in each)};"
                    f" median {statistics.median(each):.2f}"
                )
    sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(main())
