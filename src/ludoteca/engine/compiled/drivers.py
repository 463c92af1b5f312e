"""The batch drivers every core shares, written once: many whole games dealt and played with
their results as columns (``play_games``: ``ludoteca simulate``'s block path, and
``Core.random_games``, the benchmarks'), and many states stepped or masked at once
(``step_many``/``legal_many``: ``Batch``, for RL). A game supplies only its own pieces (its
deal, its playout, its row of finals, its move and its legal moves) and gets the drivers
compiled around them: ``games/<game>/compiled/games.py`` and ``playout.py`` build theirs. So
are the observation's batch functions, around the game's compiled ``encode`` and its move,
seats to act and legal moves: many rows observed at once (``encode_many``) and a door's whole
step in one call (``advance``: ``rl/positions.py``), built by ``compiled/observation.py``.

How a driver is built, and why not as a closure: numba keys a closure's cache entries by a
pickle of its cells, and a pickled dispatcher carries a uuid drawn afresh in every process, so
a driver closing over the game's compiled functions would be compiled again by every process
(and its cache index grow). A driver here is instead the template's code with the game's pieces
bound as its globals (no cells), and with the game module's file as its file: numba then keeps
its cache in the game's own folder, under that module's name (``games.play_games-<line>``), and
``jit.py`` drops it with the rest of that folder's cache when any file of the folder, or of this
package, changes (tests/engine/test_compiled_cache.py). The one cost: a compile error inside a
driver names the game's file with this file's line numbers.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable
from typing import Any

import numpy as np

from .jit import njit
from .played import Columns, fill_columns
from .rng import MT_N, mt_seed_many

GAME_MOVES = 1 << 16  # the most moves one game may take in the record buffer (none comes near)
CHOOSE_AGENTS = 0  # the playouts' mode: seat p plays kinds[p] from mts[p] (engine/compiled)

# the pieces a template calls, bound by ``_bind`` (these placeholders are never called)
SIZE = 0


def deal(S: Any, T: Any, rng: Any, n: int, D: Any) -> None:  # pragma: no cover - placeholder
    """The game's deal of a new game for ``n`` seats into ``S`` from ``rng``; ``D``: what else
    the game's deal reads (its options, as the game's ``Core`` packs them)."""
    raise NotImplementedError


def playout(*args: Any) -> int:  # pragma: no cover - placeholder
    """The game's ``playout`` (one signature in every game: ``engine/compiled/core.py``)."""
    raise NotImplementedError


def finish(S: Any, T: Any, n: int, row: Any) -> None:  # pragma: no cover - placeholder
    """The game's row of finals for the finished game ``S``: what its result is made of."""
    raise NotImplementedError


def step(S: Any, T: Any, rng: Any, p: int, code: int) -> None:  # pragma: no cover
    """The game's move: seat ``p`` plays action ``code`` in ``S``, chance from ``rng``."""
    raise NotImplementedError


def legal(S: Any, T: Any, p: int, buf: Any) -> int:  # pragma: no cover - placeholder
    """The game's legal action codes for seat ``p`` into ``buf``; returns how many."""
    raise NotImplementedError


ACAP = 0  # the game's most legal actions in one position (``legal``'s buffer)


def actors(S: Any, out: Any) -> int:  # pragma: no cover - placeholder
    """The seats to act in ``S`` into ``out``; returns how many (0: the game is over)."""
    raise NotImplementedError


def encode(
    S: Any, L: Any, tmpl: Any, high: float, low: float, p: int, out: Any
) -> None:  # pragma: no cover
    """The game's compiled observation (``games/<game>/compiled/observation.py``): seat p's
    observation of ``S`` into ``out``."""
    raise NotImplementedError


