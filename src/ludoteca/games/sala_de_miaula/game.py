"""The Game object of Sala de Miaula: options and decks, setup, words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...engine import (
    Action,
    ActionSpace,
    DataError,
    Event,
    Game,
    GameOptions,
    InvalidOptions,
)
from . import catalogs
from .actions import (
    LIFE,
    NO_TARGET,
    Attack,
    PlayCreature,
    PlayItem,
    PlaySpell,
    UseAbility,
    UseItem,
    build_space,
)
from .cards import POOL, AbilityModel, CardSpec, TerrainModel, check_spec, deck_problems, expand
from .deckfile import read_deck_file
from .options import Options as SalaOptions
from .options import upgraded
from .setup import deal
from .state import SalaState
from .words import CATALOG, ability_name, card_name, deck_name, set_name, terrain_name

# the fields of an event that hold a card id
_CARD_FIELDS = ("card", "item", "source", "target")


class SalaDeMiaula(Game):
    id = "sala-de-miaula"
    names: ClassVar[Mapping[str, str]] = {
        "pt-BR": "Sala de Miaula",
        "en": "Sala de Miaula (cat card battler)",
    }
    min_players = 2
    max_players = 2
    # 3: every damage effect deals 3, the smallest life in the pool (Bola de Pelo, Tempestade de
    # Pelos, Novelo de Lã, Martelo, Chave Inglesa dealt 1 or 2, which could defeat nothing)
    rules_version = "3"
    Options: ClassVar[type[GameOptions]] = SalaOptions
    catalog = CATALOG

    def __init__(self) -> None:
        self._space = build_space(POOL.cards)

    @property
    def action_space(self) -> ActionSpace:
        return self._space

    # -- options and decks --------------------------------------------------------------------
    def parse_options(
        self, options: Mapping[str, Any] | GameOptions | None, num_players: int
    ) -> Any:
        if isinstance(options, Mapping):
            options = upgraded(options)
            if options.get("cards") and options.get("catalog") is not None:
                raise InvalidOptions(
                    f"{self.id}: give the card definitions (`cards`) or name their catalog "
                    "(`catalog`), not both"
                )
        parsed = super().parse_options(options, num_players)
        return self._normalize(parsed)

    def _normalize(self, o: SalaOptions) -> SalaOptions:
        sets = []
        for s in o.sets:
            if s not in POOL.sets:
                raise InvalidOptions(
                    f"{self.id}: unknown set {s!r} in `sets`; sets: {', '.join(POOL.sets)}"
                )
            if s not in sets:
                sets.append(s)
        if "despertar" not in sets:
            raise InvalidOptions(
                f"{self.id}: the base set 'despertar' is always in play; add it to `sets`"
            )
        if o.first_player not in (None, 0, 1):
            raise InvalidOptions(
                f"{self.id}: first_player must be 0, 1 or none (drawn at random), not {o.first_player!r}"
            )
        if o.terrain is not None:
            t = POOL.terrains.get(o.terrain)
            if t is None:
                raise InvalidOptions(
                    f"{self.id}: unknown terrain {o.terrain!r}; terrains: {', '.join(POOL.terrains)}"
                )
            if t.set not in sets:
                raise InvalidOptions(
                    f"{self.id}: terrain {o.terrain!r} belongs to set {t.set!r}, which is not enabled"
                )
        decks = [self._deck_ids(o.deck_0, 0), self._deck_ids(o.deck_1, 1)]
        wanted = sorted(set(decks[0]) | set(decks[1]))
        # the definitions given: inline (`cards`, which wins), else a kept catalog's (a record
        # that names it: catalogs.py), else none (the data files')
        given: Mapping[str, CardSpec] = o.cards
        if o.cards:
            for cid, spec in o.cards.items():
                try:
                    check_spec(cid, spec, POOL.terrains, POOL.sets, "option `cards`")
                except DataError as e:
                    raise InvalidOptions(f"{self.id}: {e}") from None
        elif o.catalog is not None:
            try:
                given = catalogs.definitions(o.catalog)
            except DataError as e:
                raise InvalidOptions(f"{self.id}: {e}") from None
            if given is POOL.cards:
                given = {}  # the data files' own catalog: as if none were given
        source = given or POOL.cards
        # with hidden lists the match defines every card of the sets in play (the given
        # definitions, else the pool's): which cards it defines must not tell what either deck
        # holds, and a search draws the opponent's unseen cards from them (view.determinize)
        others = []
        if o.decklists == "hidden":
            others = [c for c, spec in POOL.cards.items() if spec.set in sets and c not in wanted]
        for cid in [*wanted, *(c for c in others if c in given)]:
            if cid in source and cid not in POOL.cards:
                raise InvalidOptions(
                    f"{self.id}: card {cid!r} is not in this version's card pool (data/cards_*.toml)"
                )
            if cid in source and source[cid].type != POOL.cards[cid].type:
                # the action space is built once from the pool: a card keeps its type
                raise InvalidOptions(
                    f"{self.id}: option `cards`: card {cid!r} must keep its type "
                    f"{POOL.cards[cid].type!r} (from this version's card pool), not "
                    f"{source[cid].type!r}; its numbers and effects may change"
                )
        if given and any(c not in given for c in wanted if c in POOL.cards):
            missing = [c for c in wanted if c not in given]
            where = "option `cards`" if o.cards else f"card catalog {o.catalog}"
            raise InvalidOptions(f"{self.id}: {where} does not define {', '.join(missing)}")
        for seat, deck in enumerate(decks):
            problems = deck_problems(deck, source, set(sets))
            if problems:
                raise InvalidOptions(f"{self.id}: deck of seat {seat}: {'; '.join(problems)}")
        cards: dict[str, CardSpec] = {cid: source[cid] for cid in wanted}
        if others:
            cards.update((c, given.get(c, POOL.cards[c])) for c in others)
            cards = dict(sorted(cards.items()))
        # the catalog that defines them all, whatever form they came in (inline or named), so
        # that a record and its twin parse to the same options; None: they stay inline
        catalog = catalogs.current() if not given else catalogs.naming(cards, o.catalog)
        return o.model_copy(
            update={
                "deck_0": decks[0],
                "deck_1": decks[1],
                "sets": sets,
                "catalog": catalog,
                "cards": cards,
            }
        )

    def _deck_ids(self, deck: str | list[str], seat: int) -> list[str]:
        if isinstance(deck, str):
            d = POOL.decks.get(deck)
            if d is None:
                raise InvalidOptions(
                    f"{self.id}: deck of seat {seat}: unknown starter deck {deck!r}; "
                    f"starter decks: {', '.join(POOL.decks)} (or give a list of 25 card ids)"
                )
            return expand(d.cards)
        return sorted(str(x) for x in deck)

    def options_with_deck(self, options: dict[str, Any], seat: int, path: str) -> dict[str, Any]:
        """The options with ``seat``'s deck read from a deck file (format: deckfile.py, rules doc)."""
        if seat not in (0, 1):
            raise InvalidOptions(f"{self.id}: seat must be 0 or 1, not {seat!r}")
        deck = read_deck_file(path)
        out = dict(options or {})
        out[f"deck_{seat}"] = deck
        out.pop("cards", None)
        try:
            self.parse_options(out, 2)
        except InvalidOptions as e:
            raise DataError(f"{path}: {str(e).removeprefix(self.id + ': ')}") from None
        return out

    # -- setup --------------------------------------------------------------------------------
    def _new_game(self, num_players: int, seed: int, options: Any) -> SalaState:
        return deal(self, num_players, seed, options)

    def state_from_json(self, data: Mapping[str, Any]) -> SalaState:
        try:
            return SalaState.from_json(self, dict(data))
        except (KeyError, TypeError, ValueError) as e:
            raise DataError(f"{self.id}: not a saved state: {e}") from None

    # -- the data, for tools, renderers and docs ----------------------------------------------
    def card_pool(self) -> dict[str, CardSpec]:
        return dict(POOL.cards)

    def ability_pool(self) -> dict[str, AbilityModel]:
        return dict(POOL.abilities)

    def terrain_pool(self) -> dict[str, TerrainModel]:
        return dict(POOL.terrains)

    def data_catalogs(self) -> dict[str, list[str]]:
        """The cards, abilities, starter decks, sets and terrains of the data files, in the
        files' order."""
        return {
            "ability": list(POOL.abilities),
            "card": list(POOL.cards),
            "deck": list(POOL.decks),
            "set": list(POOL.sets),
            "terrain": list(POOL.terrains),
        }

    def starter_decks(self) -> dict[str, list[str]]:
        return {k: expand(d.cards) for k, d in POOL.decks.items()}

    # -- words --------------------------------------------------------------------------------
    def card_name(self, cid: str, lang: str = "pt-BR") -> str:
        return card_name(cid, lang)

    def ability_name(self, aid: str, lang: str = "pt-BR") -> str:
        return ability_name(aid, lang)

    def terrain_name(self, tid: str, lang: str = "pt-BR") -> str:
        return terrain_name(tid, lang)

    def set_name(self, sid: str, lang: str = "pt-BR") -> str:
        return set_name(sid, lang)

    def deck_name(self, did: str, lang: str = "pt-BR") -> str:
        return deck_name(did, lang)

    def effect_text(self, effect: str, params: Mapping[str, Any], lang: str) -> str:
        data = dict(params)
        if "status" in data:
            data["status"] = self.catalog.text(f"status.{data['status']}", lang)
        if "terrain" in data:
            data["terrain"] = self.terrain_name(str(data["terrain"]), lang)
        return self.catalog.text(f"effect.{effect}", lang, **data)

    def data_words(self, lang: str = "pt-BR") -> dict[str, str]:
        """``card.<id>`` (name), ``card.<id>.text`` (rules text), ``card.<id>.stats`` (a
        creature's attack and life), ``card.<id>.type`` / ``.element`` / ``.atk`` / ``.life`` /
        ``.passive`` / ``.aim`` (data keys the drawing reads) of every card in the data files, for
        the browser's table view. The names of terrains, abilities, sets and decks
        (``terrain.<id>`` ...) are catalog entries, which the words already carry."""
        t = self.catalog.text
        out = {}
        for cid, c in POOL.cards.items():
            out[f"card.{cid}"] = card_name(cid, lang)
            out[f"card.{cid}.text"] = self.card_text(cid, lang)
            if c.type == "creature":
                out[f"card.{cid}.stats"] = (
                    f"{t('ui.atk', lang)} {c.attack} · {t('ui.hp', lang)} {c.life}"
                )
            # what the browser draws: the card's type, element, attack, life and passive key
            out[f"card.{cid}.type"] = c.type
            if c.element:
                out[f"card.{cid}.element"] = c.element
            if c.type == "creature":
                out[f"card.{cid}.atk"] = str(c.attack)
                out[f"card.{cid}.life"] = str(c.life)
            if c.passive:
                out[f"card.{cid}.passive"] = c.passive
            if cid in POOL.aims:  # whose place its action's target is (the client lights it)
                out[f"card.{cid}.aim"] = POOL.aims[cid]
        return out

    def card_text(self, cid: str, lang: str = "pt-BR", spec: CardSpec | None = None) -> str:
        """A card's rules text, generated from its data in the given language."""
        c = spec if spec is not None else POOL.cards[cid]
        t = self.catalog.text
        parts = []
        if c.type == "creature":
            parts.append(t(f"element.{c.element}", lang))
            parts.append(f"{t('ui.atk', lang)} {c.attack} · {t('ui.hp', lang)} {c.life}")
            if c.ability:
                name = self.ability_name(c.ability, lang)
                body = c.passive or c.effect or ""
                params = c.passive_params if c.passive else c.params
                parts.append(f"{name}: {self.effect_text(body, params, lang)}")
            return " · ".join(parts)
        if c.type == "item":
            if c.attack:
                parts.append(f"+{c.attack} {t('ui.atk', lang)}")
            if c.life:
                parts.append(f"+{c.life} {t('ui.hp', lang)}")
            if c.passive:
                parts.append(self.effect_text(c.passive, c.passive_params, lang))
        if c.effect:
            parts.append(self.effect_text(c.effect, c.params, lang))
        return " · ".join(parts)

    def _slot(self, i: int) -> str:
        return str(i + 1)

    def describe_action(self, action: Action, lang: str = "pt-BR") -> str:
        t = self.catalog.text
        if isinstance(action, PlayCreature):
            return t("action.play_creature", lang, card=card_name(action.card, lang))
        if isinstance(action, PlayItem):
            return t(
                "action.play_item",
                lang,
                card=card_name(action.card, lang),
                slot=self._slot(action.slot),
            )
        if isinstance(action, PlaySpell):
            key = "action.play_spell" if action.target == NO_TARGET else "action.play_spell_at"
            return t(key, lang, card=card_name(action.card, lang), target=self._slot(action.target))
        if isinstance(action, Attack):
            who = "+".join(self._slot(i) for i in action.attackers)
            key = "action.attack_life" if action.target == LIFE else "action.attack"
            return t(
                key,
                lang,
                attackers=who,
                target=self._slot(action.target),
                count=len(action.attackers),
            )
        if isinstance(action, UseAbility | UseItem):
            base = "action.use_ability" if isinstance(action, UseAbility) else "action.use_item"
            key = base if action.target == NO_TARGET else base + "_at"
            return t(key, lang, slot=self._slot(action.slot), target=self._slot(action.target))
        data = action.to_json()
        kind = data.pop("type")
        if "slot" in data:
            data["slot"] = self._slot(data["slot"])
        return t(f"action.{kind}", lang, **data)

    def describe_event(self, event: Event, lang: str = "pt-BR", viewer: int | None = None) -> str:
        data = dict(event.data)
        # events carry card ids; their names are the reader's language's
        for key in _CARD_FIELDS:
            if key in data:
                data[key] = card_name(str(data[key]), lang) if data[key] else "-"
        if "attackers" in data:
            data["attackers"] = " + ".join(card_name(str(c), lang) for c in data["attackers"])
        if "ability" in data:
            data["ability"] = self.ability_name(str(data["ability"]), lang)
        if "terrain" in data:
            data["terrain"] = self.terrain_name(str(data["terrain"]), lang)
        if "status" in data:
            data["status"] = self.catalog.text(f"status.{data['status']}", lang)
        if "player" in data:
            data["player"] = int(data["player"]) + 1
        key = f"event.{event.kind}"
        if event.kind == "from_oficina" and not event.data.get("item"):
            key = "event.from_oficina_empty"  # back with empty paws: no "(item: -)"
        return self.catalog.text(key, lang, **data)
