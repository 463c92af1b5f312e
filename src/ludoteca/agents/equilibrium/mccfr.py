"""Outcome-sampling Monte Carlo CFR over information sets keyed by each player's view.

The game solved is a *subgame*: it starts at the searching seat's current information set, with
chance first drawing a determinization (everything the seat cannot see, from ``sampler``), and
ends at ``horizon`` (the end of the current round by default, where a leaf is valued by the
game's evaluation, ``agents/evaluation/<game>.py``, or by a random playout) or at the end of the
game. Every player's information set is its own ``view`` (the contract makes the view everything
a player knows), so the opponent's strategy depends on the cards it holds in each
determinization, and the searching seat's strategy only on what it sees. How a view is keyed and
which moves are considered comes from ``adapters.py`` (per game, for speed).

One simplification, on the safe side: the searching seat's own hidden cards are those it really
holds in every determinization, so the opponent is solved as if it knew them. The strategy found
is an equilibrium of a game in which the opponent is better informed than it really is.

Outcome sampling (one path per iteration, epsilon-exploration at the updating player's nodes,
regrets and average strategy weighted by the inverse sampling probability) keeps an iteration to
one determinization and one leaf, which is what Python can afford per move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any

from ...engine import Action, GameState
from .adapters import GenericAdapter, adapter_for, view_key

Key = Hashable
LeafValues = Callable[[GameState], list[float]]

__all__ = ["InfoNode", "Solver", "fast_apply", "random_playout", "view_key"]


class InfoNode:
    __slots__ = ("actions", "avg", "regret")

    def __init__(self, actions: list[Action]) -> None:
        self.actions = actions
        self.regret = [0.0] * len(actions)
        self.avg = [0.0] * len(actions)

    def policy(self) -> list[float]:
        pos = [r if r > 0 else 0.0 for r in self.regret]
        total = sum(pos)
        n = len(pos)
        if total <= 0:
            return [1.0 / n] * n
        return [r / total for r in pos]

    def average(self) -> list[float]:
        total = sum(self.avg)
        n = len(self.avg)
        if total <= 0:
            return [1.0 / n] * n
        return [a / total for a in self.avg]


def fast_apply(state: GameState) -> Callable[[int, Action], Any]:
    if type(state).apply is GameState.apply:
        return state._apply
    return state.apply


def random_playout(state: GameState, rng: random.Random) -> GameState:
    apply = fast_apply(state)
    rnd = rng.random
    actors = state.actors
    while actors:
        p = actors[0]
        legal = state.legal_actions(p)
        apply(p, legal[int(rnd() * len(legal))])
        actors = state.actors
    return state


class Solver:
    """Regret and average-strategy tables, and the sampled traversal that fills them."""

    def __init__(
        self,
        sampler: Callable[[], GameState],
        rng: random.Random,
        horizon: str = "round",
        epsilon: float = 0.6,
        playout: Callable[[GameState, random.Random], GameState] = random_playout,
        evaluate: LeafValues | None = None,
        adapter: GenericAdapter | None = None,
    ) -> None:
        self.sampler = sampler
        self.rng = rng
        self.horizon = horizon
        self.epsilon = epsilon
        self.playout = playout
        self.evaluate = evaluate  # values a leaf directly; None: a playout to the end
        self.adapter = adapter
        self.table: dict[Key, InfoNode] = {}
        self.root_round: Any = None

    def key(self, state: GameState, player: int) -> tuple[Key, Any]:
        """(information-set key, its round) of ``player`` in ``state``."""
        if self.adapter is None:
            self.adapter = adapter_for(state)
        return self.adapter.key(state, player)

    def run(self, iterations: int, num_players: int) -> None:
        for t in range(iterations):
            state = self.sampler()
            if self.adapter is None:
                self.adapter = adapter_for(state)
            if self.root_round is None and self.horizon == "round":
                actors = state.actors
                if actors:
                    self.root_round = self.key(state, actors[0])[1]
            self._episode(state, t % num_players, 1.0, 1.0, 1.0)

    def _leaf_value(self, state: GameState, upd: int) -> float:
        if self.evaluate is not None:
            return self.evaluate(state)[upd]
        end = self.playout(state, self.rng)
        return end.result().payoff(upd)

    def _episode(
        self, state: GameState, upd: int, my_reach: float, opp_reach: float, sample_reach: float
    ) -> float:
        apply = fast_apply(state)
        moves = self.adapter.actions  # type: ignore[union-attr]  # set by run()
        while True:
            actors = state.actors
            if not actors:
                return state.result().payoff(upd)
            p = actors[0]
            legal = moves(state, p)
            if len(legal) > 1:
                break
            apply(p, legal[0])
        key, rnd = self.key(state, p)
        if self.horizon == "round" and rnd != self.root_round:
            return self._leaf_value(state, upd)
        node = self.table.get(key)
        if node is None or len(node.actions) != len(legal):
            node = self.table[key] = InfoNode(list(legal))
        policy = node.policy()
        n = len(legal)
        if p == upd:
            eps = self.epsilon
            sample = [eps / n + (1 - eps) * x for x in policy]
        else:
            sample = policy
        r = self.rng.random()
        a = n - 1
        acc = 0.0
        for i, x in enumerate(sample):
            acc += x
            if r < acc:
                a = i
                break
        apply(p, node.actions[a])
        if p == upd:
            v = self._episode(state, upd, my_reach * policy[a], opp_reach, sample_reach * sample[a])
        else:
            v = self._episode(state, upd, my_reach, opp_reach * policy[a], sample_reach * sample[a])
        child = v / sample[a]
        value = policy[a] * child
        if p == upd:
            w = opp_reach / sample_reach
            regret = node.regret
            for b in range(n):
                regret[b] += ((child if b == a else 0.0) - value) * w
            avg = node.avg
            k = my_reach / sample_reach
            for b in range(n):
                avg[b] += k * policy[b]
        return value
