"""An agent that never answers in time (``sleepy``), for the AI pool's wall-time cap; imported
by the server and by its AI workers through ``Settings.plugins``."""

from __future__ import annotations

import time

from ludoteca.agents import Agent, register_agent
from ludoteca.engine import Action, SeatHandle


class SleepyAgent(Agent):
    name = "sleepy"

    def act(self, handle: SeatHandle) -> Action:
        time.sleep(60)
        return handle.legal_actions()[0]


register_agent("sleepy", lambda game, seed, **kw: SleepyAgent(seed))
