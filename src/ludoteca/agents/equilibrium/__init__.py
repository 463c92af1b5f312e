"""``equilibrium``: an approximate equilibrium player, re-solving at each decision.

Built for The Nine Domains, whose secret simultaneous placements make any deterministic choice
exploitable: the agent plays a *mixed* strategy. Two solvers:

- ``solver=round`` (default; The Nine Domains' placements): the round is solved as a Bayesian
  matrix game, every row of ours against every hand the opponent may hold, with exact payoffs
  and double oracle over all rows (``round_game.py``); the row drawn at the round's first
  placement is played out over the round.
- ``solver=mccfr`` (and, under ``round``, everything that is not a Nine Domains placement: the
  powers, the draft, other games): the subgame from the agent's information set to the end of
  the round (``horizon=round``; the position reached is valued by the game's evaluation,
  ``leaf=eval``, or by one random playout, ``leaf=playout``) or of the game (``horizon=game``)
  is solved with outcome-sampling MCCFR (``mccfr.py``), and the move is sampled from the
  average strategy at its information set, after dropping moves below ``purify`` probability.

Both read only the handle (the information-set key, the moves and the opponent's possible
hands are computed from the seat's view and its own samples).
"""

from __future__ import annotations

from ...engine import Action, Game, SeatHandle
from ..base import Agent
from ..evaluation import LeafValues, get_evaluator
from .adapters import adapter_for
from .mccfr import Solver
from .round_game import round_placement

LEAVES = ("auto", "eval", "playout")
SOLVERS = ("mccfr", "round")


class EquilibriumAgent(Agent):
    name = "equilibrium"

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 2000,
        horizon: str = "round",
        epsilon: float = 0.6,
        purify: float = 0.05,
        leaf: str = "auto",
        solver: str = "round",
        steps: int = 25,
        seconds: float = 0.0,
        types: int = 40,
        card_scale: float = 1.0,
        rho: float = 0.0,
        valuation: str = "leaf",
    ) -> None:
        super().__init__(seed)
        if isinstance(iterations, bool) or int(iterations) < 1:
            raise ValueError("iterations must be a positive integer")
        if horizon not in ("round", "game"):
            raise ValueError(f"horizon must be 'round' or 'game', not {horizon!r}")
        if not 0 < float(epsilon) <= 1:
            raise ValueError("epsilon must be in (0, 1]")
        if not 0 <= float(purify) < 1:
            raise ValueError("purify must be in [0, 1)")
        if leaf not in LEAVES:
            raise ValueError(f"leaf must be one of {', '.join(LEAVES)}, not {leaf!r}")
        if solver not in SOLVERS:
            raise ValueError(f"solver must be one of {', '.join(SOLVERS)}, not {solver!r}")
        if isinstance(steps, bool) or int(steps) < 1:
            raise ValueError("steps must be a positive integer")
        if not float(seconds) >= 0:
            raise ValueError("seconds must be 0 (no time cap) or positive")
        if isinstance(types, bool) or int(types) < 1:
            raise ValueError("types must be a positive integer")
        self.solver = solver
        # solver=round: double-oracle steps (deterministic), and an optional time cap that
        # makes the move depend on the machine's speed (0: none)
        self.steps = int(steps)
        self.seconds = float(seconds)
        self.types = int(types)
        if not float(card_scale) >= 0:
            raise ValueError("card_scale must be 0 or positive")
        self.card_scale = float(card_scale)
        if not 0 <= float(rho) < 1:
            raise ValueError("rho must be in [0, 1)")
        self.rho = float(rho)
        if valuation not in ("leaf", "heuristic"):
            raise ValueError(f"valuation must be 'leaf' or 'heuristic', not {valuation!r}")
        self.valuation = valuation
        # solver=round: the row drawn at a round's first placement, keyed by what the view
        # showed then (round, rounds played, cards held), played out at the next placements
        self._plan: tuple[tuple[object, ...], tuple[int, ...]] | None = None
        self.last_solution: object = None  # the latest RoundSolution, for tests and benchmarks
        self.iterations = int(iterations)
        self.horizon = horizon
        self.epsilon = float(epsilon)
        self.purify = float(purify)
        self.leaf = leaf

    def _evaluator(self, game: Game) -> LeafValues | None:
        """The leaf evaluation to use: the game's (``auto``: when it has one), or None (playout)."""
        if self.leaf == "playout":
            return None
        evaluate = get_evaluator(game)
        if evaluate is None and self.leaf == "eval":
            raise ValueError(f"{game.id} has no leaf evaluation: use leaf=playout")
        return evaluate

    def strategy(self, handle: SeatHandle) -> tuple[list[Action], list[float]]:
        """The moves the solver considers and the average-strategy probabilities it gives them.

        The moves are the legal ones, or for a game with its own adapter a subset that loses
        nothing (The Nine Domains: the free piles filled from left to right)."""
        legal = handle.legal_actions()
        if len(legal) == 1:
            return legal, [1.0]
        rng = self.rng
        # the key and the moves are functions of the seat's view: any sample gives the same
        own = handle.sample(rng)
        adapter = adapter_for(own)
        moves = adapter.actions(own, handle.player)
        if len(moves) == 1:
            return moves, [1.0]
        evaluate = self._evaluator(handle.game)
        me = handle.player
        solver = Solver(
            lambda: adapter.rewind(handle.sample(rng), me),
            rng,
            self.horizon,
            self.epsilon,
            evaluate=evaluate,
            adapter=adapter,
        )
        solver.run(self.iterations, handle.num_players)
        node = solver.table.get(adapter.key(own, handle.player)[0])
        if node is None:
            return moves, [1.0 / len(moves)] * len(moves)
        probs = dict(zip(node.actions, node.average(), strict=True))
        return moves, [probs.get(a, 0.0) for a in moves]

    def _sample(self, probs: list[float]) -> int:
        """An index drawn from ``probs`` after dropping those under ``purify``."""
        kept = [p if p >= self.purify else 0.0 for p in probs]
        if sum(kept) <= 0:
            kept = probs
        r = self.rng.random() * sum(kept)
        acc = 0.0
        for i, p in enumerate(kept):
            acc += p
            if r < acc:
                return i
        return max(range(len(kept)), key=lambda i: kept[i])

    def act(self, handle: SeatHandle) -> Action:
        if self.solver == "round" and handle.game.id == "nine-domains":
            move = round_placement(self, handle)
            if move is not None:
                return move
        legal, probs = self.strategy(handle)
        if len(legal) == 1:
            return legal[0]
        return legal[self._sample(probs)]
