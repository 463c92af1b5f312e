"""Compiled cores (numba), game-agnostic: where a game's core is found, and the drivers every
core shares (playouts, batches of games, the doors' observations).

A game's core lives in its own package, ``games/<game>/compiled/`` (its ``core.py`` has
``supported()`` and a ``Core`` subclass of ``core.Core``), beside the Python rules it twins; it
keeps the state as one flat int64 array and plays the same rules as the package, drawing chance
from the state's own SplitMix64 and the agents' choices from their ``random.Random`` exactly as
the Python agents would. So a playout here ends in the same state, with the same moves, as the
same playout through the engine. This package imports no game, agent, rl or cli module: a
game's core is found by the game's own package name (``<package>.compiled.core``), no table.

    from ludoteca.engine import compiled
    compiled.available("exploding-kittens")      # False without numba, or for a game with no core
    moves = compiled.play_random(state, rngs)     # each seat a RandomAgent: rngs[seat].choice(...)
    compiled.rollout(state, rng)                  # ISMCTS' random rollout: legal[int(rng.random()*k)]
    batch = compiled.Batch(game, states)          # many games stepped in one call (RL)

Agents (heuristic seats, ISMCTS' rollout policy) are played through ``agents/compiled.py``,
which knows which agent the core can play. Every function mutates ``state`` (and the
generators) as the reference would and falls back to nothing: callers ask ``available`` first
and keep the reference path otherwise.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import random
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from ..game import Game, GameState
from ..registry import game_package, get_game, list_games
from . import jit
from .core import HEURISTIC, RANDOM, Core

__all__ = [
    "AVAILABLE",
    "CHOOSE_AGENTS",
    "CHOOSE_SEARCH",
    "HEURISTIC",
    "RANDOM",
    "UNTIL_TURN",
    "Batch",
    "Core",
    "available",
    "batch_step",
    "core_for",
    "disabled",
    "has_core",
    "observer_for",
    "play_random",
    "play_seeded",
    "rollout",
    "stops_at_turn_change",
    "warm_up",
    "why_not",
]

AVAILABLE = jit.AVAILABLE

_CORES: dict[str, Core | None] = {}
_WHY: dict[str, str] = {}


def compiled_package(game: Game) -> str:
    """Where a game's compiled core lives: ``<the game's package>.compiled``."""
    return f"{game_package(game)}.compiled"


def _build(game: Game) -> Core | None:
    try:
        return _build_core(game)
    except ImportError as e:  # pragma: no cover - a broken numba installation
        _WHY[game.id] = f"numba does not load: {e}"
    except (AttributeError, KeyError, TypeError, ValueError) as e:
        # the game package moved something the core reads: play the reference, say why
        _WHY[game.id] = f"the core does not fit the game package any more ({type(e).__name__}: {e})"
    return None


def _has_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def _build_core(game: Game) -> Core | None:
    name = compiled_package(game) + ".core"
    if not _has_module(name):
        _WHY[game.id] = "no compiled core for this game yet"
        return None
    # imported only now (a compiled core, loaded lazily): the module compiles (or loads) its
    # core, and needs numba
    module = importlib.import_module(name)
    reason = module.supported()
    if reason:
        _WHY[game.id] = reason
        return None
    core: Core = module.Core(game)
    return core


_OFF = [False]


@contextlib.contextmanager
def disabled() -> Iterator[None]:
    """Within the block every caller takes the reference path (to compare the two)."""
    _OFF.append(True)
    try:
        yield
    finally:
        _OFF.pop()


def core_for(game: Game) -> Core | None:
    """The game's compiled core, or None (no numba, no core for this game, or a package the
    core no longer matches, or inside ``disabled()``)."""
    if not AVAILABLE or _OFF[-1]:
        return None
    if game.id not in _CORES:
        core = _CORES[game.id] = _build(game)
        if core is not None:
            # compile (or load the cache) now, taking turns with processes started together
            # (test workers, a pool): one compiles, the others then load what it wrote
            with jit.compile_lock(game.id):
                _exercise(game)
    return _CORES[game.id]


def observer_for(game: Game, encoder: Any, options: Any, low: float, high: float) -> Any:
    """The game's compiled observation (``games/<game>/compiled/observation.py``'s
    ``Observer``: ``observe(S, p)`` equal to ``encoder.encode(state.view(p))`` for the state S
    was loaded from), or None where the game has no core or no compiled observation yet.
    ``options``: the states' parsed options (the observation's template)."""
    if core_for(game) is None or not has_observer(game):
        return None
    # a compiled module, loaded lazily
    module = importlib.import_module(compiled_package(game) + ".observation")
    return module.Observer(encoder, options, low, high)


def has_observer(game: Game) -> bool:
    """Whether the game's core has a compiled observation (without loading it)."""
    return _has_module(compiled_package(game) + ".observation")


