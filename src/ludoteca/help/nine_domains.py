"""The Nine Domains: each card's strength and special effect, each domain's points and
elements, and the board's zones."""

from __future__ import annotations

from ..games.nine_domains import GAME
from ..games.nine_domains.cards import CARDS, DOMAINS
from .components import WORDS

ZONES = ("pile", "hand", "placed", "opponent", "history", "draft")
ELEMENTS = ("red", "green", "blue", "purple")


def components(lang: str) -> dict[str, str]:
    cat = GAME.catalog
    out: dict[str, str] = {}
    for c in CARDS.models:
        effects = "; ".join(GAME._card_effects(c, lang))
        effects = effects[:1].upper() + effects[1:] + ("." if effects else "")
        key = "nd.special" if c.special else "nd.base"
        out[f"card.{c.id}"] = WORDS.text(key, lang, id=c.id, value=c.value, effects=effects)
    for d in DOMAINS.models:
        elements = ", ".join(cat.text(f"element.{e}", lang) for e in d.elements)
        parts = [WORDS.text("nd.domain", lang, name=cat.text(f"domain.{d.id}", lang), vp=d.vp)]
        parts.append(
            WORDS.text("nd.elements", lang, elements=elements)
            if d.elements
            else WORDS.text("nd.no_elements", lang)
        )
        if d.purple_halves:
            parts.append(WORDS.text("nd.halves", lang, count=d.purple_halves))
        out[f"domain.{d.id}"] = " ".join(parts)
    for e in ELEMENTS:
        out[f"icon.element.{e}"] = WORDS.text(
            f"nd.element.{'purple' if e == 'purple' else 'colour'}",
            lang,
            name=cat.text(f"element.{e}", lang),
        )
    for z in ZONES:
        out[f"zone.{z}"] = WORDS.text(f"nd.zone.{z}", lang)
    return out
