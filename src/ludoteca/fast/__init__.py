"""The fast playout core: random playouts in compiled code (numba), bit for bit the reference's.

A game's core (``fast/<game>.py``) keeps the state as one flat int64 array and plays the same
rules as the game's package, drawing chance from the state's own SplitMix64 and the agents'
choices from their ``random.Random`` exactly as the Python agents would. So a playout here
ends in the same state, with the same moves, as the same playout through the engine.

    from ludoteca import fast
    fast.available("exploding-kittens")      # False without numba, or for a game with no core
    moves = fast.play_random(state, rngs)     # each seat a RandomAgent: rngs[seat].choice(...)
    fast.rollout(state, rng)                  # ISMCTS' random rollout: legal[int(rng.random()*k)]
    batch = fast.Batch(game, states)          # many games stepped in one call (RL)

Every function mutates ``state`` (and the generators) as the reference would and falls back to
nothing: callers ask ``available`` first and keep the reference path otherwise.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import random
from collections.abc import Iterator, Sequence
from typing import Any, Protocol

import numpy as np

from ..agents.base import Agent
from ..agents.random_agent import RandomAgent
from ..engine import GameState
from ..engine.game import Game
from . import _jit

__all__ = [
    "AVAILABLE",
    "Batch",
    "available",
    "batch_step",
    "core_for",
    "disabled",
    "has_core",
    "observer_for",
    "play_agents",
    "play_random",
    "play_seeded",
    "playout",
    "rollout",
    "stops_at_turn_change",
    "warm_up",
    "why_not",
]

AVAILABLE = _jit.AVAILABLE


class Core(Protocol):
    """What a game's core offers (see ``fast/exploding_kittens.py``)."""

    game: Game
    table: np.ndarray
    size: int
    heuristic_class: type | None  # the heuristic agent it plays in compiled code, if any
    search_pays: bool  # whether ISMCTS gains from it (measured): else the search plays on

    def load(self, state: GameState) -> np.ndarray: ...
    def store(self, S: np.ndarray, state: GameState) -> None: ...
    def playout(
        self,
        S: np.ndarray,
        rng: np.ndarray,
        mts: np.ndarray,
        kinds: np.ndarray,
        risks: np.ndarray,
        mode: int,
        max_steps: int,
        seats: np.ndarray,
        codes: np.ndarray,
    ) -> int: ...
    def apply_many(
        self, Ss: np.ndarray, rngs: np.ndarray, players: np.ndarray, codes: np.ndarray
    ) -> None: ...
    def legal_many(self, Ss: np.ndarray, players: np.ndarray, masks: np.ndarray) -> None: ...
    def actors(self, S: np.ndarray) -> tuple[int, ...]: ...


_CORES: dict[str, Core | None] = {}
_WHY: dict[str, str] = {}


def _build(game: Game) -> Core | None:
    try:
        return _build_core(game)
    except ImportError as e:  # pragma: no cover - a broken numba installation
        _WHY[game.id] = f"numba does not load: {e}"
    except (AttributeError, KeyError, TypeError, ValueError) as e:
        # the game package moved something the core reads: play the reference, say why
        _WHY[game.id] = f"the core does not fit the game package any more ({type(e).__name__}: {e})"
    return None


# game id -> (module of fast/, its core class); each module has ``supported() -> str | None``
_MODULES = {
    "exploding-kittens": ("exploding_kittens", "EKCore"),
    "nine-domains": ("nine_domains", "NDCore"),
    "coatl": ("coatl", "CoatlCore"),
    "sala-de-miaula": ("sala_de_miaula", "SalaCore"),
}


def _build_core(game: Game) -> Core | None:
    entry = _MODULES.get(game.id)
    if entry is None:
        _WHY[game.id] = "no compiled core for this game yet"
        return None
    # imported only now: the module compiles (or loads) its core, and needs numba
    module = importlib.import_module(f".{entry[0]}", __name__)
    reason = module.supported()
    if reason:
        _WHY[game.id] = reason
        return None
    core: Core = getattr(module, entry[1])(game)
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
            with _jit.compile_lock(game.id):
                _exercise(game)
    return _CORES[game.id]