def has_core(game: Game | str) -> bool:
    """Whether numba is there and the game has a core, without building (compiling) it."""
    if not AVAILABLE:
        return False
    if isinstance(game, str):
        game = get_game(game)
    return _has_module(compiled_package(game) + ".core")


def available(game: Game | str) -> bool:
    if isinstance(game, str):
        game = get_game(game)
    return core_for(game) is not None


def why_not(game: Game | str) -> str:
    """Why ``available`` is False (empty when it is True)."""
    if not AVAILABLE:
        return jit.REASON
    if isinstance(game, str):
        game = get_game(game)
    if core_for(game) is not None:
        return ""
    return _WHY.get(game.id, "")


_NO_LIMIT = 1 << 62
CHOOSE_AGENTS, CHOOSE_SEARCH = 0, 1
UNTIL_TURN = 2  # a playout mode bit, with CHOOSE_SEARCH: stop when the player to move changes


def core_of(state: GameState) -> Core:
    core = core_for(state.game)
    if core is None:
        raise RuntimeError(f"no fast core for {state.game.id}: {why_not(state.game)}")
    return core


def play_random(
    state: GameState, rngs: Sequence[random.Random], record: bool = True
) -> list[tuple[int, int]]:
    """Play ``state`` to the end with a RandomAgent in every seat (``rngs[seat]`` is that
    agent's generator; the one who moves is ``actors[0]``, as the simulation runner does).
    Returns the moves as (seat, action code) when ``record``. State and generators end as the
    reference leaves them."""
    return play_generators(state, rngs, [RANDOM] * len(rngs), np.zeros(len(rngs)), record)


def play_generators(
    state: GameState,
    rngs: Sequence[random.Random],
    kinds: Sequence[int],
    risks: np.ndarray,
    record: bool = True,
) -> list[tuple[int, int]]:
    """``play_random`` with seat p played as ``kinds[p]`` (RANDOM, HEURISTIC with risk
    ``risks[p]``) drawing from ``rngs[p]``, which end as the reference leaves them."""
    from .rng import mt_state, set_mt_state  # compiled code: numba loads with it, lazily

    mts = np.stack([mt_state(r) for r in rngs])
    k = np.array(kinds, dtype=np.int64)
    moves = _play(state, mts, k, risks, CHOOSE_AGENTS, None, record)
    for r, mt in zip(rngs, mts, strict=True):
        set_mt_state(r, mt)
    return moves


def play_seeded(
    state: GameState,
    seeds: Sequence[int],
    kinds: Sequence[int] | None = None,
    risks: np.ndarray | None = None,
    record: bool = True,
) -> list[tuple[int, int]]:
    """``play_generators`` with seat p's generator ``random.Random(seeds[p])``, fresh: seeded
    in compiled code, and dropped afterwards (the simulation runner's agents live one game).
    ``kinds`` default: all RANDOM."""
    from .rng import MT_N, mt_seed  # compiled code: numba loads with it, lazily

    n = len(seeds)
    mts = np.zeros((n, MT_N + 1), dtype=np.uint64)
    for p, seed in enumerate(seeds):
        if not 0 <= seed < 1 << 63:
            raise ValueError("seeds must be in 0 .. 2**63 - 1")
        mt_seed(mts[p], seed)
    k = np.zeros(n, dtype=np.int64) if kinds is None else np.array(kinds, dtype=np.int64)
    return _play(
        state, mts, k, np.zeros(n) if risks is None else risks, CHOOSE_AGENTS, None, record
    )


def _play(
    state: GameState,
    mts: np.ndarray,
    kinds: np.ndarray,
    risks: np.ndarray,
    mode: int,
    max_steps: int | None,
    record: bool,
) -> list[tuple[int, int]]:
    core = core_of(state)
    S = core.load(state)
    rng = np.array([state.rng.state], dtype=np.uint64)  # type: ignore[attr-defined]
    cap = 1 << 16 if record else 0
    seats = np.empty(cap, dtype=np.int64)
    codes = np.empty(cap, dtype=np.int64)
    limit = _NO_LIMIT if max_steps is None else max_steps
    steps = core.playout(S, rng, mts, kinds, risks, mode, limit, seats, codes)
    if record and steps > cap:  # pragma: no cover - no game of ours is this long
        raise RuntimeError("playout longer than its record buffer")
    core.store(S, state)
    state.rng.state = int(rng[0])  # type: ignore[attr-defined]
    if not record:
        return [(-1, -1)] * steps
    return list(zip(seats[:steps].tolist(), codes[:steps].tolist(), strict=True))


def stops_at_turn_change(game: Game) -> bool:
    """Whether ``rollout(..., until_turn_change=True)`` is there for the game (its core knows
    when a turn ends)."""
    core = core_for(game)
    return core is not None and core.stops_at_turn_change


