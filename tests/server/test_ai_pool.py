"""AI seats think in worker processes: a move over its wall-time cap plays the seat's default,
and a server stopped with SIGTERM or SIGINT, or killed with SIGKILL, leaves no process behind."""

from __future__ import annotations

import logging
import os
import signal
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from ludoteca.server import create_app

from .conftest import sqlite_settings
from .helpers import create, free_port, join, start_server, state, stop_server, wait_for


def test_ai_seats_think_in_other_processes(client: TestClient) -> None:
    tid = create(client, "toy", [{"kind": "ai", "agent": "easy"}] * 2)
    # (the first workers of a test process may take seconds to start on a busy machine)
    wait_for(lambda: client.get(f"/api/tables/{tid}").json()["status"] == "finished", 180)
    pids = client.app.state.manager.ai.pool.worker_pids()  # type: ignore[attr-defined]
    assert pids and os.getpid() not in pids and not any(is_gone(p) for p in pids)


@pytest.mark.parametrize("nice", [0, 5])
def test_the_workers_run_as_much_lower_as_the_setting_says(nice: int) -> None:
    """``ai_nice`` (10 on a site; the tests' servers 0) is how much lower the workers'
    priority is than the server's."""
    from ludoteca.server.ai_pool import AiPool

    pool = AiPool(1, (), nice)
    try:
        pool.start().join(120)
        pids = wait_for(lambda: pool.worker_pids(), timeout=60)
        own = os.getpriority(os.PRIO_PROCESS, 0)
        assert [os.getpriority(os.PRIO_PROCESS, p) for p in pids] == [min(19, own + nice)]
    finally:
        pool.stop()


def test_a_move_over_its_cap_plays_the_default(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    settings = sqlite_settings(
        tmp_path / "db.sqlite3",
        plugins=("tests.server.slow_agent",),
        allow_agent_specs=True,
        ai_move_seconds=1.0,
    )
    with caplog.at_level(logging.WARNING, "ludoteca.server"), TestClient(create_app(settings)) as c:
        tid = create(c, "toy", [{"kind": "human"}, {"kind": "ai", "agent": "sleepy"}])
        _, tok = join(c, tid, "Ana")
        pool = c.app.state.manager.ai.pool  # type: ignore[attr-defined]
        stuck = wait_for(lambda: pool.worker_pids(), timeout=120)
        pool._warming.join(120)  # the workers' start is not the move's time (nor the test's)
        t = time.monotonic()
        # the sleepy seat's choice is made for it, by its default, after the cap and long
        # before the agent's own answer (60 s): a loaded machine makes it later, never red
        s = wait_for(lambda: (x := state(c, tid, tok))["actors"] == [0] and x, timeout=50)
        assert time.monotonic() - t < 50 and s["move"] == 1
        steps = c.get(f"/api/tables/{tid}/replay").json()["steps"]
        assert steps[1]["by"] == "ai"
        # the workers of the stuck move were stopped; the next move has fresh ones
        wait_for(lambda: all(is_gone(p) for p in stuck), timeout=60)
        assert not set(stuck) & set(wait_for(lambda: pool.worker_pids(), timeout=120))
    assert any("ran over 1.0 s" in r.getMessage() for r in caplog.records)


# -- processes -----------------------------------------------------------------------------
def parent_of(pid: int) -> int | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return int(stat.rsplit(")", 1)[1].split()[1])


def descendants(pid: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            ppid = parent_of(int(d.name))
            if ppid is not None:
                children.setdefault(ppid, []).append(int(d.name))
    out: set[int] = set()
    todo = [pid]
    while todo:
        for c in children.get(todo.pop(), []):
            if c not in out:
                out.add(c)
                todo.append(c)
    return out


def is_gone(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] == "Z"  # a zombie: ended, not yet reaped


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize(
    "sig",
    # SIGKILL is the case the pipe watch exists for; the polite signals take the same way out
    [
        pytest.param(signal.SIGTERM, marks=pytest.mark.long),
        pytest.param(signal.SIGINT, marks=pytest.mark.long),
        signal.SIGKILL,
    ],
)
def test_stopping_the_server_leaves_no_process_behind(tmp_path: Path, sig: int) -> None:
    """The signal goes to the server's PID alone (not its group): with SIGKILL it runs no code
    of its own, and its workers, the forkserver and the resource tracker must still end."""
    port = free_port()
    proc = start_server(tmp_path / "db.sqlite3", port, extra=("--allow-agent-specs",))
    try:
        c = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10)
        # two seats that search in pure Python, 2 s a move (the toy game:
        # no compiled core to load first; a strong Coatl seat took a minute to get going)
        seat = {"kind": "ai", "agent": "ismcts:iterations=5000:seconds=2"}
        tid = create(c, "toy", [seat, seat])  # type: ignore[arg-type]
        # thinking: moves come, and both workers are busy with the next round's searches
        wait_for(lambda: c.get(f"/api/tables/{tid}").json()["move"] >= 2, timeout=180)
        family = descendants(proc.pid)
        assert len(family) >= 4  # the resource tracker, the forkserver and its two workers
        proc.send_signal(sig)
        proc.wait(30)
        wait_for(lambda: all(is_gone(p) for p in family), timeout=10)
    finally:
        stop_server(proc)


def test_a_searching_seat_has_its_compiled_core_prepared_outside_the_cap() -> None:
    """A cold compile of a core takes longer than a move's cap: the workers build it once per
    game before the first capped move of an agent that plays rollouts in it (ISMCTS, also as
    the ``strong`` level), and never for one that does not."""
    import asyncio

    import ludoteca
    from ludoteca.engine import compiled as fast
    from ludoteca.server.ai_pool import AiPool, uses_core

    if not fast.AVAILABLE:
        pytest.skip(fast.why_not("exploding-kittens"))
    assert uses_core("strong", "exploding-kittens") and uses_core("ismcts:iterations=5", "coatl")
    assert not uses_core("easy", "exploding-kittens") and not uses_core("heuristic", "coatl")
    assert not uses_core("ismcts", "toy") and not uses_core("not:a=spec:x", "coatl")

    game = ludoteca.get_game("exploding-kittens")
    state = game.new_game(2, seed=4)
    seat = state.actors[0]

    async def play(pool: AiPool, spec: str) -> dict[str, object]:
        return await pool.think("t", seat, spec, 1, game.id, state.to_json(), cap=60)

    # at the tests' priority, as their servers' workers (conftest): 10 lower they starve when busy
    searching, plain = AiPool(1, (), 0), AiPool(1, (), 0)
    try:
        action = asyncio.run(play(searching, "ismcts:iterations=5"))
        assert game.action_from_json(action) in state.legal_actions(seat)
        assert searching._cores == {"exploding-kittens"}
        asyncio.run(play(plain, "random"))
        assert plain._cores == set()
    finally:
        searching.stop()
        plain.stop()
