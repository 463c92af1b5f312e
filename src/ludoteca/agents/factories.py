"""The agents by name: each name's factory ``(game, seed, **options) -> Agent``.

Below ``levels.py`` (which checks that every level names a known agent) and the package's
``make_agent`` (which resolves a level, then calls the factory), so neither imports the other
inside a function.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable

from ..engine import Game
from ..engine.registry import game_module
from . import policy_agent
from .base import Agent, AgentSpecError
from .equilibrium import EquilibriumAgent
from .evaluation import get_evaluator
from .ismcts import IsmctsAgent
from .random_agent import RandomAgent


def _heuristic(game: Game, seed: int, **kwargs: object) -> Agent:
    mod = game_module("ludoteca.agents.heuristics", game.id)
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
