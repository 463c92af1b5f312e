"""A tiny game with reaction windows and a table clock, to test the server alone.

Each player holds 2 cards dealt from a shuffled deck of Nopes and blanks (hidden). On their
turn a player scores (or, by the clock, waits). Every score opens a reaction window where every
player answers Nope (if they hold one) or pass; the first Nope in turn order from the active
player counts (the card is spent) and opens a new window; the score stands if the Nopes are
even. First to 3 points, or the most after 6 turns, wins.

Two options shape the windows for the server's tests: ``others_only`` leaves the scorer out of
them (in a 2-player game a window then has one seat), ``turn_pass`` lets the player whose turn
it is pass it (a pass alone, which is not a reaction window).
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
    ReactionWindow,
    Result,
    Rng,
)
from ludoteca.engine.errors import IllegalAction

NOPE, BLANK = 1, 0


@dataclass(frozen=True, slots=True)
class Score(Action):
    TYPE: ClassVar[str] = "score"


@dataclass(frozen=True, slots=True)
class Wait(Action):
    """The clock's default on a turn: never legal."""

    TYPE: ClassVar[str] = "wait"


@dataclass(frozen=True, slots=True)
class Nope(Action):
    TYPE: ClassVar[str] = "nope"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    TYPE: ClassVar[str] = "pass"


SCORE, WAIT, NOPE_A, PASS = Score(), Wait(), Nope(), Pass()

CATALOG = Catalog(
    {
        "pt-BR": {
            "action.score": "Marcar",
            "action.nope": "Nope!",
            "action.pass": "Passar",
            "action.wait": "Esperar",
            "event.scored": "Jogador {player} marca",
            "event.noped": "Jogador {player} diz Nope",
            "event.point": "Jogador {player} ganha um ponto",
            "event.cancelled": "Cancelado",
            "event.waited": "Jogador {player} espera",
            "event.drew": "Você tem {cards}",
        },
        "en": {
            "action.score": "Score",
            "action.nope": "Nope!",
            "action.pass": "Pass",
            "action.wait": "Wait",
            "event.scored": "Player {player} scores",
            "event.noped": "Player {player} says Nope",
            "event.point": "Player {player} gets a point",
            "event.cancelled": "Cancelled",
            "event.waited": "Player {player} waits",
            "event.drew": "You hold {cards}",
        },
    }
)


class ReactOptions(GameOptions):
    nopes: int = 3
    others_only: bool = False
    turn_pass: bool = False


class ReactGame(Game):
    id = "react-toy"
    names: ClassVar[Mapping[str, str]] = {"pt-BR": "Reação", "en": "Reaction"}
    min_players = 2
    max_players = 4
    Options = ReactOptions
    catalog = CATALOG
    _space = ActionSpace([SCORE, NOPE_A, PASS], extra=[WAIT])

    @property
    def action_space(self) -> ActionSpace:
        return self._space

    def _new_game(self, num_players: int, seed: int, options: Any) -> ReactState:
        s = ReactState(num_players, options, Rng(seed))
        deck = [NOPE] * options.nopes + [BLANK] * (2 * num_players)
        s.rng.shuffle(deck)
        s.hands = [sorted(deck[2 * p : 2 * p + 2]) for p in range(num_players)]
        return s

    def state_from_json(self, d: Mapping[str, Any]) -> ReactState:
        s = ReactState(d["n"], ReactOptions(**d["options"]), Rng.from_json(d["rng"]))
        s.hands = [list(h) for h in d["hands"]]
        s.points = list(d["points"])
        s.turn, s.turns = d["turn"], d["turns"]
        s.window = d["window"]
        s.answered = {int(k): v for k, v in d["answered"].items()}
        s.chain = d["chain"]
        return s


GAME = ReactGame()


class ReactState(GameState):
    game = GAME

    def __init__(self, n: int, options: ReactOptions, rng: Rng) -> None:
        self.num_players = n
        self.options = options
        self.rng = rng
        self.hands: list[list[int]] = []
        self.points = [0] * n
        self.turn = 0
        self.turns = 0
        self.window = False
        self.answered: dict[int, str] = {}
        self.chain = 0

    @property
    def actors(self) -> tuple[int, ...]:
        if self.is_over:
            return ()
        if self.window:
            return tuple(p for p in self._reactors() if p not in self.answered)
        return (self.turn,)

    def _reactors(self) -> list[int]:
        n = self.num_players
        return [p for p in range(n) if not (self.options.others_only and p == self.turn)]

    def reaction_window(self) -> ReactionWindow | None:
        if not self.window or self.is_over:
            return None
        return ReactionWindow(self.actors, PASS, {"seat": self.turn, "nopes": self.chain})

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.actors:
            return []
        if not self.window:
            return [SCORE, PASS] if self.options.turn_pass else [SCORE]
        return [NOPE_A, PASS] if NOPE in self.hands[player] else [PASS]

    def timeout_action(self, player: int) -> Action:
        return PASS if self.window else WAIT

    def _apply(self, player: int, action: Action) -> list[Event]:
        if action == WAIT or (action == PASS and not self.window):
            self._next_turn()
            return [Event("waited", {"player": player})]
        if action == SCORE:
            self.window, self.answered, self.chain = True, {}, 0
            return [Event("scored", {"player": player})]
        self.answered[player] = action.TYPE
        if len(self.answered) < len(self._reactors()):
            return []
        order = [(self.turn + i) % self.num_players for i in range(self.num_players)]
        order = [p for p in order if p in self.answered]
        noper = next((p for p in order if self.answered[p] == "nope"), None)
        self.answered = {}
        if noper is not None:
            self.hands[noper].remove(NOPE)
            self.hands[noper].append(BLANK)
            self.chain += 1
            return [Event("noped", {"player": noper})]
        events = []
        if self.chain % 2 == 0:
            self.points[self.turn] += 1
            events.append(Event("point", {"player": self.turn}))
        else:
            events.append(Event("cancelled", {}))
        self.window = False
        self._next_turn()
        return events

    def _next_turn(self) -> None:
        self.turns += 1
        self.turn = (self.turn + 1) % self.num_players

    @property
    def is_over(self) -> bool:
        return max(self.points) >= 3 or self.turns >= 6

    def result(self) -> Result:
        if not self.is_over:
            raise IllegalAction("the game is not over")
        return Result.from_scores(self.points, "points")

    def view(self, player: int | None) -> dict[str, Any]:
        return {
            "points": list(self.points),
            "turn": self.turn,
            "window": self.window,
            "hand": list(self.hands[player]) if player is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
        }

    def determinize(self, player: int, rng: random.Random) -> ReactState:
        s = self.clone()
        s.rng = Rng.from_random(rng)
        pool = sorted(c for p, h in enumerate(self.hands) if p != player for c in h)
        rng.shuffle(pool)
        for p in range(self.num_players):
            if p != player:
                s.hands[p] = sorted(pool[:2])
                pool = pool[2:]
        return s

    def clone(self) -> ReactState:
        return GAME.state_from_json(self.to_json())

    def to_json(self) -> dict[str, Any]:
        return {
            "n": self.num_players,
            "options": self.options.model_dump(),
            "rng": self.rng.to_json(),
            "hands": [list(h) for h in self.hands],
            "points": list(self.points),
            "turn": self.turn,
            "turns": self.turns,
            "window": self.window,
            "answered": {str(k): v for k, v in self.answered.items()},
            "chain": self.chain,
        }
