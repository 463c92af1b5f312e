"""``ismcts``: information-set Monte Carlo tree search over the engine protocol.

Each iteration draws a fresh determinization (``handle.sample(rng)``: everything the seat
cannot see re-drawn, including the game's future shuffles), walks the tree with UCB, expands
one edge, plays the rest out (uniformly at random, or with the game's heuristic agent) and
backs the result up.

Which tree: single-observer, keyed by what the searching seat sees. A node is
``(depth, actor, view(root seat) as canonical JSON)``. Keying by the root seat's *view* rather
than by the action sequence is what makes the search honest about hidden moves: when another
seat's action is hidden (a face-down placement, a secret pick in a simultaneous step), the
root's view after it is the same whichever action the determinization's opponent took, so every
such branch leads to the same node and the root's later choices can never depend on the
opponent's secret. Chance the root seat observes (the card it draws) does change its view, so
the tree branches on it, as an information-set tree must. ``depth`` keeps the graph acyclic.

Why not multiple-observer ISMCTS: it needs each opponent's own observation of every move, which
the protocol does not give a player (only its own view); modelling opponents from the root's
information set is the single-observer choice, and it never peeks. The opponents' nodes share
the root seat's key, so their statistics pool across determinizations: an opponent plays the
move that is best on average over what the root seat believes, restricted to what it may play
in this determinization (a subset-armed bandit: availability counts in the UCB term).

Simultaneous steps: when several seats owe a decision, the tree lets ``actors[0]`` move first
(as the simulation runner does); at the root the searching seat moves. A choice the opponent
already made in secret is whatever the determinization drew: never the real one.

Evaluation (optional, per game: ``agents/evaluation/<game>.py``): ``leaf=N`` stops a playout
after N moves and backs up the game's ``leaf_values`` estimate instead of playing to the end
(``leaf=0``: right after the expansion); ``reward=eval`` also scores finished games with it (a
game may shape its rewards, e.g. by score margin, where the plain win share says too little).

``anchor=z`` (off by default): keep the heuristic agent's move unless the search finds another
better by z standard errors (for small budgets, where visit counts are noise).

``fast=false`` keeps every playout (and the leaf evaluation) in Python even where the compiled
core (``ludoteca.engine.compiled``) has the game; the results are the same, only the speed differs (for
equal-time comparisons).

Budgets: ``iterations=N`` (default 1000 when no time is given) and/or ``seconds=S`` per move,
whichever ends first; with ``workers=K`` the iterations are split over K processes that search
independently (root parallelism) and their root visit counts are summed. Deterministic under
its seed with an iteration budget, for any number of workers.
"""

from __future__ import annotations

import contextlib
import json
import math
import multiprocessing as mp
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine import Action, Game, GameState, SeatHandle
from ..engine.compiled import disabled
from .base import Agent
from .compiled import search_rollout
from .evaluation import LeafValues, get_evaluator

Edge = list[float]  # [visits, total reward of the mover, availability]
Policy = Callable[[GameState, int, list[Action]], Action]

_dumps = json.JSONEncoder(sort_keys=True, separators=(",", ":"), default=str).encode


def _fast_apply(state: GameState) -> Callable[[int, Action], Any]:
    """The state's ``_apply`` when the base ``apply`` only re-checks legality.

    Search plays only actions it took from ``legal_actions`` for an actor, so the base checks
    (turn, type, legality) would only cost time on the hot path.
    """
    if type(state).apply is GameState.apply:
        return state._apply
    return state.apply


def _random_policy(rng: random.Random) -> Policy:
    rnd = rng.random

    def choose(state: GameState, player: int, legal: list[Action]) -> Action:
        return legal[int(rnd() * len(legal))]

    return choose


