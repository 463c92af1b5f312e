"""The position a door plays on, kept one of two ways behind one interface.

- ``StatePosition``: the engine's ``GameState``. The observation is ``encode_state``; the
  legal actions are read once per decision (``Seats.legal``).
- ``CorePosition``: the compiled core's flat array (``games/<game>/compiled/``), stepped and observed in
  compiled code. A ``GameState`` is written from the array only when someone asks for it
  (``state``: a render, the payoffs at the end, a caller reading ``env.game_state``), because
  moving a state into or out of the core costs several engine decisions.

Both play the same game, bit for bit: the deal is the engine's (``new_game``, then ``load``),
the core's moves are tested equal to the rules' (tests/games/<game>/test_compiled.py), its observation equal to
``encode(view(p))`` (tests/rl/test_obs_core*.py), and the two positions are compared step for
step in tests/rl/test_positions.py. The doors take the core where there is one (numba
installed, the game has a core and a compiled observation) unless given ``core=False``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np

from ..agents.compiled import seat_kind
from ..engine import GameState, compiled
from ..engine.observation import HIGH, LOW
from .core import Seats


class Position(Protocol):
    """One game in play, as a door drives it. Seats owing nothing have an all-zero mask."""

    seats: Seats

    @property
    def state(self) -> GameState: ...
    def reset(self, seed: int) -> None: ...
    def actors(self) -> tuple[int, ...]: ...
    def to_act(self) -> int: ...
    def is_over(self) -> bool: ...
    def observation(self, p: int) -> np.ndarray: ...
    def mask(self, p: int) -> np.ndarray: ...
    def check(self, p: int, code: Any) -> None: ...
    def play(self, p: int, code: Any) -> None: ...
    def payoffs(self) -> list[float]: ...


class StatePosition:
    def __init__(self, seats: Seats) -> None:
        self.seats = seats
        self._state: GameState | None = None
        self._legal: dict[int, dict[int, Any]] = {}  # seat -> code -> action, for now

    @property
    def state(self) -> GameState:
        assert self._state is not None, "call reset() first"
        return self._state

    def reset(self, seed: int) -> None:
        self._state = self.seats.new_state(seed)
        self._legal = {}

    def actors(self) -> tuple[int, ...]:
        return tuple(self.state.actors)

    def to_act(self) -> int:
        actors = self.state.actors
        return actors[0] if actors else -1

    def is_over(self) -> bool:
        return self.state.is_over

    def _legal_of(self, p: int) -> dict[int, Any]:
        legal = self._legal.get(p)
        if legal is None:
            legal = self._legal[p] = self.seats.legal(self.state, p)
        return legal

    def observation(self, p: int) -> np.ndarray:
        return self.seats.observation(self.state, p)

    def mask(self, p: int) -> np.ndarray:
        return self.seats.mask_of(self._legal_of(p))

    def check(self, p: int, code: Any) -> None:
        self.seats.check_code(self.state, p, code, self._legal_of(p))

    def play(self, p: int, code: Any) -> None:
        self.seats.apply_code(self.state, p, code, self._legal_of(p))
        self._legal = {}

    def payoffs(self) -> list[float]:
        return self.seats.payoffs(self.state)


class CorePosition:
    """The game as the core's array ``S`` and its generator. ``core``: ``compiled.core_for(game)``;
    the compiled observation is built at the first reset, from the states' options.

    Each move is one compiled call (the observation module's ``advance``): the move, the seats
    to act, and the first one's legal mask and observation, kept in buffers here. Those are
    what a door asks for next, nearly always; another seat's are computed when asked."""

    def __init__(self, seats: Seats, core: Any) -> None:
        self.seats = seats
        self.core = core
        self._observer: Any = None
        self._options: Any = None
        self._advance: Any = None
        a = seats.num_actions
        self._mask = np.zeros(a, dtype=np.int8)  # the first seat's, for now
        self._masks = np.zeros((1, a), dtype=np.int8)  # another seat's, from legal_many
        self._zeros = np.zeros(a, dtype=np.int8)
        self._acts = np.zeros(seats.num_players, dtype=np.int64)
        self._buf = np.zeros(core.max_actions, dtype=np.int64)
        self._out = np.zeros(seats.encoder.size, dtype=np.float32)
        self._one = np.zeros(1, dtype=np.int64)  # the seat of a call over one row
        self._rng = np.zeros(1, dtype=np.uint64)
        self._nothing = np.zeros(0, dtype=np.int64)  # playout keeps no record
        self._state: GameState | None = None
        self._synced = True  # whether _state shows S
        self._k = 0  # how many seats act now
        self._first = -1  # the first of them (-1: the game is over)
        self._others: dict[int, np.ndarray] = {}  # other seats' masks, for now
        self._args: tuple[Any, ...] = ()
        self.S = np.zeros(0, dtype=np.int64)
        self._rows = self.S.reshape(1, -1)

    @property
    def state(self) -> GameState:
        st = self._state
        assert st is not None, "call reset() first"
        if not self._synced:
            self.core.store(self.S, st)
            st.rng.state = int(self._rng[0])  # type: ignore[attr-defined]
            self._synced = True
        return st

    def reset(self, seed: int) -> None:
        st = self._state = self.seats.new_state(seed)
        if self._observer is None or st.options != self._options:
            self._options = st.options
            self._observer = compiled.observer_for(
                self.seats.game, self.seats.encoder, st.options, LOW, HIGH
            )
            assert self._observer is not None
            self._advance = self._observer.advance
        self.S = self.core.load(st)
        self._rows = self.S.reshape(1, -1)  # the same memory, as the batch calls want it
        self._rng[0] = st.rng.state  # type: ignore[attr-defined]
        self._synced = True
        ob = self._observer
        # advance's arguments after (seat, code), gathered once: a step then reads no attribute
        self._args = (
            self.S, self.core.table, self._rng, ob.table, ob.template, ob.high, ob.low,
            self._acts, self._buf, self._mask, self._out,
        )  # fmt: skip
        self._step(-1, -1)

    def _step(self, p: int, code: int) -> None:
        self._k, self._first = self._advance(p, code, *self._args)
        if self._others:
            self._others = {}

    def actors(self) -> tuple[int, ...]:
        k = self._k
        return (self._first,) if k == 1 else tuple(self._acts.tolist()[:k])

    def to_act(self) -> int:
        """The first seat to act (-1 once the game is over)."""
        return self._first

    def is_over(self) -> bool:
        return self._first < 0

    def observation(self, p: int) -> np.ndarray:
        if p == self._first:
            return self._out.copy()
        return self._observer.observe(self.S, p)

    def _mask_of(self, p: int) -> np.ndarray:
        if p == self._first:
            return self._mask
        m = self._others.get(p)
        if m is None:
            if p in self.actors():
                self._one[0] = p
                self.core.legal_many(self._rows, self._one, self._masks)
                m = self._masks[0].copy()
            else:
                m = self._zeros
            self._others[p] = m
        return m

    def mask(self, p: int) -> np.ndarray:
        return self._mask_of(p).copy()  # the caller's to keep or change

    def _code_of(self, p: int, code: Any) -> int:
        try:
            c = int(code)
        except (TypeError, ValueError):
            c = -1
        m = self._mask_of(p)
        if not 0 <= c < m.shape[0] or not m[c]:
            self.seats._refuse(self.state, p, code)
        return c

    def check(self, p: int, code: Any) -> None:
        self._code_of(p, code)

    def play(self, p: int, code: Any) -> None:
        # _code_of and _step written out: this is every step of every door on the core
        try:
            c = int(code)
        except (TypeError, ValueError):
            c = -1
        m = self._mask if p == self._first else self._mask_of(p)
        if not 0 <= c < m.shape[0] or not m[c]:
            self.seats._refuse(self.state, p, code)
        self._synced = False
        self._k, self._first = self._advance(p, c, *self._args)
        if self._others:
            self._others = {}

    def play_agents(self, seat: int, mts: np.ndarray, kinds: np.ndarray, risks: np.ndarray) -> int:
        """Let the core's agents (``kinds[q]``, generator ``mts[q]``) move for the first seat
        to act until ``seat`` owes a decision or the game ends; returns the moves made."""
        moves = 0
        while self._first >= 0 and seat not in self.actors():
            self.core.playout(
                self.S, self._rng, mts, kinds, risks, compiled.CHOOSE_AGENTS, 1, self._nothing,
                self._nothing,
            )  # fmt: skip
            moves += 1
            actors = self.core.actors(self.S)
            self._k, self._first = len(actors), actors[0] if actors else -1
            self._acts[: len(actors)] = actors
        if moves:
            self._synced = False
            self._step(-1, -1)  # the mask and observation of the first seat now
        return moves

    def payoffs(self) -> list[float]:
        return self.seats.payoffs(self.state)


class OnPosition:
    """What a door built on a position shows of it: the engine's state, and where it plays."""

    position: Position
    _started: bool

    @property
    def game_state(self) -> GameState | None:
        """The game as the engine's state (written from the core's array when it plays there).
        Not ``state``: PettingZoo's ``state()`` is the method giving the centralised vector."""
        return self.position.state if self._started else None

    @property
    def on_core(self) -> bool:
        """Whether this env steps the compiled core (``core=`` at construction)."""
        return isinstance(self.position, CorePosition)


def core_of(seats: Seats, core: bool | None) -> Any:
    """The compiled core a door should play on, or None: ``core=None`` takes it where the game
    has one with a compiled observation; True insists (a clear error where it cannot);
    False never."""
    if core is False:
        return None
    if core not in (None, True):
        raise ValueError(f"core must be None, True or False, not {core!r}")
    game = seats.game
    found = compiled.core_for(game) if compiled.has_core(game) else None
    why = compiled.why_not(game) if found is None else ""
    if found is not None and not compiled.has_observer(game):
        found, why = None, "no compiled observation for this game yet"
    if found is None and core is True:
        raise ValueError(f"{game.id}: no compiled core to play on: {why}")
    return found


def position(seats: Seats, core: bool | None = None) -> StatePosition | CorePosition:
    found = core_of(seats, core)
    return StatePosition(seats) if found is None else CorePosition(seats, found)


def agent_kinds(core: Any, agents: Sequence[Any]) -> list[int] | None:
    """How the core plays each agent (``seat_kind``), or None if it cannot play them all."""
    kinds = [seat_kind(core, a) for a in agents]
    return None if None in kinds else [int(k) for k in kinds if k is not None]
