"""Sala de Miaula's compiled core as the drivers load it (``ludoteca.engine.compiled``): what it
implements, declared by the package's own names, and the ``Core`` binding ``rules.py``'s
compiled functions. Twin of the package as a whole (``game.py``).

``supported()`` compares ``IMPLEMENTS`` with the package's own tables (``package_has``): an effect (ability), a
passive, a card kind, an action type or an option
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
from .. import effects as FX
from .. import model as TB
from ..cards import PASSIVE_EFFECTS, POOL
from ..options import Options
from ..state import SalaState
from . import games as GM
from . import heuristic, playout, table
from . import layout as L

# what rules.py plays, by the package's names (add the name here with its compiled code)
IMPLEMENTS: dict[str, frozenset[Any]] = {
    "effects": frozenset(L.EFFECTS),
    "passives": frozenset(table.PASSIVES),
    "card kinds": frozenset({"CREATURE", "SPELL", "ITEM"}),
    "action types": frozenset(table.ACTION_TYPES),
    "options": frozenset(
        {
            "deck_0",
            "deck_1",
            "sets",
            "first_player",
            "terrain",
            "first_player_draws",
            "draw_effects_end_game",
            "oficina_any_status",
            "cards",
            # names the catalog `cards` come from (a record's form); the rules read `cards`
            "catalog",
            # who sees which list: the views and determinize are the package's; the compiled
            # observation reads it (observation.py, L_OPEN); the rules do not depend on it
            "decklists",
        }
    ),
}


def package_has() -> dict[str, frozenset[Any]]:
    """What the Python package plays, read from its own tables."""
    space = A.build_space(POOL.cards)
    return {
        "effects": frozenset(FX.EFFECTS),
        "passives": frozenset(PASSIVE_EFFECTS),
        "card kinds": frozenset(k for k in ("CREATURE", "SPELL", "ITEM") if hasattr(TB, k)),
        "action types": frozenset(type(space.decode(c)).__name__ for c in range(space.size)),
        "options": frozenset(Options.model_fields),
    }


def supported() -> str:
    """Empty when this core can play the package as it is; else why not (then: reference)."""
    return (
        unimplemented(IMPLEMENTS, package_has())
        or unmirrored(L.LAYOUT, _state_fields(), L.NOT_MIRRORED)
        or table.supported()
    )


def _state_fields() -> tuple[str, ...]:
    """The state's fields (``SalaState`` keeps no ``__slots__``: a fresh state's)."""
    return tuple(vars(SalaState(None, Options())))  # type: ignore[arg-type]


class Core(BaseCore):
    IMPLEMENTS = IMPLEMENTS
    layout = L.LAYOUT  # load/store: the declaration's own copies
    compiled: ClassVar[Any] = playout  # playout, step_many, legal_many, actors
    max_actions = table.ACAP
    max_actors = 2
    heuristic_size = heuristic.H_SIZE
    heuristic_dtype = np.int64
    """The core as ``ludoteca.engine.compiled`` drives it."""

    # ISMCTS iterations/s 3.6-4.0x with the core (benchmarks/playouts.py, rollout=random,
    # 100 iterations): a rollout is the rest of the game, about a hundred moves
    search_pays = True
    # the playout's UNTIL_TURN mode bit (``compiled.rollout(..., until_turn_change=True)``)
    stops_at_turn_change = True
    block_scale = 4  # games of 20-40 µs (docs/fast.md, "simulate at the core's speed")

    def build_table(self, game: Game) -> np.ndarray:
        return table.build_table(game)

    def _fresh(self, options: Any) -> tuple[np.ndarray, int, int, np.ndarray]:
        """A new game's array before the deal, and what the compiled deal reads of the options:
        the first player (-1: drawn), the terrain (-1: drawn among ``choices``)."""
        fresh = SalaState(self.game, options)  # type: ignore[arg-type]
        fresh.deck = [list(fresh.decklists[0]), list(fresh.decklists[1])]
        S = L.LAYOUT.load(fresh)
        if options.terrain is not None:
            terrain, choices = L.TINDEX[options.terrain], np.zeros(1, dtype=np.int64)
        else:
            terrain = -1
            names = sorted(t for t, m in L.POOL.terrains.items() if m.set in options.sets)
            choices = np.array([L.TINDEX[t] for t in names], dtype=np.int64)
        first = -1 if options.first_player is None else int(options.first_player)
        return S, first, terrain, choices

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
        D = self._fresh(options)
        T, H = self.table, self.heuristic
        c = run_games(GM.play_games, T, H, deals, n, D, seeds, kinds, risks, record, GM.WIDTH, 120)
        f = c.finals
        seat = np.arange(2, dtype=np.int64)
        winners = (f[:, GM.F_WIN, None] >> seat[None, :]) & 1 == 1
        lives = f[:, GM.F_LIFE0 : GM.F_LIFE1 + 1]
        return SalaPlayed(
            c.decisions,
            f[:, GM.F_TURN].copy(),
            winners,
            np.where(winners, 1, 2),
            L.REASONS,
            f[:, GM.F_REASON].copy(),
            lives.astype(np.float64),
            c.starts if record else None,
            c.seats if record else None,
            c.codes if record else None,
            lives.copy(),
            f[:, GM.F_TERRAIN].copy(),
        )


class SalaPlayed(Played):
    """``Played`` with the result's details: turns, both lives, the terrain."""

    def __init__(self, *columns: Any) -> None:
        *base, self.lives, self.terrains = columns
        super().__init__(*base)

    def details(self, g: int) -> dict[str, Any]:
        turns = self.turns
        assert turns is not None
        t = int(self.terrains[g])
        return {
            "turns": int(turns[g]),
            "life": self.lives[g].tolist(),
            "terrain": L.TERRAINS[t] if t >= 0 else "",
        }

    def detail_columns(self) -> list[tuple[str, Any, np.ndarray | None]]:
        """``details`` for every game at once, as columns (``sim/render.py``'s ``json_dict``:
        key, values, the games holding it), in ``details``' key order; no terrain (-1) is
        the table's last entry, ""."""
        t = self.terrains.astype(np.int64)
        terrain = (np.where(t >= 0, t, len(L.TERRAINS)), [*L.TERRAINS, ""])
        return [("turns", self.turns, None), ("life", self.lives, None), ("terrain", terrain, None)]
