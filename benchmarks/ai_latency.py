"""A person's move latency while AI tables think (issue 12 item 3).

Starts ``ludoteca serve`` (SQLite in a temporary folder, no AI delay, no rate limit) and times a
person's move (``POST /api/tables/{id}/moves``, round trip on 127.0.0.1) at a Nine Domains table
of two people, first with no AI table, then with three all-AI tables of ``strong`` seats thinking
(Exploding Kittens with 4, Coatl and Sala de Miaula with 2; a finished one is replaced). Prints
p50/p99 of both phases, and the AI moves made meanwhile (the AI is not starved either).

    python benchmarks/ai_latency.py --moves 300
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
AI_TABLES = (("exploding-kittens", 4), ("coatl", 2), ("sala-de-miaula", 2))


def start(port: int, db: Path) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "ludoteca", "serve", "--port", str(port)]
    cmd += ["--database", f"sqlite:///{db}", "--ai-delay", "0", "--rate-limit", "0"]
    proc = subprocess.Popen(
        [*cmd, "--log-level", "warning"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        stdout=subprocess.DEVNULL,
    )
    end = time.monotonic() + 60
    while time.monotonic() < end:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start")


class Person:
    """Two people at a Nine Domains table, moving in turn; a finished table is replaced."""

    def __init__(self, c: httpx.Client) -> None:
        self.c = c
        self.new_table()

    def new_table(self) -> None:
        body = {"game": "nine-domains", "seats": [{"kind": "human"}, {"kind": "human"}]}
        r = self.c.post("/api/tables", json={**body, "join": {"name": "Ana"}})
        self.tid = r.json()["id"]
        self.tokens = [r.json()["joined"]["token"]]
        self.tokens.append(
            self.c.post(f"/api/tables/{self.tid}/join", json={"name": "Bia"}).json()["token"]
        )

    def move(self) -> float | None:
        """One timed move (None when this table had none to make: it was replaced)."""
        for tok in self.tokens:
            h = {"Authorization": f"Bearer {tok}"}
            s = self.c.get(f"/api/tables/{self.tid}/state", headers=h).json()
            if s["result"] is not None:
                self.new_table()
                return None
            if s["legal"]:
                body = {"move": s["move"], "action": s["legal"][0]["action"]}
                t = time.perf_counter()
                r = self.c.post(f"/api/tables/{self.tid}/moves", json=body, headers=h)
                took = time.perf_counter() - t
                if r.status_code == 200:
                    return took
        return None


class AiTables(threading.Thread):
    """Keeps three all-AI tables of strong seats playing; counts their moves."""

    def __init__(self, base: str) -> None:
        super().__init__(daemon=True)
        self.c = httpx.Client(base_url=base, timeout=30)
        self.tables: dict[str, int] = {}
        self.moves = 0
        self.stop = threading.Event()

    def make(self, game: str, n: int) -> None:
        body = {"game": game, "seats": [{"kind": "ai", "agent": "strong"}] * n}
        self.tables[self.c.post("/api/tables", json=body).json()["id"]] = 0

    def run(self) -> None:
        for game, n in AI_TABLES:
            self.make(game, n)
        games = dict(zip(self.tables, AI_TABLES, strict=True))
        while not self.stop.is_set():
            for tid in list(self.tables):
                s = self.c.get(f"/api/tables/{tid}").json()
                self.moves += s["move"] - self.tables[tid]
                self.tables[tid] = s["move"]
                if s["status"] == "finished":
                    del self.tables[tid]
                    game, n = games.pop(tid)
                    self.make(game, n)
                    games[list(self.tables)[-1]] = (game, n)
            self.stop.wait(0.5)


def timed(person: Person, moves: int) -> list[float]:
    out: list[float] = []
    while len(out) < moves:
        took = person.move()
        if took is not None:
            out.append(took * 1000)
    return out


def line(name: str, ms: list[float]) -> str:
    q = statistics.quantiles(ms, n=100)
    return f"{name:<38} {len(ms):>6} {q[49]:>8.1f} {q[98]:>8.1f} {max(ms):>8.1f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--moves", type=int, default=300, help="timed moves per phase")
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--warm", type=float, default=5.0, help="seconds the AI tables think first")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        proc = start(args.port, Path(tmp) / "bench.sqlite3")
        base = f"http://127.0.0.1:{args.port}"
        try:
            c = httpx.Client(base_url=base, timeout=30)
            person = Person(c)
            timed(person, 20)  # warm up
            quiet = timed(person, args.moves)
            ai = AiTables(base)
            ai.start()
            time.sleep(args.warm)
            before, t = ai.moves, time.monotonic()
            busy = timed(person, args.moves)
            rate = (ai.moves - before) / (time.monotonic() - t)
            ai.stop.set()
        finally:
            proc.terminate()
            proc.wait(30)
    load = os.getloadavg()[0]
    print(f"a person's move (ms), {os.cpu_count()} cores, load average {load:.1f} at the end")
    print(f"{'':<38} {'moves':>6} {'p50':>8} {'p99':>8} {'max':>8}")
    print(line("no AI table", quiet))
    print(line("3 tables of strong AI seats thinking", busy))
    print(f"AI moves made meanwhile: {rate:.1f}/s")


if __name__ == "__main__":
    main()
