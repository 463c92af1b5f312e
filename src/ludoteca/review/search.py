"""A decision graded by an information-set search (the budget's ``search``; docs/ai.md, "Game
review"): the judge where playouts of a fixed policy cannot tell a strong move from a weak one.

Why: a playout judge values a move by what one policy does after it. Random playouts miss what a
good move builds for; heuristic ones reward exploiting the heuristic's predictable replies, and
in Exploding Kittens graded the heuristic's own moves worst (docs/ai.md, "Honest grades"). A
search adapts both seats' later choices to the position, as a strong player would.

How, keeping the review's rules:

- **The seat's information set only.** The search is ``agents.ismcts.search`` on a
  ``SeatHandle`` of the seat: it reads the position through ``determinize(seat, rng)``, the
  seat's view and its legal moves, its generator seeded from the review's seed and the seat's
  view. Two positions the seat cannot tell apart get the same grade, bit for bit.
- **No strategy fusion.** ISMCTS keeps one value per move of the seat's information set (its
  tree is keyed by the seat's view), never the best move of each sampled world.
- **No winner's curse.** One search (all legal moves, by UCB) chooses the best move: the most
  visited. A second, independent search (another seed) values that move and the played one
  with equal effort (the root's two moves taken in turn, ``Budget.root``), the tree below each
  grown by UCB; the loss is the gap of their means there. Where the first search's choice is
  the played move the loss is 0 and no second search is run.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from ..agents.ismcts import Budget, search
from ..engine import Action, GameState, SeatHandle
from .grades import label
from .values import Estimator, view_seed


@dataclass
class SearchGrade:
    best: dict[str, Any]  # the move the first search chose (the most visited), as JSON
    share: float  # the share of the first search's iterations it got
    value: float  # the played move's mean in the second search (= best_value when it is best)
    best_value: float  # the best move's mean in the second search
    loss: float  # best_value - value, at least 0
    delta: float  # the same unclipped
    noise: float  # standard error of the gap (win shares in [0, 1]: at most p(1-p) each)
    label: str
    iterations: int  # the two searches' together


def _mean(stats: dict[Action, tuple[int, float]], a: Action) -> tuple[int, float]:
    n, w = stats.get(a, (0, 0.0))
    return n, (w / n if n else 0.0)


def grade_by_search(est: Estimator, state: GameState, action: Action) -> SearchGrade | None:
    """The decision graded by the search judge, or None where the budget has none."""
    budget = est.budget
    if budget.search is None:
        return None
    handle = SeatHandle(state, est.seat)
    view = state.view(est.seat)
    legal = state.legal_actions(est.seat)

    def plan(root: tuple[Action, ...] | None) -> Budget:
        # the playouts end and are valued as the review's (its leaf, its reward)
        return Budget(
            budget.search,
            None,
            rollout=budget.search_rollout,
            leaf=budget.leaf,
            reward=budget.reward,
            root=root,
        )

    first = search(handle, random.Random(view_seed(est.seed, view, "search")), plan(None))
    # most visited; ties by mean, then by the legal order (as the ismcts agent chooses)
    best = max(
        range(len(legal)),
        key=lambda i: (_mean(first, legal[i])[0], _mean(first, legal[i])[1], -i),
    )
    chosen = legal[best]
    share = _mean(first, chosen)[0] / budget.search
    if chosen == action:
        _, m = _mean(first, action)
        return SearchGrade(action.to_json(), share, m, m, 0.0, 0.0, 0.0, label(0.0), budget.search)
    second = search(
        handle,
        random.Random(view_seed(est.seed, view, "search-check")),
        plan((chosen, action)),
    )
    nb, mb = _mean(second, chosen)
    np_, mp = _mean(second, action)
    delta = mb - mp
    noise = math.sqrt(max(mb * (1 - mb), 0.0) / max(nb, 1) + max(mp * (1 - mp), 0.0) / max(np_, 1))
    loss = max(0.0, delta)
    return SearchGrade(
        chosen.to_json(), share, mp, mb, loss, delta, noise, label(loss), 2 * budget.search
    )
