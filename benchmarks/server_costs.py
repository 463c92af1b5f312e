"""Server CPU per new table and per move, measured one at a time (no concurrency, no queueing).

    python benchmarks/server_costs.py --tables 200 --moves 10

Starts a server on a fresh SQLite file, then, one after another, opens ``--tables`` tables as
``server_load.py`` does (create-and-join, the second seat's join, two WebSockets, both first
states received) and plays up to ``--moves`` moves on each (a move counts when the other seat
has seen it). The server's CPU time (from /proc) of each phase divided by its count is printed:
a figure that depends little on what else the machine runs, for comparing two versions of the
code side by side, where ``server_load.py``'s latencies need a quiet machine.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

_spec = importlib.util.spec_from_file_location(
    "server_load", Path(__file__).with_name("server_load.py")
)
assert _spec is not None and _spec.loader is not None
load = importlib.util.module_from_spec(_spec)
sys.modules["server_load"] = load
_spec.loader.exec_module(load)


async def measure(base: str, pid: int, args: argparse.Namespace) -> dict[str, Any]:
    stats = load.Stats()
    rng = random.Random(args.seed)
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        tables = []
        cpu0 = load.cpu_seconds(pid)
        t0 = time.perf_counter()
        for _ in range(args.tables):
            t = load.Table(base, args.game, stats, random.Random(rng.random()))
            await t.open(http)
            while len(t.last) < 2:  # both seats' first state
                await asyncio.sleep(0.001)
            tables.append(t)
        await asyncio.sleep(0.3)  # the last tables' writes
        cpu1 = load.cpu_seconds(pid)
        opened = time.perf_counter() - t0
        stats.sent = 0
        for t in tables:
            for _ in range(args.moves):
                if t.finished() or not await t.step():
                    break
        await asyncio.sleep(0.3)
        cpu2 = load.cpu_seconds(pid)
        for t in tables:
            await t.close()
    return {
        "tables": len(tables),
        "table_ms": 1000 * (cpu1 - cpu0) / len(tables),
        "open_s": opened,
        "moves": stats.sent,
        "move_ms": 1000 * (cpu2 - cpu1) / max(1, stats.sent),
        "errors": stats.errors,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--moves", type=int, default=10, help="moves per table after opening")
    ap.add_argument("--game", default="nine-domains")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        port = load.free_port()
        server = load.start_server(port, f"sqlite:///{tmp}/costs.db", Path(tmp) / "server.log")
        try:
            r = asyncio.run(measure(f"http://127.0.0.1:{port}", server.pid, args))
        finally:
            server.terminate()
            server.wait(10)
    print(
        f"{r['tables']} tables opened one at a time: {r['table_ms']:.2f} ms of server CPU per "
        f"table ({r['open_s']:.1f} s in all)"
    )
    print(f"{r['moves']} moves one at a time: {r['move_ms']:.3f} ms of server CPU per move")
    if r["errors"]:
        print(f"errors: {r['errors']}")


if __name__ == "__main__":
    main()
