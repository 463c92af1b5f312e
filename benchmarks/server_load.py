"""Load figure for ``ludoteca serve``: N tables of WebSocket clients, each making moves.

    python benchmarks/server_load.py --tables 500 --rate 1 --seconds 30

Starts a server on a fresh SQLite file (or uses ``--url``), creates the tables (two people per
table, both seats played by this script over WebSocket), then each table makes ``--rate``
moves a second: the seat with a decision sends one of its legal moves, and the time from
sending to the other seat receiving the new state is the latency. Finished games are replaced
by new tables. At the end it prints accepted moves/s, p50/p99 latency, errors, and checks that
the server stored every accepted move (no move lost).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets


@dataclass
class Stats:
    sent: int = 0
    accepted: int = 0
    errors: int = 0
    timeouts: int = 0
    latencies: list[float] = field(default_factory=list)
    acked: dict[str, int] = field(default_factory=dict)  # table -> accepted moves


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, db: Path, log: Path) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "ludoteca",
            "serve",
            "--port",
            str(port),
            "--database",
            f"sqlite:///{db}",
            "--ai-delay",
            "0",
            "--log-level",
            "warning",
        ],
        stdout=subprocess.DEVNULL,
        stderr=log.open("wb"),
    )
    end = time.monotonic() + 30
    while time.monotonic() < end:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start")


class Table:
    """One table: two seats, each with its own WebSocket."""

    def __init__(self, base: str, game: str, stats: Stats, rng: random.Random) -> None:
        self.base, self.game, self.stats, self.rng = base, game, stats, rng
        self.id = ""
        self.last: dict[int, dict[str, Any]] = {}
        self.socks: dict[int, Any] = {}
        self.readers: list[asyncio.Task[None]] = []
        self.waiting: tuple[int, int, float, asyncio.Future[None]] | None = None

    async def open(self, http: httpx.AsyncClient) -> None:
        r = await http.post(
            "/api/tables", json={"game": self.game, "seats": [{"kind": "human"}] * 2}
        )
        r.raise_for_status()
        self.id = r.json()["id"]
        ws_base = self.base.replace("http", "ws", 1)
        for name in ("A", "B"):
            j = (await http.post(f"/api/tables/{self.id}/join", json={"name": name})).json()
            ws = await websockets.connect(f"{ws_base}/ws/tables/{self.id}", max_size=2**22)
            await ws.send(json.dumps({"type": "hello", "token": j["token"], "lang": "en"}))
            self.socks[j["seat"]] = ws
        for seat, ws in self.socks.items():
            self.readers.append(asyncio.create_task(self.read(seat, ws)))
        self.stats.acked[self.id] = 0

    async def read(self, seat: int, ws: Any) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for raw in ws:
                m = json.loads(raw)
                if m["type"] == "state":
                    self.last[seat] = m
                    w = self.waiting
                    if w is not None and seat != w[0] and m["move"] > w[1] and not w[3].done():
                        self.stats.latencies.append(time.perf_counter() - w[2])
                        w[3].set_result(None)
                elif m["type"] == "ack":
                    self.stats.accepted += 1
                    self.stats.acked[self.id] += 1
                elif m["type"] == "error":
                    self.stats.errors += 1
                    w = self.waiting
                    if w is not None and seat == w[0] and not w[3].done():
                        w[3].set_result(None)

    def finished(self) -> bool:
        return any(m.get("result") is not None for m in self.last.values())

    async def step(self) -> None:
        movers = [(s, m) for s, m in self.last.items() if m.get("legal")]
        if not movers:
            return
        newest = max(m["move"] for m in self.last.values())
        movers = [(s, m) for s, m in movers if m["move"] == newest]
        if not movers:
            return
        seat, m = self.rng.choice(movers)
        action = self.rng.choice(m["legal"])["action"]
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting = (seat, m["move"], time.perf_counter(), fut)
        self.stats.sent += 1
        await self.socks[seat].send(
            json.dumps({"type": "move", "move": m["move"], "action": action})
        )
        try:
            await asyncio.wait_for(fut, 5)
        except TimeoutError:
            self.stats.timeouts += 1
        self.waiting = None

    async def close(self) -> None:
        for ws in self.socks.values():
            await ws.close()
        for t in self.readers:
            t.cancel()


async def run(args: argparse.Namespace, base: str) -> dict[str, Any]:
    stats = Stats()
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as http:
        rng = random.Random(args.seed)
        tables = [
            Table(base, args.game, stats, random.Random(rng.random())) for _ in range(args.tables)
        ]
        sem = asyncio.Semaphore(20)

        async def opened(t: Table) -> None:
            async with sem:
                await t.open(http)

        await asyncio.gather(*(opened(t) for t in tables))
        # every client process starts playing at the same moment
        await asyncio.sleep(max(0.0, args.start_at - time.time()))
        start = time.perf_counter()
        end = start + args.seconds

        async def drive(i: int) -> None:
            t = tables[i]
            await asyncio.sleep(rng.random() / args.rate)  # spread the tables over the second
            nxt = time.perf_counter()
            while time.perf_counter() < end:
                if t.finished():
                    await t.close()
                    t = Table(base, args.game, stats, random.Random(rng.random()))
                    async with sem:
                        await t.open(http)
                    tables.append(t)
                await t.step()
                nxt += 1 / args.rate
                await asyncio.sleep(max(0.0, nxt - time.perf_counter()))

        await asyncio.gather(*(drive(i) for i in range(len(tables))))
        stats_elapsed = time.perf_counter() - start
        await asyncio.sleep(0.5)
        # no move lost: every acknowledged move is stored
        lost = 0
        for t in tables:
            stored = (await http.get(f"/api/tables/{t.id}")).json()["move"]
            lost += max(0, stats.acked.get(t.id, 0) - stored)
        for t in tables:
            await t.close()
    return {
        "sent": stats.sent,
        "accepted": stats.accepted,
        "errors": stats.errors,
        "timeouts": stats.timeouts,
        "lost": lost,
        "elapsed": stats_elapsed,
        "latencies": stats.latencies,
    }


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def sample_cpu(pid: int, start_at: float, seconds: float, out: list[float]) -> None:
    time.sleep(max(0.0, start_at - time.time()))
    out.append(cpu_seconds(pid))
    time.sleep(seconds)
    out.append(cpu_seconds(pid))


def client_process(args: argparse.Namespace, base: str, tables: int, seed: int) -> dict[str, Any]:
    sub = argparse.Namespace(**{**vars(args), "tables": tables, "seed": seed})
    return asyncio.run(run(sub, base))


def report(parts: list[dict[str, Any]], tables: int) -> None:
    lat = sorted(x for p in parts for x in p["latencies"])
    accepted = sum(p["accepted"] for p in parts)
    elapsed = max(p["elapsed"] for p in parts)
    total = {k: sum(p[k] for p in parts) for k in ("sent", "errors", "timeouts", "lost")}
    print(f"{tables} tables, {2 * tables} WebSockets, {len(parts)} client process(es)")
    print(
        f"moves sent {total['sent']}, accepted {accepted} ({accepted / elapsed:.0f}/s), "
        f"errors {total['errors']}, timeouts {total['timeouts']}, lost {total['lost']}"
    )
    if lat:

        def q(f: float) -> float:
            return 1000 * lat[min(len(lat) - 1, int(f * len(lat)))]

        print(
            f"latency move -> broadcast: p50 {q(0.5):.1f} ms, p99 {q(0.99):.1f} ms, "
            f"mean {1000 * statistics.fmean(lat):.1f} ms, max {1000 * lat[-1]:.1f} ms"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=100, help="concurrent tables")
    ap.add_argument("--rate", type=float, default=1.0, help="moves per second per table")
    ap.add_argument("--seconds", type=float, default=20.0, help="how long to play")
    ap.add_argument("--game", default="nine-domains", help="game of every table")
    ap.add_argument("--url", default=None, help="a running server (default: start one)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--procs", type=int, default=1, help="client processes (the clients cost CPU too)"
    )
    args = ap.parse_args()
    # time for every process to open its tables before the play starts
    args.start_at = time.time() + 5 + args.tables / 50
    proc = None
    tmp = tempfile.TemporaryDirectory()
    try:
        if args.url:
            base = args.url.rstrip("/")
        else:
            port = free_port()
            log = Path(tmp.name) / "server.log"
            proc = start_server(port, Path(tmp.name) / "load.sqlite3", log)
            base = f"http://127.0.0.1:{port}"
        cpu: list[float] = []
        if proc is not None:
            threading.Thread(
                target=sample_cpu, args=(proc.pid, args.start_at, args.seconds, cpu), daemon=True
            ).start()
        share = [
            args.tables // args.procs + (i < args.tables % args.procs) for i in range(args.procs)
        ]
        if args.procs == 1:
            parts = [client_process(args, base, args.tables, args.seed)]
        else:
            with multiprocessing.Pool(args.procs) as pool:
                parts = pool.starmap(
                    client_process, [(args, base, n, args.seed + i) for i, n in enumerate(share)]
                )
        report(parts, args.tables)
        if len(cpu) == 2:
            moves = sum(p["accepted"] for p in parts)
            used = cpu[1] - cpu[0]
            print(
                f"server CPU while playing: {used:.1f} s in {args.seconds:.0f} s "
                f"({1000 * used / max(1, moves):.2f} ms per accepted move)"
            )
    except BaseException:
        if proc is not None:
            print("server log:", log.read_text(errors="replace")[-3000:], file=sys.stderr)
        raise
    finally:
        if proc is not None:
            proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(10)
            if proc.poll() is None:
                proc.kill()
        tmp.cleanup()


if __name__ == "__main__":
    main()
