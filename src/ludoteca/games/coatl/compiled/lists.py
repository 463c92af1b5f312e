"""Coatl, compiled: lists kept in the flat array (a count slot, then the items); no twin, the
package's Python lists.
"""

from __future__ import annotations

from typing import Any

from ....engine.compiled.jit import njit
from ....engine.compiled.rng import randbelow


# -- lists in the array -------------------------------------------------------------------
@njit
def _remove(S: Any, base: int, nslot: int, x: int) -> bool:
    """``list.remove`` (the first equal item); False when it is not there."""
    k = S[nslot]
    for i in range(k):
        if S[base + i] == x:
            for j in range(i, k - 1):
                S[base + j] = S[base + j + 1]
            S[nslot] = k - 1
            return True
    return False


@njit
def _insort(S: Any, base: int, nslot: int, x: int) -> None:
    k = S[nslot]
    i = k
    while i > 0 and S[base + i - 1] > x:
        S[base + i] = S[base + i - 1]
        i -= 1
    S[base + i] = x
    S[nslot] = k + 1


@njit
def _push(S: Any, base: int, nslot: int, x: int) -> None:
    S[base + S[nslot]] = x
    S[nslot] += 1


@njit
def _contains(S: Any, base: int, k: int, x: int) -> bool:
    for i in range(k):  # noqa: SIM110 (a loop, not a generator, in compiled code)
        if S[base + i] == x:
            return True
    return False


@njit
def _shuffle(rng: Any, S: Any, base: int, k: int) -> None:
    """``Rng.shuffle`` (rejection sampling)."""
    for i in range(k - 1, 0, -1):
        j = randbelow(rng, i + 1)
        a = S[base + i]
        S[base + i] = S[base + j]
        S[base + j] = a
