"""The Nine Domains heuristic (``agents/heuristics/nine_domains.py``) as its compiled twin
(``games/nine_domains/compiled/heuristic.py``) reads it: the fitted weights, each
card's static power and its id's place in string order, as a float table (slots: the twin's
``H_*``). Only the default settings compile (``fits``). Loaded only once the game's core is
built (it imports compiled code)."""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

from ....games.nine_domains.cards import CARDS
from ....games.nine_domains.compiled.heuristic import (
    H_DECISIVE,
    H_EXACT,
    H_IDRANK,
    H_KEEPW,
    H_MEANVP,
    H_NEED,
    H_NEUMAIER,
    H_POWER,
    H_SHORT,
    H_SIZE,
    H_SWAPV,
    H_UW,
    H_VPW,
)
from .. import nine_domains as H

AGENT = H.HeuristicAgent

# the settings the compiled heuristic plays (its table holds these)
DEFAULTS = {"keep_weight": 1.0, "shortlist": 10, "exact_limit": 400}


def supported() -> str:
    """Why the compiled heuristic cannot be the agent's (empty: it can)."""
    if len(H.VP_WEIGHT) != 2 or [len(u) for u in H.UNIT_WEIGHT] != [5, 5]:
        return "the heuristic's fitted weights changed shape"
    if tuple(CARDS.base) != tuple(range(len(CARDS.base))):
        return "the base cards are not the first card numbers"
    return ""


def table() -> np.ndarray:
    t = np.zeros(H_SIZE, dtype=np.float64)
    t[H_DECISIVE] = H.DECISIVE
    t[H_NEED] = H.NEED_BONUS
    t[H_SWAPV] = H.SWAP_VALUE
    t[H_MEANVP] = H.MEAN_VP
    # sum() of floats is compensated (Neumaier) from Python 3.12 on, plain before
    t[H_NEUMAIER] = sys.version_info >= (3, 12)
    t[H_KEEPW] = DEFAULTS["keep_weight"]
    t[H_SHORT] = DEFAULTS["shortlist"]
    t[H_EXACT] = DEFAULTS["exact_limit"]
    for r in range(2):
        t[H_VPW + r] = H.VP_WEIGHT[r]
        for u in range(5):
            t[H_UW + r * 5 + u] = H.UNIT_WEIGHT[r][u]
    order = sorted(range(len(CARDS)), key=lambda c: CARDS.ids[c])
    for c in range(len(CARDS)):
        t[H_POWER + c] = H.POWER[c]
        t[H_IDRANK + c] = order.index(c)
    return t


def fits(agent: Any) -> bool:
    """Whether the compiled heuristic plays ``agent``: its settings are the defaults."""
    return all(getattr(agent, k, None) == v for k, v in DEFAULTS.items())