# -- the templates ----------------------------------------------------------------------------
def _play_games(
    T: Any,
    H: Any,
    deals: Any,
    n: int,
    D: Any,
    seeds: Any,
    kinds: Any,
    risks: Any,
    record: bool,
    seats: Any,
    codes: Any,
    starts: Any,
    decisions: Any,
    finals: Any,
    first: int,
) -> int:
    """Games ``first``, ``first + 1``, ...: game g dealt for ``n`` seats from
    ``Rng(deals[g])`` (and the game's ``D``), seat p played as ``kinds[g, p]`` (``risks[g,
    p]``) drawing from ``random.Random(seeds[g, p])``; its moves (when ``record``) from
    ``starts[g]``, its decisions and its row of ``finals``. Stops before a game the move
    buffers might not hold; returns the next game to play (``fill_columns`` drives it)."""
    S = np.zeros(SIZE, dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    mts = np.zeros((n, MT_N + 1), dtype=np.uint64)
    empty = np.zeros(0, dtype=np.int64)
    cap = seats.shape[0]
    used = starts[first]
    g = first
    while g < deals.shape[0]:
        if record and cap - used < GAME_MOVES:
            break
        rng[0] = deals[g]
        # two generators seeded at once (mt_seed_pair), the same words as one by one
        mt_seed_many(mts, seeds[g])
        deal(S, T, rng, n, D)
        if record:
            m = playout(
                S,
                T,
                H,
                rng,
                mts,
                kinds[g],
                risks[g],
                CHOOSE_AGENTS,
                1 << 40,
                seats[used:],
                codes[used:],
            )
            used += m
        else:
            m = playout(S, T, H, rng, mts, kinds[g], risks[g], CHOOSE_AGENTS, 1 << 40, empty, empty)
        starts[g + 1] = used
        decisions[g] = m
        finish(S, T, n, finals[g])
        g += 1
    return g


def _step_many(Ss: Any, T: Any, rngs: Any, players: Any, codes: Any) -> None:
    """One move in each of many states (row g of ``Ss``, its generator ``rngs[g]``); a
    negative code leaves that row as it is."""
    for g in range(Ss.shape[0]):
        if codes[g] >= 0:
            step(Ss[g], T, rngs[g : g + 1], players[g], codes[g])


def _legal_many(Ss: Any, T: Any, players: Any, masks: Any) -> None:
    """The legal-action mask of each state's ``players[g]`` in ``masks[g]`` (action-space
    wide)."""
    buf = np.empty(ACAP, dtype=np.int64)
    for g in range(Ss.shape[0]):
        masks[g, :] = 0
        m = legal(Ss[g], T, players[g], buf)
        for i in range(m):
            masks[g, buf[i]] = 1


def _encode_many(
    Ss: Any, L: Any, tmpl: Any, high: float, low: float, players: Any, out: Any
) -> None:
    """Row g's observation for seat ``players[g]`` into ``out[g]`` (a batch, one call)."""
    for g in range(Ss.shape[0]):
        encode(Ss[g], L, tmpl, high, low, players[g], out[g])


def _advance(
    p: int, code: int, S: Any, T: Any, rng: Any, L: Any, tmpl: Any, high: float, low: float,
    acts: Any, buf: Any, mask: Any, out: Any,
) -> tuple[int, int]:  # fmt: skip
    """A door's step in one compiled call: play ``code`` for p (none if negative), then write
    the seats to act into ``acts`` and, for the first of them, its legal mask into ``mask``
    and its observation into ``out``. Returns how many seats act (0: the game is over) and
    the first of them (-1: none)."""
    if code >= 0:
        step(S, T, rng, p, code)
    n = actors(S, acts)
    if n > 0:
        q = acts[0]
        mask[:] = 0
        for i in range(legal(S, T, q, buf)):
            mask[buf[i]] = 1
        encode(S, L, tmpl, high, low, q, out)
        return n, q
    return 0, -1


def _bind(template: Callable[..., Any], module: str, **pieces: Any) -> Any:
    """``template`` compiled with ``pieces`` as its globals, cached as a function of the module
    named ``module`` (see the module's docstring)."""
    where = sys.modules[module].__file__
    assert where is not None
    name = template.__name__.lstrip("_")
    code = template.__code__.replace(co_filename=where, co_name=name, co_qualname=name)
    scope = dict(template.__globals__, **pieces)
    scope["__name__"] = module
    fn = types.FunctionType(code, scope, name)
    fn.__qualname__ = name
    fn.__doc__ = template.__doc__
    return njit(fn)


def play_games(
    module: str,
    size: int,
    deal: Callable[..., None],
    playout: Callable[..., int],
    finish: Callable[..., None],
) -> Any:
    """The game's compiled ``play_games`` (``_play_games``) for the module named ``module``:
    states of ``size`` numbers, dealt by ``deal(S, T, rng, n, D)``, played by ``playout``,
    their results written by ``finish(S, T, n, row)``."""
    return _bind(_play_games, module, SIZE=size, deal=deal, playout=playout, finish=finish)


def batch(
    module: str, step: Callable[..., None], legal: Callable[..., int], acap: int
) -> tuple[Any, Any]:
    """The game's compiled ``step_many`` and ``legal_many`` for the module named ``module``:
    ``step(S, T, rng, p, code)`` makes a move, ``legal(S, T, p, buf)`` lists the legal ones
    (``acap`` at most)."""
    return (
        _bind(_step_many, module, step=step),
        _bind(_legal_many, module, legal=legal, ACAP=acap),
    )


def observation(
    module: str,
    encode: Callable[..., None],
    step: Callable[..., None],
    actors: Callable[..., int],
    legal: Callable[..., int],
) -> tuple[Any, Any]:
    """The game's compiled ``encode_many`` and ``advance`` for the module named ``module`` (its
    ``compiled/observation.py``): ``encode(S, L, tmpl, high, low, p, out)`` writes one seat's
    observation, ``step(S, T, rng, p, code)`` makes a move (as ``batch``'s), ``actors(S, out)``
    lists the seats to act, ``legal(S, T, p, buf)`` the legal moves."""
    return (
        _bind(_encode_many, module, encode=encode),
        _bind(_advance, module, encode=encode, step=step, actors=actors, legal=legal),
    )


def run_games(
    play: Any,
    T: np.ndarray,
    H: np.ndarray,
    deals: np.ndarray,
    n: int,
    D: Any,
    seeds: np.ndarray,
    kinds: np.ndarray,
    risks: np.ndarray,
    record: bool,
    width: int,
    moves: int,
) -> Columns:
    """A compiled ``play_games`` over every game of ``deals``, its columns filled (rows of
    ``width`` finals; ``moves``: a game's moves to make room for at first)."""

    def run(record: bool, *columns: Any) -> int:
        return int(play(T, H, deals, n, D, seeds, kinds, risks, record, *columns))

    return fill_columns(run, len(deals), width, record, moves, GAME_MOVES)
