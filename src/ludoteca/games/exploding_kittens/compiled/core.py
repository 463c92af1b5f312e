"""Exploding Kittens' compiled core as the drivers load it (``ludoteca.engine.compiled``): what
it implements, declared by the package's own names, and the ``Core`` binding ``rules.py``'s
compiled functions (layout.py, rules.py, legal.py, deal.py, heuristic.py, playout.py). Twin
of the package as a whole (``game.py``).

``supported()`` compares ``IMPLEMENTS`` with the package's own tables (``package_has``): a card,
an effect, a phase or an action type the Python rules gained and this core did not makes the
core decline, and the reference plays (tests/games/test_compiled_complete.py).
"""

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
from .. import effects as FX
from .. import phases as PH
from ..state import EKState
from . import games as GM
from . import heuristic as HR
from . import layout as R
from . import playout as PL

# what the compiled twin plays, by the package's names (add the name here with its compiled code)
IMPLEMENTS: dict[str, frozenset[Any]] = {
    "cards": frozenset(
        {
            "defuse",
            "exploding_kitten",
            "nope",
            "attack",
            "targeted_attack",
            "triple_attack",
            "skip",
            "super_skip",
            "reverse",
            "favor",
            "shuffle",
            "draw_bottom",
            "see_future_3",
            "see_future_5",
            "alter_future_3",
            "alter_future_5",
            "swap_top_bottom",
            "bury",
            "personal_attack",
            "cat_black",
            "cat_white",
            "cat_grey",
            "cat_tabby",
            "cat_red",
            "cat_wild",
        }
    ),
    # the card effects _resolve dispatches on (effects.CARD_EFFECTS), and the combos
    "effects": frozenset(
        {
            "attack",
            "targeted_attack",
            "triple_attack",
            "personal_attack",
            "skip",
            "super_skip",
            "reverse",
            "favor",
            "shuffle",
            "draw_bottom",
            "see_future_3",
            "see_future_5",
            "alter_future_3",
            "alter_future_5",
            "swap_top_bottom",
            "bury",
        }
    ),
    "combos": frozenset({"steal", "ask", "take_from_discard"}),
    "phases": frozenset(p.name for p in PH.Phase),
    "action types": frozenset(t.__name__ for t in R.KIND_OF),
}


def package_has() -> dict[str, frozenset[Any]]:
    """What the Python package plays, read from its own tables."""
    space = A.build_action_space()
    types = {type(space.decode(c)).__name__ for c in range(space.size)}
    return {
        "cards": frozenset(C.IMPLEMENTED),
        "effects": frozenset(FX.CARD_EFFECTS),
        "combos": frozenset(f.__name__ for f in FX.COMBO_EFFECTS.values()),
        "phases": frozenset(p.name for p in PH.Phase),
        "action types": frozenset(types),
    }


def supported() -> str:
    """Empty when this core can play the package as it is; else why not (then: reference)."""

    why = unimplemented(IMPLEMENTS, package_has())
    if why:
        return why
    why = unmirrored(R.LAYOUT, EKState.__slots__, R.NOT_MIRRORED)
    if why:
        return why
    phases = (
        PH.MAIN,
        PH.TARGET,
        PH.NAME,
        PH.FIVE,
        PH.WINDOW,
        PH.GIVE,
        PH.TAKE,
        PH.ALTER,
        PH.DEFUSE_PHASE,
        PH.BURY_PHASE,
        PH.OVER,
    )
    if tuple(int(x) for x in phases) != tuple(range(11)):
        return "the phase numbers changed"
    if (int(PH.PEND_PAIR), int(PH.PEND_TRIPLE), int(PH.PEND_FIVE), int(PH.NO_PEND)) != (
        R.PEND_PAIR,
        R.PEND_TRIPLE,
        R.PEND_FIVE,
        R.NO_PEND,
    ):
        return "the pending-combo markers changed"
    if C.NK > R.NKC or max(sum(d) for d in C.DECKS.values()) > R.CAP:
        return "the catalog is larger than the core's capacity"
    return ""


