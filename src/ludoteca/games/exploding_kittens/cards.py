"""The card catalog and the deck table, loaded from data/*.toml and validated at import.

Cards are small ints (their position in data/cards.toml). The rules refer to them through the
constants below, which are looked up by key, so a catalog that lacks a card the rules implement
fails at load with a DataError naming the file and the entry.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError

from ...engine.errors import DataError

Role = Literal["defuse", "kitten", "nope", "action", "cat", "wild"]

# every card the rules engine implements, with the role it must have in the catalog
IMPLEMENTED: dict[str, str] = {
    "defuse": "defuse",
    "exploding_kitten": "kitten",
    "nope": "nope",
    "attack": "action",
    "targeted_attack": "action",
    "triple_attack": "action",
    "skip": "action",
    "super_skip": "action",
    "reverse": "action",
    "favor": "action",
    "shuffle": "action",
    "draw_bottom": "action",
    "see_future_3": "action",
    "see_future_5": "action",
    "alter_future_3": "action",
    "alter_future_5": "action",
    "swap_top_bottom": "action",
    "bury": "action",
    "personal_attack": "action",
    "cat_black": "cat",
    "cat_white": "cat",
    "cat_grey": "cat",
    "cat_tabby": "cat",
    "cat_red": "cat",
    "cat_wild": "wild",
}


class _Card(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    key: str
    role: Role
    # false: a card the rule text does not have (a designer's); it is in no deck of decks.toml,
    # so every seeded deal and every old record stay as they were, and it enters play only
    # through the ``extra_cards`` option
    in_text: bool = True


class _Catalog(BaseModel):
    model_config = ConfigDict(extra="forbid")
    card: list[_Card]


class _Deck(BaseModel):
    model_config = ConfigDict(extra="forbid")
    defuse_in_pile: StrictInt = Field(ge=0)
    cards: dict[str, StrictInt]


class _Decks(BaseModel):
    model_config = ConfigDict(extra="forbid")
    deck: dict[str, _Deck]


def _read(name: str) -> dict[str, object]:
    f = resources.files(__package__).joinpath("data").joinpath(name)
    try:
        return tomllib.loads(f.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise DataError(f"exploding_kittens/data/{name}: {e}") from None


def _where(err: ValidationError) -> str:
    e = err.errors()[0]
    return f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}"


def _catalog(data: dict[str, object], source: str) -> _Catalog:
    try:
        return _Catalog.model_validate(data)
    except ValidationError as e:
        raise DataError(f"exploding_kittens/data/{source}: {_where(e)}") from None


def beyond_text(data: dict[str, object], source: str = "cards.toml") -> frozenset[str]:
    """The keys of the cards the rule text does not have (``in_text = false``)."""
    return frozenset(c.key for c in _catalog(data, source).card if not c.in_text)


def load_cards(data: dict[str, object], source: str = "cards.toml") -> tuple[str, ...]:
    """The card keys in code order; checks them against what the rules implement."""
    cat = _catalog(data, source)
    keys = tuple(c.key for c in cat.card)
    for c in cat.card:
        want = IMPLEMENTED.get(c.key)
        if want is None:
            raise DataError(f"exploding_kittens/data/{source}: card {c.key!r} has no rules")
        if want != c.role:
            raise DataError(
                f"exploding_kittens/data/{source}: card {c.key!r} must have role {want!r}"
            )
    if len(set(keys)) != len(keys):
        raise DataError(f"exploding_kittens/data/{source}: a card key is listed twice")
    missing = sorted(set(IMPLEMENTED) - set(keys))
    if missing:
        raise DataError(f"exploding_kittens/data/{source}: missing cards {', '.join(missing)}")
    return keys


def load_decks(
    data: dict[str, object],
    keys: tuple[str, ...],
    source: str = "decks.toml",
    beyond: frozenset[str] = frozenset(),
) -> dict[int, tuple[int, ...]]:
    """Player count -> full deck as counts per card code (kittens and all Defuses included).
    ``beyond``: the cards the text does not have, which no deck here may list."""
    try:
        decks = _Decks.model_validate(data)
    except ValidationError as e:
        raise DataError(f"exploding_kittens/data/{source}: {_where(e)}") from None
    out: dict[int, tuple[int, ...]] = {}
    index = {k: i for i, k in enumerate(keys)}
    for name, deck in decks.deck.items():
        where = f"exploding_kittens/data/{source}: deck.{name}"
        if not name.isdigit() or str(int(name)) != name or not 2 <= int(name) <= 10:
            raise DataError(f"{where}: the player count must be written 2..10")
        n = int(name)
        counts = [0] * len(keys)
        for key, c in deck.cards.items():
            i = index.get(key)
            if i is None:
                raise DataError(f"{where}: unknown card {key!r}")
            if IMPLEMENTED[key] in ("defuse", "kitten"):
                raise DataError(f"{where}: {key!r} is not listed (its number follows the rules)")
            if key in beyond:
                raise DataError(
                    f"{where}: {key!r} is not in the rule text (in_text = false): it enters "
                    "play through the extra_cards option, so the text's deals stay as they are"
                )
            if c < 1:
                raise DataError(f"{where}: {key!r} must appear at least once, not {c}")
            counts[i] = c
        absent = [
            k
            for k in keys
            if IMPLEMENTED[k] not in ("defuse", "kitten")
            and k not in deck.cards
            and k not in beyond
        ]
        if absent:
            raise DataError(
                f"{where}: every card of the text must appear; missing {', '.join(absent)}"
            )
        if sum(counts) < 7 * n + 1:
            raise DataError(f"{where}: needs at least {7 * n + 1} cards to deal 7 each and draw")
        counts[index["defuse"]] = n + deck.defuse_in_pile
        counts[index["exploding_kitten"]] = n - 1
        out[n] = tuple(counts)
    if sorted(out) != list(range(2, 11)):
        raise DataError(f"exploding_kittens/data/{source}: needs one deck for each count 2..10")
    return out


_CARDS_TOML = _read("cards.toml")
KEYS: tuple[str, ...] = load_cards(_CARDS_TOML)
BEYOND_TEXT: frozenset[str] = beyond_text(_CARDS_TOML)
DECKS: dict[int, tuple[int, ...]] = load_decks(_read("decks.toml"), KEYS, beyond=BEYOND_TEXT)
NK = len(KEYS)
CODE: dict[str, int] = {k: i for i, k in enumerate(KEYS)}
ROLE: tuple[str, ...] = tuple(IMPLEMENTED[k] for k in KEYS)

DEFUSE = CODE["defuse"]
KITTEN = CODE["exploding_kitten"]
NOPE = CODE["nope"]
ATTACK = CODE["attack"]
TARGETED_ATTACK = CODE["targeted_attack"]
TRIPLE_ATTACK = CODE["triple_attack"]
SKIP = CODE["skip"]
SUPER_SKIP = CODE["super_skip"]
REVERSE = CODE["reverse"]
FAVOR = CODE["favor"]
SHUFFLE = CODE["shuffle"]
DRAW_BOTTOM = CODE["draw_bottom"]
SEE3 = CODE["see_future_3"]
SEE5 = CODE["see_future_5"]
ALTER3 = CODE["alter_future_3"]
ALTER5 = CODE["alter_future_5"]
SWAP = CODE["swap_top_bottom"]
BURY = CODE["bury"]
PERSONAL_ATTACK = CODE["personal_attack"]
WILD = CODE["cat_wild"]
CATS: tuple[int, ...] = tuple(i for i, r in enumerate(ROLE) if r == "cat")
ACTION_CARDS: tuple[int, ...] = tuple(i for i, r in enumerate(ROLE) if r == "action")
# cards a player can hold (everything but the kitten), the ones a triple may name
HOLDABLE: tuple[int, ...] = tuple(i for i in range(NK) if i != KITTEN)
# the largest draw pile any deck starts with: defuse positions run 0..MAX_PILE
MAX_PILE: int = max(sum(d) - 8 * n for n, d in DECKS.items())


def deck_with(n: int, extra: dict[str, int]) -> tuple[int, ...]:
    """The deck for ``n`` seats with the ``extra_cards`` option's cards added (counts by code)."""
    if not extra:
        return DECKS[n]
    counts = list(DECKS[n])
    for key, k in extra.items():
        counts[CODE[key]] += k
    return tuple(counts)


def extra_room(n: int) -> int:
    """How many extra cards the draw pile can take at ``n`` seats: the action space numbers
    pile positions up to ``MAX_PILE`` (the largest deck of the table), so a larger pile could
    not be named in a Defuse or a Bury."""
    return MAX_PILE - (sum(DECKS[n]) - 8 * n)
