"""A turn-based Nine Domains game over a simulated day, on a real server process started with
``--dev-clock``: two people play in time, then one stops; when the server's clock passes the
limit and the bank, the clock plays for them (``by = "clock"``), after a kill -9 and a new
start too (the deadline is a row)."""

from __future__ import annotations

from pathlib import Path

import httpx
from sqlalchemy import create_engine, select

from ludoteca.server.models import MoveRow

from .helpers import free_port, start_server, stop_server, wait_for

HOUR = 3600


def test_a_simulated_day_of_a_turn_based_nine_domains_game(tmp_path: Path) -> None:
    db, port = tmp_path / "day.sqlite3", free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start_server(db, port, plugins=False, extra=("--dev-clock",))
    try:
        with httpx.Client(base_url=base, timeout=10) as c:
            r = c.post(
                "/api/tables",
                json={
                    "game": "nine-domains",
                    "seats": [{"kind": "human"}] * 2,
                    "mode": "turn_based",
                    "turn_seconds": 4 * HOUR,
                    "bank_seconds": HOUR,
                },
            )
            tid = r.json()["id"]
            tokens = {}
            for name in ("Ana", "Bia"):
                j = c.post(f"/api/tables/{tid}/join", json={"name": name}).json()
                tokens[j["seat"]] = j["token"]

            def play(seat: int) -> None:
                h = {"Authorization": f"Bearer {tokens[seat]}"}
                st = c.get(f"/api/tables/{tid}/state", headers=h).json()
                assert st["legal"], st
                body = {"move": st["move"], "action": st["legal"][0]["action"]}
                assert c.post(f"/api/tables/{tid}/moves", json=body, headers=h).status_code == 200

            def clock(hours: float) -> None:
                r = c.post("/api/dev/clock", json={"advance_seconds": hours * HOUR})
                assert r.status_code == 200

            for _ in range(3):  # the morning: both choose, an hour apart
                play(0)
                clock(1)
                play(1)
                clock(1)
            assert bys(db, tid) == ["player"] * 6
            # round 4 began at +5 h; Bia's deadline: +5 h + 4 h + her bank (1 h: her moves in
            # time kept it full) = +10 h. Ana plays; at +9 h Bia has not, and nothing fires yet
            play(0)
            clock(3)
            assert bys(db, tid) == ["player"] * 7
        stop_server(proc)  # the server dies; the deadline is a row
        proc = start_server(db, port, plugins=False, extra=("--dev-clock",))
        with httpx.Client(base_url=base, timeout=10) as c:
            # a new process's clock starts at the machine's time: +12 h passes the deadline
            c.post("/api/dev/clock", json={"advance_seconds": 12 * HOUR})
            wait_for(lambda: len(bys(db, tid)) >= 8, timeout=20)
            assert bys(db, tid)[7] == "clock"
            st = c.get(f"/api/tables/{tid}/state").json()
            assert st["table"]["status"] == "running"
    finally:
        stop_server(proc)


def bys(db: Path, tid: str) -> list[str]:
    engine = create_engine(f"sqlite:///{db}")
    with engine.connect() as conn:
        q = select(MoveRow.by).where(MoveRow.table_id == tid).order_by(MoveRow.number)
        out = [str(b) for (b,) in conn.execute(q)]
    engine.dispose()
    return out
