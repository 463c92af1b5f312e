"""What every game's compiled observation (``games/<game>/compiled/observation.py``) offers a door, once: an
``Observer`` holds the encoder's table and the options' template, and calls the module's
compiled ``encode`` (and names its ``advance``, a door's whole move in one call).

A game module binds its own functions in a subclass::

    class Observer(observer.Observer):
        encode = staticmethod(encode)
        build_table = staticmethod(build_table)
        advance = staticmethod(advance)
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np


class Observer:
    """``observe(S, p)`` is a fresh float32 vector equal to ``encoder.encode_state(state, p)``
    for the state S was loaded from (a state with these ``options``)."""

    encode: ClassVar[Any]  # (S, L, tmpl, high, low, p, out): compiled
    build_table: ClassVar[Any]  # (encoder, options) -> L
    advance: ClassVar[Any]  # (p, code, S, T, rng, L, tmpl, high, low, acts, buf, mask, out)

    def __init__(self, encoder: Any, options: Any, low: float, high: float) -> None:
        self.table = self.build_table(encoder, options)
        self.template = np.frombuffer(encoder.template(options), dtype=np.float32).copy()
        self.high, self.low = float(high), float(low)
        self.size = int(encoder.size)

    def observe(self, S: np.ndarray, p: int) -> np.ndarray:
        out = np.empty(self.size, dtype=np.float32)
        self.encode(S, self.table, self.template, self.high, self.low, p, out)
        return out

    def into(self, S: np.ndarray, p: int, out: np.ndarray) -> None:
        """The same into a buffer the caller keeps (no allocation)."""
        self.encode(S, self.table, self.template, self.high, self.low, p, out)
