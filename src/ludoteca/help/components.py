"""Each board component's help text, per game and language, from the game's data catalogs."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from ..engine import Catalog
from ..engine.errors import UnknownGame
from ..engine.i18n import normalize_language

# the glue words of the help texts (what an icon means, how a zone works); card names and
# rules texts come from each game's own catalog and data
WORDS = Catalog.from_package(__package__ or "ludoteca.help")


def module_of(game_id: str) -> str:
    return f"{__package__}.{game_id.replace('-', '_')}"


@cache
def help_texts(game_id: str, lang: str) -> dict[str, str]:
    """``{component key: help sentence}`` for one game in one language (public words only)."""
    lang = normalize_language(lang)
    try:
        mod = import_module(module_of(game_id))
    except ModuleNotFoundError:
        raise UnknownGame(game_id) from None
    out: dict[str, str] = mod.components(lang)
    return out
