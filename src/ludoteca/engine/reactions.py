"""Reaction windows: a moment when seats other than the one whose turn it is may interrupt.

A game says when it is in one (``GameState.reaction_window()``); the server asks nothing else
to decide whether to run a window timer instead of a clock. Exploding Kittens' Nope is the
example: after a card is played every seat may answer Nope or let it go.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .actions import Action


@dataclass(frozen=True, slots=True)
class ReactionWindow:
    """An open window. ``seats`` may still react; ``pass_action`` is the answer "no
    reaction" (what a window timer plays for a seat that did not answer); ``about`` is public,
    JSON-safe words on what is being reacted to (e.g. ``{"card": "attack", "seat": 2}``), for a
    client to put its countdown on."""

    seats: tuple[int, ...]
    pass_action: Action
    about: dict[str, Any] = field(default_factory=dict)
