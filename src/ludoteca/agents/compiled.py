"""Agents in a game's compiled core: which agents the core plays (``seat_kind``: random, and the
heuristic where its compiled twin matches it), and where the rest of ludoteca calls the core with
agents, one function per caller, each returning None (or False) when the core cannot take the
job, so the caller keeps its reference path.

The core itself (``ludoteca.engine.compiled``) knows no agent: the first time a game's core is
asked about an agent, its heuristic's table is built here from the agent's own module
(``agents/heuristics/compiled/<game>.py``) and installed into the core.
"""

from __future__ import annotations

import json
import random
import weakref
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..engine import Game, GameState, Match
from ..engine import compiled as C
from ..engine.compiled import HEURISTIC, RANDOM, Core, core_for, play_seeded
from ..engine.registry import game_module
from .base import Agent
from .random_agent import RandomAgent

__all__ = [
    "action_json",
    "action_texts",
    "finish_turn",
    "play_agents",
    "play_match",
    "play_planned",
    "playout",
    "rollout",
    "search_rollout",
    "seat_kind",
    "seat_plan",
]


def heuristic_class(core: Core) -> type | None:
    """The heuristic agent class the core plays (None: none, or its twin no longer matches)."""
    if not core.heuristic_checked:
        core.heuristic_checked = True
        # the game's compiled heuristic table: imports compiled code, so only once a core is
        # there (loaded lazily)
        mod = game_module(f"{__package__}.heuristics.compiled", core.game.id)
        if mod is not None and not mod.supported():
            core.install_heuristic(mod.AGENT, mod.table(), mod.fits)
    return core.heuristic_class


def seat_kind(core: Core, agent: Agent) -> int | None:
    """How the core plays ``agent``: RANDOM, HEURISTIC, or None (it cannot)."""
    if type(agent) is RandomAgent:
        return RANDOM
    cls = heuristic_class(core)
    if cls is not None and type(agent) is cls and core.heuristic_fits(agent):
        return HEURISTIC
    return None


def _risks(agents: Sequence[Agent | None]) -> np.ndarray:
    return np.array([float(getattr(a, "risk", 0.0)) for a in agents], dtype=np.float64)


def play_agents(
    state: GameState, agents: Sequence[Agent], record: bool = True
) -> list[tuple[int, int]]:
    """``compiled.play_random`` for agents the core knows (``seat_kind``): random and, where
    the game's core has it, heuristic ones; their generators advance as in the reference."""
    core = C.core_of(state)
    kinds = [seat_kind(core, a) for a in agents]
    if None in kinds:
        raise ValueError("the core cannot play every one of these agents")
    rngs = [a.rng for a in agents]
    return C.play_generators(state, rngs, kinds, _risks(agents), record)  # type: ignore[arg-type]


def rollout(
    state: GameState,
    rng: random.Random,
    max_steps: int | None = None,
    heuristic: Agent | None = None,
    until_turn_change: bool = False,
    mt: np.ndarray | None = None,
) -> int:
    """``compiled.rollout`` with ``heuristic`` (an agent the core knows) playing every seat,
    asked only when there is a choice, as ISMCTS' ``rollout=heuristic`` does, drawing from its
    own generator; without it, the random rollout from ``rng``."""
    if heuristic is None:
        return C.rollout(state, rng, max_steps, until_turn_change, mt)
    core = C.core_of(state)
    if seat_kind(core, heuristic) != HEURISTIC:
        raise ValueError("the core has no compiled version of this agent")
    risk = float(_risks([heuristic])[0])
    src = heuristic.rng
    return C.rollout(state, src, max_steps, until_turn_change, mt, HEURISTIC, risk)


