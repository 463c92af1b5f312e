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


def _init_genrand(s: int) -> np.ndarray:
    """CPython's ``init_genrand(s)``: the 624 words ``init_by_array`` starts from."""
    mt = np.empty(MT_N, dtype=np.uint64)
    x = s
    for i in range(MT_N):
        mt[i] = x
        x = (1812433253 * (x ^ (x >> 30)) + i + 1) & 0xFFFFFFFF
    return mt


# Seeding from an int always starts from init_genrand(19650218), whatever the seed: computed
# once here, not 624 dependent multiplies per seeding (a third of its time). numba freezes the
# array into the compiled functions as a constant (and into their disk cache; jit.py drops that
# cache when this file changes).
MT_INIT = _init_genrand(19650218)
MT_INIT.flags.writeable = False

# init_by_array's two mixing multipliers
_MIX1 = np.uint64(1664525)
_MIX2 = np.uint64(1566083941)


@njit
def _key_adds(seed: Any) -> tuple[Any, Any]:
    """What ``init_by_array``'s first pass adds, ``key[j] + j``, at even and at odd steps:
    an int seed is its 32-bit words, low first (one word below 2**32, else two)."""
    lo = np.uint64(seed) & np.uint64(0xFFFFFFFF)
    hi = np.uint64(seed) >> np.uint64(32)
    return lo, (hi + np.uint64(1) if hi else lo)


@njit
def mt_seed(mt: Any, seed: Any) -> None:
    """``random.Random(seed)`` for 0 <= seed < 2**64 (an int, int64 or uint64): CPython's
    ``init_by_array`` over the seed's 32-bit words, from ``MT_INIT``.

    The loops are CPython's with their wrap-around unrolled (i runs 1..623, then word 1 once
    more after word 0 takes word 623), and the word just made is carried to the next step in
    a register, not read back from the array: each step waits on the one before it, so that
    chain is the whole cost."""
    mask = np.uint64(0xFFFFFFFF)
    even, odd = _key_adds(seed)
    prev = MT_INIT[0]
    mt[0] = prev
    for i in range(1, MT_N):  # first pass, steps 0..622: key word (i - 1) % klen
        add = even if i & 1 else odd
        prev = ((MT_INIT[i] ^ ((prev ^ (prev >> np.uint64(30))) * _MIX1)) + add) & mask
        mt[i] = prev
    mt[0] = prev
    prev = ((mt[1] ^ ((prev ^ (prev >> np.uint64(30))) * _MIX1)) + odd) & mask  # step 623
    mt[1] = prev
    for i in range(2, MT_N):  # second pass: 623 steps, words 2..623 then word 1
        prev = ((mt[i] ^ ((prev ^ (prev >> np.uint64(30))) * _MIX2)) - np.uint64(i)) & mask
        mt[i] = prev
    mt[0] = prev
    mt[1] = ((mt[1] ^ ((prev ^ (prev >> np.uint64(30))) * _MIX2)) - np.uint64(1)) & mask
    mt[0] = np.uint64(0x80000000)
    mt[MT_N] = np.uint64(MT_N)


@njit
def mt_seed_pair(a: Any, sa: Any, b: Any, sb: Any) -> None:
    """``mt_seed(a, sa)`` and ``mt_seed(b, sb)`` in one loop: the two chains of dependent
    steps are independent of each other, so the CPU runs them side by side (about 1.5x the
    two calls one after the other)."""
    mask = np.uint64(0xFFFFFFFF)
    s30 = np.uint64(30)
    ea, oa = _key_adds(sa)
    eb, ob = _key_adds(sb)
    pa = MT_INIT[0]
    pb = pa
    a[0] = pa
    b[0] = pb
    for i in range(1, MT_N):
        w = MT_INIT[i]
        odd_step = (i & 1) == 0
        pa = ((w ^ ((pa ^ (pa >> s30)) * _MIX1)) + (oa if odd_step else ea)) & mask
        pb = ((w ^ ((pb ^ (pb >> s30)) * _MIX1)) + (ob if odd_step else eb)) & mask
        a[i] = pa
        b[i] = pb
    a[0] = pa
    b[0] = pb
    pa = ((a[1] ^ ((pa ^ (pa >> s30)) * _MIX1)) + oa) & mask
    pb = ((b[1] ^ ((pb ^ (pb >> s30)) * _MIX1)) + ob) & mask
    a[1] = pa
    b[1] = pb
    for i in range(2, MT_N):
        k = np.uint64(i)
        pa = ((a[i] ^ ((pa ^ (pa >> s30)) * _MIX2)) - k) & mask
        pb = ((b[i] ^ ((pb ^ (pb >> s30)) * _MIX2)) - k) & mask
        a[i] = pa
        b[i] = pb
    one = np.uint64(1)
    a[1] = ((a[1] ^ ((pa ^ (pa >> s30)) * _MIX2)) - one) & mask
    b[1] = ((b[1] ^ ((pb ^ (pb >> s30)) * _MIX2)) - one) & mask
    a[0] = np.uint64(0x80000000)
    b[0] = np.uint64(0x80000000)
    a[MT_N] = np.uint64(MT_N)
    b[MT_N] = np.uint64(MT_N)


@njit
def mt_seed_many(mts: Any, seeds: Any) -> None:
    """Row p of ``mts`` seeded ``random.Random(seeds[p])``, for every p of ``seeds``: two at a
    time (``mt_seed_pair``), the last alone when there are an odd number."""
    n = len(seeds)
    for p in range(0, n - 1, 2):
        mt_seed_pair(mts[p], seeds[p], mts[p + 1], seeds[p + 1])
    if n & 1:
        mt_seed(mts[n - 1], seeds[n - 1])


def mt_state(r: random.Random) -> np.ndarray:
    """The generator's state as the uint64 array the compiled code reads."""
    # the C base class's getstate: the 625 words without the Python wrapper's tuple
    words = _random.Random.getstate(r)
    return np.array(words, dtype=np.int64).view(np.uint64)  # words < 2**32: int64 is exact


def set_mt_state(r: random.Random, mt: np.ndarray) -> None:
    """Put the compiled code's state back into ``r`` (its cached Gaussian is left alone)."""
    _random.Random.setstate(r, tuple(mt.view(np.int64).tolist()))
