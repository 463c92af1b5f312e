"""Coatl: what each Prophecy asks and scores (with the meaning of its drawn glyphs: Σ, [●●],
…), each Temple's conditions (0×, = n, a = b) and points, and the board's zones."""

from __future__ import annotations

from ..games.coatl import GAME
from ..games.coatl.cards import PROPHECIES, SINGLE_VALUE, TEMPLE_BOTH, TEMPLE_ONE, TEMPLES
from ..games.coatl.words import colour, condition_text, prophecy_name
from .components import WORDS

ZONES = ("space", "deck", "display", "piles", "board", "end", "finish", "new", "chain", "hand")
ICONS = ("sigma", "bracket", "gap", "absent", "length", "equal")


def components(lang: str) -> dict[str, str]:
    cat = GAME.catalog
    out: dict[str, str] = {}
    for p in PROPHECIES:
        # the help's sentences speak of pieces ("peça", feminine in Portuguese)
        names = [colour(cat, c, lang, feminine=True) for c in p.colours]
        params = dict(zip("abc", names, strict=False))
        what = WORDS.text(f"coatl.family.{p.family}", lang, seq="-".join(names), **params)
        tiers = "; ".join(WORDS.text("coatl.tier", lang, n=n, v=v, count=n) for n, v in p.tiers)
        once = WORDS.text("coatl.once", lang) if p.family in SINGLE_VALUE else ""
        out[f"prophecy.{p.id}"] = " ".join(
            filter(None, (f"{prophecy_name(cat, p.index, lang)}.", what, f"{tiers}.", once))
        )
    for t in TEMPLES:
        conds = [
            f"{WORDS.text(f'coatl.glyph.{c.kind}', lang, n=c.value)} {condition_text(cat, c, lang)}"
            for c in (t.a, t.b)
        ]
        out[f"temple.{t.id}"] = WORDS.text(
            "coatl.temple", lang, a=conds[0], b=conds[1], one=TEMPLE_ONE, both=TEMPLE_BOTH
        )
    for z in ZONES:
        out[f"zone.{z}"] = WORDS.text(f"coatl.zone.{z}", lang)
    for i in ICONS:
        out[f"icon.{i}"] = WORDS.text(f"coatl.icon.{i}", lang)
    return out
