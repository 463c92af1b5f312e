"""Games' texts laid out into one buffer in compiled code: ``sim/render.py``'s chunks.

A chunk of ``simulate``'s JSON Lines is tens of thousands of short texts (an Exploding Kittens
game at ten seats: 782 moves of about 28 bytes, and some twenty other pieces). Laid out by
numpy as indices into an object array of texts, picked, listed and joined by ``bytes.join``, a
text cost 25-30 ns, a sixth of that game. Here each text is one ``memcpy`` from a pool of all
the texts into the chunk, read straight from the games' cells and moves: about 5 ns a text
(measured: a byte loop in numba 40 ns a text, slice assignment 23; numba makes neither a
``memcpy`` call for short copies, hence the intrinsic).

Imported when a block is rendered (numba is loaded by then: the core that played it); without
numba ``lay_out`` runs as Python (slices copied), the same bytes.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..engine.compiled import jit
from .render import SLACK

# a text of at most SLACK bytes is copied as SLACK bytes (what follows it in the pool, written
# past its end, is overwritten by the next text): a pool and the buffer hold SLACK bytes more

if jit.AVAILABLE:
    from llvmlite import ir  # type: ignore[import-untyped]
    from numba import types
    from numba.core import cgutils
    from numba.extending import intrinsic

    @intrinsic
    def _memcpy(typingctx: Any, dst: Any, src: Any, count: Any) -> Any:
        """``memcpy(dst, src, count)`` on addresses (``array.ctypes.data`` plus an offset)."""
        sig = types.void(types.uintp, types.uintp, types.intp)

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            d, s, n = args
            byte = ir.IntType(8).as_pointer()
            cgutils.raw_memcpy(builder, builder.inttoptr(d, byte), builder.inttoptr(s, byte), n, 1)
            return context.get_dummy_value()

        return sig, codegen

    @intrinsic
    def _copy_short(typingctx: Any, dst: Any, src: Any) -> Any:
        """``memcpy(dst, src, SLACK)``: a copy of a known length, which the compiler makes
        a few vector moves in place (no call, no branch on the length)."""
        sig = types.void(types.uintp, types.uintp)

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            d, s = args
            byte = ir.IntType(8).as_pointer()
            n = ir.Constant(ir.IntType(64), SLACK)
            cgutils.raw_memcpy(builder, builder.inttoptr(d, byte), builder.inttoptr(s, byte), n, 1)
            return context.get_dummy_value()

        return sig, codegen

    @jit.njit
    def _put(out: np.ndarray, pos: int, pool: np.ndarray, starts: np.ndarray, k: int) -> int:
        """Text k of the pool at ``out[pos:]``; where the text ends."""
        a = starts[k]
        n = starts[k + 1] - a
        if n <= SLACK:  # SLACK bytes copied, n kept: the pool and the buffer have SLACK more
            _copy_short(out.ctypes.data + pos, pool.ctypes.data + a)  # type: ignore[call-arg]
        else:
            _memcpy(out.ctypes.data + pos, pool.ctypes.data + a, n)  # type: ignore[call-arg]
        return pos + n


def _put_python(out: np.ndarray, pos: int, pool: np.ndarray, starts: np.ndarray, k: int) -> int:
    """``_put`` without numba (``lay_out`` runs as Python there): the text's slice copied."""
    a = starts[k]
    n = starts[k + 1] - a
    out[pos : pos + n] = pool[a : a + n]
    return pos + n


if not jit.AVAILABLE:
    _put = _put_python


@jit.njit
def lay_out(
    cells: np.ndarray,
    h: int,
    at: np.ndarray,
    seats: np.ndarray,
    codes: np.ndarray,
    per_seat: int,
    half: int,
    longest: int,
    pool: np.ndarray,
    starts: np.ndarray,
) -> np.ndarray:
    """The texts of games ``cells.shape[0]``, one after the other, from a pool of texts (text
    k: ``pool[starts[k] : starts[k + 1]]``, UTF-8): game i's is its cells ``cells[i, :h]``,
    then its moves, ``at[i]`` .. ``at[i + 1] - 1``, move m's text ``seats[m] * per_seat +
    codes[m]`` (a game's first move), or ``half`` further (a later move: after ", "), none
    longer than ``longest``, then its cells ``cells[i, h:]``."""
    games, width = cells.shape
    # room: the cells' lengths, and the moves' at most ``longest`` each (a pass over the moves
    # to add up their lengths cost 2-3 ns a move; the room past the text is never touched)
    room = (at[games] - at[0]) * longest
    for i in range(games):
        for j in range(width):
            k = cells[i, j]
            room += starts[k + 1] - starts[k]
    out = np.empty(room + SLACK, dtype=np.uint8)
    pos = 0
    for i in range(games):
        for j in range(h):
            pos = _put(out, pos, pool, starts, cells[i, j])
        for m in range(at[i], at[i + 1]):
            k = seats[m] * per_seat + codes[m] + (half if m > at[i] else 0)
            pos = _put(out, pos, pool, starts, k)
        for j in range(h, width):
            pos = _put(out, pos, pool, starts, cells[i, j])
    return out[:pos]