class _AgentPolicy:
    """An agent as the rollout policy (``agent`` lets the compiled core play it instead)."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent

    def __call__(self, state: GameState, player: int, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self.agent.act(SeatHandle(state, player))


def _agent_policy(agent: Agent) -> Policy:
    return _AgentPolicy(agent)


def make_policy(name: str, game: Game, rng: random.Random) -> Policy:
    if name == "random":
        return _random_policy(rng)
    if name == "heuristic":
        # agents/factories.py imports this module: make_agent is read at call time (a cycle else)
        from . import make_agent

        return _agent_policy(make_agent("heuristic", game, rng.getrandbits(31)))
    raise ValueError(f"rollout must be 'random' or 'heuristic', not {name!r}")


@dataclass(frozen=True)
class Budget:
    """What one search may spend and how it values what it reaches."""

    iterations: int | None
    seconds: float | None
    c: float = 0.7
    rollout: str = "random"
    leaf: int | None = None  # playout moves before the evaluation; None: play to the end
    reward: str = "win"  # "win": the result's win share; "eval": the game's leaf_values
    fast: bool = True  # playouts in the compiled core where it has the game (same results)
    # the root's moves taken in turn, one per iteration, instead of by UCB (None: every legal
    # move, by UCB): equal effort for each, so their means compare on equal terms (the game
    # review values a played move against the best one this way, review/search.py)
    root: tuple[Action, ...] | None = None


def _rewards_of(state: GameState, evaluate: LeafValues | None) -> list[float]:
    if evaluate is not None:
        return evaluate(state)
    result = state.result()
    return [result.payoff(p) for p in range(state.num_players)]


def search(
    handle: SeatHandle, rng: random.Random, budget: Budget
) -> dict[Action, tuple[int, float]]:
    """Run ISMCTS from ``handle``; returns the root's edges: action -> (visits, total reward)."""
    if budget.fast:
        return _search(handle, rng, budget)
    # no compiled code at all, the leaf evaluation's included (it may finish a turn there);
    # ``disabled`` is process-wide: a search in another thread meanwhile plays in Python too
    # (slower, with the same results)
    with disabled():
        return _search(handle, rng, budget)


def _search(
    handle: SeatHandle, rng: random.Random, budget: Budget
) -> dict[Action, tuple[int, float]]:
    me = handle.player
    iterations, seconds, c = budget.iterations, budget.seconds, budget.c
    policy = make_policy(budget.rollout, handle.game, rng)
    evaluate = None
    if budget.leaf is not None or budget.reward == "eval":
        evaluate = get_evaluator(handle.game)
        if evaluate is None:
            raise ValueError(f"{handle.game.id} has no evaluation for leaf= or reward=eval")
    leaf = budget.leaf
    final_eval = evaluate if budget.reward == "eval" else None
    rnd = rng.random
    log, sqrt = math.log, math.sqrt
    tree: dict[tuple[int, int, str], dict[Action, Edge]] = {}
    root: dict[Action, Edge] = {}
    deadline = None if seconds is None else time.perf_counter() + seconds
    done = 0
    while True:
        if iterations is not None and done >= iterations:
            break
        if deadline is not None and done and time.perf_counter() >= deadline:
            break
        done += 1
        state = handle.sample(rng)
        apply = _fast_apply(state)
        path: list[tuple[Edge, int]] = []
        depth = 0
        player = me
        edges = root
        while True:
            if budget.root is not None and edges is root:
                legal = [budget.root[(done - 1) % len(budget.root)]]
            else:
                legal = state.legal_actions(player)
            untried = None
            for a in legal:
                e = edges.get(a)
                if e is None:
                    if untried is None:
                        untried = [a]
                    else:
                        untried.append(a)
                else:
                    e[2] += 1
            if untried is not None:
                a = untried[int(rnd() * len(untried))]
                e = edges[a] = [0, 0.0, 1]
                path.append((e, player))
                apply(player, a)
                break
            best = -1.0
            choice = legal[0]
            for a in legal:
                e = edges[a]
                score = e[1] / e[0] + c * sqrt(log(e[2]) / e[0])
                if score > best:
                    best, choice = score, a
            e = edges[choice]
            path.append((e, player))
            apply(player, choice)
            actors = state.actors
            if not actors:
                break
            depth += 1
            player = actors[0]
            key = (depth, player, _dumps(state.view(me)))
            edges = tree.get(key)  # type: ignore[assignment]
            if edges is None:
                edges = tree[key] = {}
        # playout, to the end or to the evaluation (in the compiled core where it has the game)
        actors = state.actors
        steps = 0
        # (``leaf=0`` has nothing to play: no trip through the core)
        if budget.fast and actors and leaf != 0 and search_rollout(state, rng, leaf, policy):
            actors = state.actors
        else:
            while actors and (leaf is None or steps < leaf):
                p = actors[0]
                apply(p, policy(state, p, state.legal_actions(p)))
                actors = state.actors
                steps += 1
        # a playout stops early only when ``leaf`` is set, and then ``evaluate`` is too
        rewards = _rewards_of(state, evaluate if actors else final_eval)
        for e, p in path:
            e[0] += 1
            e[1] += rewards[p]
    return {a: (int(e[0]), e[1]) for a, e in root.items()}


def _search_job(args: tuple[Any, ...]) -> list[tuple[Action, int, float]]:
    handle, seed, budget = args
    edges = search(handle, random.Random(seed), budget)
    return [(a, n, w) for a, (n, w) in edges.items()]


