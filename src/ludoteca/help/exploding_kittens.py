"""Exploding Kittens: each card's effect, and what the pile, the players' badges and the
defuse picker mean."""

from __future__ import annotations

from ..games.exploding_kittens import GAME
from ..games.exploding_kittens.cards import KEYS
from .components import WORDS

ZONES = ("pile", "discard", "player", "turns", "direction", "future", "defuse", "pending", "hand")


def components(lang: str) -> dict[str, str]:
    cat = GAME.catalog
    out: dict[str, str] = {}
    for k in KEYS:
        name = cat.text(f"card.{k}", lang)
        text = cat.text(f"card_text.{k}", lang)
        extra = WORDS.text("ek.cat_combos", lang) if k.startswith("cat_") else ""
        out[f"card.{k}"] = " ".join(filter(None, (f"{name}: {text}", extra)))
    for z in ZONES:
        out[f"zone.{z}"] = WORDS.text(f"ek.zone.{z}", lang)
    return out
