"""The Nine Domains's compiled core as the drivers load it (``ludoteca.engine.compiled``): what it
implements, declared by the package's own names, and the ``Core`` binding ``rules.py``'s
compiled functions (the array: ``layout.py``). Twin of the package as a whole (``game.py``).

``supported()`` compares ``IMPLEMENTS`` with the package's own tables (``package_has``): a phase, a card power, an
action type or an option
the Python package gained and this core did not make the core decline, and the reference plays
(tests/games/test_compiled_complete.py)."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from ....engine.compiled.core import Core as BaseCore
from ....engine.compiled.core import unimplemented, unmirrored
from ....engine.game import Game
from .. import actions as A
from ..cards import CARDS
from ..options import NineDomainsOptions
from ..phases import Phase
from ..state import NineDomainsState
from . import heuristic, playout, table
from . import layout as L

# what rules.py plays, by the package's names (add the name here with its compiled code)
IMPLEMENTS: dict[str, frozenset[Any]] = {
    "phases": frozenset({"DRAFT", "PLACE", "POWER", "OVER"}),
    "card powers": frozenset(table.CARD_POWERS),
    "action types": frozenset(
        {"Place", "Draft", "SwapGive", "SwapTake", "Recover", "Discard", "Decline"}
    ),
    "options": frozenset(
        {
            "special_deal",
            "four_plus_target",
            "vp_tie",
            "malus_counts_as_bonus",
            "three_plus_effect_win_scores",
            "exchange_this_round",
            "open_piles",
        }
    ),
}


def package_has() -> dict[str, frozenset[Any]]:
    """What the Python package plays, read from its own tables."""
    space = A.ACTION_SPACE
    return {
        "phases": frozenset(p.name for p in Phase),
        "card powers": frozenset(CARDS.power),
        "action types": frozenset(type(space.decode(c)).__name__ for c in range(space.size)),
        "options": frozenset(NineDomainsOptions.model_fields),
    }


def supported() -> str:
    """Empty when this core can play the package as it is; else why not (then: reference)."""
    return (
        unimplemented(IMPLEMENTS, package_has())
        or unmirrored(L.LAYOUT, NineDomainsState.__slots__, L.NOT_MIRRORED)
        or table.supported()
    )


class Core(BaseCore):
    IMPLEMENTS = IMPLEMENTS
    layout = L.LAYOUT  # load/store: layout.py's from_state/to_state (the layout's, plus)
    compiled: ClassVar[Any] = playout  # playout, step_many, legal_many, actors
    max_actions = table.ACAP
    max_actors = 2
    heuristic_size = heuristic.H_SIZE
    heuristic_dtype = np.float64
    # ISMCTS iterations/s measured 0.8-1.0x with the core (benchmarks/playouts.py): its
    # rollouts are a dozen moves, so moving the state and generator in and out costs what the
    # compiled moves save; the search keeps its Python playouts here
    search_pays = False
    # heuristic rollouts do pay: the agent weighs hundreds of plans a move (measured below)
    heuristic_search_pays = True

    def build_table(self, game: Game) -> np.ndarray:
        return table.build_table(game)

    def load(self, state: Any) -> np.ndarray:
        return L.from_state(state)

    def store(self, S: np.ndarray, state: Any) -> None:
        L.to_state(S, state)

    def random_games(
        self, seeds: np.ndarray, n: int, options: Any, agent_seeds: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Whole random games from the deal: moves, rounds (-1: not kept) and winner per seed."""
        opts = np.array(
            [
                options.four_plus_target == "opponent",
                options.malus_counts_as_bonus,
                options.three_plus_effect_win_scores,
                options.exchange_this_round,
                options.vp_tie == "domains",
            ],
            dtype=np.int64,
        )
        g = len(seeds)
        moves = np.zeros(g, dtype=np.int64)
        winners = np.zeros(g, dtype=np.int64)
        playout.random_games(
            self.table,
            self.heuristic,
            seeds,
            playout._DEALS[options.special_deal],
            opts,
            agent_seeds,
            moves,
            winners,
        )
        return moves, np.full(g, -1, dtype=np.int64), winners
