"""Small helpers for the server tests: create, join, play over HTTP."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"  # Debian's (scripts/services installs it)
SHOTS = ROOT / "artifacts" / "screenshots"  # the browser tests' screenshots


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient, game: str, seats: list[dict[str, Any]], **kw: Any) -> str:
    r = client.post("/api/tables", json={"game": game, "seats": seats, **kw})
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def join(client: TestClient, tid: str, name: str, **kw: Any) -> tuple[int, str]:
    r = client.post(f"/api/tables/{tid}/join", json={"name": name, **kw})
    assert r.status_code == 200, r.text
    return int(r.json()["seat"]), str(r.json()["token"])


def state(client: TestClient, tid: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/tables/{tid}/state", headers=auth(token) if token else {})
    assert r.status_code == 200, r.text
    return dict(r.json())


def move(client: TestClient, tid: str, token: str, action: dict[str, Any], n: int | None) -> Any:
    return client.post(
        f"/api/tables/{tid}/moves", json={"move": n, "action": action}, headers=auth(token)
    )


def wait_for(check: Any, timeout: float = 120.0) -> Any:
    """``check()`` until it is truthy (its value): a deadline far above what it takes, so that a
    busy machine makes the test slower, never red; polled often, so it costs no more."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = check()
        if got:
            return got
        time.sleep(0.02)
    raise AssertionError("timed out waiting")


def play_out(
    client: TestClient, tid: str, tokens: dict[int, str], timeout: float = 180.0
) -> dict[str, Any]:
    """Every human seat plays its first legal move until the game ends (AI seats play themselves)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        moved = False
        for _seat, tok in tokens.items():
            st = state(client, tid, tok)
            if st["result"] is not None:
                return st
            if st["legal"]:
                move(client, tid, tok, st["legal"][0]["action"], st["move"])
                moved = True
        if not moved:
            time.sleep(0.02)
    raise AssertionError("the game did not end")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(
    db: Path,
    port: int,
    plugins: bool = True,
    ai_delay: float = 0.0,
    extra: tuple[str, ...] = (),
    env: dict[str, str] | None = None,
) -> subprocess.Popen[bytes]:
    # this checkout's sources first: the environment may hold an editable install of another
    # checkout (a git worktree shares the venv of the main one), whose server would be tested
    env = {
        **os.environ,
        **(env or {}),
        "PYTHONPATH": os.pathsep.join((str(ROOT / "src"), str(ROOT))),
    }
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
            *(["--plugin", "tests.server.plugin"] if plugins else []),
            "--ai-delay",
            str(ai_delay),
            "--log-level",
            "warning",
            *extra,
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        # its own process group: stop_server ends its AI workers with it (a SIGKILL to the
        # server alone left the forkserver and its workers running, one family per test)
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    end = time.monotonic() + 30
    while time.monotonic() < end:
        try:
            if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    stop_server(proc)
    raise AssertionError("the server did not start")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    """Kill a server of start_server at once, with every process it started (as a crash of
    the machine would): nothing of it is left running after the test."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(10)
