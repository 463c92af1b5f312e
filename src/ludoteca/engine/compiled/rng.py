"""The two generators a playout draws from, compiled: the state's SplitMix64 (chance: shuffles,
steals) and the agents' Mersenne Twister (``random.Random``: which legal action to take).

Both must give exactly what the Python objects give, draw for draw, or a fast playout would not
be the reference's playout. SplitMix64 is ``engine/rng.py``; the Mersenne Twister is CPython's
``_randommodule.c`` (MT19937), read and written through ``random.Random.getstate/setstate``.
"""

from __future__ import annotations

import _random
import random
from typing import Any

import numpy as np

from .jit import njit

GAMMA = np.uint64(0x9E3779B97F4A7C15)
M1 = np.uint64(0xBF58476D1CE4E5B9)
M2 = np.uint64(0x94D049BB133111EB)
LOW32 = np.uint64(0xFFFFFFFF)
MT_N = 624
MT_M = 397


# -- SplitMix64 (the state's generator) ---------------------------------------------------
@njit
def next64(rng: Any) -> Any:
    """``Rng.next64``; ``rng`` is a one-element uint64 array holding ``Rng.state``."""
    s = rng[0] + np.uint64(0x9E3779B97F4A7C15)
    rng[0] = s
    s = (s ^ (s >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    s = (s ^ (s >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return s ^ (s >> np.uint64(31))


@njit
def bit_length(n: int) -> int:
    k = 0
    while n > 0:
        n >>= 1
        k += 1
    return k


@njit
def randbelow(rng: Any, n: int) -> Any:
    """``Rng.randbelow``: rejection on the top bits."""
    shift = np.uint64(64 - bit_length(n))
    un = np.uint64(n)
    while True:
        r = next64(rng) >> shift
        if r < un:
            return np.int64(r)


@njit
def mulhi(a: Any, b: Any) -> Any:
    """The high 64 bits of the 128-bit product of two uint64."""
    a_lo = a & np.uint64(0xFFFFFFFF)
    a_hi = a >> np.uint64(32)
    b_lo = b & np.uint64(0xFFFFFFFF)
    b_hi = b >> np.uint64(32)
    lo_lo = a_lo * b_lo
    hi_lo = a_hi * b_lo
    lo_hi = a_lo * b_hi
    hi_hi = a_hi * b_hi
    cross = (lo_lo >> np.uint64(32)) + (hi_lo & np.uint64(0xFFFFFFFF)) + lo_hi
    return (hi_lo >> np.uint64(32)) + (cross >> np.uint64(32)) + hi_hi


@njit
def shuffle_range(rng: Any, xs: Any, start: int, length: int) -> None:
    """Exploding Kittens' ``rules.shuffle`` over ``xs[start:start+length]``: Fisher-Yates with
    multiply-shift, ``j = (next64() * (i + 1)) >> 64``."""
    for i in range(length - 1, 0, -1):
        j = np.int64(mulhi(next64(rng), np.uint64(i + 1)))
        a = xs[start + i]
        xs[start + i] = xs[start + j]
        xs[start + j] = a


# -- MT19937 (random.Random, the agents' generator) ---------------------------------------
@njit
def _twist(mt: Any) -> None:
    upper = np.uint64(0x80000000)
    lower = np.uint64(0x7FFFFFFF)
    mag = np.uint64(0x9908B0DF)
    one = np.uint64(1)
    for kk in range(MT_N - MT_M):
        y = (mt[kk] & upper) | (mt[kk + 1] & lower)
        mt[kk] = mt[kk + MT_M] ^ (y >> one) ^ (mag if y & one else np.uint64(0))
    for kk in range(MT_N - MT_M, MT_N - 1):
        y = (mt[kk] & upper) | (mt[kk + 1] & lower)
        mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> one) ^ (mag if y & one else np.uint64(0))
    y = (mt[MT_N - 1] & upper) | (mt[0] & lower)
    mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> one) ^ (mag if y & one else np.uint64(0))


@njit
def genrand32(mt: Any) -> Any:
    """One 32-bit output; ``mt`` is a uint64 array of 625: the 624 words, then the index."""
    i = np.int64(mt[MT_N])
    if i >= MT_N:
        _twist(mt)
        i = np.int64(0)
    y = mt[i]
    mt[MT_N] = np.uint64(i + 1)
    y ^= y >> np.uint64(11)
    y ^= (y << np.uint64(7)) & np.uint64(0x9D2C5680)
    y ^= (y << np.uint64(15)) & np.uint64(0xEFC60000)
    y ^= y >> np.uint64(18)
    return y & np.uint64(0xFFFFFFFF)


@njit
def mt_below(mt: Any, n: int) -> Any:
    """``random.Random._randbelow(n)`` (getrandbits rejection): what ``choice`` uses."""
    k = bit_length(n)
    shift = np.uint64(32 - k)
    while True:
        r = np.int64(genrand32(mt) >> shift)
        if r < n:
            return r


@njit
def mt_random(mt: Any) -> float:
    """``random.Random.random()``: 53 bits from two outputs."""
    a = genrand32(mt) >> np.uint64(5)
    b = genrand32(mt) >> np.uint64(6)
    return (float(a) * 67108864.0 + float(b)) * (1.0 / 9007199254740992.0)


@njit
def mt_seed(mt: Any, seed: int) -> None:
    """``random.Random(seed)`` for 0 <= seed < 2**63: init_by_array over the seed's 32-bit
    words, as CPython seeds from an int."""
    mask = np.uint64(0xFFFFFFFF)
    lo = np.uint64(seed) & mask
    hi = np.uint64(seed) >> np.uint64(32)
    klen = 2 if hi else 1
    mt[0] = np.uint64(19650218)
    for i in range(1, MT_N):
        prev = mt[i - 1]
        mt[i] = (np.uint64(1812433253) * (prev ^ (prev >> np.uint64(30))) + np.uint64(i)) & mask
    i = 1
    j = 0
    for _ in range(max(MT_N, klen)):
        prev = mt[i - 1]
        key = lo if j == 0 else hi
        mt[i] = (
            (mt[i] ^ ((prev ^ (prev >> np.uint64(30))) * np.uint64(1664525))) + key + np.uint64(j)
        ) & mask
        i += 1
        j += 1
        if i >= MT_N:
            mt[0] = mt[MT_N - 1]
            i = 1
        if j >= klen:
            j = 0
    for _ in range(MT_N - 1):
        prev = mt[i - 1]
        mt[i] = (
            (mt[i] ^ ((prev ^ (prev >> np.uint64(30))) * np.uint64(1566083941))) - np.uint64(i)
        ) & mask
        i += 1
        if i >= MT_N:
            mt[0] = mt[MT_N - 1]
            i = 1
    mt[0] = np.uint64(0x80000000)
    mt[MT_N] = np.uint64(MT_N)


def mt_state(r: random.Random) -> np.ndarray:
    """The generator's state as the uint64 array the compiled code reads."""
    # the C base class's getstate: the 625 words without the Python wrapper's tuple
    words = _random.Random.getstate(r)
    return np.array(words, dtype=np.int64).view(np.uint64)  # words < 2**32: int64 is exact


def set_mt_state(r: random.Random, mt: np.ndarray) -> None:
    """Put the compiled code's state back into ``r`` (its cached Gaussian is left alone)."""
    _random.Random.setstate(r, tuple(mt.view(np.int64).tolist()))
