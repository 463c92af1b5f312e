"""Terminal renderers: one module per game (``<game id with _>.py``) with

    def render(view: dict, game: Game, lang: str, seat: int | None) -> rich.console.RenderableType

drawing exactly the given view (never a state). Games without one get a generic tree view.

The terminal (``cli``) and the researchers' doors (``rl``, ``render_mode="ansi"``) both draw
with it, so it sits below them both: it reads the games' words and nothing above the games.
"""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty

from ..engine import Game
from ..engine.registry import game_module


def render_view(view: dict[str, Any], game: Game, lang: str, seat: int | None) -> RenderableType:
    mod = game_module(__name__, game.id)
    if mod is None:
        return Pretty(view)
    out: RenderableType = mod.render(view, game, lang, seat)
    return out
