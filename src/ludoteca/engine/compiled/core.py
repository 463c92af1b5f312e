"""``Core``: one game's compiled core as the drivers (``engine/compiled/__init__.py``) use it.

A game's ``compiled/core.py`` subclasses it and binds its compiled functions; the state goes in
and out through the game's declared ``Layout`` (or the subclass's ``load``/``store``). The
heuristic agent's numbers reach the compiled heuristic as a table the agents layer builds and
hands over (``install_heuristic``): the game's compiled code imports no agent.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from ..game import Game, GameState
from .layout import Layout
from .played import Played

# how a seat is played in a core (``kinds``): every game's compiled playout reads these numbers
RANDOM, HEURISTIC = 0, 1


class Core:
    """What the drivers need of a game's core. Class attributes a game sets:

    - ``layout``: the state's array (or override ``load``/``store``);
    - ``compiled``: the game's compiled entry points (``playout``, ``step_many``,
      ``legal_many``, ``actors``: one signature in every game, so the wrappers below are
      written once); ``max_actors``: how many seats may act at once;
    - ``max_actions``: the most legal actions one position may have;
    - ``heuristic_size``/``heuristic_dtype``: the compiled heuristic's table (zeros until the
      agents layer installs the agent's numbers);
    - ``search_pays``: whether ISMCTS gains from the core (measured in benchmarks/playouts.py),
      else the search keeps its Python playouts; ``heuristic_search_pays``: the same for
      rollout=heuristic (None: as ``search_pays``);
    - ``stops_at_turn_change``: the playout knows where a turn ends (the UNTIL_TURN bit);
    - ``block_scale``: how many times ``sim/runner.py``'s ``MAX_BLOCK`` games a ``simulate``
      block may hold (games of some µs: a block's set-up is then paid over more of them);
    - ``IMPLEMENTS``: what the core plays, by the package's own names (see
      ``games/<game>/compiled/core.py``; tests/games/test_compiled_complete.py compares).
    """

    layout: ClassVar[Layout | None] = None
    # the game's compiled entry points (its ``compiled/playout.py``: ``playout``, ``step_many``,
    # ``legal_many``, ``actors``), one signature in every game
    compiled: ClassVar[Any]
    max_actors: ClassVar[int] = 1  # seats that may act at once
    max_actions: ClassVar[int]  # legal actions at most in one position (a buffer's length)
    heuristic_size: ClassVar[int] = 0
    heuristic_dtype: ClassVar[Any] = np.int64
    search_pays: ClassVar[bool] = True
    heuristic_search_pays: ClassVar[bool | None] = None
    stops_at_turn_change: ClassVar[bool] = False
    block_scale: ClassVar[int] = 1
    IMPLEMENTS: ClassVar[dict[str, frozenset[Any]]] = {}

    def __init__(self, game: Game) -> None:
        self.game = game
        self.table = self.build_table(game)
        self.heuristic = np.zeros(self.heuristic_size, dtype=self.heuristic_dtype)
        # set by the agents layer (agents/compiled.py) once it has checked its agent still
        # matches the compiled heuristic: the agent class, and which of its settings compile
        self.heuristic_class: type | None = None
        self.heuristic_fits: Any = None
        self.heuristic_checked = False

    def install_heuristic(self, cls: type, table: np.ndarray, fits: Any) -> None:
        """The agents layer's heuristic agent ``cls`` is the compiled heuristic when
        ``fits(agent)``, with its numbers ``table``."""
        self.heuristic = np.asarray(table, dtype=self.heuristic_dtype)
        self.heuristic_class = cls
        self.heuristic_fits = fits

    def check_kinds(self, kinds: np.ndarray) -> None:
        """Refuse heuristic seats before the agents layer has installed the heuristic's numbers:
        with the zeros the table starts with, the compiled heuristic would play other moves than
        the agent's, silently."""
        if self.heuristic_class is None and (kinds == HEURISTIC).any():
            raise RuntimeError(
                f"{self.game.id}: heuristic seats need the heuristic's numbers installed first"
                " (ludoteca.agents.compiled.heuristic_class(core))"
            )

    # -- what a game binds ------------------------------------------------------------------
    def build_table(self, game: Game) -> np.ndarray:
        """The game's numbers (card codes, action codes, ...) the compiled code reads."""
        raise NotImplementedError

    def load(self, state: GameState) -> np.ndarray:
        assert self.layout is not None
        return self.layout.load(state)

    def store(self, S: np.ndarray, state: GameState) -> None:
        assert self.layout is not None
        self.layout.store(S, state)

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
    ) -> int:
        """Play ``S`` on (see ``ludoteca.engine.compiled._play``): the game's compiled
        ``playout``, the same signature in every game."""
        self.check_kinds(kinds)
        T, H = self.table, self.heuristic
        return int(
            self.compiled.playout(S, T, H, rng, mts, kinds, risks, mode, max_steps, seats, codes)
        )

    def apply_many(
        self, Ss: np.ndarray, rngs: np.ndarray, players: np.ndarray, codes: np.ndarray
    ) -> None:
        """One move in each row (a negative code: none), the game's compiled ``step_many``."""
        self.compiled.step_many(Ss, self.table, rngs, players, codes)

    def legal_many(self, Ss: np.ndarray, players: np.ndarray, masks: np.ndarray) -> None:
        """Each row's legal mask for ``players[g]``, the game's compiled ``legal_many``."""
        self.compiled.legal_many(Ss, self.table, players, masks)

    def actors(self, S: np.ndarray) -> tuple[int, ...]:
        """The seats to act (``max_actors`` at most), the game's compiled ``actors``."""
        out = np.empty(self.max_actors, dtype=np.int64)
        return tuple(out[: self.compiled.actors(S, out)].tolist())

    def play_games(
        self,
        deals: np.ndarray,
        n: int,
        options: Any,
        seeds: np.ndarray,
        kinds: np.ndarray,
        risks: np.ndarray,
        record: bool,
    ) -> Played | None:
        """Whole games, each dealt in compiled code (game g from ``new_game(n, deals[g],
        options)``) and played with seat p as ``kinds[g, p]`` (``risks[g, p]``) drawing from
        ``random.Random(seeds[g, p])``, as ``play_seeded`` plays them; the moves kept when
        ``record``. None: this core does not deal (the caller plays game by game)."""
        return None

    def random_games(
        self, seeds: np.ndarray, n: int, options: Any, agent_seeds: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Whole games with a RandomAgent in every seat (the benchmarks'), game g dealt from
        ``Rng(seeds[g])`` and seat p's agent seeded ``agent_seeds[g, p]``: per game its moves,
        its turns (-1: the game counts none) and its winner (-1: shared). ``play_games``'
        loop, its rows reduced to those."""
        # the types simulate passes (sim/runner.py), so one compiled play_games serves both
        deals = np.asarray(seeds, dtype=np.int64).astype(np.uint64)
        agents = np.ascontiguousarray(agent_seeds, dtype=np.int64)
        kinds = np.zeros(agents.shape, dtype=np.int64)
        played = self.play_games(deals, n, options, agents, kinds, np.zeros(agents.shape), False)
        if played is None:
            raise NotImplementedError(f"{self.game.id}: this core does not deal")
        alone = played.winners.sum(axis=1) == 1
        winners = np.where(alone, played.winners.argmax(axis=1), -1)
        turns = played.turns
        if turns is None:
            turns = np.full(len(played), -1, dtype=np.int64)
        return played.decisions, turns, winners


def unimplemented(implements: dict[str, frozenset[Any]], has: dict[str, frozenset[Any]]) -> str:
    """Why a core cannot play a package: what the package ``has`` (by kind: cards, effects,
    phases, action types, ...) that the core does not declare it ``implements`` (empty: none).
    A core's ``supported()`` says this, so a new card, effect or phase makes the core decline
    and the Python reference play, never a silent no-op in compiled code."""
    for kind, names in has.items():
        extra = names - implements.get(kind, frozenset())
        if extra:
            return f"the core does not implement the {kind} {', '.join(sorted(map(str, extra)))}"
    return ""


def unmirrored(layout: Layout, slots: tuple[str, ...], not_mirrored: dict[str, str]) -> str:
    """Why a layout cannot hold a state: a slot of the state (or of a nested record's class)
    that the layout neither mirrors nor lists as not mirrored (with its reason), or a field
    naming no slot (empty: none)."""
    checks = [(layout.attrs(), set(slots), "state")]
    for r in layout.records():
        checks.append((r.attrs(), set(getattr(r.make, "__slots__", ())), r.make.__name__))
    for attrs, has, what in checks:
        missing = has - attrs - set(not_mirrored)
        gone = attrs - has
        if missing:
            return f"the core's layout does not hold the {what}'s {', '.join(sorted(missing))}"
        if gone:
            return f"the {what} no longer has {', '.join(sorted(gone))}"
    return ""