class Core(BaseCore):
    """The core as ``ludoteca.engine.compiled`` drives it."""

    IMPLEMENTS = IMPLEMENTS
    layout = R.LAYOUT
    compiled: ClassVar[Any] = (
        PL  # playout, step_many, legal_many (actors: read from the array below)
    )
    max_actions = R.ACAP
    heuristic_size = HR.H_SIZE
    heuristic_dtype = np.int64
    search_pays = True  # ISMCTS iterations/s 2-4x (benchmarks/playouts.py)
    block_scale = 4  # games of 20-120 µs (docs/fast.md, "simulate at the core's speed")

    def build_table(self, game: Game) -> np.ndarray:
        return R.build_table(game)  # type: ignore[arg-type]

    def load(self, state: Any) -> np.ndarray:
        return R.from_state(state)

    def store(self, S: np.ndarray, state: Any) -> None:
        R.to_state(S, state)

    def table_for(self, n: int, options: Any) -> np.ndarray:
        """The table with the deck the compiled deal reads for ``n`` seats: the option
        ``extra_cards`` adds its cards to it (a copy: the shared table stays the text's)."""
        if not options.extra_cards:
            return self.table
        T = self.table.copy()
        deck = R.T_DECK + n * R.NKC
        for key, k in options.extra_cards.items():
            T[deck + C.CODE[key]] += k
        return T

    def actors(self, S: np.ndarray) -> tuple[int, ...]:
        return tuple(S[R.ACTORS : R.ACTORS + S[R.ACTN]].tolist())

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
        g = len(deals)
        T, H, w = self.table_for(n, options), self.heuristic, GM.WIDTH
        # room for 80 moves a seat: random seats average 49 (2 seats) to 78 (10 seats; 60 a
        # seat, the room before, made every block of seven or more seats double its buffers)
        c = run_games(
            GM.play_games, T, H, deals, n, _opts(options), seeds, kinds, risks, record, w, 80 * n
        )
        f = c.finals
        winner = f[:, GM.F_WINNER]
        out = f[:, GM.F_OUT : GM.F_OUT + max(n - 1, 0)]
        winners = np.zeros((g, n), dtype=bool)
        winners[np.arange(g), winner] = True
        # the Python result's ranking: the winner first, then the seats out, last out first
        ranking = np.zeros((g, n), dtype=np.int64)
        ranking[np.arange(g), winner] = 1
        for k in range(n - 1):
            ranking[np.arange(g), out[:, k]] = n - k
        return EKPlayed(
            c.decisions,
            f[:, GM.F_TURNS].copy(),
            winners,
            ranking,
            ("last_standing",),
            np.zeros(g, dtype=np.int8),
            None,
            c.starts if record else None,
            c.seats if record else None,
            c.codes if record else None,
            f[:, GM.F_TTURNS : GM.F_TTURNS + n].copy(),
            out.copy(),
        )


class EKPlayed(Played):
    """``Played`` with the result's details: turns by seat and the seats out in order."""

    def __init__(self, *columns: Any) -> None:
        *base, self.tturns, self.out = columns
        super().__init__(*base)

    def details(self, g: int) -> dict[str, Any]:
        turns = self.turns
        assert turns is not None
        return {
            "turns": int(turns[g]),
            "turns_by_seat": self.tturns[g].tolist(),
            "eliminated": self.out[g].tolist(),
        }

    def detail_columns(self) -> list[tuple[str, Any, np.ndarray | None]]:
        """``details`` for every game at once, as columns (``sim/render.py``'s ``json_dict``:
        key, values, the games holding it), in ``details``' key order."""
        return [
            ("turns", self.turns, None),
            ("turns_by_seat", self.tturns, None),
            ("eliminated", self.out, None),
        ]


def _opts(options: Any) -> np.ndarray:
    """The options' flags as ``deal`` reads them: (stack, sspass, bury, five_different)."""
    return np.array(
        [
            options.stacking_attacks,
            options.super_skip_passes_turns,
            options.bury_anywhere,
            options.five_card_combo == "different",
        ],
        dtype=np.int64,
    )
