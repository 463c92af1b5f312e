"""The AI levels' fixed ratings (``ai_ratings.toml``): the anchors of games rated against AI.

Measured by ``benchmarks/ai_anchors.py`` (games among the levels, on the people's scale) and
checked here at load: known levels, finite numbers, a positive sigma, with errors that say
where. A game or level the file does not hold has no anchor: no table of it is rated against
that AI.
"""

from __future__ import annotations

import math
import tomllib
from functools import cache
from importlib import resources
from typing import Any

from ..agents.levels import LEVELS
from .ratings import Belief


class AnchorsError(ValueError):
    pass


def parse_anchors(data: dict[str, Any], where: str) -> dict[str, dict[str, Belief]]:
    """``{game_id: {level: Belief}}`` from the TOML's ``[games.<id>.<level>]`` tables."""
    unknown = set(data) - {"games", "measured"}
    if unknown:
        raise AnchorsError(f"{where}: unknown tables {sorted(unknown)} (expected games, measured)")
    games = data.get("games", {})
    if not isinstance(games, dict):
        raise AnchorsError(f"{where}: [games] must hold one table per game")
    out: dict[str, dict[str, Belief]] = {}
    for game_id, levels in games.items():
        if not isinstance(levels, dict):
            raise AnchorsError(f"{where}: [games.{game_id}] must hold one table per level")
        bad = set(levels) - set(LEVELS)
        if bad:
            raise AnchorsError(f"{where}: [games.{game_id}] unknown levels {sorted(bad)}")
        out[game_id] = {}
        for level, raw in levels.items():
            name = f"[games.{game_id}.{level}]"
            if not isinstance(raw, dict) or not {"mu", "sigma"} <= set(raw):
                raise AnchorsError(f"{where}: {name} must give mu and sigma")
            extra = set(raw) - {"mu", "sigma", "games"}
            if extra:
                raise AnchorsError(f"{where}: {name} unknown keys {sorted(extra)}")
            mu, sigma = raw["mu"], raw["sigma"]
            if not all(isinstance(x, int | float) and not isinstance(x, bool) for x in (mu, sigma)):
                raise AnchorsError(f"{where}: {name} mu and sigma must be numbers")
            if not (math.isfinite(mu) and math.isfinite(sigma)) or sigma <= 0:
                raise AnchorsError(f"{where}: {name} needs a finite mu and a positive sigma")
            out[game_id][level] = Belief(float(mu), float(sigma))
    return out


@cache
def anchors() -> dict[str, dict[str, Belief]]:
    f = resources.files(__package__).joinpath("ai_ratings.toml")
    try:
        data = tomllib.loads(f.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise AnchorsError(f"{f}: {e}") from None
    return parse_anchors(data, str(f))


def anchors_for(game_id: str) -> dict[str, Belief]:
    """Level -> fixed rating for one game (empty if none was measured)."""
    return dict(anchors().get(game_id, {}))
