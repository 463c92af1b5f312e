"""Coatl's compiled core as the drivers load it (``ludoteca.engine.compiled``): what it
implements, declared by the package's own names, and the ``Core`` binding ``rules.py``'s
compiled functions (the array: ``layout.py``). Twin of the package as a whole (``game.py``).

``supported()`` compares ``IMPLEMENTS`` with the package's own tables (``package_has``): a phase, a Prophecy family, a
Temple condition, an action type or an option
the Python package gained and this core did not make the core decline, and the reference plays
(tests/games/test_compiled_complete.py)."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from ....engine.compiled.core import Core as BaseCore
from ....engine.compiled.core import unimplemented
from ....engine.game import Game
from .. import actions as A
from .. import cards as C
from ..options import CoatlOptions
from ..phases import Phase
from . import heuristic, playout, setup, table
from . import layout as L

# what rules.py plays, by the package's names (add the name here with its compiled code)
IMPLEMENTS: dict[str, frozenset[Any]] = {
    "phases": frozenset({"SETUP", "TURN", "PROPHECY", "ASSEMBLY", "TEMPLE", "VISION", "OVER"}),
    "prophecy families": frozenset(table.FAMILIES),
    "temple conditions": frozenset(table.CONDITIONS),
    "action types": frozenset(table.ACTION_TYPES),
    "options": frozenset(table.OPTIONS),
}


def package_has() -> dict[str, frozenset[Any]]:
    """What the Python package plays, read from its own tables."""
    space = A.ACTION_SPACE
    return {
        "phases": frozenset(p.name for p in Phase),
        "prophecy families": frozenset(p.family for p in C.PROPHECIES),
        "temple conditions": frozenset(c.kind for t in C.TEMPLES for c in (t.a, t.b)),
        "action types": frozenset(type(space.decode(c)).__name__ for c in range(space.size)),
        "options": frozenset(CoatlOptions.model_fields),
    }


def supported() -> str:
    """Empty when this core can play the package as it is; else why not (then: reference)."""
    return unimplemented(IMPLEMENTS, package_has()) or table.supported()


class Core(BaseCore):
    IMPLEMENTS = IMPLEMENTS
    layout = L.LAYOUT  # load/store: layout.py's from_state/to_state (the layout's, plus)
    compiled: ClassVar[Any] = playout  # playout, step_many, legal_many, actors
    max_actions = table.ACAP
    heuristic_size = heuristic.H_SIZE
    heuristic_dtype = np.float64
    search_pays = True  # measured in benchmarks/playouts.py (docs/fast.md)
    heuristic_search_pays = True  # rollout=heuristic too (measured there: the agent tries
    # every legal move on a determinized copy, which is what compiled code is fastest at)

    def build_table(self, game: Game) -> np.ndarray:
        return table.build_table(game)

    def load(self, state: Any) -> np.ndarray:
        return L.from_state(state)

    def store(self, S: np.ndarray, state: Any) -> None:
        L.to_state(S, state)

    def deal(self, seed: int, n: int, options: Any) -> tuple[np.ndarray, int]:
        """A new game (``setup.new_state``) dealt in compiled code: the state's array and
        the generator's state after the deal."""
        S = np.zeros(L.SIZE, dtype=np.int64)
        rng = np.array([seed], dtype=np.uint64)
        setup.deal(S, self.table, rng, n, playout.options_array(options))
        return S, int(rng[0])

    def random_games(
        self, seeds: np.ndarray, n: int, options: Any, agent_seeds: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Whole random games from the deal: moves, turns (-1: not kept) and winner per seed
        (-1: shared)."""
        g = len(seeds)
        moves = np.zeros(g, dtype=np.int64)
        winners = np.zeros(g, dtype=np.int64)
        opts = playout.options_array(options)
        playout.random_games(
            self.table, self.heuristic, seeds, n, opts, agent_seeds, moves, winners
        )
        return moves, np.full(g, -1, dtype=np.int64), winners
