"""The two classes every game derives from: :class:`Game` (the rules) and :class:`GameState`.

A game package subclasses both, lists its actions in an :class:`ActionSpace`, declares its
options as a Pydantic model and registers itself in :mod:`ludoteca.engine.registry`. The public
names here are the contract of docs/architecture.md: add to them, rename none.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal, get_args, get_origin

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic.fields import FieldInfo

from .actions import Action, ActionSpace
from .errors import DataError, IllegalAction, InvalidOptions
from .events import Event
from .i18n import LANGUAGES, Catalog
from .reactions import ReactionWindow
from .result import Result


class GameOptions(BaseModel):
    """Base of every game's options: frozen, and unknown names are refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")


def choices_from(field: FieldInfo) -> str | None:
    """The kind of data whose ids an option takes, declared on its field as
    ``Field(..., json_schema_extra={"choices_from": "deck"})``: the web lobby then offers a
    menu of their names (``<kind>.<id>`` in the game's catalog), while the value stays the id.
    The game's own checks still refuse an id it does not know."""
    extra = field.json_schema_extra
    kind = extra.get("choices_from") if isinstance(extra, dict) else None
    return kind if isinstance(kind, str) else None


def choice_key(value: Any) -> str:
    """How a choice is written where a string is needed (catalog key, menu value): as itself,
    ``null`` for none, as in JSON."""
    return "null" if value is None else str(value)


def choice_words(option: str, kind: str | None, value: Any) -> str:
    """The catalog key of a choice's words: a data id's name, else ``option.<name>.choice.<v>``."""
    if kind and value is not None:
        return f"{kind}.{value}"
    return f"option.{option}.choice.{choice_key(value)}"


def describe_validation_error(err: ValidationError) -> str:
    parts = []
    for e in err.errors():
        where = ".".join(str(x) for x in e["loc"]) or "options"
        if e["type"] == "extra_forbidden":
            parts.append(f"unknown option {where!r}")
        else:
            parts.append(f"option {where!r}: {e['msg']}")
    return "; ".join(parts)


