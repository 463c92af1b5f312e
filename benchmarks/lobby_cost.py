"""What one lobby request (``GET /api/tables``) costs with few and with many open tables.

    python benchmarks/lobby_cost.py                       # 100 and 20,000 open tables
    python benchmarks/lobby_cost.py --tables 100 20000 50000 --requests 200

For each count, a fresh SQLite file is filled with that many open Coatl tables (two seats, one
taken), the app starts on it (in process, through Starlette's test client, no sockets), and
the lobby's first page (``limit=100``) is asked for ``--requests`` times; the median and the
95th percentile of the time per request are printed, and the process's CPU time per request
(client and server: the figure to read on a busy machine). The lobby reads one page from the
database (an indexed range, migration 0003): the figure should not grow with the tables.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from fastapi.testclient import TestClient

from ludoteca.server import Settings, create_app
from ludoteca.server.db import make_engine, migrate
from ludoteca.server.models import SeatRow, TableRow


def fill(db: Path, n: int) -> None:
    engine = make_engine(f"sqlite:///{db}")
    migrate(engine)
    t0 = datetime.now(UTC) - timedelta(hours=1)
    with engine.begin() as conn:
        for start in range(0, n, 5000):
            ids = [f"bench{i:08d}" for i in range(start, min(n, start + 5000))]
            conn.execute(
                TableRow.__table__.insert(),
                [
                    {
                        "id": tid,
                        "game": "coatl",
                        "rules_version": "1",
                        "num_players": 2,
                        "seed": i,
                        "options": None,
                        "public_options": {},
                        "settings": {"window_seconds": 4.0, "clock_seconds": None},
                        "status": "open",
                        "move_count": 0,
                        "result": None,
                        "created_at": t0 + timedelta(milliseconds=start + i),
                        "updated_at": t0 + timedelta(milliseconds=start + i),
                    }
                    for i, tid in enumerate(ids)
                ],
            )
            conn.execute(
                SeatRow.__table__.insert(),
                [
                    {
                        "table_id": tid,
                        "seat": s,
                        "kind": "human",
                        "name": "Ana" if s == 0 else None,
                        "token_hash": "0" * 64 if s == 0 else None,
                    }
                    for tid in ids
                    for s in (0, 1)
                ],
            )
    engine.dispose()


def measure(n: int, requests: int) -> tuple[float, float, float, float]:
    with tempfile.TemporaryDirectory() as d:
        db = Path(d) / "lobby.sqlite3"
        fill(db, n)
        t = time.perf_counter()
        settings = Settings(database_url=f"sqlite:///{db}", ai_delay=0.0, open_table_ttl=0)
        with TestClient(create_app(settings)) as c:
            started = time.perf_counter() - t
            for _ in range(5):  # warm up
                assert c.get("/api/tables?limit=100").status_code == 200
            times = []
            cpu = time.process_time()
            for _ in range(requests):
                t = time.perf_counter()
                r = c.get("/api/tables?limit=100")
                times.append(time.perf_counter() - t)
                assert r.status_code == 200 and len(r.json()) == min(100, n)
            cpu = time.process_time() - cpu
    times.sort()
    p50, p95 = statistics.median(times) * 1000, times[int(len(times) * 0.95)] * 1000
    return p50, p95, cpu / requests * 1000, started


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, nargs="+", default=[100, 20_000])
    ap.add_argument("--requests", type=int, default=200)
    args = ap.parse_args()
    print("open tables | lobby p50 ms | lobby p95 ms | CPU ms per request | start-up s")
    for n in args.tables:
        p50, p95, cpu, started = measure(n, args.requests)
        print(f"{n:>11} | {p50:>12.2f} | {p95:>12.2f} | {cpu:>18.2f} | {started:>10.1f}")


if __name__ == "__main__":
    main()
