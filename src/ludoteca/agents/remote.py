"""What an AI worker process runs (see ``server/ai_pool.py``): one move of one seat's agent.

Kept light on imports (no server, no web framework): a spawned worker starts by importing
this module, and each one it needs costs the worker's start-up.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import signal
import sys
from collections import OrderedDict
from typing import Any

AGENTS_KEPT = 256  # agents a worker keeps between moves (their searches' memory, plans)

_AGENTS: OrderedDict[tuple[str, int, str, int], Any] = OrderedDict()


def init_worker(modules: dict[str, str], plugins: tuple[str, ...]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the server, which stops us
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):
            import ctypes

            # PR_SET_PDEATHSIG: a worker never outlives its server, even one killed with -9
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)
            if os.getppid() == 1:  # the server died while this worker started
                os._exit(0)
    with contextlib.suppress(OSError):
        os.nice(10)  # the server's event loop first: people's moves over the AI's thinking
    from ..engine import registry

    for module in plugins:
        importlib.import_module(module)
    for game_id, module in modules.items():  # games registered outside the package (tests)
        registry._MODULES.setdefault(game_id, module)


def think(
    table_id: str, seat: int, spec: str, seed: int, game_id: str, state_json: dict[str, Any]
) -> dict[str, Any]:
    from ..agents import make_agent
    from ..engine import SeatHandle, get_game

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
    from ..engine import get_game
    from ..engine.compiled import core_for

    core_for(get_game(game_id))
    return os.getpid()