class Game(ABC):
    """The rules of one title. One instance per title lives in the registry."""

    id: ClassVar[str]
    names: ClassVar[Mapping[str, str]]  # display name per language: {"pt-BR": ..., "en": ...}
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[str] = "1"
    # earlier rules versions whose saved actions this version still reads (upgrade_action)
    older_rules_versions: ClassVar[frozenset[str]] = frozenset()
    Options: ClassVar[type[GameOptions]] = GameOptions
    catalog: Catalog

    # -- the contract ---------------------------------------------------------------------
    def new_game(
        self,
        num_players: int | None = None,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
    ) -> GameState:
        n = self.min_players if num_players is None else num_players
        if (
            isinstance(n, bool)
            or not isinstance(n, int)
            or not self.min_players <= n <= self.max_players
        ):
            raise InvalidOptions(
                f"{self.id} is for {self.min_players} to {self.max_players} players, not {num_players!r}"
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidOptions(f"the seed must be an integer, not {seed!r}")
        return self._new_game(n, seed, self.parse_options(options, n))

    @abstractmethod
    def _new_game(self, num_players: int, seed: int, options: Any) -> GameState: ...

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> GameState: ...

    @property
    @abstractmethod
    def action_space(self) -> ActionSpace: ...

    @property
    def action_space_size(self) -> int:
        return self.action_space.size

    def encode(self, action: Action) -> int:
        return self.action_space.encode(action)

    def decode(self, code: int) -> Action:
        return self.action_space.decode(code)

    def action_from_json(self, data: Any) -> Action:
        return self.action_space.from_json(data)

    # -- saved games of earlier versions --------------------------------------------------
    def reads_rules_version(self, version: str) -> bool:
        """Whether records saved under ``version`` replay here (today's or a convertible one)."""
        return version == self.rules_version or version in self.older_rules_versions

    def upgrade_action(self, data: Any, rules_version: str) -> Any:
        """An action saved under an older ``rules_version``, written in today's JSON. Only a
        change of format may be converted: a rule change makes old records unreadable."""
        return data

    def action_from_record(self, data: Any, rules_version: str) -> Action:
        """An action as a record or a stored table saved it under ``rules_version``."""
        if rules_version != self.rules_version:
            if rules_version not in self.older_rules_versions:
                raise DataError(
                    f"this was played under {self.id} rules version {rules_version}; "
                    f"this ludoteca plays version {self.rules_version}"
                )
            data = self.upgrade_action(data, rules_version)
        return self.action_from_json(data)

    # -- options --------------------------------------------------------------------------
    def parse_options(
        self, options: Mapping[str, Any] | GameOptions | None, num_players: int
    ) -> Any:
        if isinstance(options, self.Options):
            return options
        if options is not None and not isinstance(options, Mapping):
            raise InvalidOptions(
                f"options must be a mapping of names to values, not {type(options).__name__}"
            )
        try:
            parsed = self.Options.model_validate(dict(options or {}))
        except ValidationError as e:
            known = ", ".join(self.Options.model_fields) or "none"
            raise InvalidOptions(
                f"{self.id}: {describe_validation_error(e)} (known options: {known})"
            ) from None
        self.check_options(parsed, num_players)
        return parsed

    def check_options(self, options: Any, num_players: int) -> None:
        """Checks that need the player count or several options at once; raise InvalidOptions."""
        return None

    def option_docs(self) -> dict[str, dict[str, Any]]:
        """Name -> default, type and help text of every option, for the CLI and the web client."""
        out = {}
        for name, f in self.Options.model_fields.items():
            default = f.get_default(call_default_factory=True)
            if isinstance(default, BaseModel):
                default = default.model_dump(mode="json")
            doc: dict[str, Any] = {
                "default": default,
                "type": getattr(f.annotation, "__name__", str(f.annotation)),
                "help": f.description or "",
            }
            if get_origin(f.annotation) is Literal:
                doc["choices"] = list(get_args(f.annotation))
            kind = choices_from(f)
            if kind:
                # ids from the game's data (its starter decks...): a menu of their names
                doc["choices_from"] = kind
                none = [None] if type(None) in get_args(f.annotation) else []
                doc["choices"] = none + list(self.data_ids(kind))
                if get_origin(f.annotation) is list:
                    doc["multiple"] = True  # a list of them: one box to tick per choice
            # words for people, per language, from the game's catalog (option.<name>.label/help)
            doc["texts"] = {
                lang: {
                    "label": self.catalog.template(f"option.{name}.label", lang)
                    or name.replace("_", " "),
                    "help": (
                        self.catalog.messages[lang].get(f"option.{name}.help")
                        or f.description
                        or ""
                    ),
                }
                for lang in LANGUAGES
            }
            if "choices" in doc:
                # a menu shows words, not the values the API takes (choice_words names their key)
                for lang in LANGUAGES:
                    doc["texts"][lang]["choices"] = {
                        choice_key(c): self.catalog.template(choice_words(name, kind, c), lang)
                        or choice_key(c)
                        for c in doc["choices"]
                    }
            out[name] = doc
        return out

    def data_catalogs(self) -> Mapping[str, Sequence[str]]:
        """Every catalog of the game's data files, by kind (``card``, ``deck``, ``terrain``...):
        its ids, in the files' order. A game with data lists each of its catalogs here."""
        return {}

    def data_ids(self, kind: str) -> list[str]:
        """The ids of the game's data of one kind (its cards, starter decks, terrains...), in
        the order a menu lists them (for an option declared ``choices_from`` that kind); a kind
        the game has no catalog of is refused (ValueError), never an empty list."""
        catalogs = self.data_catalogs()
        if kind not in catalogs:
            kinds = ", ".join(sorted(catalogs)) or "none"
            raise ValueError(f"{self.id} has no data of kind {kind!r} (its kinds: {kinds})")
        return list(catalogs[kind])

    # -- words ----------------------------------------------------------------------------
    def display_name(self, lang: str = "pt-BR") -> str:
        return self.names.get(lang) or self.names["en"]

    def data_words(self, lang: str = "pt-BR") -> dict[str, str]:
        """Words that come from the game's data files rather than its catalog (card names and
        rules texts), keyed like catalog entries, for clients that draw the table. Public text
        only: the same for every reader."""
        return {}

    def describe_action(self, action: Action, lang: str = "pt-BR") -> str:
        """One short sentence naming the action, from the game's message catalog."""
        data = action.to_json()
        return self.catalog.text(f"action.{data.pop('type')}", lang, **data)

    def describe_event(self, event: Event, lang: str = "pt-BR", viewer: int | None = None) -> str:
        """One sentence for the log, as the viewer (None: a spectator) reads it."""
        return self.catalog.text(f"event.{event.kind}", lang, **dict(event.data))

    def __repr__(self) -> str:
        return f"<Game {self.id}>"


class GameState(ABC):
    """One position of a game, with its own seeded RNG. Mutable: ``apply`` changes it in place."""

    game: Game
    num_players: int
    options: Any  # the game's validated GameOptions; the match record stores its JSON dump

    # -- who acts, and what may they do ---------------------------------------------------
    @property
    @abstractmethod
    def actors(self) -> tuple[int, ...]:
        """The seats that owe a decision now (several for simultaneous moves); () when over."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]: ...

    def is_legal(self, player: int, action: Action) -> bool:
        """Override with a cheaper test where the game's hot path needs it."""
        return action in self.legal_actions(player)

    def explain_illegal(self, player: int, action: Action) -> str:
        """Why ``action`` is refused; never mentions what ``player`` may not see."""
        return f"{self.game.describe_action(action, 'en')!s} is not a legal move now"

    def apply(self, player: int, action: Action) -> list[Event]:
        """Play ``action`` for ``player``; returns the events. Illegal: IllegalAction, no change."""
        if player not in self.actors:
            if self.is_over:
                raise IllegalAction("the game is over")
            raise IllegalAction(f"player {player!r} has no decision to make now")
        if not isinstance(action, Action):
            raise IllegalAction(f"not an action: {action!r}")
        if not self.is_legal(player, action) and action != self.timeout_action(player):
            raise IllegalAction(self.explain_illegal(player, action))
        return self._apply(player, action)

    @abstractmethod
    def _apply(self, player: int, action: Action) -> list[Event]:
        """Carry out an action already known to be legal."""

    def timeout_action(self, player: int) -> Action:
        """What a table clock does for ``player``'s pending decision. Games document theirs."""
        legal = self.legal_actions(player)
        if not legal:
            raise IllegalAction(f"player {player!r} has no decision to make now")
        return legal[0]

    def reaction_window(self) -> ReactionWindow | None:
        """The reaction window open now, if any (see ``engine.reactions``). Default: none."""
        return None

    # -- the end --------------------------------------------------------------------------
    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result:
        """Raises IllegalAction while the game is still running."""

    # -- what a player sees ---------------------------------------------------------------
    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """JSON-safe dict of exactly what ``player`` may see; ``None`` is a spectator."""

    @abstractmethod
    def determinize(self, player: int, rng: random.Random) -> GameState:
        """A full state consistent with ``view(player)``, the unseen re-sampled from ``rng``.

        Reads only what ``view(player)`` carries, rebuilds hidden pools in sorted order before
        sampling, and reseeds the new state's RNG from ``rng``.
        """

    # -- copies and storage ---------------------------------------------------------------
    @abstractmethod
    def clone(self) -> GameState: ...

    @abstractmethod
    def to_json(self) -> dict[str, Any]: ...

    def check_invariants(self) -> None:
        """Raise AssertionError if the state breaks a rule invariant (used by the fuzz tests)."""
        return None
