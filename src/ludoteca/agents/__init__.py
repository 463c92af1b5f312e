"""Agents: players that see only their seat's handle.

``make_agent(spec, game, seed)`` builds one from a spec such as ``random``, ``heuristic`` or
``ismcts:iterations=1000``. Every game provides ``random`` and ``heuristic``.
"""

from __future__ import annotations

from ..engine import Game
from .base import Agent, AgentSpecError, parse_spec
from .factories import _FACTORIES, agent_names, register_agent
from .levels import LEVELS, levels_for
from .random_agent import RandomAgent


def make_agent(spec: str, game: Game, seed: int = 0) -> Agent:
    """An agent from a spec, or from a level name (``easy``, ``medium``, ``strong``)."""
    if spec.strip() in LEVELS:
        spec = levels_for(game.id)[spec.strip()]
    name, kwargs = parse_spec(spec)
    if "seed" in kwargs:  # the caller's seed, drawn per seat and game, is the agent's
        raise AgentSpecError(f"agent {name!r}: the seed is not an option (the caller seeds it)")
    factory = _FACTORIES.get(name)
    if factory is None:
        raise AgentSpecError(
            f"unknown agent {name!r}; known agents: {', '.join(agent_names())}"
            f" (or a level: {', '.join(LEVELS)})"
        )
    return factory(game, seed, **kwargs)


def check_spec(spec: str, game: Game) -> None:
    """Raise AgentSpecError now rather than in the middle of a simulation."""
    make_agent(spec, game, 0)


__all__ = [
    "Agent",
    "AgentSpecError",
    "RandomAgent",
    "agent_names",
    "check_spec",
    "levels_for",
    "make_agent",
    "parse_spec",
    "register_agent",
]
