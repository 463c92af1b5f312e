"""The state of a match: zones, life, terrain, the turn; copies and JSON. Legal moves live in
legal.py, what a move does in rules.py, what a player sees and determinize in view.py."""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from ...engine import Action, Event, GameState, IllegalAction, Result, Rng
from . import legal, rules, view
from .actions import PLACES
from .cards import DECK_SIZE, POOL
from .model import Card, Creature, build_cards

if TYPE_CHECKING:
    from .game import SalaDeMiaula
    from .options import Options

_CARDS_CACHE: dict[int, tuple[Any, dict[str, Card]]] = {}


def cards_for(options: Options) -> dict[str, Card]:
    """The rules data of the cards the options embed (built once per options object)."""
    hit = _CARDS_CACHE.get(id(options))
    if hit is not None and hit[0] is options:
        return hit[1]
    if len(_CARDS_CACHE) > 256:
        _CARDS_CACHE.clear()
    cards = build_cards(options.cards)
    _CARDS_CACHE[id(options)] = (options, cards)
    return cards


class SalaState(GameState):
    game: SalaDeMiaula
    options: Options

    def __init__(self, game: SalaDeMiaula, options: Options) -> None:
        self.game = game
        self.num_players = 2
        self.options = options
        self.cards = cards_for(options)
        self.decklists: tuple[list[str], list[str]] = (
            sorted(options.deck_0),
            sorted(options.deck_1),
        )
        self.oficina_enabled = any(POOL.sets[x].oficina for x in options.sets if x in POOL.sets)
        self.oficina_any_status = bool(options.oficina_any_status)
        self.deck: list[list[str]] = [[], []]
        self.hand: list[list[str]] = [[], []]
        self.canil: list[list[str]] = [[], []]
        self.known: list[list[str]] = [[], []]  # cards of each hand the whole table has seen
        self.life = [15, 15]
        self.field: list[list[Creature | None]] = [[None] * PLACES, [None] * PLACES]
        self.terrain = ""
        self.terrain_element = ""
        self.turn = 1
        self.current = 0
        self.first = 0
        self.played_creature = False
        self.played_other = False
        self.actions_spent = 0
        # the current player's places that have given an action this turn (one each at most)
        self.spent_places = [False] * PLACES
        self.over = False
        self.winners: tuple[int, ...] = ()
        self.reason = ""
        self.rng = Rng(0)
        self._legal: tuple[int, list[Action]] | None = None

    # -- helpers the rules call ---------------------------------------------------------------
    def set_terrain(self, terrain: str) -> None:
        self.terrain = terrain
        self.terrain_element = (
            POOL.terrains[terrain].element if terrain in POOL.terrains else terrain
        )

    def finish(self, winners: tuple[int, ...], reason: str) -> None:
        self.over = True
        self.winners = winners
        self.reason = reason

    def finish_deck_out(self, p: int) -> None:
        """Whoever must draw and cannot ends the game: higher life wins, equal life is a draw."""
        a, b = self.life
        self.finish((0,) if a > b else (1,) if b > a else (0, 1), "deck_out")

    # -- the contract -------------------------------------------------------------------------
    @property
    def actors(self) -> tuple[int, ...]:
        return () if self.over else (self.current,)

    @property
    def is_over(self) -> bool:
        return self.over

    def legal_actions(self, player: int) -> list[Action]:
        cached = self._legal
        if cached is not None and cached[0] == player:
            return list(cached[1])
        acts = legal.legal_actions(self, player)
        self._legal = (player, acts)
        return list(acts)

    def is_legal(self, player: int, action: Action) -> bool:
        if player != self.current or self.over:
            return False
        cached = self._legal
        if cached is None or cached[0] != player:
            self.legal_actions(player)
            cached = self._legal
        assert cached is not None
        return action in cached[1]

    def explain_illegal(self, player: int, action: Action) -> str:
        return legal.explain_illegal(self, player, action)

    def _apply(self, player: int, action: Action) -> list[Event]:
        self._legal = None
        return rules.apply(self, player, action)

    def result(self) -> Result:
        if not self.over:
            raise IllegalAction("the game is not over yet")
        ranking = tuple(1 if p in self.winners else 2 for p in range(2))
        return Result(
            self.winners,
            ranking,
            self.reason,
            (float(self.life[0]), float(self.life[1])),
            {"turns": self.turn, "life": list(self.life), "terrain": self.terrain},
        )

    def timeout_action(self, player: int) -> Action:
        return legal.timeout_action(self, player)

    # -- views ------------------------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        return view.view(self, player)

    def determinize(self, player: int, rng: random.Random) -> SalaState:
        return view.determinize(self, player, rng)

    # -- copies -----------------------------------------------------------------------------
    def clone(self) -> SalaState:
        s = SalaState.__new__(SalaState)
        s.game = self.game
        s.num_players = 2
        s.options = self.options
        s.cards = self.cards
        s.decklists = self.decklists
        s.oficina_enabled = self.oficina_enabled
        s.oficina_any_status = self.oficina_any_status
        s.deck = [self.deck[0][:], self.deck[1][:]]
        s.hand = [self.hand[0][:], self.hand[1][:]]
        s.canil = [self.canil[0][:], self.canil[1][:]]
        s.known = [self.known[0][:], self.known[1][:]]
        s.life = self.life[:]
        s.field = [[None if c is None else c.copy() for c in side] for side in self.field]
        s.terrain = self.terrain
        s.terrain_element = self.terrain_element
        s.turn = self.turn
        s.current = self.current
        s.first = self.first
        s.played_creature = self.played_creature
        s.played_other = self.played_other
        s.actions_spent = self.actions_spent
        s.spent_places = self.spent_places[:]
        s.over = self.over
        s.winners = self.winners
        s.reason = self.reason
        s.rng = self.rng.copy()
        s._legal = None
        return s

    def to_json(self) -> dict[str, Any]:
        return {
            "options": self.options.model_dump(mode="json"),
            "deck": [list(x) for x in self.deck],
            "hand": [list(x) for x in self.hand],
            "canil": [list(x) for x in self.canil],
            "known": [list(x) for x in self.known],
            "life": list(self.life),
            "field": [[None if c is None else c.to_json() for c in side] for side in self.field],
            "terrain": self.terrain,
            "turn": self.turn,
            "current": self.current,
            "first": self.first,
            "played_creature": self.played_creature,
            "played_other": self.played_other,
            "actions_spent": self.actions_spent,
            "spent_places": list(self.spent_places),
            "over": self.over,
            "winners": list(self.winners),
            "reason": self.reason,
            "rng": self.rng.to_json(),
        }

    @classmethod
    def from_json(cls, game: SalaDeMiaula, d: dict[str, Any]) -> SalaState:
        s = cls(game, game.parse_options(d["options"], 2))
        s.deck = [list(x) for x in d["deck"]]
        s.hand = [list(x) for x in d["hand"]]
        s.canil = [list(x) for x in d["canil"]]
        s.known = [list(x) for x in d["known"]]
        s.life = list(d["life"])
        s.field = [
            [None if c is None else Creature.from_json(c) for c in side] for side in d["field"]
        ]
        s.set_terrain(d["terrain"])
        s.turn = int(d["turn"])
        s.current = int(d["current"])
        s.first = int(d["first"])
        s.played_creature = bool(d["played_creature"])
        s.played_other = bool(d["played_other"])
        s.actions_spent = int(d["actions_spent"])
        s.spent_places = [bool(x) for x in d["spent_places"]]
        if len(s.spent_places) != PLACES:
            raise ValueError(f"spent_places must list {PLACES} places")
        s.over = bool(d["over"])
        s.winners = tuple(d["winners"])
        s.reason = str(d["reason"])
        s.rng = Rng.from_json(d["rng"])
        return s

    # -- invariants -------------------------------------------------------------------------
    def zones(self, q: int) -> list[str]:
        out = self.deck[q] + self.hand[q] + self.canil[q]
        for c in self.field[q]:
            if c is not None:
                out.append(c.card)
                if c.item is not None:
                    out.append(c.item)
        return out

    def check_invariants(self) -> None:
        for q in range(2):
            z = self.zones(q)
            assert len(z) == DECK_SIZE, (
                f"player {q} has {len(z)} cards accounted for, not {DECK_SIZE}"
            )
            assert sorted(z) == self.decklists[q], f"player {q}'s cards are not their deck list"
            assert 0 <= self.life[q] <= 15, f"life {self.life[q]} out of 0..15"
            assert sum(c is not None for c in self.field[q]) <= PLACES
            assert not (Counter(self.known[q]) - Counter(self.hand[q])), (
                "a known card is not in the hand"
            )
            for c in self.field[q]:
                if c is None:
                    continue
                assert self.cards[c.card].kind == 0, "only creatures stand in places"
                assert c.item is None or self.cards[c.item].kind == 2, "only items are held"
                assert self.cards[c.card].opposite != self.terrain_element, (
                    "a creature stands on its opposed terrain"
                )
                if c.item is not None and self.cards[c.item].potion:
                    assert c.status == 0, "a creature with a Potion is sick or fainted"
        assert self.actions_spent <= PLACES, "more actions than places in one turn"
        assert self.actions_spent == sum(self.spent_places), "an action without its place"
        for i, c in enumerate(self.field[self.current]):
            assert c is None or c.acted or not self.spent_places[i], (
                "a creature may act in a place that already gave this turn's action"
            )
        if self.over:
            assert self.winners
        elif 0 in self.life:
            raise AssertionError("a player has 0 life but the game goes on")
