"""Game review: every decision of a seat in a finished game graded from what it knew.

``review_seat(record, seat)`` replays a match record and values, at each of the seat's
decisions, the candidate moves over the seat's information set (``values.py``), labels the loss
(``grades.py``) and measures the luck of every other move (``seat_review.py``);
``many.py`` reviews the games of a simulation and sums the grades per agent.
"""

from __future__ import annotations

from .grades import LABELS, accuracy, label
from .seat_review import Decision, Luck, ReviewError, SeatReview, review_seat
from .values import ReviewBudget, default_budget

__all__ = [
    "LABELS",
    "Decision",
    "Luck",
    "ReviewBudget",
    "ReviewError",
    "SeatReview",
    "accuracy",
    "default_budget",
    "label",
    "review_seat",
]
