"""A practice hint: the moves the review would call best in a position, from one seat's
information set only (``values.Estimator``: determinizations of the seat's view, never the
cards that are really there), with a small budget (``budgets.toml``'s ``[hint]``).

The playouts' best moves, even in a game the review grades by a search (Exploding Kittens):
a hint must answer while a person waits (0.01 s there, benchmarks/review_times.py), the
search judge's two searches of 200 iterations would make it slower, and it chooses a single
best move where the hint lists three. ``values.hint_budget`` leaves the search out."""

from __future__ import annotations

from ..engine import Action, GameState
from .values import Estimator, ReviewBudget

SHOWN = 3  # moves a hint names at most


def best_moves(
    state: GameState, seat: int, budget: ReviewBudget, seed: int
) -> list[tuple[Action, float | None]]:
    """The seat's best legal moves now, best first, with their values (its win chance after
    each, as it sees the position); its only move if it has one; none if it has none."""
    legal = state.legal_actions(seat)
    if len(legal) <= 1:
        return [(a, None) for a in legal]  # nothing to weigh
    est = Estimator(state.game, seat, budget, seed)
    moves = est.candidates(state, legal[0])
    values, _ = est.moves(state, moves, "hint")
    ranked = sorted(range(len(moves)), key=lambda k: (-values[k], k))
    return [(moves[k], values[k]) for k in ranked[:SHOWN]]
