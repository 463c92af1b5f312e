"""The card pool as data: sets, terrains, abilities, cards and starter decks (TOML in data/).

Everything is validated with Pydantic when the module loads; a broken file raises DataError
naming the file and the entry. A card is resolved here into a self-contained :class:`CardSpec`
(its ability already turned into an effect and parameters), which is what the game options
embed so that a match record replays without the data files.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ...engine import DataError

ELEMENTS = ("agua", "ar", "terra", "fogo")
# water and fire oppose each other, and so do air and earth
OPPOSITE = {"agua": "fogo", "fogo": "agua", "ar": "terra", "terra": "ar"}

# action effects and what they aim at: "enemy" (an enemy creature), "ally_or_owner" (an ally
# creature, or its owner's life), "none" (no target)
ACTION_EFFECTS: dict[str, str] = {
    "status": "enemy",
    "scare": "enemy",
    "damage": "enemy",
    "hammer": "enemy",
    "damage_all": "none",
    "heal": "none",
    "draw": "none",
    "cure_all": "none",
    "terrain": "none",
    "revive": "none",
    "spring": "none",
    "purr": "ally_or_owner",
}
# what the data says an effect aims at (`aim`: whose place its target picks), for each kind of
# target above; "any" (either side) is a word the data may use once an effect does so
AIMS = ("own", "enemy", "any")
EFFECT_AIM: dict[str, str] = {"enemy": "enemy", "ally_or_owner": "own"}
PASSIVE_EFFECTS = ("guard", "reduce", "lives", "courage", "potion")
# parameters each effect needs (name -> kind); effects not listed take none
EFFECT_PARAMS: dict[str, dict[str, str]] = {
    "status": {"status": "status"},
    "damage": {"amount": "int"},
    "hammer": {"amount": "int"},
    "damage_all": {"amount": "int"},
    "heal": {"amount": "int"},
    "purr": {"amount": "int"},
    "draw": {"count": "int"},
    "terrain": {"terrain": "terrain"},
    "reduce": {"amount": "int"},
}
STATUSES = ("sick", "fainted")

_DATA = "ludoteca.games.sala_de_miaula"
CARD_FILES = ("cards_despertar.toml", "cards_eclipse.toml", "cards_bugingangas.toml")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# the data files hold rules only: their names are words, in locale/{pt-BR,en}.toml under the
# kind's table (words.py)


class SetModel(_Strict):
    oficina: bool = False


class TerrainModel(_Strict):
    element: Literal["agua", "ar", "terra", "fogo"]
    set: str


class AbilityModel(_Strict):
    set: str
    side: Literal["offensive", "defensive"]
    kind: Literal["action", "passive"]
    effect: str
    params: dict[str, Any] = {}
    aim: Literal["own", "enemy", "any"] | None = None


class CardModel(_Strict):
    """A card as written in a cards_*.toml file (its name is in the locale files)."""

    type: Literal["creature", "spell", "item"]
    element: Literal["agua", "ar", "terra", "fogo"] | None = None
    attack: int = Field(0, ge=0, le=20)
    life: int = Field(0, ge=0, le=30)
    ability: str | None = None
    effect: str | None = None
    params: dict[str, Any] = {}
    passive: str | None = None
    passive_params: dict[str, Any] = {}
    aim: Literal["own", "enemy", "any"] | None = None


class CardSpec(_Strict):
    """A card resolved into plain rules data: what the options embed and the state reads."""

    set: str
    type: Literal["creature", "spell", "item"]
    element: Literal["agua", "ar", "terra", "fogo"] | None = None
    attack: int = Field(0, ge=0, le=20)
    life: int = Field(0, ge=0, le=30)
    ability: str | None = None  # for the words only; the rules read effect / passive
    effect: str | None = None
    params: dict[str, Any] = {}
    passive: str | None = None
    passive_params: dict[str, Any] = {}

    @model_validator(mode="before")
    @classmethod
    def _drop_old_name(cls, data: Any) -> Any:
        """The options of tables made before the names moved to the catalogs carry a card's
        name: dropped as they load (words come from locale/*.toml by the card's id)."""
        if isinstance(data, Mapping) and "name" in data:
            return {k: v for k, v in data.items() if k != "name"}
        return data


class DeckModel(_Strict):
    cards: dict[str, int]


def _read(name: str) -> dict[str, Any]:
    f = resources.files(_DATA).joinpath("data", name)
    try:
        return tomllib.loads(f.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise DataError(f"data/{name}: {e}") from None


def _explain(err: ValidationError) -> str:
    return "; ".join(
        f"{'.'.join(str(x) for x in e['loc']) or 'entry'}: {e['msg']}" for e in err.errors()
    )


# fields that once held names in the data files: a file that still has one is refused with
# where its words go now (rather than pydantic's bare "extra inputs are not permitted")
_WORD_FIELDS = ("name", "name_en")


def _no_words(data: Any, where: str, key: str) -> None:
    if not isinstance(data, Mapping):
        return
    left = [f for f in _WORD_FIELDS if f in data]
    if left:
        raise DataError(
            f"{where}: `{'`, `'.join(left)}` is not read here: the data files hold rules, and "
            f"names live in locale/pt-BR.toml and locale/en.toml as {key} (one per language)"
        )


def _model(cls: type[Any], data: Any, where: str, words: str | None = None) -> Any:
    """``data`` validated as ``cls``; ``words`` is the catalog key of its name, for the error a
    leftover name field gets."""
    if words is not None:
        _no_words(data, where, words)
    try:
        return cls.model_validate(data)
    except ValidationError as e:
        raise DataError(f"{where}: {_explain(e)}") from None


def check_params(
    effect: str, params: Mapping[str, Any], terrains: Mapping[str, Any], where: str
) -> None:
    """The parameters an effect needs, each of the right kind, and nothing else."""
    wanted = EFFECT_PARAMS.get(effect, {})
    extra = set(params) - set(wanted)
    if extra:
        raise DataError(f"{where}: effect {effect!r} takes no parameter {', '.join(sorted(extra))}")
    for name, kind in wanted.items():
        if name not in params:
            raise DataError(f"{where}: effect {effect!r} needs the parameter {name!r}")
        v = params[name]
        if kind == "int" and (isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 15):
            raise DataError(
                f"{where}: parameter {name!r} must be a whole number from 1 to 15, not {v!r}"
            )
        if kind == "status" and v not in STATUSES:
            raise DataError(
                f"{where}: parameter {name!r} must be one of {', '.join(STATUSES)}, not {v!r}"
            )
        if kind == "terrain" and v not in terrains:
            raise DataError(f"{where}: unknown terrain {v!r}; known: {', '.join(terrains)}")


def check_spec(
    cid: str, spec: CardSpec, terrains: Mapping[str, Any], sets: Mapping[str, Any], where: str
) -> None:
    """The rules-level checks of a resolved card (also run on cards embedded in options)."""
    w = f"{where}: card {cid!r}"
    if spec.set not in sets:
        raise DataError(f"{w}: unknown set {spec.set!r}")
    if spec.type == "creature":
        if spec.element is None or spec.life < 1:
            raise DataError(f"{w}: a creature needs an element and at least 1 life")
    elif spec.element is not None:
        raise DataError(f"{w}: only creatures have an element")
    if spec.type == "spell" and spec.effect is None:
        raise DataError(f"{w}: a spell needs an effect")
    if spec.type == "spell" and (spec.attack or spec.life):
        raise DataError(f"{w}: a spell has no attack or life")
    if spec.effect is not None:
        if spec.effect not in ACTION_EFFECTS:
            raise DataError(
                f"{w}: unknown effect {spec.effect!r}; known: {', '.join(ACTION_EFFECTS)}"
            )
        check_params(spec.effect, spec.params, terrains, w)
    elif spec.params:
        raise DataError(f"{w}: params given without an effect")
    if spec.passive is not None:
        if spec.type == "spell" or spec.passive not in PASSIVE_EFFECTS:
            raise DataError(
                f"{w}: unknown passive {spec.passive!r}; known: {', '.join(PASSIVE_EFFECTS)}"
            )
        check_params(spec.passive, spec.passive_params, terrains, w)
    elif spec.passive_params:
        raise DataError(f"{w}: passive_params given without a passive")


def check_aim(effect: str, aim: str | None, where: str) -> None:
    """A targeted effect says whose place it aims at, and says what effects.py does."""
    does = EFFECT_AIM.get(ACTION_EFFECTS.get(effect, "none"))
    if does is None:
        if aim is not None:
            raise DataError(f"{where}: effect {effect!r} takes no target, so no `aim`")
        return
    if aim is None:
        raise DataError(
            f"{where}: effect {effect!r} picks a target: say whose place with `aim = {does!r}`"
        )
    if aim != does:
        raise DataError(
            f"{where}: `aim = {aim!r}`, but effect {effect!r} aims at {does!r} places "
            f"(effects.py); the aim must say what the effect does"
        )


@dataclass(frozen=True)
class Pool:
    """Everything the data files hold, validated."""

    sets: dict[str, SetModel]
    terrains: dict[str, TerrainModel]
    abilities: dict[str, AbilityModel]
    cards: dict[str, CardSpec]  # in file order: base set first
    decks: dict[str, DeckModel]
    aims: dict[str, str]  # card id -> whose place its action's target picks (own, enemy, any)


def _resolve(
    cid: str, card: CardModel, set_id: str, pool_abilities: Mapping[str, AbilityModel], where: str
) -> CardSpec:
    effect, params = card.effect, dict(card.params)
    passive, passive_params = card.passive, dict(card.passive_params)
    if card.type == "creature":
        if effect is not None or passive is not None:
            raise DataError(
                f"{where}: card {cid!r}: a creature takes an `ability`, not an effect or passive"
            )
        if card.ability is not None:
            ab = pool_abilities.get(card.ability)
            if ab is None:
                raise DataError(
                    f"{where}: card {cid!r}: unknown ability {card.ability!r}; known: {', '.join(pool_abilities)}"
                )
            merged = {**ab.params, **card.params}
            if ab.kind == "action":
                effect, params = ab.effect, merged
            else:
                passive, passive_params, params = ab.effect, merged, {}
        elif card.params:
            raise DataError(f"{where}: card {cid!r}: params given without an ability")
    elif card.ability is not None:
        raise DataError(f"{where}: card {cid!r}: only creatures have an ability")
    return CardSpec(
        set=set_id,
        type=card.type,
        element=card.element,
        attack=card.attack,
        life=card.life,
        ability=card.ability,
        effect=effect,
        params=params,
        passive=passive,
        passive_params=passive_params,
    )


def load_pool(read: Callable[[str], dict[str, Any]] = _read) -> Pool:
    """The pool from the data files (``read`` gives a file's table by name: tests hand in
    edited copies)."""
    sets = {
        k: _model(SetModel, v, f"data/sets.toml: [{k}]", f"set.{k}")
        for k, v in read("sets.toml").items()
    }
    terrains = {
        k: _model(TerrainModel, v, f"data/terrains.toml: [{k}]", f"terrain.{k}")
        for k, v in read("terrains.toml").items()
    }
    for k, t in terrains.items():
        if t.set not in sets:
            raise DataError(f"data/terrains.toml: [{k}]: unknown set {t.set!r}")
    abilities = {
        k: _model(AbilityModel, v, f"data/abilities.toml: [{k}]", f"ability.{k}")
        for k, v in read("abilities.toml").items()
    }
    for k, a in abilities.items():
        where = f"data/abilities.toml: [{k}]"
        if a.set not in sets:
            raise DataError(f"{where}: unknown set {a.set!r}")
        known = ACTION_EFFECTS if a.kind == "action" else PASSIVE_EFFECTS
        if a.effect not in known:
            raise DataError(
                f"{where}: {a.kind} effect {a.effect!r} unknown; known: {', '.join(known)}"
            )
        if a.kind == "action":
            check_aim(a.effect, a.aim, where)
        elif a.aim is not None:
            raise DataError(f"{where}: a passive ability has no target, so no `aim`")
    cards: dict[str, CardSpec] = {}
    aims: dict[str, str] = {}
    for fname in CARD_FILES:
        raw = read(fname)
        set_id = raw.get("set")
        if set_id not in sets:
            raise DataError(
                f"data/{fname}: `set` must name a set of data/sets.toml, not {set_id!r}"
            )
        table = raw.get("cards", {})
        if not isinstance(table, dict):
            raise DataError(f"data/{fname}: `cards` must be a table of cards")
        for cid, body in table.items():
            where = f"data/{fname}: [cards.{cid}]"
            if cid in cards:
                raise DataError(f"{where}: card id {cid!r} is defined twice")
            model = _model(CardModel, body, where, f"card.{cid}")
            spec = _resolve(cid, model, set_id, abilities, f"data/{fname}")
            check_spec(cid, spec, terrains, sets, f"data/{fname}")
            cards[cid] = spec
            if model.type == "creature":
                if model.aim is not None:
                    raise DataError(f"{where}: a creature aims with its ability (abilities.toml)")
                aim = abilities[model.ability].aim if model.ability else None
            else:
                if spec.effect is None and model.aim is not None:
                    raise DataError(f"{where}: `aim` given without an effect")
                if spec.effect is not None:
                    check_aim(spec.effect, model.aim, where)
                aim = model.aim
            if aim is not None:
                aims[cid] = aim
    decks = {}
    for k, v in read("decks.toml").get("decks", {}).items():
        deck = _model(DeckModel, v, f"data/decks.toml: [decks.{k}]", f"deck.{k}")
        problems = deck_problems(expand(deck.cards), cards, set(sets))
        if problems:
            raise DataError(f"data/decks.toml: [decks.{k}]: {'; '.join(problems)}")
        decks[k] = deck
    return Pool(sets, terrains, abilities, cards, decks, aims)


DECK_SIZE = 25
MAX_COPIES = 2


def expand(counts: Mapping[str, int]) -> list[str]:
    out: list[str] = []
    for cid, n in counts.items():
        out += [cid] * n
    return sorted(out)


def deck_problems(
    deck: list[str], cards: Mapping[str, CardSpec], enabled_sets: set[str]
) -> list[str]:
    """Every reason a deck list is not legal, in words a person can act on ([] if legal)."""
    out = []
    if len(deck) != DECK_SIZE:
        out.append(f"a deck has exactly {DECK_SIZE} cards, this one has {len(deck)}")
    counts: dict[str, int] = {}
    for cid in deck:
        counts[cid] = counts.get(cid, 0) + 1
    unknown = sorted(c for c in counts if c not in cards)
    if unknown:
        out.append(f"unknown card(s): {', '.join(unknown)}")
    many = sorted(f"{c} x{n}" for c, n in counts.items() if n > MAX_COPIES)
    if many:
        out.append(f"at most {MAX_COPIES} copies of a card: {', '.join(many)}")
    off = sorted(
        f"{c} ({cards[c].set})" for c in counts if c in cards and cards[c].set not in enabled_sets
    )
    if off:
        out.append(
            f"card(s) from a set that is not enabled: {', '.join(off)} (enable the set with the option `sets`)"
        )
    return out


POOL = load_pool()
