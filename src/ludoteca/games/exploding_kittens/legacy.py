"""Rules version 2's JSON, where cards, phases and pending plays were bare integers and who
knew what was a bitmask: read and rewritten in today's words, so match records and stored
states saved before the change still load and replay.

Only the format changed between versions 2 and 3, not the rules, so a converted record replays
to the very same positions (tests/games/exploding_kittens/test_formats.py replays saved ones).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, cast

from ...engine.actions import Action, canonical_json
from .actions import EXPLODE, build_action_space
from .storage import tables_json

if TYPE_CHECKING:
    from .state import EKState

# version 2 wrote an action's fields as they are in memory (the base Action.to_json)
_SPACE = build_action_space()
_ACTIONS: dict[str, dict[str, Any]] = {
    canonical_json(Action.to_json(a)): a.to_json() for a in (*_SPACE.actions, EXPLODE)
}

# the flat integer fields of version 2's state JSON: the in-memory attributes, by name
_INTS = (
    "cur",
    "dir",
    "owed",
    "phase",
    "pend",
    "pcard",
    "pwilds",
    "ptarget",
    "pname",
    "nopes",
    "answered",
    "wants",
    "ak",
    "ai",
    "limbo",
    "lmask",
    "turns",
)
_LISTS = ("hands", "pile", "pk", "discard", "alive", "out", "gone", "hk", "picks", "tturns")


def upgrade_action(data: Any) -> Any:
    """A version-2 action (``{"type": "play", "card": 17}``) as today's JSON
    (``{"type": "play", "card": "skip"}``); anything else comes back as it is."""
    if not isinstance(data, Mapping):
        return data
    try:
        key = canonical_json(dict(data))
    except (TypeError, ValueError):
        return data
    return _ACTIONS.get(key, data)


def is_v2_state(d: Mapping[str, Any]) -> bool:
    return "pk" in d and "phase" in d and not isinstance(d["phase"], str)


def upgrade_state(d: Mapping[str, Any]) -> dict[str, Any]:
    """A version-2 state JSON in today's words."""
    n = int(d["players"])
    old = SimpleNamespace(num_players=n, attacked=bool(d["attacked"]))
    for k in _INTS:
        setattr(old, k, int(d[k]))
    for k in _LISTS:
        setattr(old, k, [list(x) if isinstance(x, list) else x for x in d[k]])
    old._actors = tuple(int(x) for x in d["actors"])
    return {
        "game": "exploding-kittens",
        "players": n,
        "options": d["options"],
        "rng": d["rng"],
        **tables_json(cast("EKState", old)),
    }
