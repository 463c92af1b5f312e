"""The words of the game's data: the message catalog and the name of a card, terrain,
ability, set or starter deck in a language.

The data files hold the rules; every name lives in ``locale/{pt-BR,en}.toml`` under the kind's
table (``card.<id>``, ``terrain.<id>``, ``ability.<id>``, ``set.<id>``, ``deck.<id>``), like every
other visible word. A thing the catalogs do not know (a card a stored table brought in its
options) shows its id.
"""

from __future__ import annotations

from typing import Literal

from ...engine import Catalog, normalize_language

CATALOG = Catalog.from_package("ludoteca.games.sala_de_miaula")

Kind = Literal["card", "terrain", "ability", "set", "deck"]
# the kinds of data whose names the catalogs hold (the test of the words walks them all)
KINDS: tuple[Kind, ...] = ("card", "terrain", "ability", "set", "deck")


def name_of(kind: Kind, oid: str, lang: str = "pt-BR") -> str:
    """The name of a thing of the data in ``lang``, else in pt-BR, else its id."""
    key = f"{kind}.{oid}"
    msgs = CATALOG.messages[normalize_language(lang)]
    return msgs.get(key) or CATALOG.messages["pt-BR"].get(key) or oid


def card_name(cid: str, lang: str = "pt-BR") -> str:
    return name_of("card", cid, lang)


def terrain_name(tid: str, lang: str = "pt-BR") -> str:
    return name_of("terrain", tid, lang)


def ability_name(aid: str, lang: str = "pt-BR") -> str:
    return name_of("ability", aid, lang)


def set_name(sid: str, lang: str = "pt-BR") -> str:
    return name_of("set", sid, lang)


def deck_name(did: str, lang: str = "pt-BR") -> str:
    return name_of("deck", did, lang)
