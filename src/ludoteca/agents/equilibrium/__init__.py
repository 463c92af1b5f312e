"""``equilibrium``: an approximate equilibrium player (Monte Carlo CFR re-solved at each move).

Built for The Nine Domains, whose secret simultaneous placements make any deterministic choice
exploitable: the agent plays a *mixed* strategy. At each decision it solves the subgame from its
own information set to the end of the round (``horizon=round``; rounds after are valued by
playouts) or of the game (``horizon=game``) with outcome-sampling MCCFR (see ``mccfr.py``), then
samples its move from the average strategy at its information set, after dropping moves below
``purify`` probability. Generic over the protocol: it reads only its handle.
"""

from __future__ import annotations

from ...engine import Action, SeatHandle
from ..base import Agent
from .mccfr import Solver, view_key


class EquilibriumAgent(Agent):
    name = "equilibrium"

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 3000,
        horizon: str = "round",
        epsilon: float = 0.6,
        purify: float = 0.05,
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
        self.iterations = int(iterations)
        self.horizon = horizon
        self.epsilon = float(epsilon)
        self.purify = float(purify)

    def strategy(self, handle: SeatHandle) -> tuple[list[Action], list[float]]:
        """The legal actions and the average-strategy probabilities the solver gives them."""
        legal = handle.legal_actions()
        if len(legal) == 1:
            return legal, [1.0]
        rng = self.rng
        solver = Solver(lambda: handle.sample(rng), rng, self.horizon, self.epsilon)
        solver.run(self.iterations, handle.num_players)
        node = solver.table.get((handle.player, view_key(handle.view())))
        if node is None:
            return legal, [1.0 / len(legal)] * len(legal)
        probs = dict(zip(node.actions, node.average(), strict=True))
        return legal, [probs.get(a, 0.0) for a in legal]

    def act(self, handle: SeatHandle) -> Action:
        legal, probs = self.strategy(handle)
        if len(legal) == 1:
            return legal[0]
        kept = [p if p >= self.purify else 0.0 for p in probs]
        if sum(kept) <= 0:
            kept = probs
        total = sum(kept)
        r = self.rng.random() * total
        acc = 0.0
        for a, p in zip(legal, kept, strict=True):
            acc += p
            if r < acc:
                return a
        return legal[max(range(len(legal)), key=lambda i: kept[i])]
