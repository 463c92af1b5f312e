"""Labels and accuracy from a decision's loss of win chance (thresholds: docs/ai.md).

The loss is in win share (0..1, a seat's expected share of the win), as lichess measures its
drops in win chance. lichess labels drops of 0.10 / 0.20 / 0.30; a card game spreads its
result over many more decisions than a chess game has critical moves, and a single decision
rarely moves the win chance as much, so the steps here are halved: 0.05 / 0.10 / 0.15 (and
the review's noise is measured to stay below the first, benchmarks/review_grades.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

# loss at or above each threshold -> label (checked from the largest)
INACCURACY = 0.05
MISTAKE = 0.10
BLUNDER = 0.15
LABELS = ("good", "inaccuracy", "mistake", "blunder")

# a decision's accuracy: 100 at no loss, falling exponentially (lichess's shape, by win share):
# a loss of 0.05 keeps ~64, 0.10 ~41, 0.15 ~26
ACCURACY_RATE = 9.0


def label(loss: float) -> str:
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return "good"


def decision_accuracy(loss: float) -> float:
    return 100.0 * math.exp(-ACCURACY_RATE * max(0.0, loss))


def accuracy(losses: Sequence[float]) -> float | None:
    """The mean of the decisions' accuracies (None: no decision to grade)."""
    if not losses:
        return None
    return sum(decision_accuracy(x) for x in losses) / len(losses)
