"""The Game object of Gatinhos Explosivos: options, action space, words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...engine.actions import Action, ActionSpace
from ...engine.errors import DataError, InvalidOptions
from ...engine.events import Event
from ...engine.game import Game
from ...engine.i18n import Catalog
from . import legacy
from .actions import build_action_space
from .cards import DECKS, KEYS, extra_room
from .options import Options
from .setup import deal
from .state import EKState


class ExplodingKittens(Game):
    id = "exploding-kittens"
    names: ClassVar[Mapping[str, str]] = {"pt-BR": "Gatinhos Explosivos", "en": "Exploding Kittens"}
    min_players = 2
    max_players = 10
    # 3: the JSON of actions and states names cards and phases (version 2: integers); same rules
    rules_version = "3"
    older_rules_versions = frozenset({"2"})
    Options = Options

    def __init__(self) -> None:
        self.catalog = Catalog.from_package(__package__ or "ludoteca.games.exploding_kittens")
        self._space: ActionSpace | None = None

    def _new_game(self, num_players: int, seed: int, options: Any) -> EKState:
        return deal(self, num_players, seed, options)

    def check_options(self, options: Any, num_players: int) -> None:
        room = extra_room(num_players)
        extra = sum(options.extra_cards.values())
        if extra > room:
            raise InvalidOptions(
                f"{self.id}: option 'extra_cards': {extra} cards, but the draw pile of a "
                f"{num_players}-player game takes at most {room} more"
            )

    def state_from_json(self, data: Mapping[str, Any]) -> EKState:
        if not isinstance(data, Mapping):
            raise DataError("exploding-kittens: a saved state is a JSON object")
        return EKState.from_json(self, data)

    def upgrade_action(self, data: Any, rules_version: str) -> Any:
        # version 2's integer cards are read only where old moves are loaded (a record, a
        # stored table: ``action_from_record``); a live move speaks today's words
        return legacy.upgrade_action(data) if rules_version == "2" else data

    def data_catalogs(self) -> dict[str, list[str]]:
        """The cards (``cards.toml``, by key) and the decks (``decks.toml``, by player count)."""
        return {"card": list(KEYS), "deck": [str(n) for n in sorted(DECKS)]}

    @property
    def action_space(self) -> ActionSpace:
        if self._space is None:
            self._space = build_action_space()
        return self._space

    # -- words ----------------------------------------------------------------------------
    def card_name(self, key: str, lang: str = "pt-BR") -> str:
        return self.catalog.text(f"card.{key}", lang)

    def seat_name(self, seat: int, lang: str = "pt-BR") -> str:
        return self.catalog.text("seat", lang, n=seat + 1)

    def _words(self, data: dict[str, Any], lang: str) -> dict[str, Any]:
        out = dict(data)
        for k in ("card", "name"):
            v = out.get(k)
            if isinstance(v, str) and v:
                out[k] = self.card_name(v, lang)
        if "cards" in out:
            out["cards"] = ", ".join(self.card_name(c, lang) for c in out["cards"]) or "-"
        for k in ("player", "target"):
            v = out.get(k)
            if isinstance(v, int) and v >= 0:
                out[k] = self.seat_name(v, lang)
        if "position" in out:
            # people count places from 1 (the top); the JSON counts from 0
            out["position"] = self.catalog.text("position", lang, n=out["position"] + 1)
        return out

    def describe_action(self, action: Action, lang: str = "pt-BR") -> str:
        data = action.to_json()
        kind = data.pop("type")
        if kind == "target":
            data["target"] = data.pop("player")
        key = f"action.{kind}"
        if kind in ("pair", "triple", "five_same") and data.get("wilds"):
            key += "_wild"
        return self.catalog.text(key, lang, **self._words(data, lang))

    def describe_event(self, event: Event, lang: str = "pt-BR", viewer: int | None = None) -> str:
        data = dict(event.data)
        key = f"event.{event.kind}"
        if event.kind in ("play", "combo") and data.get("target", -1) >= 0:
            key += "_target"
        if event.kind == "combo" and data.get("name"):
            key = "event.combo_name"
        if event.kind == "combo" and data.get("cards"):
            key = "event.combo_five"
        return self.catalog.text(key, lang, **self._words(data, lang))
