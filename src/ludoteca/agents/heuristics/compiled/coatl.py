"""The Coatl heuristic (``agents/heuristics/coatl.py``) as its compiled twin
(``games/coatl/compiled/heuristic.py``) reads it: the weights and the default noise
as a float table (slots: the twin's ``H_*``, weights in ``WEIGHTS`` order). Only the default
noise compiles (``fits``). Loaded only once the game's core is built (it imports compiled
code)."""

from __future__ import annotations

import inspect
from typing import Any

import numpy as np

from ....games.coatl import cards as C
from ....games.coatl.compiled import heuristic
from ....games.coatl.compiled.heuristic import H_NOISE, H_SIZE, H_WANTS
from ....games.coatl.compiled.layout import NC
from .. import coatl as H

AGENT = H.HeuristicAgent


def _noise_default() -> Any:
    params = inspect.signature(H.HeuristicAgent.__init__).parameters
    return params["noise"].default if "noise" in params else None


def supported() -> str:
    """Why the compiled heuristic cannot be the agent's (empty: it can)."""
    missing = [w for w in heuristic.WEIGHTS if not isinstance(getattr(H, w, None), float)]
    if missing:
        return f"the heuristic's weights changed ({', '.join(missing)})"
    params = list(inspect.signature(H.HeuristicAgent.__init__).parameters)
    if params != ["self", "seed", "noise"] or not isinstance(_noise_default(), float):
        return "the heuristic agent's settings changed"
    return ""


def table() -> np.ndarray:
    h = np.zeros(H_SIZE, dtype=np.float64)
    for i, w in enumerate(heuristic.WEIGHTS):
        h[i] = getattr(H, w)
    h[H_NOISE] = float(_noise_default())
    for p in C.PROPHECIES:
        for c in set(p.colours):
            h[H_WANTS + p.index * NC + c] = 1.0
    return h


def fits(agent: Any) -> bool:
    """Whether the compiled heuristic plays ``agent``: its noise is the default one (the
    table's; ``heuristic``, the levels and ISMCTS' rollout=heuristic make that)."""
    return bool(getattr(agent, "noise", None) == _noise_default())
