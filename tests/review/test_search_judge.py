"""The search judge (review/search.py): an information-set search grades a decision, from the
seat's information set only, deterministic, the playouts' grade kept beside it."""

from __future__ import annotations

import random

import pytest

from ludoteca.agents.ismcts import Budget, search
from ludoteca.engine import MatchRecord, SeatHandle
from ludoteca.review import ReviewBudget, review_seat
from ludoteca.review.search import grade_by_search
from ludoteca.review.seat_review import grade_decision
from ludoteca.review.values import Estimator
from ludoteca.sim.runner import play_one

from .test_review import _decisions

# tiny: the tests check what the judge reads and how the review reports it, not its accuracy
BUDGET = ReviewBudget(samples=2, luck_samples=1, max_moves=3, search=24)
# each game's search as its default's shape (Coatl's leaves valued right after the move)
BUDGETS = {
    "exploding-kittens": BUDGET,
    "coatl": ReviewBudget(samples=2, luck_samples=1, max_moves=3, search=24, leaf=0),
    "sala-de-miaula": BUDGET,
}


def _record(game_id: str = "exploding-kittens") -> MatchRecord:
    return MatchRecord.from_json(play_one(game_id, 2, ["random", "heuristic"], 7, 0).record)


@pytest.mark.parametrize("game_id", sorted(BUDGETS))
def test_a_redeal_of_what_the_seat_could_not_see_changes_no_search_grade(game_id):
    record = _record(game_id)
    budget = BUDGETS[game_id]
    checked = compared = differ = 0
    for seat in (0, 1):
        for n, (i, state, action) in enumerate(_decisions(record, seat)):
            if n >= 4:
                break
            redealt = state.determinize(seat, random.Random(1000 + i))
            differ += redealt.to_json() != state.to_json()  # another world, the same view
            real = grade_by_search(Estimator(state.game, seat, budget, 5), state, action)
            other = grade_by_search(Estimator(state.game, seat, budget, 5), redealt, action)
            assert real is not None and real == other
            compared += real.iterations > budget.search  # a second search valued two moves
            checked += 1
    assert checked >= 4 and compared >= 1 and differ >= checked // 2


def test_the_check_search_gives_each_of_its_root_moves_equal_effort():
    record = _record()
    _, state, action = next(_decisions(record, 1))
    legal = state.legal_actions(1)
    other = next(a for a in legal if a != action)
    stats = search(SeatHandle(state, 1), random.Random(3), Budget(41, None, root=(other, action)))
    assert set(stats) == {other, action}
    assert sorted(n for n, _ in stats.values()) == [20, 21]


def test_the_search_grade_is_the_decisions_grade_the_playouts_kept_beside():
    record = _record()
    review = review_seat(record, 0, BUDGET, seed=4)
    by_index = {d.index: d for d in review.decisions}
    lossy = 0
    for i, state, action in _decisions(record, 0):
        d = by_index[i]
        found = grade_by_search(Estimator(state.game, 0, BUDGET, 4), state, action)
        assert found is not None and d.judge == "search" and d.search == found
        assert (d.loss, d.delta, d.label) == (found.loss, found.delta, found.label)
        assert d.loss == max(0.0, found.best_value - found.value)
        playout = grade_decision(Estimator(state.game, 0, BUDGET, 4), state, i, action)
        assert (d.playout_loss, d.playout_delta) == (playout.loss, playout.delta)
        if found.best == action.to_json():
            assert found.loss == 0.0 and found.iterations == BUDGET.search
        lossy += found.loss > 0
    assert lossy > 0  # not vacuous: the random seat's moves lose somewhere
    assert review.to_json()["budget"]["search"] == BUDGET.search
    assert review_seat(record, 0, BUDGET, seed=4).to_json() == review.to_json()


def test_a_budget_without_search_has_no_search_judge():
    record = _record()
    budget = ReviewBudget(samples=2, luck_samples=1, max_moves=3)
    assert "search" not in budget.to_json()
    review = review_seat(record, 1, budget)
    assert all(d.judge == "playout" and d.search is None for d in review.decisions)
