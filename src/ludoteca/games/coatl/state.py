"""CoatlState: the whole position, its copies and its JSON form. Legal moves live in
legal.py, what a move does in rules.py, what a player sees in view.py."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...engine import Action, Event, GameState, IllegalAction, Result, Rng
from . import legal, rules, scoring, view
from .model import Player, bags_json, supply_json
from .names import (
    COLOUR_CODE,
    COLOUR_NAMES,
    KIND_NAMES,
    PROPHECY_CODE,
    PROPHECY_IDS,
    TEMPLE_CODE,
    TEMPLE_IDS,
    colour_code,
    index_or_none,
    prophecy_code,
    prophecy_or_none,
)
from .phases import PHASE_NAMES, Phase

if TYPE_CHECKING:
    from .game import CoatlGame
    from .options import CoatlOptions

OVER = int(Phase.OVER)  # asked on every move; the state holds phases as plain ints


class CoatlState(GameState):
    __slots__ = (
        "_legal",
        "actions_left",
        "bags",
        "bodies",
        "current",
        "deck",
        "discard",
        "display",
        "end",
        "final",
        "game",
        "heads",
        "num_players",
        "options",
        "passes",
        "phase",
        "piles",
        "players",
        "rng",
        "tails",
        "taken",
        "temple_coatl",
        "trigger",
        "turns",
    )

    def __init__(self, game: CoatlGame, num_players: int, options: CoatlOptions, rng: Rng) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self.rng = rng
        self.phase: int = OVER
        self.current = 0
        self.actions_left = 1
        self.taken = 0  # Prophecies taken in the current take action
        self.temple_coatl = -1  # the Coatl whose Temple is being chosen
        self.bodies: list[list[int]] = []  # 6 spaces, each 0..2 colours
        self.heads: list[int] = []  # 2 spaces, colour or -1
        self.tails: list[int] = []
        self.bags: list[list[int]] = []  # [kind][colour] -> pieces left in the bag
        self.display: list[int] = []  # 6 slots, Prophecy type or -1
        self.deck: list[int] = []  # top = last
        self.discard: list[int] = []  # face up, oldest first
        self.piles: list[list[int]] = []  # two face-up Temple piles, top = last
        self.players: list[Player] = []
        self.turns = 0  # turns finished
        self.end = ""  # "", "coatl", "bodies": the end trigger, once fired
        self.trigger = -1  # the seat that fired it
        self.final: list[list[int]] = []  # turns still owed after the current one: [seat, actions]
        self.passes = 0  # consecutive passes (everyone passing means nobody can act again)
        self._legal: tuple[int, list[Action]] | None = None

    # -- who acts -------------------------------------------------------------------------
    @property
    def actors(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.current,)

    def legal_actions(self, player: int) -> list[Action]:
        if self.phase == OVER or player != self.current:
            return []
        cached = self._legal
        if cached is not None and cached[0] == player:
            return list(cached[1])
        acts = legal.legal_actions(self)
        self._legal = (player, acts)
        return list(acts)

    def is_legal(self, player: int, action: Action) -> bool:
        if self.phase == OVER or player != self.current:
            return False
        if self._legal is None:
            self._legal = (player, legal.legal_actions(self))
        listed = self._legal[1]
        # the listed actions are interned, so a chosen one is usually the very object: an
        # identity scan avoids a Python-level dataclass __eq__ per earlier entry
        for a in listed:
            if a is action:
                return True
        return action in listed

    def timeout_action(self, player: int) -> Action:
        """A clock ends the pending chain the least harmful way (docs/rules/coatl.md)."""
        acts = self.legal_actions(player)
        if not acts:
            raise IllegalAction(f"player {player!r} has no decision to make now")
        return legal.timeout_choice(self, acts)

    def explain_illegal(self, player: int, action: Action) -> str:
        return legal.explain_illegal(self, player, action)

    def _apply(self, player: int, action: Action) -> list[Event]:
        self._legal = None
        events = rules.apply(self, action)
        self._legal = None
        return events

    # -- the end --------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        if self.phase != OVER:
            raise IllegalAction("the game is still running")
        return scoring.result(self)

    # -- what a player sees ---------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        return view.view(self, player)

    def determinize(self, player: int, rng: random.Random) -> CoatlState:
        return view.determinize(self, player, rng)

    def check_invariants(self) -> None:
        rules.check_invariants(self)

    # -- copies and storage ---------------------------------------------------------------
    def clone(self) -> CoatlState:
        s = CoatlState.__new__(CoatlState)
        s.game = self.game
        s.num_players = self.num_players
        s.options = self.options
        s.rng = self.rng.copy()
        s.phase = self.phase
        s.current = self.current
        s.actions_left = self.actions_left
        s.taken = self.taken
        s.temple_coatl = self.temple_coatl
        s.bodies = [b[:] for b in self.bodies]
        s.heads = self.heads[:]
        s.tails = self.tails[:]
        s.bags = [b[:] for b in self.bags]
        s.display = self.display[:]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.piles = [p[:] for p in self.piles]
        s.players = [p.clone() for p in self.players]
        s.turns = self.turns
        s.end = self.end
        s.trigger = self.trigger
        s.final = [f[:] for f in self.final]
        s.passes = self.passes
        s._legal = None
        return s

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "num_players": self.num_players,
            "options": self.options.model_dump(mode="json"),
            "rng": self.rng.to_json(),
            "phase": PHASE_NAMES[self.phase],
            "current": self.current,
            "actions_left": self.actions_left,
            "taken": self.taken,
            "temple_coatl": index_or_none(self.temple_coatl),
            "supply": supply_json(self.bodies, self.heads, self.tails),
            "bags": bags_json(self.bags),
            "display": [prophecy_or_none(t) for t in self.display],
            "deck": [PROPHECY_IDS[t] for t in self.deck],
            "discard": [PROPHECY_IDS[t] for t in self.discard],
            "piles": [[TEMPLE_IDS[t] for t in p] for p in self.piles],
            "players": [p.to_json() for p in self.players],
            "turns": self.turns,
            "end": self.end or None,
            "trigger": index_or_none(self.trigger),
            "final": [{"seat": q, "actions": k} for q, k in self.final],
            "passes": self.passes,
        }

    @classmethod
    def from_json(cls, game: CoatlGame, d: dict[str, Any]) -> CoatlState:
        options = game.parse_options(d["options"], int(d["num_players"]))
        s = cls(game, int(d["num_players"]), options, Rng.from_json(d["rng"]))
        s.phase = PHASE_NAMES.index(d["phase"])
        s.current = int(d["current"])
        s.actions_left = int(d["actions_left"])
        s.taken = int(d["taken"])
        s.temple_coatl = -1 if d["temple_coatl"] is None else int(d["temple_coatl"])
        sup = d["supply"]
        s.bodies = [[COLOUR_CODE[c] for c in b] for b in sup["bodies"]]
        s.heads = [colour_code(c) for c in sup["heads"]]
        s.tails = [colour_code(c) for c in sup["tails"]]
        s.bags = [[int(d["bags"][k][c]) for c in COLOUR_NAMES] for k in KIND_NAMES]
        s.display = [prophecy_code(t) for t in d["display"]]
        s.deck = [PROPHECY_CODE[t] for t in d["deck"]]
        s.discard = [PROPHECY_CODE[t] for t in d["discard"]]
        s.piles = [[TEMPLE_CODE[t] for t in p] for p in d["piles"]]
        s.players = [Player.from_json(p) for p in d["players"]]
        s.turns = int(d["turns"])
        s.end = str(d["end"] or "")
        s.trigger = -1 if d["trigger"] is None else int(d["trigger"])
        s.final = [[int(f["seat"]), int(f["actions"])] for f in d["final"]]
        s.passes = int(d["passes"])
        return s
