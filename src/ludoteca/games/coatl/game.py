"""The Coatl Game object: identity, options, setup, JSON and words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...engine import Action, ActionSpace, Catalog, DataError, Event, Game
from . import legacy, words
from .actions import ACTION_SPACE
from .names import PROPHECY_IDS, TEMPLE_IDS
from .options import CoatlOptions
from .setup import deal
from .state import CoatlState


class CoatlGame(Game):
    id = "coatl"
    names: ClassVar[Mapping[str, str]] = {"pt-BR": "Coatl", "en": "Coatl"}
    min_players = 2
    max_players = 4
    # 2: the JSON names pieces, cards, colours and phases (version 1: integers); same rules
    rules_version = "2"
    older_rules_versions = frozenset({"1"})
    Options = CoatlOptions
    catalog = Catalog.from_package(__package__)

    def _new_game(self, num_players: int, seed: int, options: Any) -> CoatlState:
        return deal(self, num_players, seed, options)

    def state_from_json(self, data: Mapping[str, Any]) -> CoatlState:
        if not isinstance(data, Mapping) or data.get("game") != self.id:
            raise DataError("not a saved Coatl state")
        try:
            d = dict(data)
            if legacy.is_v1_state(d):
                d = legacy.upgrade_state(d)
            return CoatlState.from_json(self, d)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            raise DataError(f"a saved Coatl state is broken: {e!r}") from None

    def upgrade_action(self, data: Any, rules_version: str) -> Any:
        return legacy.upgrade_action(data) if rules_version == "1" else data

    def data_catalogs(self) -> dict[str, list[str]]:
        """The Prophecies and Temples of the data files, by the ids the JSON names them with."""
        return {"prophecy": list(PROPHECY_IDS), "temple": list(TEMPLE_IDS)}

    @property
    def action_space(self) -> ActionSpace:
        return ACTION_SPACE

    def describe_action(self, action: Action, lang: str = "pt-BR") -> str:
        return words.describe_action(self.catalog, action, lang)

    def describe_event(self, event: Event, lang: str = "pt-BR", viewer: int | None = None) -> str:
        return words.describe_event(self.catalog, event, lang)

    def data_words(self, lang: str = "pt-BR") -> dict[str, str]:
        """Each Prophecy's words (``prophecy.<id>``: its pattern, ``.tiers``: "n: v pts", the
        points v for n occurrences, or n pieces of a colour count, as in the rules doc's table)
        and each Temple's (``temple.<id>``: its two conditions), for the browser's table view,
        which knows the cards by the ids its JSON names them with; and what it draws:
        ``prophecy.<id>.family`` / ``.colours`` and ``temple.<id>.a`` / ``.b``."""
        return words.data_words(self.catalog, lang)
