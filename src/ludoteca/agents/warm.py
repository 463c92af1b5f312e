"""Imported once by the AI workers' forkserver (``server/ai_pool.py``): every built-in game with
its heuristic and evaluation, so that each worker forks with them loaded instead of importing
them at its first move (seconds on a busy machine)."""

from __future__ import annotations

from ..engine.registry import game_ids, game_module, get_game
from . import remote  # noqa: F401  (what the workers run)

for _id in game_ids():
    get_game(_id)
    game_module("ludoteca.agents.heuristics", _id)
    game_module("ludoteca.agents.evaluation", _id)
