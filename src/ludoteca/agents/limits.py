"""The agents a server will run for its AI seats.

People choose a named level (``easy``, ``medium``, ``strong``) among those that suit the game
(:func:`levels_offered`). A raw spec (``ismcts:iterations=500``) only when the operator allows
them, and then with every number finite and under a cap, and no ``workers`` (a server runs its
agents in its own bounded pool). Anything else is refused with :class:`AgentRefused`, whose
words come from this package's catalogs (``agents/locale``), in both languages.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from ..engine import Catalog, Game
from ..engine.registry import game_module
from . import agent_names, make_agent
from .base import AgentSpecError, parse_spec
from .levels import LEVELS, levels_for

CATALOG = Catalog.from_package(__package__)

# the largest value a raw spec may give each option (per agent; a server's AI seat must end
# its move in about a second or two, and the move's wall-time cap stops it anyway)
CAPS: dict[str, dict[str, float]] = {
    "ismcts": {"iterations": 5000, "seconds": 5.0, "c": 10.0, "anchor": 5.0, "leaf": 200},
    "equilibrium": {"iterations": 20000, "seconds": 5.0, "steps": 100, "types": 200},
}
DEFAULT_CAP = 1000.0  # any other number an option takes
# options a server never takes from a spec: its own processes, not the agent's
REFUSED_OPTIONS = frozenset({"workers", "seed"})


class AgentRefused(AgentSpecError):
    """A spec the server will not run: the catalog key of the reason and its values."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        params = dict(self.params)
        if isinstance(params.get("game"), Game):  # the game's name in the reader's language
            params["game"] = params["game"].display_name(lang)
        return CATALOG.text(f"refused.{self.key}", lang, **params)


def suits(agent: str, game: Game) -> bool:
    """Whether an agent is made for a game: ``heuristic`` where the game has one,
    ``equilibrium`` where the game's levels name it (The Nine Domains: on the other games it
    is a slow generic solver nobody measured), the rest everywhere."""
    if agent == "heuristic":
        return game_module("ludoteca.agents.heuristics", game.id) is not None
    if agent == "equilibrium":
        return any(parse_spec(s)[0] == "equilibrium" for s in levels_for(game.id).values())
    return True


def spec_suits(spec: str, game: Game) -> bool:
    """:func:`suits` for a whole spec: a search guided by the heuristic (``rollout=heuristic``,
    ``anchor``) needs the game's heuristic too."""
    name, options = parse_spec(spec)
    guided = options.get("rollout") == "heuristic" or bool(options.get("anchor"))
    return suits(name, game) and (not guided or suits("heuristic", game))


@cache
def _offered(game_id: str, game: Game) -> tuple[str, ...]:
    out = []
    for level, spec in levels_for(game_id).items():
        if not spec_suits(spec, game):
            continue
        try:
            make_agent(spec, game, 0)
        except AgentSpecError:
            continue
        out.append(level)
    return tuple(out)


def levels_offered(game: Game) -> list[str]:
    """The levels a person may choose for an AI seat of this game (easy, medium, strong)."""
    return list(_offered(game.id, game))


def fallback_level(game: Game) -> str:
    """The level a seat that holds a refused spec falls back to: ``strong``, else the
    strongest offered."""
    offered = levels_offered(game)
    for level in ("strong", "medium", "easy"):
        if level in offered:
            return level
    return "random"


def check_spec(spec: str, game: Game, allow_specs: bool) -> str:
    """The spec as it will be stored, or :class:`AgentRefused` with the reason."""
    spec = spec.strip()
    offered = levels_offered(game)
    words: dict[str, Any] = {"game": game, "levels": ", ".join(offered), "spec": spec}
    if spec in LEVELS:
        if spec not in offered:
            raise AgentRefused("level", level=spec, **words)
        return spec
    if not allow_specs:
        raise AgentRefused("specs", **words)
    try:
        name, options = parse_spec(spec)
    except AgentSpecError as e:
        raise AgentRefused("unknown", spec=spec, reason=str(e).rstrip(".")) from None
    if name not in agent_names():
        raise AgentRefused("unknown_agent", agent=name, agents=", ".join(agent_names()), **words)
    if not spec_suits(spec, game):
        raise AgentRefused("agent", agent=name, **words)
    caps = CAPS.get(name, {})
    for option, value in options.items():
        if option in REFUSED_OPTIONS:
            raise AgentRefused("option", option=option, spec=spec)
        if isinstance(value, bool) or not isinstance(value, int | float):
            continue
        if not math.isfinite(value):
            raise AgentRefused("number", option=option, spec=spec)
        cap = caps.get(option, DEFAULT_CAP)
        if abs(value) > cap:
            raise AgentRefused("cap", option=option, cap=_number(cap), spec=spec)
    try:
        make_agent(spec, game, 0)
    except AgentSpecError as e:
        raise AgentRefused("unknown", spec=spec, reason=str(e).rstrip(".")) from None
    return spec


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)
