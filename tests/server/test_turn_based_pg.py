"""Turn-based timers over two server processes on PostgreSQL + Redis: a due row is taken by
one process only (``FOR UPDATE SKIP LOCKED`` and the lease), so each deadline fires once."""

from __future__ import annotations

import uuid

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select

from ludoteca.server import Settings, create_app
from ludoteca.server.models import MoveRow

from .conftest import PG_URL, pg_schema
from .helpers import wait_for
from .test_redis import REDIS_URL, pytestmark  # noqa: F401  (no Redis: skipped, said so)
from .test_turn_based import new_table


def clock_moves(settings: Settings, tid: str) -> list[int]:
    engine = create_engine(PG_URL, connect_args=settings.connect_args)
    with engine.connect() as conn:
        rows = conn.execute(
            select(MoveRow.seat).where(MoveRow.table_id == tid, MoveRow.by == "clock")
        )
        out = sorted(int(s) for (s,) in rows)
    engine.dispose()
    return out


def test_each_deadline_fires_once_across_two_processes() -> None:
    prefix = f"ludoteca-test-{uuid.uuid4().hex[:10]}"
    with pg_schema(
        redis_url=REDIS_URL, redis_prefix=prefix, dev_clock=True, turn_poll_seconds=0.01
    ) as one:
        two = Settings(**{**one.__dict__, "clock": type(one.clock)()})
        with TestClient(create_app(one)) as a, TestClient(create_app(two)) as b:
            tables = [new_table(a, turn_seconds=3600, bank_seconds=0)[0] for _ in range(4)]
            a.get("/api/games")
            # both processes' clocks pass the deadlines together; both pollers race for them
            one.clock.advance(3601)
            two.clock.advance(3601)
            for tid in tables:
                wait_for(lambda tid=tid: clock_moves(one, tid) == [0, 1])
            managers = [c.app.state.manager.turn_timers for c in (a, b)]  # type: ignore[attr-defined]
            assert sum(m.fired for m in managers) == 2 * len(tables)
            assert sum(m.claimed for m in managers) == 2 * len(tables)
            assert all(clock_moves(one, tid) == [0, 1] for tid in tables)
