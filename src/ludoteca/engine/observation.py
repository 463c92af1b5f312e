"""What every RL observation encoder shares: a layout of named slices, a float buffer, and
``encoder_for``, which finds a game's encoder.

An encoder turns one seat's ``view(p)`` (the JSON dict, nothing else) into a fixed-shape
``float32`` vector. Its size depends on the game and the player count only. Seats are written
relative to the observer (slot 0 is the observer, slot 1 the next seat, ...), so one policy
can sit in any seat; the absolute seat is there too, for the actions that name seats.

Each game's readable encoder is ``games/<title>/observation.py`` (``make(num_players)``), beside
its compiled twin ``games/<title>/compiled/observation.py``; it is found by the game's package
name, as a core is, so this module imports no game. It sits in the engine, below the agents and
the rl doors that read observations (a trained policy plays through it), and needs only numpy.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from array import array
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from . import compiled
from .registry import game_package, get_game


@dataclass(frozen=True)
class Field:
    """One named slice of the vector: ``vector[start : start + size]``."""

    name: str
    start: int
    size: int
    doc: str

    @property
    def slice(self) -> slice:
        return slice(self.start, self.start + self.size)


class Layout:
    """The named slices in order; ``add`` returns the offset a field starts at."""

    def __init__(self) -> None:
        self.fields: list[Field] = []
        self.size = 0

    def add(self, name: str, size: int, doc: str) -> int:
        if any(f.name == name for f in self.fields):
            raise ValueError(f"field {name!r} listed twice")
        start = self.size
        self.fields.append(Field(name, start, size, doc))
        self.size += size
        return start

    def field(self, name: str) -> Field:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)

    def slices(self) -> dict[str, slice]:
        return {f.name: f.slice for f in self.fields}


class Vocabulary:
    """Names -> index, with one extra index for a name the encoder was not built with (a
    custom card), so an unknown name is still counted rather than crashing a training run."""

    def __init__(self, names: Iterable[str]) -> None:
        self.names: tuple[str, ...] = tuple(names)
        self.index: dict[str, int] = {n: i for i, n in enumerate(self.names)}
        self.other = len(self.names)

    @property
    def size(self) -> int:
        return len(self.names) + 1

    def __getitem__(self, name: Any) -> int:
        return self.index.get(name, self.other)


# every entry is clipped into [LOW, HIGH] (the Box bounds the doors declare); the scales in
# the tables keep real values well inside it
LOW, HIGH = -10.0, 10.0


class Encoder(ABC):
    """``encode(view) -> np.ndarray`` of shape ``(size,)``, float32, from the view alone.

    ``encode_state(state, p)`` is the same vector (tests/rl/test_encode_state.py checks it
    equal, entry for entry, over fuzzed games) written from the state for seat p by the game's
    compiled observation (``games/<game>/compiled/observation.py``), which the doors use:
    building the view's JSON dict costs more than an engine decision. ``encode`` stays the
    reference, and the definition of what a seat may see; the observation is written twice, no
    more (this readable encoder and its compiled twin)."""

    game_id: str

    def __init__(self, num_players: int) -> None:
        self.num_players = num_players
        self.layout = Layout()
        # the compiled observation for the last options seen: (options, core, observer)
        self._compiled: tuple[Any, Any, Any] | None = None

    @property
    def size(self) -> int:
        return self.layout.size

    @property
    def shape(self) -> tuple[int]:
        return (self.layout.size,)

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        # written in place: a vector is mostly zeros, and converting a whole Python list
        # would cost more than writing its few non-zero entries one by one
        out = np.zeros(self.layout.size, dtype=np.float32)
        self.fill(out, view)
        np.minimum(out, HIGH, out=out)
        np.maximum(out, LOW, out=out)
        return out

    @abstractmethod
    def fill(self, buf: np.ndarray, view: Mapping[str, Any]) -> None:
        """Write the view into ``buf`` (all zeros on entry)."""

    def encode_state(self, state: Any, p: int) -> np.ndarray:
        """``encode(state.view(p))``, written by the game's compiled observation from the
        state's array where there is one (numba installed, the game has a core and a compiled
        observation), else through the view."""
        core = compiled.core_for(state.game)  # None inside compiled.disabled() too
        if core is None:
            return self.encode(state.view(p))
        c = self._compiled
        if c is None or c[0] is not state.options or c[1] is not core:
            observer = compiled.observer_for(state.game, self, state.options, LOW, HIGH)
            c = self._compiled = (state.options, core, observer)
        if c[2] is None:  # a core without a compiled observation
            return self.encode(state.view(p))
        out: np.ndarray = c[2].observe(core.load(state), p)
        return out

    def template(self, options: Any) -> array:
        """The vector's entries that depend on the options only (zeros elsewhere)."""
        return array("f", bytes(4 * self.layout.size))

    def rel(self, seat: int, me: int) -> int:
        """Slot of ``seat`` seen from ``me``: 0 is me, 1 the next seat, ..."""
        return (seat - me) % self.num_players

    def describe(self) -> list[tuple[str, int, int, str]]:
        """(name, start, size, meaning) of every field, for the docs."""
        return [(f.name, f.start, f.size, f.doc) for f in self.layout.fields]


def counts(buf: np.ndarray, at: int, vocab: Vocabulary, names: Sequence[Any], scale: float) -> None:
    """Add ``scale`` at ``at + index(name)`` for each name (a multiset as counts)."""
    index, other = vocab.index, vocab.other
    for n in names:
        buf[at + index.get(n, other)] += scale


def onehot(buf: np.ndarray, at: int, index: int, size: int) -> None:
    if 0 <= index < size:
        buf[at + index] = 1.0


class OptionsCodec:
    """A game's options as flags: a bool option takes one slot, a choice (``Literal``) one
    slot per choice. Options of any other kind (deck names, card lists) are not encoded."""

    def __init__(self, options_model: Any) -> None:
        from typing import Literal, get_args, get_origin

        self.parts: list[tuple[str, tuple[Any, ...] | None]] = []
        for name, f in options_model.model_fields.items():
            if f.annotation is bool:
                self.parts.append((name, None))
            elif get_origin(f.annotation) is Literal:
                self.parts.append((name, tuple(get_args(f.annotation))))
        self.size = sum(1 if c is None else len(c) for _, c in self.parts)
        self.doc = "options: " + "; ".join(
            name if c is None else f"{name} one-hot ({', '.join(map(str, c))})"
            for name, c in self.parts
        )

    def fill(self, buf: Any, at: int, options: Mapping[str, Any]) -> None:
        for name, choices in self.parts:
            value = options.get(name)
            if choices is None:
                buf[at] = 1.0 if value else 0.0
                at += 1
            else:
                if value in choices:
                    buf[at + choices.index(value)] = 1.0
                at += len(choices)


@cache
def encoder_for(game_id: str, num_players: int) -> Encoder:
    """The encoder of ``game_id`` for that player count (one instance per pair): its package's
    ``observation.make(num_players)``."""
    game = get_game(game_id)
    if not game.min_players <= num_players <= game.max_players:
        raise ValueError(
            f"{game_id} is for {game.min_players} to {game.max_players} players, not {num_players}"
        )
    name = f"{game_package(game)}.observation"
    try:
        # the game's own module, found by name (the engine imports no game at the top)
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise  # an import error inside the module is not swallowed
        raise ValueError(f"there is no observation encoder for {game_id} yet") from None
    enc: Encoder = module.make(num_players)
    return enc
