"""A tiny game with simultaneous secret choices and a hidden deck, to test the engine alone.

Each of two players holds 3 cards dealt from a shuffled 1..9; each round both choose a card in
secret; the higher card scores a point. Three rounds.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ludoteca.engine import (
    Action,
    ActionSpace,
    Catalog,
    Event,
    Game,
    GameOptions,
    GameState,
    Result,
    Rng,
)
from ludoteca.engine.errors import IllegalAction


@dataclass(frozen=True, slots=True)
class Pick(Action):
    TYPE: ClassVar[str] = "pick"
    card: int


class ToyOptions(GameOptions):
    rounds: int = 3


CATALOG = Catalog(
    {
        "pt-BR": {
            "action.pick": "Jogar {card}",
            "event.reveal": "Revelado",
            "event.chosen": "Escolheu",
        },
        "en": {"action.pick": "Play {card}", "event.reveal": "Revealed", "event.chosen": "Chose"},
    }
)


class ToyGame(Game):
    id = "toy"
    names: ClassVar[Mapping[str, str]] = {"pt-BR": "Brinquedo", "en": "Toy"}
    min_players = 2
    max_players = 2
    Options = ToyOptions
    catalog = CATALOG
    _space = ActionSpace([Pick(c) for c in range(1, 10)])

    @property
    def action_space(self) -> ActionSpace:
        return self._space

    def _new_game(self, num_players: int, seed: int, options: Any) -> ToyState:
        s = ToyState(options, Rng(seed))
        deck = list(range(1, 10))
        s.rng.shuffle(deck)
        s.hands = [sorted(deck[:3]), sorted(deck[3:6])]
        s.deck = deck[6:]
        return s

    def state_from_json(self, d: Mapping[str, Any]) -> ToyState:
        s = ToyState(ToyOptions(**d["options"]), Rng.from_json(d["rng"]))
        s.hands = [list(h) for h in d["hands"]]
        s.deck = list(d["deck"])
        s.chosen = list(d["chosen"])
        s.points = list(d["points"])
        s.round = d["round"]
        return s


GAME = ToyGame()


class ToyState(GameState):
    game = GAME
    num_players = 2

    def __init__(self, options: ToyOptions, rng: Rng) -> None:
        self.options = options
        self.rng = rng
        self.hands: list[list[int]] = [[], []]
        self.deck: list[int] = []
        self.chosen: list[int | None] = [None, None]
        self.points = [0, 0]
        self.round = 0

    @property
    def actors(self) -> tuple[int, ...]:
        if self.is_over:
            return ()
        return tuple(p for p in (0, 1) if self.chosen[p] is None)

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.actors:
            return []
        return [Pick(c) for c in self.hands[player]]

    def _apply(self, player: int, action: Action) -> list[Event]:
        assert isinstance(action, Pick)
        self.chosen[player] = action.card
        self.hands[player].remove(action.card)
        events = [Event("chosen", {"player": player})]
        if None not in self.chosen:
            a, b = self.chosen
            assert a is not None and b is not None
            if a != b:
                self.points[0 if a > b else 1] += 1
            events.append(Event("reveal", {"cards": [a, b]}))
            self.chosen = [None, None]
            self.round += 1
        return events

    @property
    def is_over(self) -> bool:
        return self.round >= min(self.options.rounds, 3)

    def result(self) -> Result:
        if not self.is_over:
            raise IllegalAction("the game is not over")
        return Result.from_scores(self.points, "points")

    def view(self, player: int | None) -> dict[str, Any]:
        return {
            "round": self.round,
            "points": list(self.points),
            "hand": list(self.hands[player]) if player is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "chosen": [
                (c if player == p else None) if c is not None else None
                for p, c in enumerate(self.chosen)
            ],
            "has_chosen": [c is not None for c in self.chosen],
        }

    def determinize(self, player: int, rng: random.Random) -> ToyState:
        other = 1 - player
        s = ToyState(self.options, Rng.from_random(rng))
        s.round, s.points = self.round, list(self.points)
        pool = sorted(
            self.deck
            + self.hands[other]
            + ([self.chosen[other]] if self.chosen[other] is not None else [])
        )  # type: ignore[list-item]
        rng.shuffle(pool)
        s.hands = [[], []]
        s.hands[player] = list(self.hands[player])
        k = len(self.hands[other])
        s.chosen = [None, None]
        s.chosen[player] = self.chosen[player]
        if self.chosen[other] is not None:
            s.chosen[other] = pool.pop()
        s.hands[other] = sorted(pool[:k])
        s.deck = pool[k:]
        return s

    def clone(self) -> ToyState:
        return GAME.state_from_json(self.to_json())

    def to_json(self) -> dict[str, Any]:
        return {
            "options": self.options.model_dump(),
            "rng": self.rng.to_json(),
            "hands": [list(h) for h in self.hands],
            "deck": list(self.deck),
            "chosen": list(self.chosen),
            "points": list(self.points),
            "round": self.round,
        }
