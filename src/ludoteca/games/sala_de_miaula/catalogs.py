"""Snapshots of the card catalog, so that a match record names its card definitions instead of
carrying them.

The card catalog is the resolved definition (:class:`CardSpec`) of every card of the data files
(``data/cards_*.toml`` with ``data/abilities.toml``). Each catalog the data files have had is
kept as ``data/catalogs/<digest>.json``: the catalog's canonical JSON (the ``CardSpec`` dumps by
card id, keys sorted, one-space indent, UTF-8, a final newline), named by the first
:data:`DIGITS` hex digits of the SHA-256 of those bytes (``sha256sum`` checks a file by hand).
Snapshots are never deleted: a record made with an older catalog names it and replays after
the cards are edited. After editing the cards, write the new catalog's snapshot with
``.venv/bin/python scripts/sala_catalog`` and commit it (tests/games/sala_de_miaula/
test_catalogs.py fails until it is there; until then new records carry their definitions
inline, as before).

A match whose card definitions are all one snapshot's says so in its options
(``"catalog": "<digest>"``) and its record leaves ``cards`` out; ``parse_options`` reads the
definitions back from the snapshot, so the parsed options are the same either way."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path

from pydantic import ValidationError

from ...engine import DataError
from .cards import POOL, CardSpec, check_spec

DIGITS = 16
_NAME = re.compile(rf"[0-9a-f]{{{DIGITS}}}")
_PACKAGE = "ludoteca.games.sala_de_miaula"


class UnknownCatalog(DataError):
    """A record or options name a card catalog this version has no snapshot of."""


def canonical(cards: Mapping[str, CardSpec]) -> bytes:
    """A catalog's canonical JSON: what its snapshot file holds, byte for byte."""
    data = {cid: cards[cid].model_dump(mode="json") for cid in sorted(cards)}
    return (json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1) + "\n").encode()


def digest(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()[:DIGITS]


def _folder() -> Path:
    return Path(str(resources.files(_PACKAGE).joinpath("data", "catalogs")))


@cache
def pool_digest() -> str:
    """The digest of the data files' catalog (whether or not its snapshot is kept yet)."""
    return digest(canonical(POOL.cards))


@cache
def kept() -> frozenset[str]:
    """The digests of the snapshots this version holds."""
    folder = _folder()
    if not folder.is_dir():
        return frozenset()
    return frozenset(
        p.stem for p in folder.iterdir() if p.suffix == ".json" and _NAME.fullmatch(p.stem)
    )


@cache
def current() -> str | None:
    """The name new records give the data files' catalog: its digest once its snapshot is
    kept, else None (records then carry the definitions inline)."""
    d = pool_digest()
    return d if d in kept() else None


@cache
def definitions(name: str) -> Mapping[str, CardSpec]:
    """The card definitions of the catalog ``name`` (the data files' own objects for the
    current one). Raises UnknownCatalog for a name with no snapshot, DataError for a snapshot
    whose content does not hash to its name or does not hold valid cards."""
    if name not in kept():
        known = ", ".join(sorted(kept())) or "none"
        shown = name if len(name) <= 2 * DIGITS else name[: 2 * DIGITS] + "…"  # not echoed whole
        raise UnknownCatalog(
            f"unknown card catalog {shown!r} (option `catalog`): this version keeps the "
            f"snapshots {known} (data/catalogs/); a record made by a newer version needs it"
        )
    if name == pool_digest():
        return POOL.cards
    where = f"data/catalogs/{name}.json"
    content = (_folder() / f"{name}.json").read_bytes()
    if digest(content) != name:
        raise DataError(f"{where}: its content hashes to {digest(content)}, not to its name")
    try:
        raw = json.loads(content)
        specs = {str(cid): CardSpec.model_validate(v) for cid, v in raw.items()}
    except (ValueError, AttributeError, ValidationError) as e:
        raise DataError(f"{where}: not a card catalog: {e}") from None
    for cid, spec in specs.items():
        check_spec(cid, spec, POOL.terrains, POOL.sets, where)
    return specs


def naming(cards: Mapping[str, CardSpec], first: str | None = None) -> str | None:
    """The kept catalog that defines every one of ``cards`` exactly so (``first`` is tried
    first, then the current one, then the others), or None: the definitions stay inline."""
    order = [first, current(), *sorted(kept())]
    for name in dict.fromkeys(n for n in order if n is not None and n in kept()):
        try:
            specs = definitions(name)
        except DataError:
            continue
        if all(specs.get(cid) is spec or specs.get(cid) == spec for cid, spec in cards.items()):
            return name
    return None


def write_snapshot(folder: Path) -> Path:
    """Writes the data files' catalog's snapshot into ``folder`` (the checkout's
    data/catalogs: scripts/sala_catalog); a snapshot kept already is left as it is."""
    folder.mkdir(parents=True, exist_ok=True)
    content = canonical(POOL.cards)
    path = folder / f"{digest(content)}.json"
    if not path.exists():
        path.write_bytes(content)
    return path
