"""The seeded random generator every state carries.

A small generator of our own (SplitMix64) instead of :class:`random.Random`: its whole state is
one 64-bit integer, so it copies and serialises for free, and its output is fixed by this file,
not by the Python version, which is what bit-for-bit replays need.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    @classmethod
    def from_random(cls, rng: random.Random) -> Rng:
        """A fresh generator drawn from an outside ``random.Random`` (used by determinize)."""
        return cls(rng.getrandbits(64))

    def next64(self) -> int:
        self.state = s = (self.state + _GAMMA) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def randbelow(self, n: int) -> int:
        """Uniform integer in ``[0, n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        shift = 64 - n.bit_length()
        while True:
            r = self.next64() >> shift
            if r < n:
                return r

    def randint(self, a: int, b: int) -> int:
        return a + self.randbelow(b - a + 1)

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randbelow(len(seq))]

    def shuffle(self, xs: MutableSequence[T]) -> None:
        for i in range(len(xs) - 1, 0, -1):
            j = self.randbelow(i + 1)
            xs[i], xs[j] = xs[j], xs[i]

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def copy(self) -> Rng:
        return Rng(self.state)

    def to_json(self) -> str:
        # a string: JSON readers outside Python lose precision on 64-bit integers
        return format(self.state, "016x")

    @classmethod
    def from_json(cls, data: str) -> Rng:
        return cls(int(data, 16))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng(0x{self.state:016x})"
