"""What the CLI commands share: messages, option parsing, error display."""

from __future__ import annotations

import json
import os
from typing import Any

from rich.console import Console

from ..engine import Catalog, normalize_language

MESSAGES = Catalog.from_package("ludoteca.cli")
console = Console(highlight=False)


def pick_language(lang: str | None) -> str:
    return normalize_language(lang or os.environ.get("LUDOTECA_LANG") or "pt-BR")


def msg(key: str, lang: str, **params: Any) -> str:
    return MESSAGES.text(key, lang, **params)


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
