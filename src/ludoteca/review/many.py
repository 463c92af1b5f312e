"""Reviews of many games (a simulation's records): every seat reviewed, grades per agent.

The reviews run on whatever ``map`` the caller passes (the command line gives a ``sim``
backend: a local process pool or Ray), one task per seat of a game; ``review_task`` is the
task, a plain function of plain data so that it pickles.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import MatchRecord
from .seat_review import review_seat
from .values import ReviewBudget

Z95 = 1.959963984540054

# (record JSON, seat, review seed, budget JSON or None)
Task = tuple[dict[str, Any], int, int, dict[str, Any] | None]


def review_task(task: Task) -> dict[str, Any]:
    record, seat, seed, budget = task
    rec = MatchRecord.from_json(record)
    b = None if budget is None else ReviewBudget(**budget)
    return review_seat(rec, seat, b, seed).to_json()


def tasks_for(
    records: Iterable[dict[str, Any]], seed: int, budget: ReviewBudget | None
) -> list[Task]:
    """One task per seat of every record (each seat's review seeded apart)."""
    b = None if budget is None else budget.to_json()
    out: list[Task] = []
    for g, rec in enumerate(records):
        for seat in range(int(rec["num_players"])):
            out.append((rec, seat, seed * 1_000_003 + g * 101 + seat, b))
    return out


def review_many(
    tasks: Sequence[Task],
    mapper: Callable[[Callable[[Task], dict[str, Any]], Sequence[Task]], Iterator[dict[str, Any]]]
    | None = None,
) -> Iterator[dict[str, Any]]:
    """Each task's review (as JSON), in the mapper's order (default: one after the other)."""
    if mapper is None:
        yield from map(review_task, tasks)
    else:
        yield from mapper(review_task, tasks)


@dataclass
class AgentGrades:
    agent: str
    reviews: int  # seats reviewed (games played by the agent)
    decisions: int
    mean_loss: float  # per decision, pooled over its games (the unclipped differences)
    loss_interval: tuple[float, float]  # 95%, games as the independent units
    accuracy: float  # mean of its games' accuracies
    accuracy_interval: tuple[float, float]


def mean_interval(xs: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its normal 95% interval (the point itself for fewer than two values)."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, m, m
    half = Z95 * math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)
    return m, m - half, m + half


def grades_by_agent(reviews: Iterable[dict[str, Any]]) -> list[AgentGrades]:
    """Accuracy and mean loss per decision of each agent (the record's player names), best
    accuracy first. The loss interval is a ratio estimate's: per game, its loss sum minus the
    pooled mean times its decisions."""
    by: dict[str, list[dict[str, Any]]] = {}
    for r in reviews:
        if r["decisions"]:
            by.setdefault(r["agent"] or "?", []).append(r)
    out = []
    for agent, rs in by.items():
        # the unclipped differences: their mean is not raised by the review's noise
        totals = [r["total_delta"] for r in rs]
        counts = [len(r["decisions"]) for r in rs]
        n = sum(counts)
        mean = sum(totals) / n
        k = len(rs)
        if k > 1:
            resid = [t - mean * c for t, c in zip(totals, counts, strict=True)]
            var = sum(x * x for x in resid) / (k - 1) * k / n**2
            half = Z95 * math.sqrt(var)
        else:
            half = 0.0
        acc, lo, hi = mean_interval([r["accuracy"] for r in rs])
        accs = (max(0.0, lo), min(100.0, hi))  # accuracy lies in [0, 100]
        out.append(AgentGrades(agent, k, n, mean, (mean - half, mean + half), acc, accs))
    out.sort(key=lambda a: -a.accuracy)
    return out
