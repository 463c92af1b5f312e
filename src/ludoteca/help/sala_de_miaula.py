"""Sala de Miaula: every card of the base set and the expansions (its type and rules text),
each terrain's effect, the statuses and the board's icons (✦ ability, + item, ♥ life...)."""

from __future__ import annotations

from ..games.sala_de_miaula import GAME
from ..games.sala_de_miaula.cards import ELEMENTS, OPPOSITE, POOL, STATUSES
from .components import WORDS

ZONES = ("life", "canil", "oficina", "place", "hand", "deck")
ICONS = ("ability", "item", "potion", "courage", "attack", "life")


def components(lang: str) -> dict[str, str]:
    cat = GAME.catalog
    out: dict[str, str] = {}
    for cid, c in POOL.cards.items():
        name = cat.text(f"card.{cid}", lang)
        kind = WORDS.text(f"sala.type.{c.type}", lang)
        out[f"card.{cid}"] = f"{name} ({kind}): {GAME.card_text(cid, lang)}"
    for tid, t in POOL.terrains.items():
        out[f"terrain.{tid}"] = WORDS.text(
            "sala.terrain",
            lang,
            name=GAME.terrain_name(tid, lang),
            element=cat.text(f"element.{t.element}", lang),
            opposed=cat.text(f"element.{OPPOSITE[t.element]}", lang),
        )
    for e in ELEMENTS:
        out[f"icon.element.{e}"] = WORDS.text(
            "sala.element",
            lang,
            name=cat.text(f"element.{e}", lang),
            opposed=cat.text(f"element.{OPPOSITE[e]}", lang),
        )
    for s in STATUSES:
        out[f"status.{s}"] = WORDS.text(f"sala.status.{s}", lang)
    for z in ZONES:
        out[f"zone.{z}"] = WORDS.text(f"sala.zone.{z}", lang)
    for i in ICONS:
        out[f"icon.{i}"] = WORDS.text(f"sala.icon.{i}", lang)
    return out
