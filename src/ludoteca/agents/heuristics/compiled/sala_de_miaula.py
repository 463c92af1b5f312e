"""The Sala de Miaula heuristic (``agents/heuristics/sala_de_miaula.py``) as its compiled twin
(``games/sala_de_miaula/compiled/heuristic.py``) reads it: its one table, the
opposite of each element (slots: the twin's ``H_*``); its other numbers are literals there as
here. Every setting compiles (``fits``). Loaded only once the game's core is built (it imports
compiled code)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ....games.sala_de_miaula import actions as A
from ....games.sala_de_miaula.compiled.heuristic import H_OPP, H_SIZE
from ....games.sala_de_miaula.compiled.layout import EINDEX, ELEMENTS
from .. import sala_de_miaula as H

AGENT = H.HeuristicAgent


def supported() -> str:
    """Why the compiled heuristic cannot be the agent's (empty: it can)."""
    if H.LIFE != A.LIFE or H.NO_TARGET != A.NO_TARGET:
        return "the heuristic's targets changed"
    if set(H.OPPOSITE) != set(ELEMENTS) or not set(H.OPPOSITE.values()) <= set(ELEMENTS):
        return "the heuristic's opposite elements changed"
    return ""


def table() -> np.ndarray:
    t = np.zeros(H_SIZE, dtype=np.int64)
    for e, name in enumerate(ELEMENTS):
        t[H_OPP + e] = EINDEX[H.OPPOSITE[name]]
    return t


def fits(agent: Any) -> bool:
    """Always: the heuristic's one setting, ``aggression``, does not change a move (the tests
    play a non-default one against the reference, so the day it does they fail and this must
    say False for it)."""
    return True
