"""The words of the cards: the game's message catalog and a card's name in a language.

The data files hold the rules of a card; its name lives in ``locale/{pt-BR,en}.toml`` as
``card.<id>``, like every other visible word (a card the catalogs do not know shows its id).
"""

from __future__ import annotations

from ...engine import Catalog, normalize_language

CATALOG = Catalog.from_package("ludoteca.games.sala_de_miaula")


def card_name(cid: str, lang: str = "pt-BR") -> str:
    msgs = CATALOG.messages[normalize_language(lang)]
    return msgs.get(f"card.{cid}") or CATALOG.messages["pt-BR"].get(f"card.{cid}") or cid
