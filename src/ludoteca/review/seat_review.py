"""The review of one seat in a finished game: every decision graded, every other move's luck.

The record is replayed; at each of the seat's decisions with more than one legal move the
candidate moves are valued from the seat's information set (``values.Estimator``): the seat's
win chance before the decision is the best move's value, the loss is the best value minus the
played move's. Where a stronger judge exists for the decision, it gives the grade instead: a
placement in The Nine Domains is graded against the round's equilibrium (``nine_domains.py``),
the playouts' loss kept beside it (``playout_loss``) for comparison. Every other move (an opponent's decision, a forced move of the seat) and the
chance inside the seat's own moves (the card a draw brings) is *luck*: the seat's win chance
after it minus before, both as the seat saw them. An opponent's move is reported by its index
and seat only, never by what it was: it may have been secret (a face-down placement).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from ..engine import Action, GameState, LudotecaError, MatchRecord
from .grades import accuracy, label
from .nine_domains import EquilibriumGrade, RoundGrader
from .search import SearchGrade, grade_by_search
from .values import Estimator, ReviewBudget, default_budget

# The format of a stored review, per game: the server keys stored reviews by it, so a review of
# an older format is recomputed, never served with the old fields. Every game's format goes up
# when every game's review changes; a game's own entry when only its own does.
#   1: the first.
#   The Nine Domains 2: a placement's loss, label and the accuracy are the equilibrium grade's.
#   2 (The Nine Domains 3): the best moves' ``value`` is their check value, on the worlds of the
#     played move's value and the loss (the screening value, which chose them, is kept as
#     ``screening``); before, the best moves listed their screening values beside the played
#     move's check value, two sets of worlds side by side.
#   3 (The Nine Domains 4): the playouts run in the compiled core, a random one drawing at every
#     move (a forced one too, as the core and ISMCTS draw), so the playouts' values moved; Sala
#     de Miaula's judge is heuristic playouts and Exploding Kittens plays 96 worlds (budgets.toml);
#     the budget's JSON holds ``reward``.
#   (no change of format) a decision's ``search`` (null), and the budget's ``search`` and
#     ``search_rollout`` only where a budget asks for the search judge (search.py), which no
#     game's default budget did then: every default review graded, and was keyed, as before.
#   Exploding Kittens 4: its decisions are graded by the search judge (budgets.toml: search =
#     200, heuristic playouts; ``judge`` "search"), so their loss, label and the accuracy moved.
#   Coatl 4: the same, its search's leaves valued by the evaluation after the move (leaf 0).
#   Sala de Miaula 4: the same, heuristic playouts.
REVIEW_FORMAT = 3
GAME_FORMATS = {"nine-domains": 4, "exploding-kittens": 4, "coatl": 4, "sala-de-miaula": 4}
BEST_SHOWN = 3  # best moves listed per decision
# what may grade a decision (``Decision.judge``): the playouts (values.Estimator), the
# round's equilibrium (The Nine Domains' placements, nine_domains.py), or an information-set
# search (a budget with ``search``, search.py)
JUDGES = ("playout", "equilibrium", "search")


class ReviewError(LudotecaError):
    """A review that cannot be made (a running game, a seat the game does not have)."""


@dataclass
class MoveValue:
    move: dict[str, Any]  # the action's JSON
    # the seat's win chance after playing it, as it saw the position: on the check worlds, the
    # ones every value of the decision shown is on (the played move's, the best moves', the loss)
    value: float
    # on the screening worlds, which chose the best moves: too high for the moves they chose
    # (the winner's curse); kept to show it, never compared with ``value``
    screening: float | None = None


@dataclass
class Decision:
    index: int  # of the action in the record
    legal: int  # legal moves then
    win_chance: float  # before the decision: the best move's value
    played: MoveValue
    # the best moves found, best first as the screening ranked them, valued on the check worlds
    # with the played move (the first one's value is ``win_chance``; the loss is it minus the
    # played move's); a later one may value above the first there: the noise of the screening
    best: list[MoveValue]
    # THE grade: by the judge named in ``judge``. The playouts' (``values.Estimator``): best
    # value minus the played move's, at least 0 (0: the played move is best); the equilibrium's
    # (The Nine Domains' placements): ``equilibrium.loss``
    loss: float
    # the same difference unclipped: it may be negative where the played move did as well and
    # the noise fell the other way; means over many decisions read it (an unbiased estimate,
    # where the clipped loss adds about 0.4 x noise to each decision). The equilibrium's is
    # never negative (its best row is chosen among values that hold the played one): its loss
    delta: float
    noise: float  # standard error of the playouts' loss (their own noise at this decision)
    label: str  # good / inaccuracy / mistake / blunder (grades.py), of ``loss``
    luck: float  # the chance inside the move: win chance after it minus the played value
    # The Nine Domains' placements: the grade against the round's equilibrium (nine_domains.py)
    equilibrium: EquilibriumGrade | None = None
    # games scored in points (Coatl): the seat's expected score margin before the decision, in
    # points over the mean of the others' (values.SCORE_MARGINS)
    margin: float | None = None
    # which judge graded the decision: "playout" (the values above), "equilibrium" or "search"
    judge: str = "playout"
    # the playouts' grade, kept whichever judge graded (equal to loss, delta, label where the
    # playouts did): what the equilibrium grade of a placement is compared with
    playout_loss: float = 0.0
    playout_delta: float = 0.0
    playout_label: str = "good"
    # the search judge's grade (a budget with ``search``: search.py)
    search: SearchGrade | None = None


@dataclass
class Luck:
    index: int  # of the action in the record
    player: int  # who moved (0-based)
    kind: str  # "opponent": another seat's move; "forced": the seat's only legal move
    before: float
    after: float
    luck: float  # after minus before


@dataclass
class SeatReview:
    game: str
    seat: int  # 0-based
    agent: str | None  # the seat's player as the record names it (an agent spec in simulations)
    seed: int
    budget: dict[str, Any]
    payoff: float  # the seat's actual share of the win
    start: float  # its win chance before the first move
    decisions: list[Decision] = field(default_factory=list)
    luck: list[Luck] = field(default_factory=list)
    curve: list[float] = field(default_factory=list)  # win chance after each action (and start)

    @property
    def losses(self) -> list[float]:
        return [d.loss for d in self.decisions]

    @property
    def accuracy(self) -> float | None:
        return accuracy(self.losses)

    @property
    def mean_loss(self) -> float | None:
        return sum(self.losses) / len(self.losses) if self.decisions else None

    @property
    def total_luck(self) -> float:
        return sum(x.luck for x in self.luck) + sum(d.luck for d in self.decisions)

    def graph(self) -> list[float]:
        """The curve as the graph draws it: through every decision's point (its win chance,
        the best move's value on the decision's worlds) and elsewhere the positions' values
        (``curve``, those of the luck). Both estimate the same position's chance, the point
        from more worlds; drawn apart, a point would sit off its own line (web/review.js draws
        the same)."""
        shown = list(self.curve)
        for d in self.decisions:
            shown[d.index] = d.win_chance
        return shown

    def counts(self) -> dict[str, int]:
        out = {"good": 0, "inaccuracy": 0, "mistake": 0, "blunder": 0}
        for d in self.decisions:
            out[d.label] += 1
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "format": review_format(self.game),
            "game": self.game,
            "seat": self.seat,
            "agent": self.agent,
            "seed": self.seed,
            "budget": self.budget,
            "payoff": self.payoff,
            "start": self.start,
            "accuracy": self.accuracy,
            "mean_loss": self.mean_loss,
            "total_loss": sum(self.losses),
            "total_delta": sum(d.delta for d in self.decisions),
            "total_luck": self.total_luck,
            "labels": self.counts(),
            "decisions": [asdict(d) for d in self.decisions],
            "luck": [asdict(x) for x in self.luck],
            "curve": self.curve,
        }


def review_format(game_id: str) -> int:
    """The format of a review of ``game_id`` (what the server keys stored reviews by)."""
    return GAME_FORMATS.get(game_id, REVIEW_FORMAT)


def review_seat(
    record: MatchRecord,
    seat: int,
    budget: ReviewBudget | None = None,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> SeatReview:
    """Review ``seat`` (0-based) of a finished game. Deterministic under ``seed``."""
    game = record.get_game()
    if not 0 <= seat < record.num_players:
        raise ReviewError(f"this match has seats 1..{record.num_players}, not {seat + 1}")
    if not record.final_state().is_over:
        raise ReviewError("the game is not over: a review is only made of a finished game")
    budget = budget or default_budget(game.id)
    est = Estimator(game, seat, budget, seed)
    rounds = RoundGrader(seat, seed)
    state = record.initial_state()
    agent = record.players[seat] if seat < len(record.players) else None
    start = est.position(state)
    out = SeatReview(game.id, seat, agent, seed, budget.to_json(), 0.0, start, curve=[start])
    total = len(record.actions)
    for i, (player, data) in enumerate(record.actions):
        action = game.action_from_record(data, record.rules_version)
        decision = None
        if player == seat and len(state.legal_actions(seat)) > 1:
            decision = grade_seat_decision(est, rounds, state, i, action)
            decision.margin = est.margin(state)
            before = decision.played.value
        else:
            before = est.position(state)
        state.apply(player, action)
        after = est.position(state)
        if decision is not None:
            decision.luck = after - before
            out.decisions.append(decision)
        else:
            kind = "forced" if player == seat else "opponent"
            out.luck.append(Luck(i, player, kind, before, after, after - before))
        out.curve.append(after)
        if progress is not None:
            progress(i + 1, total)
    out.payoff = state.result().payoff(seat)
    return out


def grade_seat_decision(
    est: Estimator, rounds: RoundGrader, state: GameState, index: int, action: Action
) -> Decision:
    """The decision graded as the review grades it: by the round's equilibrium where it grades
    the move (The Nine Domains' placements), else by the playouts; both from the seat's
    information set."""
    decision = grade_decision(est, state, index, action)
    eq = rounds.grade(state, action)
    if eq is not None:
        judge_by_equilibrium(decision, eq)
        return decision
    found = grade_by_search(est, state, action)
    if found is not None:
        judge_by_search(decision, found)
    return decision


def judge_by_search(decision: Decision, found: SearchGrade) -> None:
    """Make the search judge's grade the decision's grade; as for the equilibrium, the
    playouts' stays in ``playout_*`` and the win chance, the moves' values and the graph stay
    the playouts' (the whole game's curve, valued alike at every move). The command line's row
    and the browser's caption show the search's values (``search``: the played move's and its
    best move's means, whose gap is the loss), the playouts' grade beside."""
    decision.search = found
    decision.judge = "search"
    decision.loss = found.loss
    decision.delta = found.delta
    decision.label = found.label


def judge_by_equilibrium(decision: Decision, eq: EquilibriumGrade) -> None:
    """Make the equilibrium grade the decision's grade (its loss, label and so the accuracy);
    the playouts' stays in ``playout_*``. The win chance and the moves' values stay the
    playouts' (the graph's scale: the whole game's win share, where the equilibrium's values
    are the leaf evaluation's after the round)."""
    decision.equilibrium = eq
    decision.judge = "equilibrium"
    decision.loss = eq.loss
    decision.delta = eq.best_value - eq.value
    decision.label = eq.label


def grade_decision(est: Estimator, state: GameState, index: int, action: Action) -> Decision:
    """The seat's decision in ``state`` (it played ``action``), graded from its information set
    (``est`` reads the state only through determinizations, the view and the seat's moves)."""
    seat = est.seat
    legal = state.legal_actions(seat)
    moves = est.candidates(state, action)
    screen, _ = est.moves(state, moves)
    ranked = sorted(range(len(moves)), key=lambda k: (-screen[k], k))
    shown = ranked[:BEST_SHOWN]
    # the best moves are chosen on one set of worlds (screening) and valued, with the played
    # move, on another (check): the largest of many noisy values is too high on the worlds
    # that chose it (the winner's curse), which would make every decision look like a loss.
    # Every value shown is the check's, so the gap between the best move and the played one is
    # the loss (each move's playouts are its own, so adding the other best moves to the check
    # leaves the played and best values, the loss and its noise, as they were)
    check = [action] + [moves[k] for k in shown if moves[k] != action]
    values, errors = est.moves(state, check, "check")
    at = {k: check.index(moves[k]) for k in shown}
    top = at[shown[0]]
    delta = values[top] - values[0]
    loss = max(0.0, delta)
    played = moves.index(action)
    return Decision(
        index,
        len(legal),
        values[top],
        MoveValue(action.to_json(), values[0], screen[played]),
        [MoveValue(moves[k].to_json(), values[at[k]], screen[k]) for k in shown],
        loss,
        delta,
        errors[top],
        label(loss),
        0.0,
        playout_loss=loss,
        playout_delta=delta,
        playout_label=label(loss),
    )
