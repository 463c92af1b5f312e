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
from ....engine.compiled.core import unimplemented, unmirrored
from ....engine.compiled.drivers import run_games
from ....engine.compiled.played import Played
from ....engine.game import Game
from .. import actions as A
from .. import cards as C
from ..options import CoatlOptions
from ..phases import Phase
from ..scoring import REASONS
from ..state import CoatlState
from . import games as GM
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
    return (
        unimplemented(IMPLEMENTS, package_has())
        or unmirrored(L.LAYOUT, CoatlState.__slots__, L.NOT_MIRRORED)
        or table.supported()
    )


class Core(BaseCore):
    IMPLEMENTS = IMPLEMENTS
    layout = L.LAYOUT  # load/store: the declaration's own copies
    compiled: ClassVar[Any] = playout  # playout, step_many, legal_many, actors
    max_actions = table.ACAP
    heuristic_size = heuristic.H_SIZE
    heuristic_dtype = np.float64
    search_pays = True  # measured in benchmarks/playouts.py (docs/fast.md)
    heuristic_search_pays = True  # rollout=heuristic too (measured there: the agent tries
    # every legal move on a determinized copy, which is what compiled code is fastest at)

    def build_table(self, game: Game) -> np.ndarray:
        return table.build_table(game)

    def deal(self, seed: int, n: int, options: Any) -> tuple[np.ndarray, int]:
        """A new game (``setup.new_state``) dealt in compiled code: the state's array and
        the generator's state after the deal."""
        S = np.zeros(L.SIZE, dtype=np.int64)
        rng = np.array([seed], dtype=np.uint64)
        setup.deal(S, self.table, rng, n, playout.options_array(options))
        return S, int(rng[0])

    def play_games(
        self,
        deals: np.ndarray,
        n: int,
        options: Any,
        seeds: np.ndarray,
        kinds: np.ndarray,
        risks: np.ndarray,
        record: bool,
    ) -> Played:
        self.check_kinds(kinds)
        D = playout.options_array(options)
        T, H = self.table, self.heuristic
        w = GM.WIDTH
        c = run_games(GM.play_games, T, H, deals, n, D, seeds, kinds, risks, record, w, 120 * n)
        f = c.finals
        keys = f[:, GM.F_KEYS : GM.F_KEYS + 3 * n].reshape(len(deals), n, 3)
        # scoring.result: the winners hold the greatest key; a seat's place is one more than
        # the keys greater than its own (keys compared as tuples)
        greater = np.zeros((len(deals), n, n), dtype=bool)  # [g, q, o]: o's key > q's
        equal = np.ones((len(deals), n, n), dtype=bool)
        for j in range(3):
            a = keys[:, :, None, j]
            b = keys[:, None, :, j]
            greater |= equal & (b > a)
            equal &= b == a
        ranking = 1 + greater.sum(axis=2)
        return CoatlPlayed(
            c.decisions,
            f[:, GM.F_TURNS].copy(),
            ranking == 1,
            ranking,
            tuple(REASONS.get(e, e) for e in L.ENDS),
            f[:, GM.F_END].copy(),
            keys[:, :, 0].copy(),
            c.starts if record else None,
            c.seats if record else None,
            c.codes if record else None,
            keys[:, :, 1].copy(),
            keys[:, :, 2].copy(),
            f[:, GM.F_TRIGGER].copy(),
        )


class CoatlPlayed(Played):
    """``Played`` with the result's details: turns, cards beside, best Coatl, the trigger."""

    def __init__(self, *columns: Any) -> None:
        *base, self.cards, self.best, self.trigger = columns
        super().__init__(*base)

    def details(self, g: int) -> dict[str, Any]:
        turns = self.turns
        assert turns is not None
        return {
            "turns": int(turns[g]),
            "cards_beside": self.cards[g].tolist(),
            "best_coatl": self.best[g].tolist(),
            "trigger": int(self.trigger[g]),
        }

    def detail_columns(self) -> list[tuple[str, Any, np.ndarray | None]]:
        """``details`` for every game at once, as columns (``sim/render.py``'s ``json_dict``:
        key, values, the games holding it), in ``details``' key order."""
        return [
            ("turns", self.turns, None),
            ("cards_beside", self.cards, None),
            ("best_coatl", self.best, None),
            ("trigger", self.trigger, None),
        ]
