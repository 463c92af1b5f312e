"""The rules written for players, per game and language (``rules/<game>.<lang>.md``): plain
Markdown (headings, paragraphs, lists, **bold**) that the browser draws in the rules panel."""

from __future__ import annotations

from functools import cache
from importlib import resources

from ..engine.errors import UnknownGame
from ..engine.i18n import normalize_language


@cache
def rules_text(game_id: str, lang: str) -> str:
    lang = normalize_language(lang)
    f = resources.files(__package__ or "ludoteca.help").joinpath("rules", f"{game_id}.{lang}.md")
    if not f.is_file():
        raise UnknownGame(game_id)
    return f.read_text(encoding="utf-8")
