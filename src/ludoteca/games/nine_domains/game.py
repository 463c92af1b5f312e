"""The Game object of The Nine Domains: identity, options, action space and words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...engine import Action, ActionSpace, Catalog, DataError, Event, Game
from .actions import ACTION_SPACE
from .cards import CARDS, DOMAINS
from .options import NineDomainsOptions
from .setup import deal
from .state import NineDomainsState

_PKG = __name__.rpartition(".")[0]


class NineDomains(Game):
    id: ClassVar[str] = "nine-domains"
    names: ClassVar[Mapping[str, str]] = {"pt-BR": "Os Nove Domínios", "en": "The Nine Domains"}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    rules_version: ClassVar[str] = "2"
    Options = NineDomainsOptions

    def __init__(self) -> None:
        self.catalog = Catalog.from_package(_PKG)

    def _new_game(self, num_players: int, seed: int, options: Any) -> NineDomainsState:
        return deal(self, num_players, seed, options)

    def state_from_json(self, data: Mapping[str, Any]) -> NineDomainsState:
        try:
            return NineDomainsState.from_json(self, data)
        except (KeyError, ValueError, TypeError, IndexError) as e:
            raise DataError(f"not a {self.id} state: {type(e).__name__}: {e}") from None

    def data_catalogs(self) -> dict[str, list[str]]:
        """The cards (``cards.toml``) and the domains (``domains.toml``)."""
        return {"card": list(CARDS.ids), "domain": list(DOMAINS.ids)}

    @property
    def action_space(self) -> ActionSpace:
        return ACTION_SPACE

    # -- words ----------------------------------------------------------------------------
    def player_name(self, seat: int, lang: str, viewer: int | None = None) -> str:
        if viewer is not None and seat == viewer:
            return self.catalog.text("word.you", lang)
        return self.catalog.text("word.player", lang, n=seat + 1)

    def domain_name(self, domain: str, lang: str) -> str:
        return self.catalog.text(f"domain.{domain}", lang)

    def pile_name(self, pile: int, lang: str) -> str:
        return self.catalog.text(f"pile.{pile}", lang)

    def power_name(self, power: str, lang: str) -> str:
        return self.catalog.text(f"power.{power}", lang)

    def _words(self, data: Mapping[str, Any], lang: str, viewer: int | None) -> dict[str, Any]:
        out = dict(data)
        for key in ("domain", "gave", "took"):
            if key in out:
                out[key] = self.domain_name(str(out[key]), lang)
        if "pile" in out:
            out["pile"] = self.pile_name(int(out["pile"]), lang)
        if "power" in out:
            out["power"] = self.power_name(str(out["power"]), lang)
        if "player" in out:
            out["who"] = self.player_name(int(out["player"]), lang, viewer)
        if "how" in out:
            out["how"] = self.catalog.text(f"how.{out['how']}", lang)
        return out

    def data_words(self, lang: str = "pt-BR") -> dict[str, str]:
        """For the browser's drawing: ``domain.<id>.vp``, ``domain.<id>.elements`` (element
        keys, space-separated), ``domain.<id>.halves`` (purple halves) of every domain, and
        ``card.<id>.power`` (its effects in words, "; "-separated) of every special card."""
        out: dict[str, str] = {}
        for d in DOMAINS.models:
            out[f"domain.{d.id}.vp"] = str(d.vp)
            out[f"domain.{d.id}.elements"] = " ".join(d.elements)
            out[f"domain.{d.id}.halves"] = str(d.purple_halves)
        for c in CARDS.models:
            if c.special:
                out[f"card.{c.id}.power"] = "; ".join(self._card_effects(c, lang))
        return out

    def _card_effects(self, c: Any, lang: str) -> list[str]:
        t = self.catalog.text
        parts = []
        if c.sign:
            parts.append(
                t("card_text.wins_ties" if c.sign == "+" else "card_text.loses_ties", lang)
            )
        if c.beats:
            parts.append(t("card_text.beats", lang, cards=", ".join(c.beats)))
        if c.loses_to:
            parts.append(t("card_text.loses_to", lang, cards=", ".join(c.loses_to)))
        if c.loses_to_others:
            parts.append(t("card_text.loses_to_others", lang))
        if c.adjacent_bonus:
            m = c.adjacent_bonus_single or c.adjacent_bonus
            parts.append(t("card_text.adjacent", lang, n=c.adjacent_bonus, m=m))
        if c.next_bonus:
            key = "card_text.next_option" if c.next_target == "option" else "card_text.next_owner"
            parts.append(t(key, lang, n=c.next_bonus))
        if c.last_round_self:
            parts.append(t("card_text.last_round", lang, n=c.last_round_self))
        if c.power == "victory_bonus":
            parts.append(t("card_text.victory_bonus", lang, vp=c.bonus_vp, margin=c.bonus_margin))
        elif c.power:
            parts.append(t(f"card_text.{c.power}", lang))
        return parts

    def describe_action(self, action: Action, lang: str = "pt-BR") -> str:
        data = action.to_json()
        kind = data.pop("type")
        return self.catalog.text(f"action.{kind}", lang, **self._words(data, lang, None))

    def describe_event(self, event: Event, lang: str = "pt-BR", viewer: int | None = None) -> str:
        key = f"event.{event.kind}"
        # English conjugates for "you": those sentences have their own template
        mine = viewer is not None and event.data.get("player") == viewer
        if mine and self.catalog.has(f"event_you.{event.kind}", lang):
            key = f"event_you.{event.kind}"
        return self.catalog.text(key, lang, **self._words(event.data, lang, viewer))
