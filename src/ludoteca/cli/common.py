"""What the CLI commands share: messages, option parsing, error display."""

from __future__ import annotations

import json
import os
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from rich.console import Console

from ..engine import Catalog, normalize_language

MESSAGES = Catalog.from_package("ludoteca.cli")
console = Console(highlight=False)


# where POSIX looks for the language of messages, the first one set deciding
LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG")


def locale_language() -> str | None:
    """The language of the messages locale (the first of LC_ALL, LC_MESSAGES, LANG that is
    set) if it is one we have; None for any other (C, POSIX, fr_FR...) or none set."""
    for var in LOCALE_VARS:
        value = os.environ.get(var)
        if value:
            name = value.split(".", 1)[0].split("@", 1)[0]
            try:
                return normalize_language(name)
            except ValueError:
                return None
    return None


def pick_language(lang: str | None) -> str:
    """``--lang``, else LUDOTECA_LANG, else the locale's language if we have it, else pt-BR
    (the project's first language; also under LANG=C, which names no language)."""
    return normalize_language(
        lang or os.environ.get("LUDOTECA_LANG") or locale_language() or "pt-BR"
    )


def msg(key: str, lang: str, **params: Any) -> str:
    return MESSAGES.text(key, lang, **params)


def number(x: float, places: int, lang: str, *, signed: bool = False) -> str:
    """``x`` to ``places`` decimals for a person, in ``lang``'s writing: the decimal separator
    of its catalog (``number.decimal``: a comma in pt-BR, 82,0; a point in en), a tie rounded
    up as the browser's pages round it (JavaScript's toFixed: 0.0625 * 100 is 6,3, not Python's
    half-to-even 6,2), ``signed`` a + before a positive value. A value that rounds to zero is
    written without a sign (never -0,0 for a tiny negative). Machine output (``--json``) does
    not come here: it keeps plain JSON numbers."""
    step = Decimal(1).scaleb(-places)
    rounded = Decimal(x).quantize(step, ROUND_HALF_UP)
    if rounded == 0:
        rounded = abs(rounded)  # -0.0 -> 0.0
    text = f"{rounded:{'+' if signed and rounded != 0 else ''}f}"
    return text.replace(".", msg("number.decimal", lang))


def percent(x: float, places: int, lang: str, *, signed: bool = False) -> str:
    """A share (0.063) as a percentage to ``places`` decimals in ``lang``'s writing (6,3%)."""
    return f"{number(100 * x, places, lang, signed=signed)}%"


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    """``["rounds=3", "variant=\\"x\\""]`` -> dict; values are JSON when they parse, else text."""
    out: dict[str, Any] = {}
    for pair in pairs or []:
        key, eq, raw = pair.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"--option {pair!r} must be key=value")
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        out[key.strip()] = value
    return out
