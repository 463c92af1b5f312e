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
import base64
import contextlib
import gc
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


@dataclass
class Stats:
    sent: int = 0
    in_window: int = 0  # moves sent during the --seconds of play
    end: float = 0.0
    accepted: int = 0
    errors: int = 0
    timeouts: int = 0
    latencies: list[float] = field(default_factory=list)
    sent_at: list[float] = field(default_factory=list)  # wall time of each measured move
    acked: dict[str, int] = field(default_factory=dict)  # table -> accepted moves


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(
    port: int, db: str, log: Path, redis: str | None = None
) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "ludoteca",
            "serve",
            "--port",
            str(port),
            "--database",
            db,
            "--ai-delay",
            "0",
            "--log-level",
            "warning",
            "--rate-limit",
            "0",
            # every client of the benchmark is one address: the caps per address are off
            "--max-open-tables-per-address",
            "0",
            "--max-sockets-per-address",
            "0",
            "--max-open-tables",
            "0",
            *(["--redis", redis] if redis else []),
        ],
        stdout=subprocess.DEVNULL,
        stderr=log.open("wb"),
    )
    end = time.monotonic() + 90
    while time.monotonic() < end:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start")


class MiniSocket(asyncio.Protocol):
    """A lean WebSocket client (RFC 6455, text frames only): the load clients share the cores
    with the server, so each message should cost them as little as possible. Messages are
    handed to ``on_message`` straight from ``data_received``, with no task per socket."""

    def __init__(self, on_message: Any) -> None:
        self.on_message = on_message
        self.buf = bytearray()
        self.ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.opened = False
        self.transport: Any = None

    @classmethod
    async def connect(cls, host: str, port: int, path: str, on_message: Any) -> MiniSocket:
        loop = asyncio.get_running_loop()
        _, proto = await loop.create_connection(lambda: cls(on_message), host, port)
        key = base64.b64encode(os.urandom(16)).decode()
        proto.transport.write(
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        await asyncio.wait_for(proto.ready, 30)
        return proto

    def connection_made(self, transport: Any) -> None:
        self.transport = transport

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.ready.done():
            self.ready.set_exception(ConnectionError("closed during the handshake"))

    def data_received(self, data: bytes) -> None:
        buf = self.buf
        buf += data
        if not self.opened:
            i = buf.find(b"\r\n\r\n")
            if i < 0:
                return
            status = bytes(buf[: buf.find(b"\r\n")])
            del buf[: i + 4]
            if b" 101 " not in status:
                self.ready.set_exception(ConnectionError(status.decode(errors="replace")))
                return
            self.opened = True
            self.ready.set_result(None)
        while len(buf) >= 2:
            n, pos = buf[1] & 0x7F, 2
            if n == 126:
                if len(buf) < 4:
                    return
                n, pos = int.from_bytes(buf[2:4], "big"), 4
            elif n == 127:
                if len(buf) < 10:
                    return
                n, pos = int.from_bytes(buf[2:10], "big"), 10
            if len(buf) < pos + n:
                return
            op = buf[0] & 0x0F
            payload = bytes(buf[pos : pos + n])
            del buf[: pos + n]
            if op == 1:
                self.on_message(payload)
            elif op == 9:
                self._frame(0xA, payload)  # pong
            elif op == 8:
                self.transport.close()
                return

    def _frame(self, op: int, data: bytes) -> None:
        n = len(data)
        if n < 126:
            head = bytes((0x80 | op, 0x80 | n))
        elif n < 65536:
            head = bytes((0x80 | op, 0x80 | 126)) + n.to_bytes(2, "big")
        else:
            head = bytes((0x80 | op, 0x80 | 127)) + n.to_bytes(8, "big")
        mask = os.urandom(4)
        key = int.from_bytes((mask * (n // 4 + 1))[:n], "big")
        masked = (int.from_bytes(data, "big") ^ key).to_bytes(n, "big") if n else b""
        self.transport.write(head + mask + masked)

    def send(self, text: str) -> None:
        if not self.transport.is_closing():
            self._frame(1, text.encode())

    def close(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self._frame(8, (1000).to_bytes(2, "big"))
            self.transport.close()


class Table:
    """One table: two seats, each with its own WebSocket."""

    def __init__(self, base: str, game: str, stats: Stats, rng: random.Random) -> None:
        self.base, self.game, self.stats, self.rng = base, game, stats, rng
        self.id = ""
        self.last: dict[int, bytes] = {}  # the newest state text of each seat (parsed lazily)
        self.socks: dict[int, MiniSocket] = {}
        self.waiting: tuple[int, int, float, asyncio.Future[None], float] | None = None
        self.done = False

    async def open(self, http: httpx.AsyncClient) -> None:
        # as the lobby does: the creator sits down with the table; the other person joins
        r = await http.post(
            "/api/tables",
            json={"game": self.game, "seats": [{"kind": "human"}] * 2, "join": {"name": "A"}},
        )
        r.raise_for_status()
        created = r.json()
        self.id = created["id"]
        url = httpx.URL(self.base)
        for name in ("A", "B"):
            if name == "A":
                j = created["joined"]
            else:
                j = (await http.post(f"/api/tables/{self.id}/join", json={"name": name})).json()
            seat = j["seat"]
            ws = await MiniSocket.connect(
                url.host,
                url.port or 80,
                f"/ws/tables/{self.id}",
                lambda raw, seat=seat: self.received(seat, raw),
            )
            ws.send(json.dumps({"type": "hello", "token": j["token"], "lang": "en"}))
            self.socks[seat] = ws
        self.stats.acked[self.id] = 0

    def received(self, seat: int, raw: bytes) -> None:
        # only the head is read here; a state is parsed when its seat is about to move
        head = raw[:40]
        if head.startswith(b'{"type":"state"'):
            self.last[seat] = raw
            w = self.waiting
            if w is not None and seat != w[0] and not w[3].done():
                i = raw.find(b'"move":') + 7  # the message's (the summary carries none)
                move = int(raw[i : raw.find(b",", i)])
                if move > w[1]:
                    self.stats.latencies.append(time.perf_counter() - w[2])
                    self.stats.sent_at.append(w[4])
                    w[3].set_result(None)
            if b'"result":{' in raw:
                self.done = True
        elif head.startswith(b'{"type":"ack"'):
            self.stats.accepted += 1
            self.stats.acked[self.id] += 1
        elif head.startswith(b'{"type":"error"'):
            self.stats.errors += 1
            w = self.waiting
            if w is not None and seat == w[0] and not w[3].done():
                w[3].set_result(None)

    def finished(self) -> bool:
        return self.done

    async def step(self) -> bool:
        """Make one move, if a seat has one to make; wait for the other seat to see it."""
        states = {s: json.loads(raw) for s, raw in self.last.items()}
        movers = [(s, m) for s, m in states.items() if m.get("legal")]
        if not movers:
            return False
        newest = max(m["move"] for m in states.values())
        movers = [(s, m) for s, m in movers if m["move"] == newest]
        if not movers:
            return False
        seat, m = self.rng.choice(movers)
        action = self.rng.choice(m["legal"])["action"]
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting = (seat, m["move"], time.perf_counter(), fut, time.time())
        self.stats.sent += 1
        if time.perf_counter() < self.stats.end:
            self.stats.in_window += 1
        self.socks[seat].send(json.dumps({"type": "move", "move": m["move"], "action": action}))
        try:
            await asyncio.wait_for(fut, 5)
        except TimeoutError:
            self.stats.timeouts += 1
        self.waiting = None
        return True

    async def close(self) -> None:
        for ws in self.socks.values():
            ws.close()


async def run(args: argparse.Namespace, bases: list[str]) -> dict[str, Any]:
    stats = Stats()
    # idle connections are let go before the server (5 s) does, so none is reused as it closes
    limits = httpx.Limits(max_connections=8, keepalive_expiry=2.0)
    https = {b: httpx.AsyncClient(base_url=b, timeout=30, limits=limits) for b in bases}
    async with contextlib.AsyncExitStack() as stack:
        for h in https.values():
            await stack.enter_async_context(h)
        http = https[bases[0]]
        rng = random.Random(args.seed)
        # table i is served by server i mod K (as a proxy that routes by table would do)
        tables = [
            Table(bases[i % len(bases)], args.game, stats, random.Random(rng.random()))
            for i in range(args.tables)
        ]
        sem = asyncio.Semaphore(8)

        async def opened(t: Table) -> None:
            async with sem:
                await t.open(https[t.base])

        await asyncio.gather(*(opened(t) for t in tables))

        # A server that has been up a while has its tables at every stage of their games, so
        # games end (and new tables open) a few at a time. Tables that all started together
        # would end their games together, in a wave of hundreds of new tables no running
        # server sees. So each table first plays a random number of moves (unmeasured).
        retired: list[Table] = []

        async def warm(i: int) -> None:
            todo = random.Random(rng.random()).randrange(args.stagger + 1)
            while todo > 0:
                t = tables[i]
                if t.finished():
                    await t.close()
                    retired.append(t)
                    t = tables[i] = Table(t.base, args.game, stats, random.Random(rng.random()))
                    async with sem:
                        await t.open(https[t.base])
                if await t.step():
                    todo -= 1
                else:
                    await asyncio.sleep(0.05)  # its first state is still on its way

        await asyncio.gather(*(warm(i) for i in range(len(tables))))
        await asyncio.sleep(0.2)  # the warm-up's last acknowledgements
        stats.sent = stats.accepted = stats.errors = stats.timeouts = 0
        stats.latencies.clear()
        stats.sent_at.clear()
        # the client's own collector pauses would count as server latency
        gc.collect()
        gc.freeze()
        # every client process starts playing at the same moment
        await asyncio.sleep(max(0.0, args.start_at - time.time()))
        start = time.perf_counter()
        cpu_start = time.process_time()
        end = start + args.seconds
        stats.end = end

        async def drive(i: int) -> None:
            t = tables[i]
            await asyncio.sleep(rng.random() / args.rate)  # spread the tables over the second
            nxt = time.perf_counter()
            while time.perf_counter() < end:
                if t.finished():
                    await t.close()
                    t = Table(t.base, args.game, stats, random.Random(rng.random()))
                    async with sem:
                        await t.open(https[t.base])
                    tables.append(t)
                await t.step()
                nxt += 1 / args.rate
                await asyncio.sleep(max(0.0, nxt - time.perf_counter()))

        await asyncio.gather(*(drive(i) for i in range(len(tables))))
        stats_elapsed = time.perf_counter() - start
        client_cpu = time.process_time() - cpu_start
        await asyncio.sleep(0.5)
        # no move lost: every acknowledged move is stored
        lost = 0
        for t in tables + retired:
            stored = (await http.get(f"/api/tables/{t.id}")).json()["move"]
            lost += max(0, stats.acked.get(t.id, 0) - stored)
        for t in tables:
            await t.close()
    return {
        "sent": stats.sent,
        "in_window": stats.in_window,
        "accepted": stats.accepted,
        "errors": stats.errors,
        "timeouts": stats.timeouts,
        "lost": lost,
        "elapsed": stats_elapsed,
        "cpu": client_cpu,
        "latencies": stats.latencies,
        "sent_at": stats.sent_at,
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


def client_process(
    args: argparse.Namespace, base: list[str], tables: int, seed: int
) -> dict[str, Any]:
    sub = argparse.Namespace(**{**vars(args), "tables": tables, "seed": seed})
    try:  # the lighter event loop, where installed (it comes with uvicorn[standard])
        import uvloop

        return uvloop.run(run(sub, base))
    except ImportError:
        return asyncio.run(run(sub, base))


def timeline(parts: list[dict[str, Any]], start: float, seconds: float) -> None:
    """Latency over time, by the 100 ms window its move was sent in: is the tail periodic?"""
    wins: dict[int, list[float]] = {}
    for p in parts:
        for at, lat in zip(p["sent_at"], p["latencies"], strict=True):
            if 0 <= at - start < seconds:
                wins.setdefault(int((at - start) * 10), []).append(lat)
    print("window   moves  p50 ms  max ms  (windows whose slowest move took over 50 ms)")
    for w in sorted(wins):
        lat = sorted(wins[w])
        if lat[-1] > 0.05:
            print(
                f"{w / 10:6.1f}s {len(lat):6d} {1000 * lat[len(lat) // 2]:7.1f} "
                f"{1000 * lat[-1]:7.1f}"
            )
    slow = sum(1 for w in wins.values() if max(w) > 0.1)
    print(f"{slow} of {len(wins)} windows of 100 ms hold a move slower than 100 ms")


def report(parts: list[dict[str, Any]], tables: int, seconds: float) -> None:
    lat = sorted(x for p in parts for x in p["latencies"])
    accepted = sum(p["accepted"] for p in parts)
    elapsed = max(p["elapsed"] for p in parts)
    total = {
        k: sum(p[k] for p in parts) for k in ("sent", "in_window", "errors", "timeouts", "lost")
    }
    print(f"{tables} tables, {2 * tables} WebSockets, {len(parts)} client process(es)")
    print(
        f"moves sent {total['sent']} ({total['in_window'] / seconds:.0f}/s during the "
        f"{seconds:.0f} s of play), accepted {accepted}, "
        f"errors {total['errors']}, timeouts {total['timeouts']}, lost {total['lost']}"
    )
    if lat:

        def q(f: float) -> float:
            return 1000 * lat[min(len(lat) - 1, int(f * len(lat)))]

        print(
            f"latency move -> broadcast: p50 {q(0.5):.1f} ms, p99 {q(0.99):.1f} ms, "
            f"mean {1000 * statistics.fmean(lat):.1f} ms, max {1000 * lat[-1]:.1f} ms"
        )
    cpu = sum(p["cpu"] for p in parts)
    print(
        f"client CPU while playing: {cpu:.1f} s in {elapsed:.0f} s "
        f"({1000 * cpu / max(1, accepted):.2f} ms per accepted move)"
    )
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


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
    ap.add_argument(
        "--servers",
        type=int,
        default=1,
        help="server processes over one database, told of each other through Redis",
    )
    ap.add_argument("--redis", default="redis://127.0.0.1:6379/0", help="Redis, for --servers")
    ap.add_argument(
        "--database",
        default=None,
        help="the servers' database URL (default: a fresh SQLite file); e.g. "
        "postgresql://postgres@127.0.0.1:5432/test?options=-csearch_path%%3Dbench",
    )
    ap.add_argument(
        "--stagger",
        type=int,
        default=20,
        help="each table first plays 0..N unmeasured moves, so games do not all end together",
    )
    ap.add_argument(
        "--timeline", action="store_true", help="latency per 100 ms window (is the tail periodic?)"
    )
    args = ap.parse_args()
    # time for every process to open its tables before the play starts
    args.start_at = time.time() + 5 + args.tables / 50 + args.stagger * args.tables / 1000
    procs: list[subprocess.Popen[bytes]] = []
    tmp = tempfile.TemporaryDirectory()
    try:
        if args.url:
            base = [args.url.rstrip("/")]
        else:
            base = []
            for i in range(args.servers):
                port = free_port()
                redis = args.redis if args.servers > 1 else None
                db = args.database or f"sqlite:///{Path(tmp.name) / 'load.sqlite3'}"
                procs.append(start_server(port, db, Path(tmp.name) / f"server{i}.log", redis))
                base.append(f"http://127.0.0.1:{port}")
        cpus: list[list[float]] = []
        for proc in procs:
            cpus.append([])
            threading.Thread(
                target=sample_cpu,
                args=(proc.pid, args.start_at, args.seconds, cpus[-1]),
                daemon=True,
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
        if args.timeline:
            timeline(parts, args.start_at, args.seconds)
        report(parts, args.tables, args.seconds)
        time.sleep(0.2)
        if cpus and all(len(c) == 2 for c in cpus):
            moves = sum(p["accepted"] for p in parts)
            used = sum(c[1] - c[0] for c in cpus)
            print(
                f"server CPU while playing ({len(procs)} process(es)): {used:.1f} s in "
                f"{args.seconds:.0f} s ({1000 * used / max(1, moves):.2f} ms per accepted move)"
            )
    except BaseException:
        for f in sorted(Path(tmp.name).glob("server*.log")):
            print(f"{f.name}:", f.read_text(errors="replace")[-3000:], file=sys.stderr)
        raise
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(10)
            if proc.poll() is None:
                proc.kill()
        tmp.cleanup()


if __name__ == "__main__":
    main()
