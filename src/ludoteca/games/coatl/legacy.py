"""Rules version 1's JSON, where every piece, card, colour and phase was a bare integer: read
and rewritten in today's words, so records and states saved before the change still load.

Only the format changed between versions 1 and 2; the rules did not, so a converted record
replays to the very same positions (tests/games/coatl/test_formats.py replays saved ones).
"""

from __future__ import annotations

from typing import Any

from ...engine import Action
from ...engine.actions import canonical_json
from .actions import ACTION_SPACE
from .constants import NUM_COLOURS
from .model import bags_json, supply_json, tokens_json
from .names import (
    PIECE_NAMES,
    PROPHECY_IDS,
    TEMPLE_IDS,
    index_or_none,
    prophecy_or_none,
    temple_or_none,
)
from .phases import PHASE_NAMES

# version 1 wrote each action field as its integer (the base Action.to_json): old JSON -> new
_ACTIONS: dict[str, dict[str, Any]] = {
    canonical_json(Action.to_json(a)): a.to_json() for a in ACTION_SPACE.actions
}


def upgrade_action(data: Any) -> Any:
    """An action as version 1 saved it, in today's JSON. Input that is no version 1 action
    comes back as it is, so that parsing it gives the usual clear error."""
    try:
        return _ACTIONS.get(canonical_json(dict(data)), data)
    except (TypeError, ValueError):
        return data


def is_v1_state(d: dict[str, Any]) -> bool:
    return isinstance(d.get("phase"), int)


def upgrade_state(d: dict[str, Any]) -> dict[str, Any]:
    """A state as version 1's ``to_json`` wrote it, as today's ``to_json`` would."""
    return {
        "game": d["game"],
        "num_players": d["num_players"],
        "options": d["options"],
        "rng": d["rng"],
        "phase": PHASE_NAMES[d["phase"]],
        "current": d["current"],
        "actions_left": d["actions_left"],
        "taken": d["taken"],
        "temple_coatl": index_or_none(d["temple_coatl"]),
        "supply": supply_json(d["bodies"], d["heads"], d["tails"]),
        "bags": bags_json(d["bags"]),
        "display": [prophecy_or_none(t) for t in d["display"]],
        "deck": [PROPHECY_IDS[t] for t in d["deck"]],
        "discard": [PROPHECY_IDS[t] for t in d["discard"]],
        "piles": [[TEMPLE_IDS[t] for t in p] for p in d["piles"]],
        "players": [_player(p) for p in d["players"]],
        "turns": d["turns"],
        "end": d["end"] or None,
        "trigger": index_or_none(d["trigger"]),
        "final": [{"seat": q, "actions": k} for q, k in d["final"]],
        "passes": d["passes"],
    }


def _pieces(codes: list[int]) -> list[str]:
    if any(not 0 <= c < 3 * NUM_COLOURS for c in codes):
        raise ValueError(f"not piece codes: {codes!r}")
    return [PIECE_NAMES[c] for c in codes]


def _player(p: dict[str, Any]) -> dict[str, Any]:
    return {
        "board": _pieces(p["board"]),
        "hand": [PROPHECY_IDS[t] for t in p["hand"]],
        "temples": [TEMPLE_IDS[t] for t in p["temples"]],
        "tokens": tokens_json(p["tokens"]),
        "coatls": [
            {
                "pieces": _pieces(c["pieces"]),
                "prophecies": [PROPHECY_IDS[t] for t in c["prophecies"]],
                "temple": temple_or_none(c["temple"]),
                "done": c["done"],
            }
            for c in p["coatls"]
        ],
        "promised": [TEMPLE_IDS[t] for t in p["promised"]],
        "shown": [PROPHECY_IDS[t] for t in p.get("shown", [])],
    }