def rollout(
    state: GameState,
    rng: random.Random,
    max_steps: int | None = None,
    until_turn_change: bool = False,
    mt: np.ndarray | None = None,
    kind: int = RANDOM,
    risk: float = 0.0,
) -> int:
    """ISMCTS' rollout: ``legal[int(rng.random() * len(legal))]`` for ``actors[0]`` until the
    end (or ``max_steps`` moves); ``kind`` HEURISTIC: the game's compiled heuristic (with
    ``risk``, drawing from ``rng``) plays every seat, asked only when there is a choice, as
    ``rollout=heuristic`` does (``agents/compiled.py`` says which agent that is).
    ``until_turn_change``: stop too when the player to move changes (where
    ``stops_at_turn_change``). ``mt``: the generator's words (``rng.mt_state`` of it) to draw
    from instead, advanced in place, the generator itself left alone (a caller that starts
    every playout from one fixed state need not read and write a ``random.Random``).
    Returns the moves made."""
    from .rng import mt_state, set_mt_state  # compiled code: numba loads with it, lazily

    core = core_of(state)
    mode = CHOOSE_SEARCH
    if until_turn_change:
        if not core.stops_at_turn_change:
            raise ValueError(f"the {state.game.id} core cannot stop at the end of a turn")
        mode |= UNTIL_TURN
    kinds = np.full(1, kind, dtype=np.int64)
    risks = np.full(1, risk)
    mts = (mt_state(rng) if mt is None else mt).reshape(1, -1)
    steps = len(_play(state, mts, kinds, risks, mode, max_steps, False))
    if mt is None:
        set_mt_state(rng, mts[0])
    return steps


class Batch:
    """Many games of one title as rows of one array, stepped together (for RL).

    ``legal_masks(players)`` gives each row's legal-action mask for a seat; ``step(players,
    codes)`` applies one move in every row. ``states()`` writes the rows back into the
    ``GameState`` objects (the reference's own objects: view, result, to_json all work)."""

    def __init__(self, game: Game, states: Sequence[GameState]) -> None:
        core = core_for(game)
        if core is None:
            raise RuntimeError(f"no fast core for {game.id}: {why_not(game)}")
        self.core = core
        self._states = list(states)
        self.S = np.stack([core.load(s) for s in self._states])
        self.rngs = np.array([s.rng.state for s in self._states], dtype=np.uint64)  # type: ignore[attr-defined]

    def __len__(self) -> int:
        return len(self._states)

    def actors(self) -> list[tuple[int, ...]]:
        return [self.core.actors(row) for row in self.S]

    def legal_masks(self, players: Sequence[int]) -> np.ndarray:
        masks = np.zeros((len(self), self.core.game.action_space_size), dtype=np.int8)
        self.core.legal_many(self.S, np.asarray(players, dtype=np.int64), masks)
        return masks

    def step(self, players: Sequence[int], codes: Sequence[int]) -> None:
        """One legal move per row (checked against the masks by the caller: the core trusts it)."""
        self.core.apply_many(
            self.S, self.rngs, np.asarray(players, dtype=np.int64), np.asarray(codes, np.int64)
        )

    def states(self) -> list[GameState]:
        for row, rng, st in zip(self.S, self.rngs, self._states, strict=True):
            self.core.store(row, st)
            st.rng.state = int(rng)  # type: ignore[attr-defined]
        return self._states


def _exercise(game: Game) -> None:
    """Every compiled entry point once, on a small game (the heuristic's code is compiled with
    the playout that calls it: numba compiles every branch)."""
    st = game.new_game(game.min_players, 0, {})
    batch = Batch(game, [st.clone()])
    p = st.actors[0]
    batch.legal_masks([p])
    batch.step([p], [-1])
    rollout(st.clone(), random.Random(0), 3)
    n = st.num_players
    play_random(st.clone(), [random.Random(q) for q in range(n)])
    play_seeded(st, list(range(n)))


def warm_up(games: Sequence[str] | None = None) -> float:
    """Compile (or load from the cache) every core now; returns the seconds it took."""
    import time

    t0 = time.perf_counter()
    for gid in list(games) if games is not None else [g.id for g in list_games()]:
        core_for(get_game(gid))
    return time.perf_counter() - t0


def batch_step(states: Sequence[GameState], actions: Sequence[Any]) -> list[GameState]:
    """One move in each state (``actions[i]``: an Action or its code, for ``actors[0]``), in
    one compiled call; the states are updated in place and returned."""
    if not states:
        return []
    game = states[0].game
    codes = [a if isinstance(a, int) else game.encode(a) for a in actions]
    for st, c in zip(states, codes, strict=True):
        p = st.actors[0]
        if not st.is_legal(p, game.decode(c)):
            raise ValueError(f"action {c} is not legal for seat {p}")
    batch = Batch(game, states)
    batch.step([st.actors[0] for st in states], codes)
    return batch.states()
