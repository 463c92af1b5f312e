"""The Nine Domains: a placement graded against the round's equilibrium (issue 22, item 3).

A round's placements are one secret simultaneous choice per player, where a good strategy is
mixed; the ``equilibrium`` agent solves the round as a Bayesian matrix game (our rows, every
way to put our cards on the free piles, against every hand the opponent may hold:
``agents/equilibrium/round_game.py``). The review solves it from the seat's information set
(one determinization for the public fields, the opponent's possible hands from the seat's view)
and values each of the seat's rows against the opponent types' equilibrium mixtures. A placement
(a card on a pile) is worth its best completion: the best row that keeps the cards already down
and puts that card on that pile; its loss is the best row's value minus that. The equilibrium's
own frequencies for its best rows are shown beside, as GTO Wizard shows a solver's.

The values are the leaf evaluation's win share after the round (the powers played by the
round game's fixed rule), not the playouts of the generic review. This grade is the
placement's grade in the review (``seat_review.judge_by_equilibrium``: its loss, its label by
the same thresholds, the accuracy from them); the playouts' loss is kept beside it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..agents.equilibrium.round_game import RoundSolution, opponent_hands, solve_round
from ..agents.heuristics.nine_domains import HeuristicAgent
from ..engine import Action, GameState
from ..games.nine_domains.actions import Place
from ..games.nine_domains.cards import CARDS
from .grades import label
from .values import view_seed

GAME_ID = "nine-domains"
TYPES = 40  # opponent hands at most (the equilibrium agent's default)
STEPS = 25  # double-oracle steps (the equilibrium agent's default)
SHOWN = 3  # equilibrium rows shown


@dataclass
class RowFrequency:
    row: list[str]  # card id per pile, left to right
    frequency: float  # in the equilibrium (among the rows that keep the cards already down)
    value: float  # against the opponent types' equilibrium mixtures


@dataclass
class EquilibriumGrade:
    value: float  # the played placement's best completion
    best_value: float  # the best row's
    loss: float
    label: str
    rows: list[RowFrequency]  # the equilibrium's most frequent rows


class RoundGrader:
    """Grades one seat's placements; the round is solved once per round (keyed by the cards
    the seat holds for it), its later placements read the same solution."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.seed = seed
        self._solved: dict[tuple[Any, ...], RoundSolution] = {}

    def grade(self, state: GameState, action: Action) -> EquilibriumGrade | None:
        """None for anything that is not a placement of a round."""
        if state.game.id != GAME_ID or not isinstance(action, Place):
            return None
        view = state.view(self.seat)
        if view["phase"] != "place":
            return None
        ci = CARDS.index
        mine = view["players"][self.seat]
        hand = [ci[c] for c in mine["hand"]]
        placed = [-1 if c is None else ci[c] for c in mine["placed"]]
        key = (view["round"], tuple(sorted(hand + [c for c in placed if c != -1])))
        sol = self._solved.get(key)
        if sol is None:
            rng = random.Random(view_seed(self.seed, view, "equilibrium"))
            sample = state.determinize(self.seat, rng)
            hands = opponent_hands(view, self.seat, TYPES, rng)
            start = HeuristicAgent(seed=0).ranked_plans(view, self.seat)
            sol = self._solved[key] = solve_round(sample, self.seat, hands, start, max_steps=STEPS)
        keeps = [
            k
            for k, row in enumerate(sol.all_rows)
            if all(c == -1 or row[i] == c for i, c in enumerate(placed))
        ]
        card = ci[action.card]
        fits = [k for k in keeps if sol.all_rows[k][action.pile] == card]
        if not fits:
            return None  # the solution does not hold this placement (it cannot: every row is)
        best = max(sol.row_values[k] for k in keeps)
        value = max(sol.row_values[k] for k in fits)
        loss = max(0.0, best - value)
        index = {row: k for k, row in enumerate(sol.all_rows)}
        eq = [
            (row, p)
            for row, p in zip(sol.rows, sol.probs, strict=True)
            if all(c == -1 or row[i] == c for i, c in enumerate(placed))
        ]
        total = sum(p for _, p in eq) or 1.0
        eq.sort(key=lambda rp: -rp[1])
        rows = [
            RowFrequency([CARDS.ids[c] for c in row], p / total, sol.row_values[index[row]])
            for row, p in eq[:SHOWN]
        ]
        return EquilibriumGrade(value, best, loss, label(loss), rows)
