"""Small, exact statistics for simulation summaries."""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence

import numpy as np

Z95 = 1.959963984540054

# Python's ``sum`` of floats adds them left to right before 3.12 (compensated from 3.12): there a
# running sum in numpy from 0.0, as ``sum`` starts, gives its very bits
PLAIN_SUM = sys.version_info < (3, 12)


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


def _running_sum(xs: np.ndarray) -> float:
    """``sum(xs.tolist())`` of floats where ``PLAIN_SUM``: additions in order, from 0.0."""
    return float(np.add.accumulate(np.concatenate([np.zeros(1), xs]))[-1])


def mean_interval_of(xs: np.ndarray, z: float = Z95) -> tuple[float, float, float]:
    """``mean_interval(xs.tolist())``, the same bits, without a Python float a value (the
    summary of a million games' scores): floats where ``PLAIN_SUM``, each distinct value's
    square made as ``_squares_sum`` makes it."""
    if not PLAIN_SUM or xs.dtype != np.float64 or len(xs) < 64:
        return mean_interval(xs.tolist(), z)
    n = len(xs)
    m = _running_sum(xs) / n
    small = bool(np.isfinite(xs).all()) and float(np.abs(xs).max()) < 2.0**52
    whole = xs.astype(np.int64) if small else xs
    lo, hi = (int(whole.min()), int(whole.max())) if small else (0, 1 << 30)
    if hi - lo < 4096 and (whole == xs).all():  # whole values, few: counted, not sorted
        codes = whole - lo
        distinct = [float(v) for v in range(lo, hi + 1)]  # (-0.0's square is 0.0's)
    else:
        bits, codes = np.unique(xs.view(np.int64), return_inverse=True)
        distinct = bits.view(np.float64).tolist()
    squares = np.array([(x - m) ** 2 for x in distinct])
    var = _running_sum(squares[codes.reshape(-1)]) / (n - 1)
    half = z * math.sqrt(var / n)
    return (m, m - half, m + half)


def percentile_of(xs: np.ndarray, q: float) -> float:
    """``percentile(xs.tolist(), q)`` of integers, the same value: the two closest ranks found
    by a partition, not a sort."""
    if xs.dtype.kind not in "iu" or not len(xs):
        return percentile(xs.tolist(), q)
    k = (len(xs) - 1) * q / 100
    lo = math.floor(k)
    hi = min(lo + 1, len(xs) - 1)
    part = np.partition(xs, [lo, hi])
    a, b = int(part[lo]), int(part[hi])
    return a + (b - a) * (k - lo)
