"""Named strengths (``easy``, ``medium``, ``strong``): the agent spec each level means per game.

Kept as data (``levels.toml``) so a level can be retuned without touching code; checked at load
(known levels, specs that parse and name a known agent) with errors that say where.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from .base import AgentSpecError, parse_spec
from .factories import agent_names

LEVELS = ("easy", "medium", "strong")


class LevelsError(ValueError):
    pass


def parse_levels(
    data: dict[str, Any], known_agents: set[str], where: str
) -> dict[str, dict[str, str]]:
    """``{"default": {level: spec}, game_id: {level: spec}}`` from the TOML's tables."""
    unknown = set(data) - {"default", "games"}
    if unknown:
        raise LevelsError(f"{where}: unknown tables {sorted(unknown)} (expected default, games)")

    def table(raw: Any, name: str, complete: bool) -> dict[str, str]:
        if not isinstance(raw, dict):
            raise LevelsError(f"{where}: [{name}] must be a table of level = agent spec")
        bad = set(raw) - set(LEVELS)
        if bad:
            raise LevelsError(f"{where}: [{name}] unknown levels {sorted(bad)}; known: {LEVELS}")
        if complete and set(raw) != set(LEVELS):
            raise LevelsError(f"{where}: [{name}] must give every level {LEVELS}")
        out = {}
        for level, spec in raw.items():
            if not isinstance(spec, str):
                raise LevelsError(f"{where}: [{name}] {level} must be an agent spec string")
            try:
                agent, _ = parse_spec(spec)
            except AgentSpecError as e:
                raise LevelsError(f"{where}: [{name}] {level}: {e}") from None
            if agent not in known_agents:
                raise LevelsError(f"{where}: [{name}] {level}: unknown agent {agent!r}")
            out[level] = spec
        return out

    levels = {"default": table(data.get("default"), "default", complete=True)}
    games = data.get("games", {})
    if not isinstance(games, dict):
        raise LevelsError(f"{where}: [games] must hold one table per game")
    for game_id, raw in games.items():
        levels[game_id] = table(raw, f"games.{game_id}", complete=False)
    return levels


@cache
def _levels() -> dict[str, dict[str, str]]:
    f = resources.files(__package__).joinpath("levels.toml")
    try:
        data = tomllib.loads(f.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise LevelsError(f"{f}: {e}") from None
    return parse_levels(data, set(agent_names()), str(f))


def levels_for(game_id: str) -> dict[str, str]:
    """Level -> agent spec for one game, in the order easy, medium, strong."""
    table = _levels()
    own = table.get(game_id, {})
    return {level: own.get(level, table["default"][level]) for level in LEVELS}
