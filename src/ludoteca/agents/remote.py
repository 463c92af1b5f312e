"""What an AI worker process runs (see ``server/ai_pool.py``): one move of one seat's agent.

Kept light on imports (no server, no web framework): a spawned worker starts by importing
this module, and each one it needs costs the worker's start-up. The agents and the engine load
with the package anyway; the compiled core only where it is wanted.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import signal
import threading
from collections import OrderedDict
from multiprocessing.connection import Connection
from typing import Any

from ..engine import SeatHandle, get_game, registry
from . import make_agent

AGENTS_KEPT = 256  # agents a worker keeps between moves (their searches' memory, plans)

_AGENTS: OrderedDict[tuple[str, int, str, int], Any] = OrderedDict()


def init_worker(
    modules: dict[str, str], plugins: tuple[str, ...], server: Connection, nice: int = 10
) -> None:
    """A worker's start. ``server`` is the read end of a pipe whose only write end the server
    holds: its EOF means the server is gone, however it went (``kill -9`` included). ``nice``:
    how much lower than the server's this worker's priority is (the server's ``ai_nice``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the server, which stops us
    # A worker's parent is the forkserver, not the server: a parent-death signal would wait for
    # the forkserver, which itself waits for its workers (each holds its "alive" pipe), so after
    # a kill -9 of the server alone they all lived on. The worker watches the server instead;
    # once the workers are gone, the forkserver and the resource tracker see their pipes close.
    threading.Thread(target=_end_with, args=(server,), name="server-watch", daemon=True).start()
    with contextlib.suppress(OSError):
        os.nice(nice)  # the server's event loop first: people's moves over the AI's thinking
    for module in plugins:
        importlib.import_module(module)
    for game_id, module in modules.items():  # games registered outside the package (tests)
        registry._MODULES.setdefault(game_id, module)


def _end_with(server: Connection) -> None:
    with contextlib.suppress(EOFError, OSError):
        while True:
            server.recv_bytes()  # the server never writes: this returns at its end only
    os._exit(0)  # no cleanup to wait for: the server that would read our answers is gone


def ready() -> int:
    """The worker's pid, once it is up (the pool's warm-up). Here, not in the server's module:
    a worker imports the module of every function it is sent, and ``ludoteca.server``'s would
    load the whole web stack (FastAPI, SQLAlchemy, Alembic...) into each worker, seconds of its
    start on a busy machine."""
    return os.getpid()


def think(
    table_id: str, seat: int, spec: str, seed: int, game_id: str, state_json: dict[str, Any]
) -> dict[str, Any]:
    game = get_game(game_id)
    key = (table_id, seat, spec, seed)
    agent = _AGENTS.pop(key, None)
    if agent is None:
        agent = make_agent(spec, game, seed)
    _AGENTS[key] = agent
    while len(_AGENTS) > AGENTS_KEPT:
        _AGENTS.popitem(last=False)
    state = game.state_from_json(state_json)
    action = agent.act(SeatHandle(state, seat))
    return dict(action.to_json())


def prepare_core(game_id: str) -> int:
    """Compile (or load from the on-disk cache) the game's playout core in this worker, outside
    any move's cap: a cold compile takes tens of seconds, which a capped move would be cut off
    in (and the next worker would start it over). Returns this worker's pid."""
    # the compiled core (numba, the fast extra), loaded only where it is wanted
    from ..engine.compiled import core_for

    core_for(get_game(game_id))
    return os.getpid()
