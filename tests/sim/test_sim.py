"""Simulation runner and its statistics."""

import math
import random
from collections.abc import Iterator

import numpy as np
import pytest

from ludoteca.engine import registry
from ludoteca.sim import simulate
from ludoteca.sim.runner import seat_agents
from ludoteca.sim.stats import (
    mean_interval,
    mean_interval_of,
    percentile,
    percentile_of,
    wilson_interval,
)

from ..engine.toy_game import GAME


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    registry.register(GAME)
    yield
    registry.unregister(GAME.id)


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    one = simulate("toy", 30, 2, ["random", "random"], seed=5, workers=1)
    two = simulate("toy", 30, 2, ["random", "random"], seed=5, workers=2)
    assert [g.to_row() for g in one.games] == [g.to_row() for g in two.games]
    assert [g.record for g in one.games] == [g.record for g in two.games]


def test_agents_rotate_over_seats() -> None:
    assert seat_agents(["a", "b"], 2, 0) == ["a", "b"]
    assert seat_agents(["a", "b"], 2, 1) == ["b", "a"]
    assert seat_agents(["a", "b", "c"], 4, 1) == ["b", "c", "a", "b"]
    res = simulate("toy", 4, 2, ["random", " random "], seed=1)
    assert [g.seats for g in res.games[:2]] == [["random", " random "], [" random ", "random"]]


def test_summary_counts_wins_draws_and_seats() -> None:
    res = simulate("toy", 200, 2, ["random", "random"], seed=2)
    s = res.summary()
    assert s.games == 200
    sole = [g for g in res.games if len(g.winners) == 1]
    assert sum(line.wins for line in s.seats) == len(sole)
    assert s.draws == 200 - len(sole)
    (line,) = s.agents  # one spec, both seats
    assert line.seat_games == 400 and line.wins == len(sole)
    assert line.win_ci[0] < line.win_rate < line.win_ci[1]
    assert s.reasons == {"points": 200}


def test_wilson_interval_known_values() -> None:
    lo, hi = wilson_interval(50, 100)
    assert abs(lo - 0.4038) < 1e-3 and abs(hi - 0.5962) < 1e-3
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and abs(hi - 0.2775) < 1e-3
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("kind", ["floats", "whole floats", "ints", "mixed"])
def test_mean_interval_is_the_plain_sums_bit_for_bit(kind: str) -> None:
    """The variance's squares are made once per distinct value: the interval is still the
    one the plain sums give, to the last bit (a summary stays the same figures)."""
    rng = random.Random(kind)
    pick = {
        "floats": lambda: rng.random() * 30,
        "whole floats": lambda: float(rng.randint(0, 30)),
        "ints": lambda: rng.randint(-5, 40),
        "mixed": lambda: rng.choice([0.0, -0.0, 1, 1.0, 2.5, 1e16, 3, 0.1]),
    }[kind]
    for size in (5, 63, 64, 500, 3001):
        xs = [pick() for _ in range(size)]
        n = len(xs)
        m = sum(xs) / n
        half = 1.959963984540054 * math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)
        assert repr(mean_interval(xs)) == repr((m, m - half, m + half))


@pytest.mark.parametrize(
    "kind", ["floats", "whole floats", "wide whole floats", "signed zeros", "nan", "inf", "huge"]
)
def test_the_summary_figures_from_arrays_are_the_lists_bit_for_bit(kind: str) -> None:
    """``mean_interval_of`` and ``percentile_of`` (the block summary's: no Python float a
    value) give what ``mean_interval`` and ``percentile`` give for the same values as a list."""
    rng = np.random.default_rng(len(kind))
    for size in (1, 5, 63, 64, 500, 3001):
        xs = {
            "floats": rng.random(size) * 30,
            "whole floats": rng.integers(-3, 40, size).astype(np.float64),
            "wide whole floats": rng.integers(-(10**6), 10**6, size).astype(np.float64),
            "signed zeros": rng.choice([0.0, -0.0, 1.0, 2.0], size),
            "nan": np.where(rng.random(size) < 0.01, np.nan, rng.random(size)),
            "inf": np.where(rng.random(size) < 0.01, np.inf, 1.0),
            "huge": rng.choice([1e16, 2.0**53 + 2, 3.0, 0.1], size),
        }[kind]
        assert repr(mean_interval_of(xs)) == repr(mean_interval(xs.tolist()))
        ints = rng.integers(-50, 500, size)
        for q in (0, 50, 90, 100):
            assert percentile_of(ints, q) == percentile(ints.tolist(), q)


def test_mean_interval_and_percentile() -> None:
    m, lo, hi = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5 and abs((hi - m) - 1.959964 * (1.2909944 / 2)) < 1e-5 and lo < m
    assert percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90) == pytest.approx(9.1)
    assert percentile([5], 90) == 5
