"""Where the rest of ludoteca calls the core: one function per caller, each returning None (or
False) when the core cannot take the job, so the caller keeps its reference path."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..agents.base import Agent
from ..engine import Game, GameState, Match
from . import HEURISTIC, core_for, play_seeded, rollout, seat_kind

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
    """``sim.runner.play_one``'s loop, in the core, when the core knows every seat's agent
    (random, and heuristic where compiled) and each was just made with ``seeds[seat]``: their
    generators are re-made in compiled code and the agents are not advanced (the runner drops
    them after the game). The same moves, the same record. Returns the number of decisions, or
    None (not taken: the caller plays)."""
    core = core_for(match.game)
    if core is None:
        return None
    kinds = [seat_kind(core, a) for a in players]
    state = match.state
    if None in kinds or state.is_over:
        return None
    moves = play_seeded(state, seeds, kinds, players, record=keep_record)  # type: ignore[arg-type]
    if keep_record:
        table = _action_json(match.game)
        match.record.actions.extend((p, dict(table[c])) for p, c in moves)
        match.record.result = state.result().to_json()
    return len(moves)


def search_rollout(state: GameState, rng: random.Random, leaf: int | None, policy: Any) -> bool:
    """ISMCTS' playout (``leaf``: at most that many moves) in the core: ``rollout=random``, or
    ``rollout=heuristic`` where the policy's agent is compiled for the game, in the games where
    that was measured to pay (``core.search_pays``). False: not taken, the caller plays it."""
    core = core_for(state.game)
    if core is None:
        return False
    agent = getattr(policy, "agent", None)
    # a core may pay for heuristic rollouts and not for random ones (a cheap policy's short
    # rollouts cost more to move in and out than they save): ``heuristic_search_pays``
    pays = core.search_pays if agent is None else getattr(core, "heuristic_search_pays", None)
    if not (core.search_pays if pays is None else pays):
        return False
    if agent is None:
        rollout(state, rng, leaf)
        return True
    if seat_kind(core, agent) is None:
        return False
    rollout(state, rng, leaf, heuristic=agent)
    return True


_SEEDED: dict[int, np.ndarray] = {}  # random.Random(seed)'s words, as the core reads them


def finish_turn(state: GameState, agent: Agent, seed: int, max_steps: int) -> int | None:
    """The rest of the current turn (until the player to move changes, or the game ends) with
    ``agent`` in every seat, asked only when there is a choice (a leaf evaluation that values
    the next turn's start), its generator starting as ``agent.rng.seed(seed)`` would start it
    (the agent's own generator is left alone); at most ``max_steps`` moves. Returns the moves
    made, or None: the core has no compiled version of the agent (a heuristic one) or does not
    know where a turn ends, and the caller plays it."""
    core = core_for(state.game)
    if core is None or not getattr(core, "stops_at_turn_change", False):
        return None
    if seat_kind(core, agent) != HEURISTIC:
        return None
    start = _SEEDED.get(seed)
    if start is None:
        from .rng import mt_state  # compiled code: only once a core is there

        start = _SEEDED[seed] = mt_state(random.Random(seed))
    mt = start.copy()
    return rollout(state, agent.rng, max_steps, agent, until_turn_change=True, mt=mt)
