"""Where the rest of ludoteca calls the core: one function per caller, each returning None (or
False) when the core cannot take the job, so the caller keeps its reference path."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..agents.base import Agent
from ..agents.random_agent import RandomAgent
from ..engine import Game, GameState, Match
from . import core_for, play_random_seeded, rollout

_JSON: dict[str, list[dict[str, Any]]] = {}


def _action_json(game: Game) -> list[dict[str, Any]]:
    table = _JSON.get(game.id)
    if table is None:
        space = game.action_space
        table = _JSON[game.id] = [space.decode(c).to_json() for c in range(space.size)]
    return table


def play_match(
    match: Match, players: Sequence[Agent], keep_record: bool, seeds: Sequence[int]
) -> int | None:
    """``sim.runner.play_one``'s loop, in the core, when every seat is a plain RandomAgent
    just made with ``seeds[seat]`` (their generators are re-made in compiled code and the
    agents are not advanced: the runner drops them after the game). The same moves, the same
    record. Returns the number of decisions, or None (not taken: the caller plays)."""
    if not all(type(a) is RandomAgent for a in players) or core_for(match.game) is None:
        return None
    state = match.state
    if state.is_over:
        return None
    moves = play_random_seeded(state, seeds)
    if keep_record:
        table = _action_json(match.game)
        match.record.actions.extend((p, dict(table[c])) for p, c in moves)
        match.record.result = state.result().to_json()
    return len(moves)


def search_rollout(state: GameState, rng: random.Random, leaf: int | None) -> bool:
    """ISMCTS' ``rollout=random`` playout (``leaf``: at most that many moves), in the core.
    False: not taken (no core for the game), the caller plays it."""
    if core_for(state.game) is None:
        return False
    rollout(state, rng, leaf)
    return True
