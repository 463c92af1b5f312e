"""Agents: players that see only their seat's handle.

``make_agent(spec, game, seed)`` builds one from a spec such as ``random``, ``heuristic`` or
``ismcts:iterations=1000``. Every game provides ``random`` and ``heuristic``.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable

from ..engine import Game
from ..engine.registry import game_module
from . import policy_agent
from .base import Agent, AgentSpecError, parse_spec
from .equilibrium import EquilibriumAgent
from .evaluation import get_evaluator
from .ismcts import IsmctsAgent
from .levels import LEVELS, levels_for
from .random_agent import RandomAgent


def _heuristic(game: Game, seed: int, **kwargs: object) -> Agent:
    mod = game_module(f"{__name__}.heuristics", game.id)
    if mod is None:
        raise AgentSpecError(f"there is no heuristic agent for {game.id} yet")
    cls: type[Agent] = mod.HeuristicAgent
    return _construct(cls, "heuristic", seed, kwargs)


def _construct(cls: Callable[..., Agent], name: str, seed: int, kwargs: dict[str, object]) -> Agent:
    params = inspect.signature(cls).parameters
    unknown = [k for k in kwargs if k not in params or k == "seed"]
    if unknown:
        allowed = [k for k in params if k != "seed"]
        raise AgentSpecError(
            f"agent {name!r} has no option {', '.join(map(repr, unknown))}"
            f" (its options: {', '.join(allowed) or 'none'})"
        )
    try:
        return cls(seed=seed, **kwargs)
    except (TypeError, ValueError) as e:
        raise AgentSpecError(f"agent {name!r}: {e}") from None


def _ismcts(game: Game, seed: int, **kwargs: object) -> Agent:
    agent = _construct(IsmctsAgent, "ismcts", seed, kwargs)
    assert isinstance(agent, IsmctsAgent)
    if (agent.leaf is not None or agent.reward == "eval") and get_evaluator(game) is None:
        raise AgentSpecError(
            f"agent 'ismcts': {game.id} has no leaf evaluation, so leaf= and reward=eval"
            " cannot be used with it"
        )
    return agent


# name -> factory(game, seed, **options)
_FACTORIES: dict[str, Callable[..., Agent]] = {
    "random": lambda game, seed, **kw: _construct(RandomAgent, "random", seed, kw),
    "heuristic": _heuristic,
    "ismcts": _ismcts,
    "equilibrium": lambda game, seed, **kw: _construct(EquilibriumAgent, "equilibrium", seed, kw),
    "policy": lambda game, seed, **kw: policy_agent.make(game, seed, **kw),
}


def register_agent(name: str, factory: Callable[..., Agent]) -> None:
    _FACTORIES[name] = factory


def agent_names() -> list[str]:
    return sorted(_FACTORIES)


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
