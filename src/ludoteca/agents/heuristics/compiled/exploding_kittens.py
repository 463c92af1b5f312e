"""The Exploding Kittens heuristic (``agents/heuristics/exploding_kittens.py``) as its compiled
twin (``games/exploding_kittens/compiled/heuristic.py``) reads it: the card
preferences as a table (its slots are the twin's ``H_*``). Every setting compiles (``risk``
travels per seat). Loaded only once the game's core is built (it imports compiled code)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ....games.exploding_kittens import cards as C
from ....games.exploding_kittens.compiled import heuristic as R
from .. import exploding_kittens as H

AGENT = H.HeuristicAgent


def supported() -> str:
    return ""


def table() -> np.ndarray:
    t = np.zeros(R.H_SIZE, dtype=np.int64)
    for c, key in enumerate(C.KEYS):
        t[R.H_VAL + c] = H.value(key)
        t[R.H_AIM_NEXT + c] = key in H.AIMED_AT_NEXT
        t[R.H_AIM_TARGET + c] = key in H.AIMED_AT_TARGET
        t[R.H_ESCAPE + c] = key in H.AIMED_AT_NEXT | H.AIMED_AT_TARGET | {"skip", "super_skip"}
    t[R.H_DODGEN] = len(H.DODGE)
    for i, key in enumerate(H.DODGE):
        t[R.H_DODGE + i] = C.CODE[key]
    return t


def fits(agent: Any) -> bool:
    return True
