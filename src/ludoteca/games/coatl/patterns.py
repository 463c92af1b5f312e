"""The pattern matcher: how many times a Coatl shows a Prophecy's pattern, and what it scores.

A Coatl is read as its colours from head to tail (``seq``: a list of colour ints, head and tail
pieces included). Occurrences never overlap: a piece counts in one occurrence of a card only.
Every counter here returns the largest number of non-overlapping occurrences; scanning from
the head and taking each occurrence as soon as it ends achieves that maximum for these
patterns (interval scheduling by earliest end).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from .cards import PROPHECIES, TEMPLE_BOTH, TEMPLE_ONE, TEMPLES, Condition, Prophecy

Counter = Callable[[Sequence[int]], int]


def count_colour(seq: Sequence[int], c: int) -> int:
    return seq.count(c)


def runs(seq: Sequence[int], c: int) -> list[int]:
    """Lengths of the maximal runs of colour ``c``, head to tail."""
    out: list[int] = []
    n = 0
    for x in seq:
        if x == c:
            n += 1
        elif n:
            out.append(n)
            n = 0
    if n:
        out.append(n)
    return out


def count_exact_pairs(seq: Sequence[int], c: int) -> int:
    return sum(1 for r in runs(seq, c) if r == 2)


def count_trios(seq: Sequence[int], c: int) -> int:
    return sum(r // 3 for r in runs(seq, c))


def count_sequence(seq: Sequence[int], pattern: Sequence[int]) -> int:
    """Non-overlapping occurrences of ``pattern`` as consecutive pieces, head to tail."""
    k = len(pattern)
    n = len(seq)
    i = 0
    found = 0
    pat = tuple(pattern)
    first = pat[0]
    s = tuple(seq)  # slices of a tuple compare without building lists
    while i + k <= n:
        # the first-colour test skips most slices (this runs for every listed move)
        if s[i] == first and s[i : i + k] == pat:
            found += 1
            i += k
        else:
            i += 1
    return found


def count_bridges(seq: Sequence[int], a: int, m: int, b: int) -> int:
    """``a``, one or more ``m``, then ``b``: the middle run is all of one colour."""
    n = len(seq)
    i = 0
    found = 0
    while i < n:
        if seq[i] == a:
            j = i + 1
            while j < n and seq[j] == m:
                j += 1
            if j > i + 1 and j < n and seq[j] == b:
                found += 1
                i = j + 1
                continue
        i += 1
    return found


def count_mirrors(seq: Sequence[int], a: int, b: int) -> int:
    """``a b``, at least one piece of any colour, then ``b a``."""
    n = len(seq)
    i = 0
    found = 0
    while i + 5 <= n:
        if seq[i] == a and seq[i + 1] == b:
            # the earliest closing pair ends this occurrence soonest
            j = i + 3
            while j + 1 < n and not (seq[j] == b and seq[j + 1] == a):
                j += 1
            if j + 1 < n:
                found += 1
                i = j + 2
                continue
            return found  # no closing pair after this opening, nor after any later one
        i += 1
    return found


def _counter(p: Prophecy) -> Counter:
    c = p.colours
    f = p.family
    if f == "colour_count":
        return lambda s: count_colour(s, c[0])
    if f == "exact_pair":
        return lambda s: count_exact_pairs(s, c[0])
    if f == "trio":
        return lambda s: count_trios(s, c[0])
    if f == "bridge":
        return lambda s: count_bridges(s, c[0], c[1], c[2])
    if f == "mirror":
        return lambda s: count_mirrors(s, c[0], c[1])
    # ordered_pair, alternating, two_two, three_two, rainbow: the colours as written
    return lambda s: count_sequence(s, c)


COUNTERS: tuple[Counter, ...] = tuple(_counter(p) for p in PROPHECIES)


def tier_points(p: Prophecy, occurrences: int) -> int:
    pts = 0
    for need, value in p.tiers:
        if occurrences >= need:
            pts = value
    return pts


def occurrences(ptype: int, seq: Sequence[int]) -> int:
    return COUNTERS[ptype](seq)


# points by number of occurrences, per type, for every count a Coatl can reach
_MAX_OCC = 64
POINTS_BY_COUNT: tuple[tuple[int, ...], ...] = tuple(
    tuple(tier_points(p, k) for k in range(_MAX_OCC)) for p in PROPHECIES
)


@lru_cache(maxsize=1 << 16)
def seq_points(ptype: int, seq: tuple[int, ...]) -> int:
    """``prophecy_points`` for a colour tuple: the memoised core, for callers that already
    hold a tuple (move generation), so no copy is made per call."""
    k = COUNTERS[ptype](seq)
    return POINTS_BY_COUNT[ptype][min(k, _MAX_OCC - 1)]


def prophecy_points(ptype: int, seq: Sequence[int]) -> int:
    """What Prophecy type ``ptype`` scores on a Coatl of colours ``seq`` (0: not fulfilled).

    Memoised: the same short Coatls are scored over and over while legal moves are listed."""
    return seq_points(ptype, tuple(seq))


def condition_met(cond: Condition, seq: Sequence[int]) -> bool:
    if cond.kind == "absent":
        return cond.colours[0] not in seq
    if cond.kind == "length":
        return len(seq) == cond.value
    a = count_colour(seq, cond.colours[0])
    return a > 0 and a == count_colour(seq, cond.colours[1])


def temple_points(temple: int, seq: Sequence[int]) -> int:
    """3 for one condition met, 7 for both (the [scoring] of temples.toml), else 0."""
    t = TEMPLES[temple]
    met = condition_met(t.a, seq) + condition_met(t.b, seq)
    return TEMPLE_BOTH if met == 2 else TEMPLE_ONE if met == 1 else 0
