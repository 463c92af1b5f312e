"""How long a sign-in takes with a wrong password for a name that has an account and for a
name nobody has (issue 21: no account is found out by timing), and a right one.

    python benchmarks/signin_timing.py                  # 40 of each, interleaved
    python benchmarks/signin_timing.py --tries 200

The app runs in process (Starlette's test client, no sockets) on a fresh SQLite file with the
sign-in limits off (they would refuse after 10); the three kinds of sign-in are interleaved so
that the machine's load falls on each alike. Printed: median and 90th percentile per kind, in
milliseconds, and the unknown name's median over the known one's (1.00: the same).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from fastapi.testclient import TestClient

from ludoteca.server import Settings, create_app

HEADERS = {"Origin": "http://testserver"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tries", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(
            database_url=f"sqlite:///{Path(tmp) / 'signin.sqlite3'}",
            signin_failures_per_name=0,
            signin_failures_per_address=0,
        )
        with TestClient(create_app(settings)) as c:
            c.headers.update(HEADERS)
            body = {"name": "Ana", "password": "correct horse battery"}
            assert c.post("/api/account/signup", json=body).status_code == 201
            kinds = {
                "wrong password": {"name": "Ana", "password": "wrong password"},
                "unknown name": {"name": "Nobody", "password": "wrong password"},
                "right password": body,
            }
            times: dict[str, list[float]] = {k: [] for k in kinds}
            for _ in range(args.tries):
                for kind, sign in kinds.items():
                    c.cookies.clear()
                    t = time.perf_counter()
                    c.post("/api/account/signin", json=sign)
                    times[kind].append((time.perf_counter() - t) * 1000)
    print(f"sign-ins: {args.tries} of each kind (ms)")
    for kind, ts in times.items():
        p90 = statistics.quantiles(ts, n=10)[-1]
        print(f"  {kind:15s} median {statistics.median(ts):7.1f}  p90 {p90:7.1f}")
    ratio = statistics.median(times["unknown name"]) / statistics.median(times["wrong password"])
    print(f"unknown name / wrong password (medians): {ratio:.2f}")


if __name__ == "__main__":
    main()