class IsmctsAgent(Agent):
    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float = 0.7,
        rollout: str = "random",
        workers: int = 1,
        anchor: float = 0.0,
        leaf: int | None = None,
        reward: str = "win",
        fast: bool = True,
    ) -> None:
        super().__init__(seed)
        if iterations is None and seconds is None:
            iterations = 1000
        if iterations is not None and (isinstance(iterations, bool) or int(iterations) < 1):
            raise ValueError("iterations must be a positive integer")
        if seconds is not None and float(seconds) <= 0:
            raise ValueError("seconds must be positive")
        if rollout not in ("random", "heuristic"):
            raise ValueError(f"rollout must be 'random' or 'heuristic', not {rollout!r}")
        if int(workers) < 1:
            raise ValueError("workers must be at least 1")
        self.iterations = None if iterations is None else int(iterations)
        self.seconds = None if seconds is None else float(seconds)
        self.c = float(c)
        self.rollout = rollout
        self.workers = int(workers)
        if float(anchor) < 0:
            raise ValueError("anchor must be 0 (off) or a positive z-score")
        self.anchor = float(anchor)
        if leaf is not None and (isinstance(leaf, bool) or int(leaf) < 0):
            raise ValueError("leaf must be a number of playout moves (0 or more)")
        if reward not in ("win", "eval"):
            raise ValueError(f"reward must be 'win' or 'eval', not {reward!r}")
        self.leaf = None if leaf is None else int(leaf)
        self.reward = reward
        if not isinstance(fast, bool):
            raise ValueError("fast must be true or false")
        self.fast = fast
        self._pool: Any = None
        self._guide: Agent | None = None

    def act(self, handle: SeatHandle) -> Action:
        legal = handle.legal_actions()
        if len(legal) == 1:
            return legal[0]
        visits = self.root_stats(handle)
        # most visited; ties broken by mean reward, then by the legal order (deterministic)
        best = max(
            range(len(legal)),
            key=lambda i: (
                visits.get(legal[i], (0, 0.0))[0],
                visits.get(legal[i], (0, 0.0))[1] / max(1, visits.get(legal[i], (0, 0.0))[0]),
                -i,
            ),
        )
        if self.anchor > 0:
            return self._anchored(handle, legal[best], visits)
        return legal[best]

    def _anchored(
        self, handle: SeatHandle, best: Action, visits: dict[Action, tuple[int, float]]
    ) -> Action:
        """Keep the heuristic's move unless the search shows another is better by ``anchor``
        standard errors: few iterations cannot resolve small differences, and a good heuristic
        is then a better bet than the noisiest visit count (a one-step policy improvement)."""
        if self._guide is None:
            # agents/factories.py imports this module: make_agent is read at call time (a cycle else)
            from . import make_agent

            self._guide = make_agent("heuristic", handle.game, self.rng.getrandbits(31))
        base = self._guide.act(handle)
        if best == base or base not in visits:
            return best if base not in visits else base
        n_b, w_b = visits[base]
        n, w = visits[best]
        m_b, m = w_b / n_b, w / n
        se = math.sqrt(max(m_b * (1 - m_b), 1e-9) / n_b + max(m * (1 - m), 1e-9) / n)
        return best if m - m_b > self.anchor * se else base

    def budget(self, iterations: int | None) -> Budget:
        return Budget(
            iterations, self.seconds, self.c, self.rollout, self.leaf, self.reward, self.fast
        )

    def root_stats(self, handle: SeatHandle) -> dict[Action, tuple[int, float]]:
        """Visits and total reward per root action, summed over workers."""
        if self.workers == 1:
            return search(handle, self.rng, self.budget(self.iterations))
        k = self.workers
        jobs = []
        for i in range(k):
            n = None
            if self.iterations is not None:
                n = self.iterations // k + (1 if i < self.iterations % k else 0)
            jobs.append((handle, self.rng.getrandbits(63), self.budget(n)))
        if self._pool is None:
            ctx = "fork" if "fork" in mp.get_all_start_methods() else "spawn"
            self._pool = mp.get_context(ctx).Pool(k)
        total: dict[Action, tuple[int, float]] = {}
        for part in self._pool.map(_search_job, jobs):
            for a, n_, w in part:
                n0, w0 = total.get(a, (0, 0.0))
                total[a] = (n0 + n_, w0 + w)
        return total

    def close(self) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool = None

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()

    def __getstate__(self) -> dict[str, Any]:
        d = self.__dict__.copy()
        d["_pool"] = None
        return d
