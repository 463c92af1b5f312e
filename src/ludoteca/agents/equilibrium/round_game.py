"""The Nine Domains: one round's placements solved as a Bayesian matrix game (``solver=round``).

Why: outcome-sampling MCCFR over a round (504 x 504 rows x 20 hands in round 1) leaves the
opponent's strategy near uniform within a move's budget, so the agent ended up answering a
randomly placing opponent. A round's placements are one simultaneous choice per player (the
order of one's own placements is invisible and changes nothing), so the round *is* a matrix
game once the powers that follow are played by a fixed rule and the position after it is valued
by the leaf evaluation. This module builds that game and solves it.

The game, from the searching seat's view:

- **Our rows**: every way to put our remaining cards on the free piles (504 in round 1).
- **The opponent's types**: every hand it may hold given what we see (its known cards plus each
  combination of the specials it may hold; 20 in round 1), equally likely, which is exactly the
  distribution ``determinize`` draws from. The piles under the tops are irrelevant to a round's
  outcome and its leaf, so a type is just a hand. Each type chooses its own mixed row (it knows
  its hand; like the MCCFR solver, it is solved as if it knew ours, on the safe side).
- **Payoff** ``A_k[i, j]``: our leaf value (``evaluation/nine_domains.py``) after the round is
  resolved with our row i against row j of type k: the exact combats of the engine
  (``combat.modifiers``, ``fight``, ``margin``), 3+ bonuses, then the powers left to right by
  pile, each owner choosing greedily by the evaluation (a 2- takes the swap that most raises its
  owner's value, or declines; a 3- takes back the used card the card weights value most for the
  hand card they value least, when that gains), then the element check. Tested against the
  engine played move by move with the same power rule.
- Every entry is computed, with numpy: a pile's outcome depends only on the two cards there and
  their strength changes, so each pile's outcomes are a small table over (card, strength, tie
  bonus) pairs, and the position after the round a table over the 9^3 joint pile outcomes.

Solving: double oracle. Start from the ``heuristic`` agent's shortlisted plans for us (its own
choice among them) and each type's best reply to them; solve the restricted game by regret
matching+ (alternating updates, linear averaging); add our best row against the types' mixtures
and each type's best row against ours, over *all* rows, while one gains more than ``epsilon``
and the time budget lasts. The restricted equilibrium found this way has a measured gap (best
response values bracket the game value) reported in ``RoundSolution``.

Knobs for experiments, off by default (none changed the win rate against ``heuristic``
measurably in tuning runs): ``card_scale`` scales the leaf's card weights; ``rho`` makes that
share of the opponents "level 1" (each type's best row against our uniform play, the heuristic
agent's way of deciding) instead of equilibrium players; ``valuation="heuristic"`` values the
position after the round with the heuristic agent's ``position_value`` and its card-keeping
terms (linear in win share) instead of the fitted leaf (it gains VP, not clearly wins).

numpy does the payoff tables and the regret matching (a round-1 solve is 20 matrices of
504 x 504).
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ...engine import Action
from ...games.nine_domains.actions import PLACE
from ...games.nine_domains.cards import CARDS, PILES, ROUNDS
from ...games.nine_domains.combat import REMOVED, fight, margin, modifiers
from ..evaluation.nine_domains import card_weights, position_logit
from ..heuristics import nine_domains as hnd
from ..heuristics.nine_domains import DECISIVE as SPAN
from ..heuristics.nine_domains import HeuristicAgent, position_value

Row = tuple[int, ...]

# A pile's outcome code: 0 removed; else 1 + 4 * winner seat + kind of the winner's power
PLAIN, SWAP, EXCHANGE, BONUS = 0, 1, 2, 3
N_CODES = 9
DECISIVE = 1e9  # a decided game in seat 0's logit units (for comparing swap choices)
_BONUS_VP = max(CARDS.bonus_vp)
# the pile code tables and the position table assume one size of 3+ bonus (the data has one)
assert len({v for v in CARDS.bonus_vp if v}) <= 1, "one victory bonus size expected"


def rows_of(hand: Sequence[int], placed: Sequence[int]) -> list[Row]:
    """Every full row a player can reach: ``placed`` kept (-1 free), the free piles filled by
    distinct cards of ``hand``, in a fixed order."""
    free = [i for i in range(PILES) if placed[i] == -1]
    out = []
    for combo in itertools.permutations(sorted(hand), len(free)):
        row = list(placed)
        for i, c in zip(free, combo, strict=True):
            row[i] = c
        out.append(tuple(row))
    return out


def opponent_hands(view: dict[str, Any], me: int, limit: int, rng: random.Random) -> list[Row]:
    """The hands (cards not yet fought with) the opponent may hold, all equally likely: its
    known cards plus each combination of specials it may hold. When there are more than
    ``limit``, a sample of ``limit`` of them drawn with ``rng``."""
    ci = CARDS.index
    opp = view["players"][1 - me]
    mine_v = view["players"][me]
    known = [ci[c] for c in opp["known_unplayed"]]
    k = opp["unknown_specials"]
    if k <= 0:
        return [tuple(sorted(known))]
    excluded = {ci[c] for c in opp["seen_specials"]}
    if view["options"]["special_deal"] != "independent":
        excluded |= {ci[c] for c in mine_v["hand"] + mine_v["used"]}
        excluded |= {ci[c] for c in mine_v["placed"] if c is not None}
    pool = sorted(c for c in CARDS.specials if c not in excluded)
    hands = [tuple(sorted(known + list(extra))) for extra in itertools.combinations(pool, k)]
    if len(hands) > limit:
        hands = rng.sample(hands, limit)
    return hands


# -- the round's payoffs -----------------------------------------------------------------------
class RoundModel:
    """Everything about the round that does not depend on the rows: the position after each
    joint pile outcome, and per-seat helpers. ``state`` is any determinization of the searching
    seat (only public fields and the seat's own cards are read)."""

    def __init__(self, state: Any, card_scale: float = 1.0, valuation: str = "leaf") -> None:
        self.state = state
        # "leaf": evaluation/nine_domains.py (a logit, then a sigmoid); "heuristic": the
        # heuristic agent's position_value and card-keeping terms (linear, in win share)
        self.linear = valuation == "heuristic"
        opts = state.options
        self.opts = opts
        self.rnd = int(state.rnd)
        self.done = self.rnd + 1
        self.previous = state.history[-1] if state.history else None
        self.four_opp = opts.four_plus_target == "opponent"
        self.tops = [pile[-1] for pile in state.piles]
        # the leaf's worth of each card still held, optionally scaled (an experiment knob)
        self.weights = [card_scale * w for w in card_weights(self.done)]
        self.seat_weights: dict[int, list[float]] = {}
        self._profiles: dict[tuple[int, Row], tuple[tuple[int, int, int], ...]] = {}
        self._build_positions()

    # position after the round, per joint outcome of the three piles
    def _position(self, won: list[list[int]], bonus: list[int]) -> tuple[float, float]:
        """(seat 0's logit, decided value or nan) of the position after the powers."""
        if self.linear:
            on = not self.state.elements_off
            pv = position_value(won[0], won[1], (bonus[0], bonus[1]), on, self.done)
            return pv / (2 * SPAN), math.nan
        by_domains = self.opts.vp_tie == "domains"
        got = position_logit(won, bonus, self.state.elements_off, self.done, by_domains)
        if isinstance(got, list):
            return 0.0, got[0]
        return got, math.nan

    def _greedy_swap(self, won: list[list[int]], bonus: list[int], owner: int) -> None:
        """The 2- of ``owner``: the swap that most raises its owner's value, or none."""
        mine, theirs = won[owner], won[1 - owner]
        if not mine or not theirs:
            return
        sign = 1.0 if owner == 0 else -1.0

        def value(w: list[list[int]]) -> float:
            logit, dec = self._position(w, bonus)
            return sign * (DECISIVE * (2 * dec - 1) if dec == dec else logit)

        best = value(won)
        choice = None
        for g in sorted(set(mine)):
            for t in sorted(set(theirs)):
                m2 = [t if d == g else d for d in mine]
                t2 = [g if d == t else d for d in theirs]
                w2 = [m2, t2] if owner == 0 else [t2, m2]
                v = value(w2)
                if v > best + 1e-12:
                    best, choice = v, (m2, t2)
        if choice is not None:
            won[owner], won[1 - owner] = choice

    def _build_positions(self) -> None:
        n = N_CODES**PILES
        self.logit = np.zeros(n)
        self.decided = np.full(n, np.nan)
        self.exchange = np.zeros((2, n))
        s = self.state
        for idx, codes in enumerate(itertools.product(range(N_CODES), repeat=PILES)):
            won = [list(s.won[0]), list(s.won[1])]
            bonus = list(s.bonus)
            powers = []
            for i, code in enumerate(codes):
                if code == 0:
                    continue
                w, kind = divmod(code - 1, 4)
                won[w].append(self.tops[i])
                if kind == BONUS:
                    bonus[w] += _BONUS_VP
                elif kind in (SWAP, EXCHANGE):
                    powers.append((w, kind))
            for w, kind in powers:  # left to right by pile, as the engine resolves them
                if kind == SWAP:
                    self._greedy_swap(won, bonus, w)
                else:
                    self.exchange[w, idx] = 1.0
            self.logit[idx], self.decided[idx] = self._position(won, bonus)

    # rows of one seat
    def profiles(self, p: int, row: Row) -> tuple[tuple[int, int, int], ...]:
        """(card, strength, tie bonus) at each pile of seat p's row: a seat's strength changes
        come from its own cards and the previous round only, so the other row is a stand-in."""
        got = self._profiles.get((p, row))
        if got is not None:
            return got
        cards = [list(row), list(row)]
        prev = self.previous
        if p == 1 and prev is not None:
            prev = [prev[1], prev[0]]  # seat 1 as seat 0 of the call
        total, plus = modifiers(cards, prev, self.rnd, self.four_opp)
        tie = total[0] if self.opts.malus_counts_as_bonus else plus[0]
        got = tuple((c, CARDS.value[c] + total[0][i], tie[i]) for i, c in enumerate(row))
        self._profiles[(p, row)] = got
        return got

    def code(self, a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
        """The outcome code of seat 0's (card, strength, tie) against seat 1's at one pile."""
        w, by_effect = fight(a[0], a[1], a[2], b[0], b[1], b[2])
        if w == REMOVED:
            return 0
        wc, ws, lc, ls = (a[0], a[1], b[0], b[1]) if w == 0 else (b[0], b[1], a[0], a[1])
        power = CARDS.power[wc]
        kind = PLAIN
        if power == "victory_bonus":
            m = margin(wc, ws, lc, ls, by_effect, self.opts.three_plus_effect_win_scores)
            if m is not None and m >= CARDS.bonus_margin[wc]:
                kind = BONUS
        elif power == "swap_domain":
            kind = SWAP
        elif power == "exchange_card":
            kind = EXCHANGE
        return 1 + 4 * w + kind

    def card_terms(self, p: int, held: Sequence[int], rows: Sequence[Row]) -> tuple[Any, Any]:
        """Per row of seat p: (weight of the cards still held after it, the greedy 3- gain)."""
        w = self.seat_weights.get(p, self.weights)
        used = list(self.state.used[p])
        held_w = sum(w[c] for c in held)
        keep = np.empty(len(rows))
        gain = np.zeros(len(rows))
        for r, row in enumerate(rows):
            keep[r] = held_w - sum(w[c] for c in row)
            left = [c for c in held if c not in row]
            back = used + list(row) if self.opts.exchange_this_round else used
            if left and back:
                gain[r] = max(0.0, max(w[c] for c in back) - min(w[c] for c in left))
        return keep, gain


def heuristic_worths(view: dict[str, Any], p: int, done: int) -> list[float]:
    """Each card's worth while still held, in win share, as the heuristic agent prices a card
    spent this round: its chance against the cards the opponent may hold times a future
    domain's worth, less the heuristic's small credit for a 1+/2+/4+ played early."""
    if done >= ROUNDS:
        return [0.0] * len(CARDS)
    opp = hnd.HeuristicAgent()._opponent_cards(view, p)
    total = sum(wt for _, wt in opp) or 1.0
    rnd = done - 1
    vp_unit = hnd.DECISIVE * hnd.VP_WEIGHT[min(rnd, len(hnd.VP_WEIGHT) - 1)] / 2
    slot = (hnd.MEAN_VP + (hnd.NEED_BONUS if not view["elements_ignored"] else 0.0)) * vp_unit
    four_opp = view["options"]["four_plus_target"] == "opponent"
    out = []
    for c in range(len(CARDS)):
        score = 0.0
        for u, wt in opp:
            win, _ = fight(c, CARDS.value[c], 0, u, CARDS.value[u], 0)
            score += wt if win == 0 else (0.5 * wt if win == REMOVED else 0.0)
        worth = score / total * slot
        if CARDS.next_bonus[c] and not (CARDS.next_by_option[c] and four_opp):
            worth -= 0.3 * CARDS.next_bonus[c] * vp_unit
        out.append(worth / (2 * hnd.DECISIVE))
    return out


@dataclass
class SeatRows:
    """One seat's candidate rows with what the payoff needs of them."""

    rows: list[Row]
    prof: Any  # (rows, PILES) profile ids per pile
    keep: Any
    gain: Any


def _seat_rows(
    model: RoundModel, p: int, held: Sequence[int], rows: list[Row], ids: list[dict[Any, int]]
) -> SeatRows:
    prof = np.empty((len(rows), PILES), dtype=np.int64)
    for r, row in enumerate(rows):
        for i, pr in enumerate(model.profiles(p, row)):
            prof[r, i] = ids[i].setdefault(pr, len(ids[i]))
    keep, gain = model.card_terms(p, held, rows)
    return SeatRows(rows, prof, keep, gain)


def payoff_matrices(
    model: RoundModel,
    me: int,
    mine: SeatRows,
    types: list[SeatRows],
    ids: list[list[dict[Any, int]]],
) -> list[Any]:
    """Our value for each (our row, their row), one matrix per opponent type."""
    inv = [[{v: k for k, v in ids[p][i].items()} for i in range(PILES)] for p in (0, 1)]
    tables = []
    for i in range(PILES):
        t = np.empty((len(inv[0][i]), len(inv[1][i])), dtype=np.int64)
        for a, pa in inv[0][i].items():
            for b, pb in inv[1][i].items():
                t[a, b] = model.code(pa, pb)
        tables.append(t)
    out = []
    sign = 1.0 if me == 0 else -1.0
    for opp in types:
        idx = np.zeros((len(mine.rows), len(opp.rows)), dtype=np.int64)
        for i in range(PILES):
            if me == 0:
                c = tables[i][mine.prof[:, i][:, None], opp.prof[:, i][None, :]]
            else:
                c = tables[i][opp.prof[:, i][None, :], mine.prof[:, i][:, None]]
            idx = idx * N_CODES + c
        s0 = mine if me == 0 else opp
        s1 = opp if me == 0 else mine
        if me == 0:  # seat 0's per-row terms along its own axis
            keep0, gain0 = s0.keep[:, None], s0.gain[:, None]
            keep1, gain1 = s1.keep[None, :], s1.gain[None, :]
        else:
            keep0, gain0 = s0.keep[None, :], s0.gain[None, :]
            keep1, gain1 = s1.keep[:, None], s1.gain[:, None]
        logit = (
            model.logit[idx]
            + keep0
            - keep1
            + model.exchange[0][idx] * gain0
            - model.exchange[1][idx] * gain1
        )
        sigmoid = 1.0 / (1.0 + np.exp(-np.clip(logit, -500, 500)))
        p0 = 0.5 + logit if model.linear else sigmoid
        dec = model.decided[idx]
        p0 = np.where(np.isnan(dec), p0, dec)
        out.append(p0 if sign > 0 else 1.0 - p0)
    return out


# -- solving ---------------------------------------------------------------------------------
def solve_bayesian(
    mats: Sequence[Any],
    weights: Sequence[float],
    iterations: int = 1000,
    fixed: Any = None,
    rho: float = 0.0,
) -> tuple[Any, list[Any], float]:
    """max over x of (1 - rho) * sum_k weights[k] * min over y_k of x^T mats[k] y_k
    + rho * x^T fixed, by regret matching+ (alternating updates, linearly weighted averages):
    with ``rho`` > 0, a share of the opponents is a fixed model whose value per row of ours is
    ``fixed``. Returns (x, [y_k], value of (x, y))."""
    n = mats[0].shape[0]
    kk = len(mats)
    tmax = max(m.shape[1] for m in mats)
    big = np.zeros((kk, n, tmax))
    mask = np.zeros((kk, tmax), dtype=bool)
    for k, m in enumerate(mats):
        big[k, :, : m.shape[1]] = m
        mask[k, : m.shape[1]] = True
    w = np.asarray(weights, dtype=float)
    w = w / w.sum()
    # seats' payoffs as one (rows, types x their rows) matrix: two products per iteration
    flat = big.transpose(1, 0, 2).reshape(n, kk * tmax)
    live = mask.astype(float)
    uniform_y = live / live.sum(axis=1, keepdims=True)
    rx = np.zeros(n)
    ry = np.zeros((kk, tmax))
    x = np.full(n, 1.0 / n)
    y = uniform_y
    sx = np.zeros(n)
    sy = np.zeros((kk, tmax))
    bias = np.zeros(n) if fixed is None or rho <= 0 else rho * np.asarray(fixed, dtype=float)
    share = 1.0 - rho if fixed is not None and rho > 0 else 1.0
    for t in range(1, iterations + 1):
        u = share * (flat @ (y * w[:, None]).ravel()) + bias
        rx = np.maximum(rx + u - x @ u, 0.0)
        tot = rx.sum()
        x = rx / tot if tot > 0 else np.full(n, 1.0 / n)
        sx += t * x
        c = (x @ flat).reshape(kk, tmax)  # our value per their row: they minimize it
        cy = (c * y).sum(axis=1, keepdims=True)
        ry = np.maximum(ry + cy - c, 0.0) * live
        tot_y = ry.sum(axis=1, keepdims=True)
        y = np.where(tot_y > 0, ry / np.maximum(tot_y, 1e-300), uniform_y)
        sy += t * y
    xa = sx / sx.sum()
    ya = sy / sy.sum(axis=1, keepdims=True)
    value = share * float(np.einsum("k,i,kij,kj->", w, xa, big, ya)) + float(xa @ bias)
    return xa, [ya[k, : m.shape[1]] for k, m in enumerate(mats)], value


@dataclass
class RoundSolution:
    rows: list[Row]  # our rows with positive probability
    probs: list[float]
    value: float  # of the restricted equilibrium
    upper: float  # our best response value against the types' mixtures (all rows)
    lower: float  # value of our mixture against each type's best row (all rows)
    oracle_steps: int
    types: int
    stats: dict[str, float] = field(default_factory=dict)
    # every row of ours and its value against the types' equilibrium mixtures (the game
    # review grades a placement by them: ludoteca/review/nine_domains.py)
    all_rows: list[Row] = field(default_factory=list)
    row_values: list[float] = field(default_factory=list)


def solve_round(
    state: Any,
    me: int,
    hands: list[Row],
    start: Sequence[Row],
    seconds: float = 0.0,
    epsilon: float = 0.002,
    rm_iterations: int = 600,
    max_steps: int = 40,
    grow: int = 3,
    card_scale: float = 1.0,
    rho: float = 0.0,
    valuation: str = "leaf",
) -> RoundSolution:
    """Solve the round from ``state`` (our determinization; only public fields and our cards
    are read) with the opponent's possible ``hands``; ``start``: our first rows. At most
    ``max_steps`` double-oracle steps, each adding up to ``grow`` of our best rows, and
    ``seconds`` (when positive) of time. ``rho``: the share of opponents modelled as "level 1"
    instead of by the equilibrium: each type placing its best row against a uniformly random
    row of ours (what the ``heuristic`` agent does), a robust-exploitation blend (0: none)."""
    t0 = time.perf_counter()
    model = RoundModel(state, card_scale, valuation)
    q = 1 - me
    held = list(state.hand[me]) + [c for c in state.placed[me] if c != -1]
    my_rows = rows_of(state.hand[me], state.placed[me])
    ids: list[list[dict[Any, int]]] = [[{} for _ in range(PILES)] for _ in (0, 1)]
    if model.linear:
        model.seat_weights[me] = heuristic_worths(state.view(me), me, model.done)
    mine = _seat_rows(model, me, held, my_rows, ids[me])
    types = []
    for h in hands:
        if model.linear:
            # the type's own view: its hand set in our sample (our cards stay hidden in it)
            typed = state.clone()
            typed.hand[q] = list(h)
            typed.placed[q] = [-1] * PILES
            typed.nplaced[q] = 0
            model.seat_weights[q] = heuristic_worths(typed.view(q), q, model.done)
        types.append(_seat_rows(model, q, h, rows_of(h, [-1] * PILES), ids[q]))
    mats = payoff_matrices(model, me, mine, types, ids)
    weights = [1.0 / len(types)] * len(types)
    t_built = time.perf_counter() - t0

    share = 1.0 - rho
    # the level-1 opponent model: each type's best row against our uniform play
    level1 = sum(
        w * m[:, int(np.argmin(m.mean(axis=0)))] for w, m in zip(weights, mats, strict=True)
    )
    fixed = np.asarray(level1) * rho

    row_index = {r: i for i, r in enumerate(my_rows)}
    ours = [row_index[r] for r in start if r in row_index] or [0]
    ours = list(dict.fromkeys(ours))
    x_full = np.zeros(len(my_rows))
    x_full[ours] = 1.0 / len(ours)
    theirs = [[int(np.argmin(x_full @ m))] for m in mats]  # each type's best reply to them
    steps = 0
    while True:
        steps += 1
        sub = [m[np.ix_(ours, th)] for m, th in zip(mats, theirs, strict=True)]
        x, ys, value = solve_bayesian(sub, weights, rm_iterations, level1[ours], rho)
        x_full = np.zeros(len(my_rows))
        x_full[ours] = x
        mine_vals = (
            share
            * sum(w * (m[:, th] @ y) for w, m, th, y in zip(weights, mats, theirs, ys, strict=True))
            + fixed
        )
        best_mine = int(np.argmax(mine_vals))
        upper = float(mine_vals[best_mine])
        cols = [x_full @ m for m in mats]
        best_cols = [int(np.argmin(c)) for c in cols]
        lower = share * float(
            sum(w * c[j] for w, c, j in zip(weights, cols, best_cols, strict=True))
        ) + float(x_full @ fixed)
        if upper - lower <= epsilon or steps >= max_steps:
            break
        if seconds > 0 and time.perf_counter() - t0 > seconds:
            break
        # our best rows not yet in play (a few per step: there are many near-equal rows, and a
        # step costs a restricted solve)
        added = 0
        for i in np.argsort(-mine_vals, kind="stable"):
            if added >= grow or mine_vals[i] <= value + epsilon / 2:
                break
            if int(i) not in ours:
                ours.append(int(i))
                added += 1
        grew = added > 0
        for k, (c, j) in enumerate(zip(cols, best_cols, strict=True)):
            restricted = float(c[theirs[k]] @ ys[k])
            if share * (restricted - c[j]) > epsilon / 2 and j not in theirs[k]:
                theirs[k].append(j)
                grew = True
        if not grew:
            break
    keep = [(my_rows[i], float(p)) for i, p in zip(ours, x, strict=True) if p > 1e-9]
    return RoundSolution(
        rows=[r for r, _ in keep],
        probs=[p for _, p in keep],
        value=value,
        upper=upper,
        lower=lower,
        oracle_steps=steps,
        types=len(types),
        stats={
            "build_seconds": t_built,
            "seconds": time.perf_counter() - t0,
            "our_support": float(len(ours)),
            "their_support": float(np.mean([len(th) for th in theirs])),
        },
        all_rows=my_rows,
        row_values=[float(v) for v in mine_vals],
    )


def round_placement(agent: Any, handle: Any) -> Action | None:
    """The ``equilibrium`` agent's placement under ``solver=round``, or None when the decision
    is not a placement (the caller then uses MCCFR).

    At a round's first placement (or whenever the cached row does not fit what the view shows)
    the round is solved and one row drawn from our mixed strategy (probabilities under the
    agent's ``purify`` dropped); the later placements of the round play the rest of that row.
    Reads only the handle: the view, and one determinization for the public fields."""
    view = handle.view()
    if view["phase"] != "place":
        return None
    me = handle.player
    ci = CARDS.index
    seat = view["players"][me]
    hand = [ci[c] for c in seat["hand"]]
    placed = [-1 if c is None else ci[c] for c in seat["placed"]]
    if not hand or -1 not in placed:
        return None
    held = tuple(sorted(hand + [c for c in placed if c != -1]))
    key = (view["round"], len(view["history"]), held)
    plan = agent._plan
    started = any(c != -1 for c in placed)
    fits = (
        plan is not None
        and plan[0] == key
        and all(c in (-1, r) for c, r in zip(placed, plan[1], strict=True))
    )
    if started and fits:
        row = plan[1]
    else:
        rng = agent.rng
        state = handle.sample(rng)
        hands = opponent_hands(view, me, agent.types, rng)
        start = HeuristicAgent(seed=0).ranked_plans(view, me)
        sol = solve_round(
            state,
            me,
            hands,
            start,
            seconds=agent.seconds,
            max_steps=agent.steps,
            card_scale=agent.card_scale,
            rho=agent.rho,
            valuation=agent.valuation,
        )
        agent.last_solution = sol
        row = sol.rows[agent._sample(sol.probs)]
        agent._plan = (key, row)
    pile = placed.index(-1)
    return PLACE[row[pile]][pile]


__all__ = [
    "RoundModel",
    "RoundSolution",
    "opponent_hands",
    "payoff_matrices",
    "round_placement",
    "rows_of",
    "solve_bayesian",
    "solve_round",
]
