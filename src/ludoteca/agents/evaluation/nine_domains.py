"""The Nine Domains: each seat's win chance from a (determinized) state, for search leaves.

``leaf_values(state)`` is exact when the game is over (and when the elements or, after round 3,
the VP decide it); otherwise it is a logistic model of the chance that seat 0 wins, from the
position after ``rounds_done`` rounds (1 or 2):

    logit = VP * vp_difference
            + sum over k = 1..4 of UNIT[k] * ([seat 0 holds k element units] - [seat 1 holds k])
            + sum over cards c of CARD[c] * ([seat 0 still holds c] - [seat 1 still holds c])

Element units: red, green, blue and up to two purple halves; four units is one short of the
win. "Still holds": in hand or face down, not yet fought with. The card terms are what keep a
search from spending its best cards early: a model of the VP and elements alone prices a round
won with the 5, 4 and 3 like one won with cheap cards.

The coefficients were fitted by ``benchmarks/nine_domains_leaf_fit.py`` (maximum likelihood,
draws counted as half a win) on positions at the start of rounds 2 and 3 of games whose earlier
rounds were played by the heuristic agent with random moves mixed in (so that unusual spending
is represented) and whose rest was played heuristic against heuristic (a model of good play,
where the earlier ``position_value`` fit of the heuristic module used random play throughout).

It reads the whole state: search agents call it only on their own determinized samples.
"""

from __future__ import annotations

import math
from typing import Any

from ...engine import GameState
from ...games.nine_domains.cards import CARDS, DOMAINS, ROUNDS
from ...games.nine_domains.combat import elements_of
from ...games.nine_domains.phases import Phase

EMPTY = -1
UNITS_FOR_ALL = 5  # three colours + two purple halves: a player holding all five has won

# Fitted coefficients per rounds done (index 0: after round 1, index 1: after round 2):
# (VP, UNIT[1], UNIT[2], UNIT[3], UNIT[4], then one weight per card in CARDS order:
# 0 1 2 3 4 5 1- 1+ 2- 2+ 3- 3+ 4- 4+ *), from the "all positions" lines of
#     benchmarks/nine_domains_leaf_fit.py --games 10000 --seed 0
# (4,986 and 4,260 positions). Held-out log loss (fitted on 80%): 0.568 after round 1 and 0.497
# after round 2, against 0.657 and 0.601 for the VP-and-elements model fitted on random games.
# Both players hold as many cards, so the card weights matter only up to a common constant.
COEFFICIENTS: tuple[tuple[float, ...], ...] = (
    (
        *(0.1377, -0.0661, 0.4181, 0.7213, 1.4018),
        *(-0.6074, -0.4963, -0.2779, -0.0147, 0.3436, 0.6113),
        *(0.6905, -0.0498, 0.1495, 0.1625, 0.1015, 0.1755, -0.0119, -0.0584, -0.7181),
    ),
    (
        *(0.1601, 0.1444, 0.3190, 0.5978, 1.0710),
        *(-0.6010, -0.3950, -0.0519, 0.3291, 0.7385, 0.6285),
        *(0.2481, -0.9630, 0.5169, 0.0426, 0.1140, 0.9940, 0.1975, -0.8991, -0.8992),
    ),
)


def units(domains: list[int]) -> int:
    """Element units held: each colour, and up to two purple halves."""
    mask, halves = elements_of(domains)
    return bin(mask).count("1") + min(halves, 2)


def _cards_left(state: Any, p: int) -> list[int]:
    return state.hand[p] + [c for c in state.placed[p] if c != EMPTY]


def rounds_done(state: Any) -> int:
    """Rounds whose combats have been fought (the powers phase belongs to a fought round)."""
    return int(state.rnd) + (1 if state.phase == Phase.POWER else 0)


def features(state: Any) -> list[float]:
    """The model's inputs, seat 0 minus seat 1 (see the module docstring for their order)."""
    won = state.won
    elements_on = not state.elements_off
    vp = [sum(DOMAINS.vp[d] for d in won[p]) + state.bonus[p] for p in (0, 1)]
    out = [float(vp[0] - vp[1])]
    u = [units(won[p]) if elements_on else 0 for p in (0, 1)]
    out += [float((u[0] == k) - (u[1] == k)) for k in range(1, 5)]
    cards = [_cards_left(state, p) for p in (0, 1)]
    out += [float((c in cards[0]) - (c in cards[1])) for c in range(len(CARDS))]
    return out


def card_weights(done: int) -> list[float]:
    """Each card's worth in the logit when still to be played after ``done`` rounds."""
    coef = COEFFICIENTS[min(max(done, 1), len(COEFFICIENTS)) - 1]
    return list(coef[5 : 5 + len(CARDS)])


def position_logit(
    won: list[list[int]],
    bonus: list[int],
    elements_off: bool,
    done: int,
    vp_tie_by_domains: bool = False,
) -> float | list[float]:
    """The VP-and-elements part of seat 0's logit after ``done`` rounds; or the outcome
    ([1, 0], [0, 1], [0.5, 0.5]) when the position decides the game."""
    if not elements_off:
        full = [units(won[p]) >= UNITS_FOR_ALL for p in (0, 1)]
        if full[0] != full[1]:
            return [1.0, 0.0] if full[0] else [0.0, 1.0]
        if full[0]:
            elements_off = True  # both completed: the elements are ignored from now on
    vp = [sum(DOMAINS.vp[d] for d in won[p]) + bonus[p] for p in (0, 1)]
    if done >= ROUNDS:
        if vp[0] != vp[1]:
            return [1.0, 0.0] if vp[0] > vp[1] else [0.0, 1.0]
        if vp_tie_by_domains and len(won[0]) != len(won[1]):  # the option vp_tie=domains
            return [1.0, 0.0] if len(won[0]) > len(won[1]) else [0.0, 1.0]
        return [0.5, 0.5]
    coef = COEFFICIENTS[min(max(done, 1), len(COEFFICIENTS)) - 1]
    logit = coef[0] * (vp[0] - vp[1])
    if not elements_off:
        u = [units(won[p]) for p in (0, 1)]
        logit += sum(coef[k] * ((u[0] == k) - (u[1] == k)) for k in range(1, 5))
    return logit


def sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x)) if x > -500 else 0.0


def leaf_values(state: GameState) -> list[float]:
    """Each seat's expected win share in [0, 1], summing to 1; the result when the game is over."""
    if not state.actors:
        r = state.result()
        return [r.payoff(0), r.payoff(1)]
    s: Any = state
    done = rounds_done(s)
    got = position_logit(s.won, s.bonus, s.elements_off, done)
    if isinstance(got, list):
        return got
    weight = card_weights(done)
    cards = [_cards_left(s, p) for p in (0, 1)]
    logit = got + sum(weight[c] for c in cards[0]) - sum(weight[c] for c in cards[1])
    p0 = sigmoid(logit)
    return [p0, 1.0 - p0]
