"""Small, exact statistics for simulation summaries."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (good at small n and near 0 or 1)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(xs: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95% interval."""
    n = len(xs)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    m = sum(xs) / n
    if n == 1:
        return (m, m, m)
    var = _squares_sum(xs, m) / (n - 1)
    half = z * math.sqrt(var / n)
    return (m, m - half, m + half)


def _squares_sum(xs: Sequence[float], m: float) -> float:
    """``sum((x - m) ** 2 for x in xs)``, the same value: each distinct x's square computed
    once (a simulation's scores take a few dozen values among thousands), then the squares
    summed by ``sum`` in the same order. (Equal keys give equal squares: 1 and 1.0, 0.0 and
    -0.0; a NaN is found by identity.)"""
    if len(xs) < 64:
        return sum((x - m) ** 2 for x in xs)
    square = {x: (x - m) ** 2 for x in set(xs)}
    return sum(map(square.__getitem__, xs))


def percentile(xs: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100), linear between closest ranks."""
    if not xs:
        return math.nan
    s = sorted(xs)
    k = (len(s) - 1) * q / 100
    lo = math.floor(k)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)
