"""Deck files: plain text a person writes by hand, one card per line.

    # my deck (lines starting with # are comments; blank lines are ignored)
    2 Pingo          <- a count, then the card's name (in either language) or id
    2x marola        <- "2x" works too; names ignore case and accents
    Chuva Forte      <- no count: one copy

A file may also name a starter deck on its own: ``starter: mare_e_pedra`` (its id, or its name
in either language: ``starter: Tide and Stone``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from pathlib import Path

from ...engine import DataError
from .cards import DECK_SIZE, MAX_COPIES, POOL, CardSpec
from .words import card_name, deck_name

_LINE = re.compile(r"^(?:(\d+)\s*[xX]?\s+)?(.+?)\s*$")


def fold(text: str) -> str:
    """Lower case, no accents, single spaces, '_' as a space: how names are matched."""
    nfkd = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in nfkd if not unicodedata.combining(ch))
    return " ".join(plain.replace("_", " ").replace("-", " ").lower().split())


def name_index(cards: Mapping[str, CardSpec]) -> dict[str, str]:
    out: dict[str, str] = {}
    for cid in cards:
        out[fold(cid)] = cid
    for lang in ("pt-BR", "en"):
        for cid in cards:
            out.setdefault(fold(card_name(cid, lang)), cid)
    return out


def starter_index() -> dict[str, str]:
    """Folded id or name (either language) -> starter deck id."""
    out = {fold(did): did for did in POOL.decks}
    for lang in ("pt-BR", "en"):
        for did in POOL.decks:
            out.setdefault(fold(deck_name(did, lang)), did)
    return out


def parse_deck_text(
    text: str, source: str, cards: Mapping[str, CardSpec] | None = None
) -> list[str] | str:
    """The card ids a deck file lists (sorted), or the name of the starter deck it names."""
    cards = POOL.cards if cards is None else cards
    index = name_index(cards)
    out: list[str] = []
    problems = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.lower().startswith("starter:"):
            name = line.split(":", 1)[1].strip()
            did = name if name in POOL.decks else starter_index().get(fold(name))
            if did is None:
                raise DataError(
                    f"{source}, line {n}: unknown starter deck {name!r}; starter decks: {', '.join(POOL.decks)}"
                )
            return did
        m = _LINE.match(line)
        if m is None:  # pragma: no cover - the pattern matches any non-empty line
            problems.append(f"line {n}: cannot read {raw.strip()!r}")
            continue
        digits = m.group(1) or "1"
        # bounded before anything is expanded: a count no deck can hold is refused as it
        # stands (a line "100000000 pingo" must not build a list of 10^8 ids)
        count = int(digits) if len(digits) <= 4 else MAX_COPIES + 1
        cid = index.get(fold(m.group(2)))
        if cid is None:
            problems.append(f"line {n}: unknown card {m.group(2)!r}")
            continue
        if count < 1:
            problems.append(f"line {n}: a count must be at least 1")
            continue
        if count > MAX_COPIES:
            shown = digits if len(digits) <= 12 else digits[:12] + "..."
            problems.append(f"line {n}: at most {MAX_COPIES} copies of a card: {cid} x{shown}")
            continue
        out += [cid] * count
        if len(out) > DECK_SIZE * MAX_COPIES * 4:  # far past any deck: say so and stop here
            problems.append(f"line {n}: a deck has exactly {DECK_SIZE} cards, this one has more")
            break
    if problems:
        raise DataError(f"{source}: " + "; ".join(problems))
    return sorted(out)


def read_deck_file(path: str | Path) -> list[str] | str:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise DataError(f"{p}: cannot read the deck file: {e}") from None
    return parse_deck_text(text, str(p))


def format_deck(ids: list[str], cards: Mapping[str, CardSpec] | None = None) -> str:
    """A deck list written back as a deck file."""
    cards = POOL.cards if cards is None else cards
    counts: dict[str, int] = {}
    for cid in ids:
        counts[cid] = counts.get(cid, 0) + 1
    return "".join(f"{n} {card_name(c) if c in cards else c}\n" for c, n in sorted(counts.items()))