def observer_for(game: Game, encoder: Any, options: Any, low: float, high: float) -> Any:
    """The game's compiled observation (``fast/<game>_obs.py``'s ``Observer``: ``observe(S, p)``
    equal to ``encoder.encode_state(state, p)`` for the state S was loaded from), or None where
    the game has no core or no compiled observation yet. ``options``: the states' parsed
    options (the observation's template)."""
    if core_for(game) is None:
        return None
    name = f"{__name__}.{_MODULES[game.id][0]}_obs"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name).Observer(encoder, options, low, high)


def has_core(game_id: str) -> bool:
    """Whether numba is there and the game has a core, without building (compiling) it."""
    return AVAILABLE and game_id in _MODULES


def available(game: Game | str) -> bool:
    if isinstance(game, str):
        from ..engine import get_game

        game = get_game(game)
    return core_for(game) is not None


def why_not(game: Game | str) -> str:
    """Why ``available`` is False (empty when it is True)."""
    if not AVAILABLE:
        return _jit.REASON
    if isinstance(game, str):
        from ..engine import get_game

        game = get_game(game)
    if core_for(game) is not None:
        return ""
    return _WHY.get(game.id, "")


_EMPTY = np.zeros(0, dtype=np.int64)
_NO_LIMIT = 1 << 62
CHOOSE_AGENTS, CHOOSE_SEARCH = 0, 1


def _core(state: GameState) -> Core:
    core = core_for(state.game)
    if core is None:
        raise RuntimeError(f"no fast core for {state.game.id}: {why_not(state.game)}")
    return core


RANDOM, HEURISTIC = 0, 1
UNTIL_TURN = 2  # a playout mode bit, with CHOOSE_SEARCH: stop when the player to move changes


def seat_kind(core: Core, agent: Agent) -> int | None:
    """How the core plays ``agent``: RANDOM, HEURISTIC, or None (it cannot)."""
    if type(agent) is RandomAgent:
        return RANDOM
    if core.heuristic_class is not None and type(agent) is core.heuristic_class:
        fits = getattr(core, "heuristic_fits", None)  # a core may compile only some settings
        if fits is None or fits(agent):
            return HEURISTIC
    return None


def _risks(agents: Sequence[Agent | None]) -> np.ndarray:
    return np.array([float(getattr(a, "risk", 0.0)) for a in agents], dtype=np.float64)


def play_random(
    state: GameState, rngs: Sequence[random.Random], record: bool = True
) -> list[tuple[int, int]]:
    """Play ``state`` to the end with a RandomAgent in every seat (``rngs[seat]`` is that
    agent's generator; the one who moves is ``actors[0]``, as the simulation runner does).
    Returns the moves as (seat, action code) when ``record``. State and generators end as the
    reference leaves them."""
    from .rng import mt_state, set_mt_state

    mts = np.stack([mt_state(r) for r in rngs])
    kinds = np.zeros(len(rngs), dtype=np.int64)
    moves = _play(state, mts, kinds, np.zeros(len(rngs)), CHOOSE_AGENTS, None, record)
    for r, mt in zip(rngs, mts, strict=True):
        set_mt_state(r, mt)
    return moves


def play_agents(
    state: GameState, agents: Sequence[Agent], record: bool = True
) -> list[tuple[int, int]]:
    """``play_random`` for agents the core knows (``seat_kind``): random and, where the game's
    core has it, heuristic ones; their generators advance as in the reference."""
    core = _core(state)
    kinds = [seat_kind(core, a) for a in agents]
    if None in kinds:
        raise ValueError("the core cannot play every one of these agents")
    from .rng import mt_state, set_mt_state

    mts = np.stack([mt_state(a.rng) for a in agents])
    k = np.array(kinds, dtype=np.int64)
    moves = _play(state, mts, k, _risks(agents), CHOOSE_AGENTS, None, record)
    for a, mt in zip(agents, mts, strict=True):
        set_mt_state(a.rng, mt)
    return moves


