"""Win chances estimated from one seat's information set, and never from anything else.

Everything here reads a position only through ``determinize(seat, rng)`` (a full state
consistent with the seat's view, all it could not see re-drawn), the seat's view (to key the
samples) and the seat's own legal moves. So two positions the seat cannot tell apart get the
same numbers, bit for bit: the samples' generators are seeded from the review's seed and the
seat's view, not from the position.

A move's value is one number over the information set: the mean, over the *same* sampled
worlds, of the seat's reward after playing it there and letting the rollout policy play on (no
strategy fusion: the best move is never picked per world). Sharing the worlds, and the rollout's
generator per world, between the candidate moves (common random numbers) makes the differences
between moves, which the grades read, far less noisy than the values themselves.
"""

from __future__ import annotations

import hashlib
import json
import random
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any

from ..agents import Agent, make_agent
from ..agents.compiled import rollout as core_rollout
from ..agents.compiled import seat_kind
from ..agents.evaluation import LeafValues, get_evaluator
from ..agents.evaluation.coatl import margins as coatl_margins
from ..agents.evaluation.coatl import values as coatl_values
from ..engine import Action, Game, GameState, SeatHandle
from ..engine.compiled import HEURISTIC, Core, core_for

ROLLOUTS = ("heuristic", "random")
# what a playout that reaches the end is worth to the seat: "win", its share of the win
# (``Result.payoff``); "eval", the game's leaf evaluation of the finished game (Coatl's: half
# the win share, half the final score margin's sigmoid, agents/evaluation/coatl.py), a less
# noisy reward where the score says more than who won
REWARDS = ("win", "eval")


def _coatl_margin(state: GameState) -> list[float]:
    return coatl_margins(coatl_values(state))


# games scored in points: each seat's score margin in a (determinized) state, in points (its
# value minus the mean of the others': Coatl's, its final score or else the estimate of the
# points it will end with, agents/evaluation/coatl.py)
SCORE_MARGINS: dict[str, Callable[[GameState], list[float]]] = {"coatl": _coatl_margin}


@dataclass(frozen=True)
class ReviewBudget:
    """What a review spends (``budgets.toml`` holds each game's default)."""

    samples: int = 16
    luck_samples: int = 8
    rollout: str = "heuristic"
    leaf: int | None = None
    max_moves: int = 12
    reward: str = "win"
    # the search judge (review/search.py): ISMCTS iterations per search, None: the playouts
    # grade; its playouts' policy
    search: int | None = None
    search_rollout: str = "heuristic"

    def __post_init__(self) -> None:
        if self.samples < 1 or self.luck_samples < 1:
            raise ValueError("samples and luck_samples must be at least 1")
        if self.rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {self.rollout!r}")
        if self.leaf is not None and self.leaf < 0:
            raise ValueError("leaf must be a number of moves (0 or more), or absent")
        if self.max_moves < 2:
            raise ValueError("max_moves must be at least 2")
        if self.reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {self.reward!r}")
        if self.search is not None and self.search < 1:
            raise ValueError("search must be a number of iterations (1 or more), or absent")
        if self.search_rollout not in ROLLOUTS:
            raise ValueError(
                f"search_rollout must be one of {', '.join(ROLLOUTS)}, not {self.search_rollout!r}"
            )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "samples": self.samples,
            "luck_samples": self.luck_samples,
            "rollout": self.rollout,
            "leaf": self.leaf,
            "max_moves": self.max_moves,
            "reward": self.reward,
        }
        # only where a search judges: the other games' budgets (and the stored reviews keyed
        # by them) stay as they were
        if self.search is not None:
            out["search"] = self.search
            out["search_rollout"] = self.search_rollout
        return out


