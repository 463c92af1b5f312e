"""A careful Exploding Kittens player: reads only its seat's view and legal actions.

It Defuses well (kitten back on top when its turn ends there, deep when it still owes turns),
looks at the future before drawing, dodges a kitten it knows is on top, Nopes attacks and
thefts aimed at itself, and keeps Defuses and Nopes when it has to give or discard cards.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, SeatHandle
from ...games.exploding_kittens import actions as A
from ...games.exploding_kittens.cards import CODE, KEYS
from ..base import Agent

# how much the agent wants to keep a card (low: give or discard it first)
VALUE = {
    "defuse": 100,
    "nope": 40,
    "attack": 30,
    "triple_attack": 32,
    "targeted_attack": 31,
    "skip": 28,
    "super_skip": 29,
    "see_future_3": 25,
    "see_future_5": 26,
    "alter_future_3": 27,
    "alter_future_5": 27,
    "shuffle": 20,
    "draw_bottom": 22,
    "bury": 23,
    "reverse": 21,
    "favor": 15,
    "swap_top_bottom": 12,
    "personal_attack": 1,
    "cat_wild": 8,
}
DODGE = [
    "attack",
    "triple_attack",
    "targeted_attack",
    "super_skip",
    "skip",
    "reverse",
    "bury",
    "draw_bottom",
    "shuffle",
    "swap_top_bottom",
]
AIMED_AT_NEXT = {"attack", "triple_attack"}
AIMED_AT_TARGET = {"targeted_attack", "favor"}


def value(key: str) -> int:
    return VALUE.get(key, 5)


class HeuristicAgent(Agent):
    name = "heuristic"

    def __init__(self, seed: int = 0, risk: float = 0.2) -> None:
        super().__init__(seed)
        self.risk = float(risk)

    def act(self, handle: SeatHandle) -> Action:
        v = handle.view()
        legal = handle.legal_actions()
        me = handle.player
        phase = v["phase"]
        choice: Action | None = None
        if phase == "window":
            choice = self._window(v, me, legal)
        elif phase == "main":
            choice = self._main(v, me, legal)
        elif phase == "defuse":
            choice = self._defuse(v, legal)
        elif phase == "target":
            choice = self._target(v, me, legal)
        elif phase == "name":
            choice = A.Name(CODE["defuse"]) if "defuse" not in v["hand"] else A.Name(CODE["nope"])
        elif phase in ("give", "five"):
            choice = min(legal, key=lambda a: (value(KEYS[a.card]), a.card))  # type: ignore[attr-defined]
        elif phase == "take":
            choice = max(legal, key=lambda a: value(KEYS[a.card]))  # type: ignore[attr-defined]
        elif phase == "alter":
            # safe cards first, kittens as deep as they go
            choice = min(legal, key=lambda a: a.card == CODE["exploding_kitten"])  # type: ignore[attr-defined]
        elif phase == "bury":
            choice = legal[-1]
        if choice is None or choice not in legal:
            choice = self.rng.choice(legal)
        return choice

    # -- decisions ----------------------------------------------------------------------
    def _window(self, v: dict[str, Any], me: int, legal: list[Action]) -> Action:
        if A.NOPE_ACT not in legal:
            return A.PASS
        pend = v["pending"] or {}
        effective = pend.get("nopes", 0) % 2 == 0
        mine = pend.get("player") == me
        card = pend.get("card")
        hits_me = False
        if pend.get("kind") in ("pair", "triple") or card in AIMED_AT_TARGET:
            hits_me = pend.get("target") == me
        elif card in AIMED_AT_NEXT:
            hits_me = self._next(v, pend["player"]) == me
        if effective and hits_me and not mine:
            return A.NOPE_ACT
        if (
            not effective
            and mine
            and card in AIMED_AT_NEXT | AIMED_AT_TARGET | {"skip", "super_skip"}
        ):
            return A.NOPE_ACT  # someone Noped my escape: Nope back
        return A.PASS

    def _main(self, v: dict[str, Any], me: int, legal: list[Action]) -> Action:
        hand: list[str] = v["hand"]
        known = {pos: key for pos, key in v["known_pile"]}
        plays = {KEYS[a.card]: a for a in legal if type(a) is A.Play}
        top = known.get(0)
        if top == "exploding_kitten":
            for key in DODGE:
                if key in plays:
                    return plays[key]
            return A.DRAW
        if top is not None:
            return A.DRAW
        for key in ("see_future_3", "see_future_5", "alter_future_3", "alter_future_5"):
            if key in plays:
                return plays[key]
        risk = v["kittens_in_pile"] / max(1, v["pile_size"])
        if "defuse" not in hand:
            # steal or ask for a Defuse when we have none
            triples = [a for a in legal if type(a) is A.Triple]
            if triples:
                return min(triples, key=lambda a: value(KEYS[a.card]))
            if risk > self.risk:
                for key in DODGE[:6]:
                    if key in plays:
                        return plays[key]
            pairs = [a for a in legal if type(a) is A.Pair and value(KEYS[a.card]) < 10]
            if pairs:
                return pairs[0]
            if "favor" in plays:
                return plays["favor"]
        if risk > 2 * self.risk and "attack" in plays:
            return plays["attack"]
        return A.DRAW

    def _defuse(self, v: dict[str, Any], legal: list[Action]) -> Action:
        if v["turns_owed"] > 1:
            return legal[-1]  # still owe turns: hide it at the bottom
        return legal[0]  # the next player draws it

    def _target(self, v: dict[str, Any], me: int, legal: list[Action]) -> Action:
        sizes = v["hand_sizes"]
        card = (v["pending"] or {}).get("card")
        if card == "targeted_attack":
            nxt = self._next(v, me)
            return A.Target(nxt) if A.Target(nxt) in legal else legal[0]
        return max(legal, key=lambda a: sizes[a.player])  # type: ignore[attr-defined]

    @staticmethod
    def _next(v: dict[str, Any], p: int) -> int:
        n = v["players"]
        q = (p + v["direction"]) % n
        while not v["alive"][q]:
            q = (q + v["direction"]) % n
        return q