def playout(state: GameState, agent_kind: str = "random", seed: int = 0) -> GameState:
    """A rollout of ``state`` (in place) as ISMCTS plays one: ``random`` with
    ``random.Random(seed)`` choosing, or ``heuristic`` (the game's heuristic agent seeded
    ``seed``, where the core has it). Returns the state."""
    if agent_kind == "random":
        C.rollout(state, random.Random(seed))
    elif agent_kind == "heuristic":
        from . import make_agent  # the agents' registry imports every agent: on demand

        rollout(state, random.Random(seed), heuristic=make_agent("heuristic", state.game, seed))
    else:
        raise ValueError(f"agent_kind must be 'random' or 'heuristic', not {agent_kind!r}")
    return state


_JSON: dict[str, list[dict[str, Any]]] = {}


def action_json(game: Game) -> list[dict[str, Any]]:
    """Each action code's record form (``Action.to_json()``), shared: copy before changing."""
    table = _JSON.get(game.id)
    if table is None:
        space = game.action_space
        table = _JSON[game.id] = [space.decode(c).to_json() for c in range(space.size)]
    return table


SeatPlan = tuple[list[int], np.ndarray]  # the seats' kinds (RANDOM, HEURISTIC) and risks

# per core (a core declines an agent whose twin no longer matches it: a fresh core asks again)
_PLANS: weakref.WeakKeyDictionary[Core, dict[str, tuple[int, float] | None]] = (
    weakref.WeakKeyDictionary()
)


def seat_plan(game: Game, specs: Sequence[str]) -> SeatPlan | None:
    """How the core plays the agents ``specs`` name, seat by seat, or None (no core, or one it
    cannot play). Each spec's agent is made once per process (its kind and risk do not depend
    on its seed), so a simulation's games make no agent the core plays itself."""
    core = core_for(game)
    if core is None:
        return None
    kinds: list[int] = []
    risks: list[float] = []
    plans = _PLANS.setdefault(core, {})
    for spec in specs:
        if spec not in plans:
            from . import make_agent  # the agents' registry imports every agent: on demand

            agent = make_agent(spec, game, 0)
            kind = seat_kind(core, agent)
            plans[spec] = None if kind is None else (kind, float(_risks([agent])[0]))
        plan = plans[spec]
        if plan is None:
            return None
        kinds.append(plan[0])
        risks.append(plan[1])
    return kinds, np.array(risks, dtype=np.float64)


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
    if None in kinds or match.state.is_over:
        return None
    return len(play_planned(match, (kinds, _risks(players)), keep_record, seeds))  # type: ignore[arg-type]


_TEXT: dict[str, list[str]] = {}


def action_texts(game: Game) -> list[str]:
    """Each action code's JSON text, as ``json.dumps`` writes it in a record."""
    texts = _TEXT.get(game.id)
    if texts is None:
        texts = _TEXT[game.id] = [json.dumps(a, ensure_ascii=False) for a in action_json(game)]
    return texts


def play_planned(
    match: Match, plan: SeatPlan, keep_record: bool, seeds: Sequence[int]
) -> list[tuple[int, int]]:
    """``play_match`` with the seats' kinds and risks from ``seat_plan``: no agent is made.
    Returns the moves (seat, action code), placeholders without ``keep_record``."""
    state = match.state
    if state.is_over:
        return []
    kinds, risks = plan
    moves = play_seeded(state, seeds, kinds, risks, record=keep_record)
    if keep_record:
        table = action_json(match.game)
        match.record.actions.extend((p, dict(table[c])) for p, c in moves)
        match.record.result = state.result().to_json()
    return moves


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
    pays = core.search_pays if agent is None else core.heuristic_search_pays
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
    if core is None or not core.stops_at_turn_change:
        return None
    if seat_kind(core, agent) != HEURISTIC:
        return None
    start = _SEEDED.get(seed)
    if start is None:
        from ..engine.compiled.rng import mt_state  # compiled code: only once a core is there

        start = _SEEDED[seed] = mt_state(random.Random(seed))
    mt = start.copy()
    return rollout(state, agent.rng, max_steps, agent, until_turn_change=True, mt=mt)
