"""``random``: uniform over the legal actions."""

from __future__ import annotations

from ..engine import Action, SeatHandle
from .base import Agent


class RandomAgent(Agent):
    name = "random"

    def act(self, handle: SeatHandle) -> Action:
        return self.rng.choice(handle.legal_actions())