def _budgets() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("budgets.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def default_budget(game_id: str, **changes: Any) -> ReviewBudget:
    """The game's budget from ``budgets.toml`` (its ``[default]`` for a game not listed), with
    ``changes`` (None values ignored) on top."""
    table = _budgets()
    fields = dict(table.get(game_id, table["default"]))
    fields.update({k: v for k, v in changes.items() if v is not None})
    unknown = set(fields) - set(ReviewBudget.__dataclass_fields__)
    if unknown:
        raise ValueError(f"unknown review budget field(s): {', '.join(sorted(unknown))}")
    return ReviewBudget(**fields)


def hint_budget(game_id: str) -> ReviewBudget:
    """A practice hint's budget: the game's, with ``budgets.toml``'s ``[hint]`` on top, and
    no search judge: a hint names the playouts' best moves (review/hint.py), as a person waits
    for it at the table."""
    return replace(default_budget(game_id, **_budgets()["hint"]), search=None)


_dumps = json.JSONEncoder(sort_keys=True, separators=(",", ":"), default=str).encode


def view_seed(seed: int, view: dict[str, Any], salt: str) -> int:
    """A generator seed from the review's seed and what the seat sees (stable across runs)."""
    digest = hashlib.sha256(f"{seed}|{salt}|{_dumps(view)}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


class Estimator:
    """Values of positions and moves for one seat, from its information set only."""

    def __init__(
        self, game: Game, seat: int, budget: ReviewBudget, seed: int, fast: bool = True
    ) -> None:
        self.game = game
        self.seat = seat
        self.budget = budget
        self.seed = seed
        self.evaluate: LeafValues | None = None
        if budget.leaf is not None or budget.reward == "eval":
            self.evaluate = get_evaluator(game)
            if self.evaluate is None:
                raise ValueError(
                    f"{game.id} has no leaf evaluation: leave the budget's leaf out, reward win"
                )
        # one agent plays every seat of every rollout, its generator re-seeded per world
        self.policy: Agent | None = None
        if budget.rollout == "heuristic":
            self.policy = make_agent("heuristic", game, 0)
        self._cache: dict[str, float] = {}
        # the playouts in the game's compiled core where it has one and plays the policy (the
        # same moves, the same rewards as the loop below, many times quicker: what makes
        # heuristic playouts, and Coatl's to the end, affordable); None: the loop plays them
        self.core: Core | None = core_for(game) if fast else None
        policy = self.policy
        if (
            self.core is not None
            and policy is not None
            and seat_kind(self.core, policy) != HEURISTIC
        ):
            self.core = None

    # -- the worlds -------------------------------------------------------------------------
    def worlds(self, state: GameState, n: int, salt: str) -> tuple[list[GameState], list[int]]:
        """``n`` determinizations of the seat's information set, and a rollout seed for each."""
        rng = random.Random(view_seed(self.seed, state.view(self.seat), salt))
        worlds = [state.determinize(self.seat, rng) for _ in range(n)]
        return worlds, [rng.getrandbits(62) for _ in range(n)]

    # -- one playout ------------------------------------------------------------------------
    def playout(self, state: GameState, seed: int) -> float:
        """The seat's reward after the policy plays ``state`` on (mutates it): random moves
        ``legal[int(rng.random() * len(legal))]`` from ``random.Random(seed)`` (drawn at every
        move, a forced one too, as ISMCTS' random rollout and the compiled core draw), or the
        heuristic in every seat, its generator seeded ``seed``, asked only when there is a
        choice."""
        leaf = self.budget.leaf
        if leaf != 0 and state.actors:
            if self.core is not None:
                if self.policy is not None:
                    self.policy.rng.seed(seed)
                core_rollout(state, random.Random(seed), leaf, heuristic=self.policy)
            else:
                self._loop(state, seed, leaf)
        if state.is_over and self.budget.reward == "win":
            return state.result().payoff(self.seat)
        # stopped at the leaf, or a finished game valued by the evaluation (reward "eval")
        assert self.evaluate is not None
        return float(self.evaluate(state)[self.seat])

    def _loop(self, state: GameState, seed: int, leaf: int | None) -> None:
        """The playout in Python (no compiled core for the game or the policy)."""
        rng = random.Random(seed)
        choose: Callable[[GameState, int, list[Action]], Action]
        if self.policy is not None:
            agent = self.policy
            agent.rng.seed(seed)

            def choose(s: GameState, p: int, legal: list[Action]) -> Action:
                return legal[0] if len(legal) == 1 else agent.act(SeatHandle(s, p))
        else:
            rnd = rng.random

            def choose(s: GameState, p: int, legal: list[Action]) -> Action:
                return legal[int(rnd() * len(legal))]

        steps = 0
        actors = state.actors
        while actors and (leaf is None or steps < leaf):
            p = actors[0]
            state.apply(p, choose(state, p, state.legal_actions(p)))
            actors = state.actors
            steps += 1

    # -- values -----------------------------------------------------------------------------
    def position(self, state: GameState) -> float:
        """The seat's win chance in ``state`` as it sees it, with the policy playing on."""
        if state.is_over:
            return self.playout(state, 0)  # nothing to play: the finished game's reward
        key = _dumps(state.view(self.seat))
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        worlds, seeds = self.worlds(state, self.budget.luck_samples, "position")
        value = sum(self.playout(w, s) for w, s in zip(worlds, seeds, strict=True)) / len(worlds)
        self._cache[key] = value
        return value

    def margin(self, state: GameState) -> float | None:
        """The seat's expected score margin in ``state`` as it sees it (the mean over its
        information set's worlds), in a game scored in points; else None."""
        score = SCORE_MARGINS.get(self.game.id)
        if score is None:
            return None
        worlds, _ = self.worlds(state, self.budget.luck_samples, "margin")
        return sum(score(w)[self.seat] for w in worlds) / len(worlds)

    def candidates(self, state: GameState, played: Action) -> list[Action]:
        """The moves to value: all legal ones up to ``max_moves``; beyond, the played move, the
        policy's choice and the rest in an order seeded by the view (never by hidden cards)."""
        legal = state.legal_actions(self.seat)
        if len(legal) <= self.budget.max_moves:
            return legal
        rng = random.Random(view_seed(self.seed, state.view(self.seat), "candidates"))
        first = [played]
        guide = make_agent("heuristic", self.game, rng.getrandbits(31))
        suggestion = guide.act(SeatHandle(state, self.seat))
        if suggestion != played:
            first.append(suggestion)
        rest = [a for a in legal if a not in first]
        rng.shuffle(rest)
        return first + rest[: self.budget.max_moves - len(first)]

    def moves(
        self, state: GameState, moves: list[Action], salt: str = "moves"
    ) -> tuple[list[float], list[float]]:
        """Each move's value over the same worlds (``salt`` picks another set of them), and the
        spread (standard error) of each move's difference from the first move's (the noise a
        loss carries)."""
        worlds, seeds = self.worlds(state, self.budget.samples, salt)
        per_move: list[list[float]] = []
        for a in moves:
            rewards = []
            for w, s in zip(worlds, seeds, strict=True):
                world = w.clone()
                world.apply(self.seat, a)
                rewards.append(self.playout(world, s))
            per_move.append(rewards)
        values = [sum(r) / len(r) for r in per_move]
        n = len(worlds)
        errors = []
        for r in per_move:
            diffs = [x - y for x, y in zip(r, per_move[0], strict=True)]
            m = sum(diffs) / n
            var = sum((d - m) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
            errors.append((var / n) ** 0.5)
        return values, errors
