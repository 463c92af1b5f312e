"""Names of pieces, cards and actions in pt-BR and English, from the locale catalogs."""

from __future__ import annotations

from typing import Any

from ...engine import Action, Catalog, Event
from .cards import COLOURS, PROPHECIES, TEMPLES, Condition
from .constants import BODY_SPACES, HEAD_SPACES, NUM_COLOURS
from .names import COLOUR_NAMES, PIECE_CODE, PROPHECY_CODE, TEMPLE_CODE, space_code

KINDS = ("head", "body", "tail")


def colour(cat: Catalog, c: int, lang: str, feminine: bool = False) -> str:
    return cat.text(f"colour.{'f' if feminine else 'm'}.{COLOURS[c]}", lang)


def piece_name(cat: Catalog, code: int, lang: str) -> str:
    kind = KINDS[code // NUM_COLOURS]
    return cat.text(
        f"piece.{kind}", lang, colour=colour(cat, code % NUM_COLOURS, lang, kind != "body")
    )


def prophecy_name(cat: Catalog, t: int, lang: str) -> str:
    p = PROPHECIES[t]
    names = [colour(cat, c, lang) for c in p.colours]
    params = dict(zip("abc", names, strict=False))
    return cat.text(f"family.{p.family}", lang, seq="-".join(names), **params)


def condition_text(cat: Catalog, cond: Condition, lang: str) -> str:
    names = [colour(cat, c, lang) for c in cond.colours]
    return cat.text(
        f"condition.{cond.kind}", lang, n=cond.value, **dict(zip("ab", names, strict=False))
    )


def temple_name(cat: Catalog, t: int, lang: str) -> str:
    tm = TEMPLES[t]
    return f"{condition_text(cat, tm.a, lang)} / {condition_text(cat, tm.b, lang)}"


def data_words(cat: Catalog, lang: str) -> dict[str, str]:
    """See ``CoatlGame.data_words``."""
    out = {}
    for p in PROPHECIES:
        out[f"prophecy.{p.id}"] = prophecy_name(cat, p.index, lang)
        out[f"prophecy.{p.id}.tiers"] = " · ".join(
            f"{n}: {cat.text('ui.points', lang, count=v)}" for n, v in p.tiers
        )
    for tm in TEMPLES:
        out[f"temple.{tm.id}"] = temple_name(cat, tm.index, lang)
    # what the browser draws: a pattern's family and colour keys, a condition's kind, colour
    # keys and number (words of the data, the same in every language)
    for p in PROPHECIES:
        out[f"prophecy.{p.id}.family"] = p.family
        out[f"prophecy.{p.id}.colours"] = " ".join(COLOUR_NAMES[c] for c in p.colours)
    for tm in TEMPLES:
        for side, cond in (("a", tm.a), ("b", tm.b)):
            out[f"temple.{tm.id}.{side}"] = " ".join(
                [
                    cond.kind,
                    *(COLOUR_NAMES[c] for c in cond.colours),
                    *([str(cond.value)] if cond.value else []),
                ]
            )
    return out


def space_name(cat: Catalog, space: int, lang: str) -> str:
    if space < BODY_SPACES:
        return cat.text("space.body", lang, n=space + 1)
    if space < BODY_SPACES + HEAD_SPACES:
        return cat.text("space.head", lang, n=space - BODY_SPACES + 1)
    return cat.text("space.tail", lang, n=space - BODY_SPACES - HEAD_SPACES + 1)


def player_name(cat: Catalog, p: int, lang: str) -> str:
    return cat.text("game.player", lang, n=p + 1)


def _params(cat: Catalog, data: dict[str, Any], lang: str) -> dict[str, Any]:
    """The template fields of an action's or event's JSON (names.py words), as sentences."""
    out: dict[str, Any] = {}
    for k, v in data.items():
        if k == "player":
            out[k] = player_name(cat, v, lang)
        elif k == "prophecy":
            out[k] = prophecy_name(cat, PROPHECY_CODE[v], lang)
        elif k in ("cards", "discarded"):
            out[k] = "; ".join(prophecy_name(cat, PROPHECY_CODE[t], lang) for t in v) or "—"
        elif k == "pieces" and isinstance(v, list):
            out[k] = ", ".join(piece_name(cat, PIECE_CODE[x], lang) for x in v)
        elif k == "piece":
            out[k] = piece_name(cat, PIECE_CODE[v], lang)
        elif k == "temple":
            out[k] = temple_name(cat, TEMPLE_CODE[v], lang)
        elif k in ("coatl", "slot", "pile"):
            out[k] = v + 1
        elif k == "end":
            out[k] = cat.text(f"end.{v}", lang)
        elif k == "row":
            out["space"] = space_name(cat, space_code(v, data["index"]), lang)
        elif k == "index":
            pass  # read with "row"
        elif k == "reason":
            out[k] = cat.text(f"reason.{v}", lang)
        elif k == "source":
            out[k] = cat.text(f"source.{v}", lang)
        else:
            out[k] = v
    return out


def describe_action(cat: Catalog, action: Action, lang: str) -> str:
    data = action.to_json()
    kind = data.pop("type")
    if kind == "perfect_pick":
        data = {"pieces": [f"{c}_{data['kind']}" for c in data["colours"]]}
    return cat.text(f"action.{kind}", lang, **_params(cat, data, lang))


def describe_event(cat: Catalog, event: Event, lang: str) -> str:
    return cat.text(f"event.{event.kind}", lang, **_params(cat, dict(event.data), lang))
