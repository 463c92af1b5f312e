"""The Prophecy and Temple catalogs: loaded from data/*.toml and validated at import.

Cards are held as small integer ids (index in the file) so that states are plain lists of ints.
The two copies of a colour-count Prophecy share one type id: copies are indistinguishable, so
hands, deck and actions name types, and the deck holds a type once per copy.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from ...engine import DataError

COLOURS = "YRKGB"  # colour index = position in this string
YELLOW, RED, BLACK, GREEN, BLUE = range(5)

# how many letters of `colours` each family takes (None: any length, checked elsewhere)
_FAMILY_COLOURS: dict[str, int] = {
    "colour_count": 1,
    "exact_pair": 1,
    "trio": 1,
    "ordered_pair": 2,
    "alternating": 4,
    "two_two": 4,
    "three_two": 5,
    "rainbow": 5,
    "bridge": 3,
    "mirror": 2,
}
FAMILIES = tuple(_FAMILY_COLOURS)
# families that score their value once, however often the pattern shows (decision 9)
SINGLE_VALUE = frozenset({"alternating", "two_two", "three_two", "rainbow", "mirror"})

PROPHECY_CARDS = 54
TEMPLE_CARDS = 15


class _ProphecyModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(min_length=1)
    family: Literal[
        "colour_count",
        "exact_pair",
        "trio",
        "ordered_pair",
        "alternating",
        "two_two",
        "three_two",
        "rainbow",
        "bridge",
        "mirror",
    ]
    colours: str
    copies: int = Field(ge=1, le=4)
    tiers: list[tuple[int, int]] = Field(min_length=1)

    @field_validator("colours")
    @classmethod
    def _colours(cls, v: str) -> str:
        bad = [c for c in v if c not in COLOURS]
        if bad or not v:
            raise ValueError(f"colours must be letters of {COLOURS}, got {v!r}")
        return v

    @model_validator(mode="after")
    def _shape(self) -> _ProphecyModel:
        want = _FAMILY_COLOURS[self.family]
        if len(self.colours) != want:
            raise ValueError(
                f"family {self.family} takes {want} colour letter(s), got {self.colours!r}"
            )
        if self.family == "ordered_pair" and self.colours[0] == self.colours[1]:
            raise ValueError("an ordered pair needs two different colours")
        if self.family == "bridge" and self.colours[1] in (self.colours[0], self.colours[2]):
            raise ValueError("a bridge's middle colour must differ from its ends")
        if self.family == "mirror" and self.colours[0] == self.colours[1]:
            raise ValueError("a mirror needs two different colours")
        if self.family in SINGLE_VALUE and (len(self.tiers) != 1 or self.tiers[0][0] != 1):
            raise ValueError(f"a {self.family} card scores once: one tier [1, points]")
        last = (0, 0)
        for need, pts in self.tiers:
            if need <= last[0] or pts <= last[1]:
                raise ValueError("tiers must rise in both occurrences and points")
            last = (need, pts)
        return self


class _ConditionModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Literal["absent", "length", "equal"]
    colours: str = ""
    value: int = 0

    @model_validator(mode="after")
    def _shape(self) -> _ConditionModel:
        if any(c not in COLOURS for c in self.colours):
            raise ValueError(f"colours must be letters of {COLOURS}, got {self.colours!r}")
        if self.kind == "absent" and (len(self.colours) != 1 or self.value):
            raise ValueError("'absent' takes one colour and no value")
        if self.kind == "equal" and (
            len(self.colours) != 2 or self.colours[0] == self.colours[1] or self.value
        ):
            raise ValueError("'equal' takes two different colours and no value")
        if self.kind == "length" and (self.colours or not 3 <= self.value <= 40):
            raise ValueError("'length' takes a value from 3 to 40 and no colour")
        return self


class _TempleModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(min_length=1)
    a: _ConditionModel
    b: _ConditionModel


class _TempleScoring(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    one: int = Field(ge=1)
    both: int = Field(ge=1)

    @model_validator(mode="after")
    def _rises(self) -> _TempleScoring:
        if self.both <= self.one:
            raise ValueError("both conditions must score more than one")
        return self


@dataclass(frozen=True, slots=True)
class Prophecy:
    index: int
    id: str
    family: str
    colours: tuple[int, ...]
    copies: int
    tiers: tuple[tuple[int, int], ...]  # (occurrences needed, points), rising

    @property
    def letters(self) -> str:
        return "".join(COLOURS[c] for c in self.colours)


@dataclass(frozen=True, slots=True)
class Condition:
    kind: str
    colours: tuple[int, ...]
    value: int


@dataclass(frozen=True, slots=True)
class Temple:
    index: int
    id: str
    a: Condition
    b: Condition


def _read(name: str) -> dict[str, Any]:
    f = resources.files(__package__).joinpath("data", name)
    try:
        return tomllib.loads(f.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise DataError(f"coatl/data/{name}: {e}") from None


def _explain(err: ValidationError) -> str:
    e = err.errors()[0]
    where = ".".join(str(x) for x in e["loc"])
    return f"{where}: {e['msg']}" if where else e["msg"]


def parse_prophecies(
    data: dict[str, Any], source: str = "coatl/data/prophecies.toml"
) -> tuple[Prophecy, ...]:
    entries = data.get("prophecy")
    if not isinstance(entries, list) or not entries:
        raise DataError(f"{source}: no [[prophecy]] entries")
    out: list[Prophecy] = []
    seen: set[str] = set()
    patterns: dict[tuple[str, str], str] = {}
    for i, raw in enumerate(entries):
        name = raw.get("id", f"#{i + 1}") if isinstance(raw, dict) else f"#{i + 1}"
        try:
            m = _ProphecyModel.model_validate(raw)
        except ValidationError as e:
            raise DataError(f"{source}: prophecy {name!r}: {_explain(e)}") from None
        if m.id in seen:
            raise DataError(f"{source}: prophecy {m.id!r} is listed twice")
        seen.add(m.id)
        pattern = (m.family, m.colours)
        if pattern in patterns:
            raise DataError(
                f"{source}: prophecy {m.id!r} repeats the pattern of {patterns[pattern]!r} "
                "(copies of one card are one entry with `copies`)"
            )
        patterns[pattern] = m.id
        out.append(
            Prophecy(
                i,
                m.id,
                m.family,
                tuple(COLOURS.index(c) for c in m.colours),
                m.copies,
                tuple(m.tiers),
            )
        )
    total = sum(p.copies for p in out)
    if total != PROPHECY_CARDS:
        raise DataError(f"{source}: the catalog holds {total} cards, Coatl has {PROPHECY_CARDS}")
    return tuple(out)


def parse_temples(
    data: dict[str, Any], source: str = "coatl/data/temples.toml"
) -> tuple[tuple[Temple, ...], int, int]:
    try:
        scoring = _TempleScoring.model_validate(data.get("scoring"))
    except ValidationError as e:
        raise DataError(f"{source}: [scoring]: {_explain(e)}") from None
    entries = data.get("temple")
    if not isinstance(entries, list) or not entries:
        raise DataError(f"{source}: no [[temple]] entries")
    out: list[Temple] = []
    seen: set[str] = set()
    for i, raw in enumerate(entries):
        name = raw.get("id", f"#{i + 1}") if isinstance(raw, dict) else f"#{i + 1}"
        try:
            m = _TempleModel.model_validate(raw)
        except ValidationError as e:
            raise DataError(f"{source}: temple {name!r}: {_explain(e)}") from None
        if m.id in seen:
            raise DataError(f"{source}: temple {m.id!r} is listed twice")
        seen.add(m.id)
        conds = [
            Condition(c.kind, tuple(COLOURS.index(x) for x in c.colours), c.value)
            for c in (m.a, m.b)
        ]
        twin = next((t.id for t in out if {t.a, t.b} == set(conds)), None)
        if twin is not None:
            raise DataError(f"{source}: temple {m.id!r} has the conditions of {twin!r}")
        out.append(Temple(i, m.id, conds[0], conds[1]))
    if len(out) != TEMPLE_CARDS:
        raise DataError(f"{source}: the catalog holds {len(out)} temples, Coatl has {TEMPLE_CARDS}")
    return tuple(out), scoring.one, scoring.both


PROPHECIES: tuple[Prophecy, ...] = parse_prophecies(_read("prophecies.toml"))
TEMPLES, TEMPLE_ONE, TEMPLE_BOTH = parse_temples(_read("temples.toml"))
NUM_PTYPES = len(PROPHECIES)
NUM_TEMPLES = len(TEMPLES)

# the full Prophecy deck as type ids, one entry per physical card, in catalog order
FULL_DECK: tuple[int, ...] = tuple(p.index for p in PROPHECIES for _ in range(p.copies))
PTYPE_BY_ID = {p.id: p.index for p in PROPHECIES}
TEMPLE_BY_ID = {t.id: t.index for t in TEMPLES}
