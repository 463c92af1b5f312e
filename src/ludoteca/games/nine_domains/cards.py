"""The card catalogs of The Nine Domains, loaded from data/*.toml and checked at import.

Everything the rules need is turned into flat tuples indexed by small integers (card index,
domain index), because the combat code runs in every random playout.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ...engine import DataError

ELEMENTS = ("red", "green", "blue")  # purple is counted in halves, apart
ALL_ELEMENTS_MASK = (1 << len(ELEMENTS)) - 1
PURPLE_HALVES_NEEDED = 2
EMPTY = -1  # no card, no domain, no seat: a free place, an unset choice, no winner


class CardModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(min_length=1, max_length=4)
    value: int = Field(ge=0, le=9)
    sign: Literal["", "+", "-"] = ""
    special: bool = False
    beats: list[str] = []
    loses_to: list[str] = []
    loses_to_others: bool = False
    adjacent_bonus: int = 0
    adjacent_bonus_single: int = 0
    next_bonus: int = 0
    next_target: Literal["owner", "option"] = "owner"
    last_round_self: int = 0
    power: Literal["", "swap_domain", "exchange_card", "victory_bonus"] = ""
    bonus_vp: int = Field(default=0, ge=0)
    bonus_margin: int = Field(default=0, ge=0)


class DomainModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(min_length=1, max_length=24, pattern=r"^[a-z0-9-]+$")
    vp: int = Field(ge=0, le=9)
    elements: list[str] = []
    purple_halves: int = Field(default=0, ge=0, le=2)

    @field_validator("elements")
    @classmethod
    def _known_elements(cls, v: list[str]) -> list[str]:
        bad = [e for e in v if e not in ELEMENTS]
        if bad:
            raise ValueError(
                f"unknown element(s) {bad}; elements are {list(ELEMENTS)} (purple goes in purple_halves)"
            )
        if len(set(v)) != len(v):
            raise ValueError("an element is listed twice")
        return v


class DeckModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    piles: int = Field(ge=1)
    pile_size: int = Field(ge=1)


def _read(name: str) -> dict[str, Any]:
    path = f"ludoteca/games/nine_domains/data/{name}"
    try:
        text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
        return tomllib.loads(text)
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise DataError(f"{path}: {e}") from None


def _entries(data: dict[str, Any], key: str, model: type[BaseModel], path: str) -> list[Any]:
    raw = data.get(key)
    if not isinstance(raw, list) or not raw:
        raise DataError(f"{path}: needs a non-empty [[{key}]] list")
    out: list[Any] = []
    for i, entry in enumerate(raw):
        label = entry.get("id", f"#{i + 1}") if isinstance(entry, dict) else f"#{i + 1}"
        try:
            out.append(model.model_validate(entry))
        except ValidationError as e:
            err = e.errors()[0]
            where = ".".join(str(x) for x in err["loc"])
            raise DataError(f"{path}: {key} {label!r}: {where}: {err['msg']}") from None
    ids = [m.id for m in out]
    dup = sorted({x for x in ids if ids.count(x) > 1})
    if dup:
        raise DataError(f"{path}: {key} id(s) listed twice: {dup}")
    return out


class CardTable:
    """The fifteen player cards as tuples indexed by card index (base cards first)."""

    def __init__(self, cards: Sequence[CardModel], path: str = "data/cards.toml") -> None:
        self.models = tuple(cards)
        self.ids: tuple[str, ...] = tuple(c.id for c in cards)
        self.index: dict[str, int] = {c: i for i, c in enumerate(self.ids)}
        base = [i for i, c in enumerate(cards) if not c.special]
        if base != list(range(len(base))):
            raise DataError(f"{path}: base cards must come before the special cards")
        self.base: tuple[int, ...] = tuple(base)
        self.specials: tuple[int, ...] = tuple(i for i, c in enumerate(cards) if c.special)
        self.is_special = tuple(c.special for c in cards)
        self.value = tuple(c.value for c in cards)
        self.sign = tuple({"+": 1, "-": -1, "": 0}[c.sign] for c in cards)
        self.adjacent = tuple(c.adjacent_bonus for c in cards)
        self.adjacent_single = tuple(c.adjacent_bonus_single for c in cards)
        self.next_bonus = tuple(c.next_bonus for c in cards)
        self.next_by_option = tuple(c.next_target == "option" for c in cards)
        self.last_round_self = tuple(c.last_round_self for c in cards)
        self.power = tuple(c.power for c in cards)
        self.bonus_vp = tuple(c.bonus_vp for c in cards)
        self.bonus_margin = tuple(c.bonus_margin for c in cards)
        for c in cards:
            if c.power == "victory_bonus" and c.bonus_vp <= 0:
                raise DataError(f"{path}: card {c.id!r}: a victory_bonus power needs bonus_vp > 0")
            if c.adjacent_bonus_single and not c.adjacent_bonus:
                raise DataError(
                    f"{path}: card {c.id!r}: adjacent_bonus_single needs adjacent_bonus "
                    "(the bonus it gives from the centre)"
                )
            if c.power != "victory_bonus" and (c.bonus_vp or c.bonus_margin):
                raise DataError(
                    f'{path}: card {c.id!r}: bonus_vp / bonus_margin need power = "victory_bonus"'
                )
        # effect[a][b]: +1 a always beats b, -1 a always loses to b, 0 strengths decide
        n = len(cards)
        eff = [[0] * n for _ in range(n)]

        def mark(a: int, b: int, v: int, source: str) -> None:
            if eff[a][b] not in (0, v) or eff[b][a] not in (0, -v):
                raise DataError(
                    f"{path}: card {source!r}: effects of {self.ids[a]!r} and {self.ids[b]!r} contradict each other"
                )
            eff[a][b], eff[b][a] = v, -v

        for i, c in enumerate(cards):
            for name in (*c.beats, *c.loses_to):
                if name not in self.index:
                    raise DataError(
                        f"{path}: card {c.id!r}: unknown card {name!r} in beats/loses_to"
                    )
                if name == c.id:
                    raise DataError(f"{path}: card {c.id!r}: a card cannot beat or lose to itself")
            for name in c.beats:
                mark(i, self.index[name], 1, c.id)
            for name in c.loses_to:
                mark(i, self.index[name], -1, c.id)
        for i, c in enumerate(cards):
            if c.loses_to_others:
                for j in range(n):
                    if j != i and eff[i][j] == 0:
                        mark(i, j, -1, c.id)
                    elif j != i and eff[i][j] > 0 and self.ids[j] not in c.beats:
                        # e.g. two cards that both lose to every other card
                        raise DataError(
                            f"{path}: card {c.id!r}: effects of {c.id!r} and {self.ids[j]!r} "
                            "contradict each other (it loses to every card not in its beats)"
                        )
        self.effect: tuple[tuple[int, ...], ...] = tuple(tuple(r) for r in eff)
        # cards whose combats are all decided by effects have no strength of their own
        self.no_strength = tuple(c.loses_to_others for c in cards)

    def __len__(self) -> int:
        return len(self.ids)


class DomainTable:
    def __init__(
        self, domains: Sequence[DomainModel], deck: DeckModel, path: str = "data/domains.toml"
    ) -> None:
        self.models = tuple(domains)
        self.ids: tuple[str, ...] = tuple(d.id for d in domains)
        self.index: dict[str, int] = {d: i for i, d in enumerate(self.ids)}
        self.vp = tuple(d.vp for d in domains)
        self.mask = tuple(sum(1 << ELEMENTS.index(e) for e in d.elements) for d in domains)
        self.halves = tuple(d.purple_halves for d in domains)
        self.piles = deck.piles
        self.pile_size = deck.pile_size
        if deck.piles != 3:
            raise DataError(
                f"{path}: deck.piles must be 3 (one pile in front of each of the three placements)"
            )
        if len(domains) < deck.piles * deck.pile_size:
            raise DataError(
                f"{path}: {len(domains)} domains cannot fill {deck.piles} piles of {deck.pile_size}"
            )

    def __len__(self) -> int:
        return len(self.ids)


def load_cards() -> CardTable:
    path = "ludoteca/games/nine_domains/data/cards.toml"
    cards = _entries(_read("cards.toml"), "card", CardModel, path)
    if sum(1 for c in cards if c.special) < 6:
        raise DataError(f"{path}: needs at least six special cards (three per player)")
    return CardTable(cards, path)


def load_domains() -> DomainTable:
    path = "ludoteca/games/nine_domains/data/domains.toml"
    data = _read("domains.toml")
    try:
        deck = DeckModel.model_validate(data.get("deck"))
    except ValidationError as e:
        err = e.errors()[0]
        raise DataError(f"{path}: [deck]: {'.'.join(map(str, err['loc']))}: {err['msg']}") from None
    return DomainTable(_entries(data, "domain", DomainModel, path), deck, path)


CARDS = load_cards()
DOMAINS = load_domains()
ROUNDS = DOMAINS.pile_size
PILES = DOMAINS.piles
HAND_SIZE = ROUNDS * PILES  # each card placed once, one per pile per round: nine
SPECIALS_PER_PLAYER = HAND_SIZE - len(CARDS.base)
if not 0 < SPECIALS_PER_PLAYER * 2 <= len(CARDS.specials):
    raise DataError(
        "ludoteca/games/nine_domains/data: the card and domain files do not fit together "
        f"({len(CARDS.base)} base cards for {HAND_SIZE} placements, {len(CARDS.specials)} specials)"
    )
