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
from ....engine.compiled.drivers import run_games
from ....engine.compiled.played import Played
from ....engine.game import Game
from .. import actions as A
from ..cards import CARDS
from ..options import NineDomainsOptions
from ..phases import Phase
from ..state import NineDomainsState
from . import games as GM
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
    layout = L.LAYOUT  # load/store: the declaration's own copies
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
    block_scale = 4  # random games of 6 µs (docs/fast.md, "simulate at the core's speed")

    def build_table(self, game: Game) -> np.ndarray:
        return table.build_table(game)

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
        D = (playout._DEALS[options.special_deal], _opts(options))
        T, H = self.table, self.heuristic
        c = run_games(GM.play_games, T, H, deals, n, D, seeds, kinds, risks, record, GM.WIDTH, 40)
        f = c.finals
        w = f[:, GM.F_WINNER]
        seat = np.arange(2, dtype=np.int64)
        winners = (w[:, None] == -1) | (w[:, None] == seat[None, :])
        ranking = np.where(winners, 1, 2)
        return NDPlayed(
            c.decisions,
            f[:, GM.F_ROUNDS].copy(),
            winners,
            ranking,
            L.REASONS,
            f[:, GM.F_REASON].copy(),
            f[:, GM.F_VP0 : GM.F_VP1 + 1].astype(np.float64),
            c.starts if record else None,
            c.seats if record else None,
            c.codes if record else None,
            f,
        )


def _opts(options: Any) -> np.ndarray:
    """The options' flags as the compiled deal and rules read them."""
    return np.array(
        [
            options.four_plus_target == "opponent",
            options.malus_counts_as_bonus,
            options.three_plus_effect_win_scores,
            options.exchange_this_round,
            options.vp_tie == "domains",
        ],
        dtype=np.int64,
    )


class NDPlayed(Played):
    """``Played`` with the result's details, read from each game's row of finals."""

    def __init__(self, *columns: Any) -> None:
        *base, self.finals = columns
        super().__init__(*base)

    def details(self, g: int) -> dict[str, Any]:
        f = self.finals[g].tolist()
        details: dict[str, Any] = {
            "turns": f[GM.F_ROUNDS],
            "domains": [f[GM.F_WON0], f[GM.F_WON1]],
            "bonus_vp": [f[GM.F_BONUS0], f[GM.F_BONUS1]],
            "elements_ignored": bool(f[GM.F_ELEMENTS_OFF]),
        }
        if (
            f[GM.F_WINNER] != -1
            and self.reasons[f[GM.F_REASON]] == "points"
            and f[GM.F_VP0] == f[GM.F_VP1]
        ):
            details["tiebreak"] = "domains"
        return details

    def detail_columns(self) -> list[tuple[str, Any, np.ndarray | None]]:
        """``details`` for every game at once, as columns (``sim/render.py``'s ``json_dict``:
        key, values, the games holding it), in ``details``' key order."""
        f = self.finals
        points = [i for i, r in enumerate(self.reasons) if r == "points"]
        tiebreak = (
            (f[:, GM.F_WINNER] != -1)
            & np.isin(f[:, GM.F_REASON], points)
            & (f[:, GM.F_VP0] == f[:, GM.F_VP1])
        )
        return [
            ("turns", f[:, GM.F_ROUNDS], None),
            ("domains", f[:, [GM.F_WON0, GM.F_WON1]], None),
            ("bonus_vp", f[:, [GM.F_BONUS0, GM.F_BONUS1]], None),
            ("elements_ignored", f[:, GM.F_ELEMENTS_OFF] != 0, None),
            ("tiebreak", "domains", tiebreak),
        ]
