"""A mostly idle turn-based world in PostgreSQL: 100,000 stored tables, 10,000 accounts.

    python benchmarks/people_scale.py                          # 100,000 tables, 10,000 accounts
    python benchmarks/people_scale.py --tables 5000 --accounts 500 --requests 50   # a quick look

A private schema of the machine's PostgreSQL (``--database``, default the tests' ``test``
database; the schema ``ludoteca_bench_<pid>`` is made and dropped, so the tests' tables are
untouched) is filled by COPY with ``--tables`` running turn-based Nine Domains tables (two
people's seats each, each seat claimed by one of ``--accounts`` accounts, the timer rows of
both seats due in one to three days, last changed hours ago: nobody plays them now). The app
runs in process (Starlette's test client, no sockets). Printed, each beside the same on an
empty schema (the baseline):

- the server's start-up (the app's lifespan: migrations, resuming, the poller) in seconds, and
  the process's resident memory it added (MiB);
- p50 / p99 in ms of "my tables" (``GET /api/me/tables``, signed in), a profile page
  (``GET /api/profiles/{id}`` and its rating history ``/history?game=``), the leaderboard
  (``GET /api/ratings/nine-domains``), the lobby (``GET /api/tables``) and a move
  (``POST /moves`` at live turn-based tables of two signed-in people, through the whole path:
  engine, group commit, the timer rows written with it).

A quarter of the stored tables are finished (a result, two moves one of which the clock made,
a rating-history row per seat); every account has a Nine Domains rating. The machine's load
average (``os.getloadavg()``) is printed beside each column: the figures are wall-clock times.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from ludoteca.server import Settings, create_app
from ludoteca.server.db import make_engine, migrate
from ludoteca.server.tokens import token_hash

PG = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


def rss_mib() -> float:
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


@contextmanager
def schema(url: str) -> Iterator[dict[str, Any]]:
    name = f"ludoteca_bench_{os.getpid()}_{uuid.uuid4().hex[:6]}"
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{name}"'))
    try:
        yield {"options": f"-csearch_path={name}"}
    finally:
        with engine.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{name}" CASCADE'))
        engine.dispose()


def copy(raw: Any, table: str, columns: tuple[str, ...], rows: Iterator[tuple[Any, ...]]) -> None:
    with raw.cursor() as cur, cur.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as cp:
        for row in rows:
            cp.write_row(row)


def fill(url: str, args: dict[str, Any], tables: int, accounts: int) -> list[str]:
    """The idle world, by COPY; the session tokens of the first few accounts."""
    engine = make_engine(url, args)
    migrate(engine)
    now = datetime.now(UTC)
    settings = json.dumps(
        {
            "window_seconds": 600.0,
            "window_close_early": True,
            "clock_seconds": None,
            "open_replay": False,
            "mode": "turn_based",
            "turn_seconds": 86400,
            "bank_seconds": 86400,
        }
    )
    sessions = [f"bench-session-{i}" for i in range(min(20, accounts))]
    raw = engine.raw_connection()
    try:
        dbapi = raw.driver_connection
        copy(
            dbapi,
            "ludoteca_accounts",
            ("id", "name", "name_key", "created_at"),
            ((f"a{i:07d}", f"Pessoa {i}", f"pessoa {i}", now) for i in range(accounts)),
        )
        copy(
            dbapi,
            "ludoteca_sessions",
            ("token_hash", "account_id", "created_at", "expires_at"),
            (
                (token_hash(s), f"a{i:07d}", now, now + timedelta(days=30))
                for i, s in enumerate(sessions)
            ),
        )
        tid = [f"b{i:010d}" for i in range(tables)]
        copy(
            dbapi,
            "ludoteca_tables",
            [
                "id",
                "game",
                "rules_version",
                "num_players",
                "seed",
                "public_options",
                "settings",
                "status",
                "move_count",
                "result",
                "created_at",
                "updated_at",
            ],
            (
                (
                    t,
                    "nine-domains",
                    "1",
                    2,
                    i,
                    "{}",
                    settings,
                    "finished" if i % 4 == 0 else "running",
                    2 if i % 4 == 0 else 0,
                    json.dumps({"ranking": [1, 2]}) if i % 4 == 0 else None,
                    now - timedelta(days=3, seconds=i),
                    now - timedelta(hours=2, seconds=i),
                )
                for i, t in enumerate(tid)
            ),
        )
        copy(
            dbapi,
            "ludoteca_seats",
            ("table_id", "seat", "kind", "name", "token_hash"),
            (
                (t, s, "human", f"P{s}", f"{i:062d}{s:02d}")
                for i, t in enumerate(tid)
                for s in (0, 1)
            ),
        )
        copy(
            dbapi,
            "ludoteca_account_seats",
            ("table_id", "seat", "account_id", "claimed_at"),
            (
                (t, s, f"a{(2 * i + s) % accounts:07d}", now)
                for i, t in enumerate(tid)
                for s in (0, 1)
            ),
        )
        finished = [t for i, t in enumerate(tid) if i % 4 == 0]
        copy(
            dbapi,
            "ludoteca_moves",
            ("table_id", "number", "seat", "action", "by", "created_at"),
            ((t, n, n, "{}", "clock" if n else "player", now) for t in finished for n in (0, 1)),
        )
        copy(
            dbapi,
            "ludoteca_ratings",
            ("account_id", "game", "mu", "sigma", "shown", "games", "ai_games", "updated_at"),
            (
                (f"a{i:07d}", "nine-domains", 25 + i % 97 / 10, 5.0, 10 + i % 97 / 10, 5, 0, now)
                for i in range(accounts)
            ),
        )
        copy(
            dbapi,
            "ludoteca_rating_history",
            (
                "table_id",
                "account_id",
                "seat",
                "game",
                "at",
                "place",
                "mu_before",
                "sigma_before",
                "mu_after",
                "sigma_after",
                "above",
                "below",
                "tied",
                "against_ai",
            ),
            (
                # finished table j is table 4j, whose seat s is account (8j + s) mod accounts
                (
                    t,
                    f"a{(8 * j + s) % accounts:07d}",
                    s,
                    "nine-domains",
                    now,
                    s + 1,
                    25.0,
                    6.0,
                    25.5 - s,
                    5.8,
                    "[]",
                    "[]",
                    "[]",
                    False,
                )
                for j, t in enumerate(finished)
                for s in (0, 1)
            ),
        )
        copy(
            dbapi,
            "ludoteca_turn_timers",
            ("table_id", "seat", "move", "since", "started_at", "due_at", "wake_at", "bank"),
            (
                (t, s, 0, 0, now, due, due, 86400.0)
                for i, t in enumerate(tid)
                if i % 4
                for s in (0, 1)
                for due in [now + timedelta(days=1, seconds=(i * 7 + s) % (2 * 86400))]
            ),
        )
        dbapi.commit()
        with dbapi.cursor() as cur:
            cur.execute("ANALYZE")
        dbapi.commit()
    finally:
        raw.close()
        engine.dispose()
    return sessions


def percentiles(samples: list[float]) -> tuple[float, float]:
    s = sorted(samples)
    return statistics.median(s) * 1000, s[min(len(s) - 1, int(0.99 * len(s)))] * 1000


def timed(fn: Callable[[], Any], n: int) -> tuple[float, float]:
    out = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return percentiles(out)


def start(settings: Settings) -> tuple[TestClient, float, float]:
    gc.collect()
    before = rss_mib()
    t = time.perf_counter()
    client = TestClient(create_app(settings))
    client.__enter__()
    return client, time.perf_counter() - t, rss_mib() - before


def moves(c: TestClient, sessions: list[str], n: int) -> tuple[float, float]:
    """``n`` moves at live turn-based Nine Domains tables of two signed-in people."""
    samples: list[float] = []
    table: tuple[str, dict[int, str]] | None = None
    while len(samples) < n:
        if table is None:
            r = c.post(
                "/api/tables",
                json={
                    "game": "nine-domains",
                    "seats": [{"kind": "human"}] * 2,
                    "mode": "turn_based",
                },
            )
            tid = r.json()["id"]
            tokens = {}
            for s in (0, 1):
                c.cookies.set("ludoteca_session", sessions[s])
                j = c.post(
                    f"/api/tables/{tid}/join",
                    json={"name": f"P{s}"},
                    headers={"Origin": "http://testserver"},  # a signed-in change: same origin
                ).json()
                assert "token" in j, j
                tokens[j["seat"]] = j["token"]
            c.cookies.clear()
            table = (tid, tokens)
        tid, tokens = table
        moved = False
        for tok in tokens.values():
            h = {"Authorization": f"Bearer {tok}"}
            st = c.get(f"/api/tables/{tid}/state", headers=h).json()
            if st["result"] is not None:
                table = None
                break
            if not st["legal"]:
                continue
            body = {"move": st["move"], "action": st["legal"][0]["action"]}
            t = time.perf_counter()
            r = c.post(f"/api/tables/{tid}/moves", json=body, headers=h)
            samples.append(time.perf_counter() - t)
            assert r.status_code == 200, r.text
            moved = True
        if table is not None and not moved:
            table = None
    return percentiles(samples)


def measure(url: str, args: dict[str, Any], sessions: list[str], requests: int) -> dict[str, Any]:
    settings = Settings(
        database_url=url,
        ai_delay=0.0,
        connect_args=args,
        rate_limit=0,
        open_table_ttl=0,
        max_open_tables_per_address=0,
    )
    client, startup, memory = start(settings)
    try:
        out: dict[str, Any] = {"start-up (s)": startup, "memory added (MiB)": memory}
        client.cookies.set("ludoteca_session", sessions[0])
        assert client.get("/api/me/tables").status_code == 200
        out["my tables"] = timed(lambda: ok(client.get("/api/me/tables")), requests)
        client.cookies.clear()

        def profile() -> None:
            ok(client.get("/api/profiles/a0000000"))
            ok(client.get("/api/profiles/a0000000/history", params={"game": "nine-domains"}))

        out["profile + history"] = timed(profile, requests)
        out["leaderboard"] = timed(lambda: ok(client.get("/api/ratings/nine-domains")), requests)
        out["lobby"] = timed(lambda: ok(client.get("/api/tables")), requests)
        out["move"] = moves(client, sessions, requests)
        out["tables of account 0"] = float(len(client_seats(client, sessions[0])))
        out["load average (1 min)"] = os.getloadavg()[0]
    finally:
        client.__exit__(None, None, None)
    return out


def ok(r: Any) -> None:
    assert r.status_code == 200, r.text


def client_seats(c: TestClient, session: str) -> list[Any]:
    c.cookies.set("ludoteca_session", session)
    seats = list(c.get("/api/me/tables").json()["tables"])
    c.cookies.clear()
    return seats


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tables", type=int, default=100_000)
    p.add_argument("--accounts", type=int, default=10_000)
    p.add_argument(
        "--small",
        type=int,
        default=1_000,
        help="a small world measured too (as many tables, a tenth as many accounts): a full "
        "lobby page, so the lobby's figures compare page with page",
    )
    p.add_argument("--requests", type=int, default=200)
    p.add_argument("--database", default=PG)
    a = p.parse_args()
    with schema(a.database) as args:  # a warm start first: imports and caches are not counted
        sessions = fill(a.database, args, 0, 20)
        measure(a.database, args, sessions, 5)
    worlds = [
        ("empty database", 0, 20),
        (f"{a.small:,} tables", a.small, max(20, a.small // 10)),
        (f"{a.tables:,} tables", a.tables, a.accounts),
    ]
    columns: list[tuple[str, dict[str, Any]]] = []
    for label, tables, accounts in worlds:
        with schema(a.database) as args:
            t = time.perf_counter()
            sessions = fill(a.database, args, tables, accounts)
            filled = time.perf_counter() - t
            columns.append((label, measure(a.database, args, sessions, a.requests)))
    print(f"filled {a.tables:,} tables and {a.accounts:,} accounts in {filled:.1f} s (COPY)")
    print("load average (1, 5, 15 min) now: " + ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    print(f"{'':30}" + "".join(f"{label:>22}" for label, _ in columns))
    for key in columns[0][1]:
        cells = []
        for _, out in columns:
            v = out[key]
            cells.append(f"{v[0]:10.1f} / {v[1]:8.1f}" if isinstance(v, tuple) else f"{v:22.2f}")
        name = key + " p50/p99 (ms)" if isinstance(columns[0][1][key], tuple) else key
        print(f"{name:30}" + "".join(f"{c:>22}" for c in cells))


if __name__ == "__main__":
    main()