def play_seeded(
    state: GameState,
    seeds: Sequence[int],
    kinds: Sequence[int] | None = None,
    agents: Sequence[Agent | None] | None = None,
    record: bool = True,
) -> list[tuple[int, int]]:
    """``play_agents`` with seat p's generator ``random.Random(seeds[p])``, fresh: seeded in
    compiled code, and dropped afterwards (the simulation runner's agents live one game).
    ``kinds`` default: all RANDOM; ``agents`` gives the heuristic seats' options."""
    from .rng import MT_N, mt_seed

    n = len(seeds)
    mts = np.zeros((n, MT_N + 1), dtype=np.uint64)
    for p, seed in enumerate(seeds):
        if not 0 <= seed < 1 << 63:
            raise ValueError("seeds must be in 0 .. 2**63 - 1")
        mt_seed(mts[p], seed)
    k = np.zeros(n, dtype=np.int64) if kinds is None else np.array(kinds, dtype=np.int64)
    risks = _risks(agents) if agents is not None else np.zeros(n)
    return _play(state, mts, k, risks, CHOOSE_AGENTS, None, record)


def _play(
    state: GameState,
    mts: np.ndarray,
    kinds: np.ndarray,
    risks: np.ndarray,
    mode: int,
    max_steps: int | None,
    record: bool,
) -> list[tuple[int, int]]:
    core = _core(state)
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
    return core is not None and bool(getattr(core, "stops_at_turn_change", False))


def rollout(
    state: GameState,
    rng: random.Random,
    max_steps: int | None = None,
    heuristic: Agent | None = None,
    until_turn_change: bool = False,
    mt: np.ndarray | None = None,
) -> int:
    """ISMCTS' rollout: ``legal[int(rng.random() * len(legal))]`` for ``actors[0]`` until the
    end (or ``max_steps`` moves); with ``heuristic`` (an agent the core knows), that agent
    plays every seat, asked only when there is a choice, as ``rollout=heuristic`` does.
    ``until_turn_change``: stop too when the player to move changes (where
    ``stops_at_turn_change``). ``mt``: the generator's words (``rng.mt_state`` of it) to draw
    from instead, advanced in place, the generator itself left alone (a caller that starts
    every playout from one fixed state need not read and write a ``random.Random``).
    Returns the moves made."""
    from .rng import mt_state, set_mt_state

    core = _core(state)
    mode = CHOOSE_SEARCH
    if until_turn_change:
        if not getattr(core, "stops_at_turn_change", False):
            raise ValueError(f"the {state.game.id} core cannot stop at the end of a turn")
        mode |= UNTIL_TURN
    source = rng if heuristic is None else heuristic.rng
    if heuristic is None:
        kinds = np.zeros(1, dtype=np.int64)
        risks = np.zeros(1)
    else:
        if seat_kind(core, heuristic) != HEURISTIC:
            raise ValueError("the core has no compiled version of this agent")
        kinds = np.ones(1, dtype=np.int64)
        risks = _risks([heuristic])
    mts = (mt_state(source) if mt is None else mt).reshape(1, -1)
    steps = len(_play(state, mts, kinds, risks, mode, max_steps, False))
    if mt is None:
        set_mt_state(source, mts[0])
    return steps


def playout(state: GameState, agent_kind: str = "random", seed: int = 0) -> GameState:
    """A rollout of ``state`` (in place) as ISMCTS plays one: ``random`` with
    ``random.Random(seed)`` choosing, or ``heuristic`` (the game's heuristic agent seeded
    ``seed``, where the core has it). Returns the state."""
    if agent_kind == "random":
        rollout(state, random.Random(seed))
    elif agent_kind == "heuristic":
        from ..agents import make_agent

        rollout(state, random.Random(seed), heuristic=make_agent("heuristic", state.game, seed))
    else:
        raise ValueError(f"agent_kind must be 'random' or 'heuristic', not {agent_kind!r}")
    return state


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
    """Every compiled entry point once, on a small game."""
    st = game.new_game(game.min_players, 0, {})
    batch = Batch(game, [st.clone()])
    p = st.actors[0]
    batch.legal_masks([p])
    batch.step([p], [-1])
    rollout(st.clone(), random.Random(0), 3)
    n = st.num_players
    play_random(st.clone(), [random.Random(q) for q in range(n)])
    core = _CORES[game.id]
    if core is not None and core.heuristic_class is not None:
        agent = core.heuristic_class(seed=0)
        rollout(st.clone(), random.Random(0), 3, heuristic=agent)
        play_agents(st.clone(), [agent] * n)
    play_seeded(st, list(range(n)))


def warm_up(games: Sequence[str] | None = None) -> float:
    """Compile (or load from the cache) every core now; returns the seconds it took."""
    import time

    from ..engine import get_game, list_games

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
