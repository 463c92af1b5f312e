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


# -- how long a window waits (what a table runs; docs/rules/exploding-kittens.md "Nope windows") --
# A window's length may depend only on what every seat does, never on what it holds: otherwise
# its length tells the table who could answer. So the table waits for answers (a person's
# click, or their "never stop for me"; an AI seat answers at once, whatever it holds) up to a
# cap that is the same for every window, and closes as soon as every seat of it has answered.


def window_deadline(opened_at: float, seconds: float) -> float:
    """When a window opened at ``opened_at`` closes if some seat never answers: the table's
    ``seconds`` for every window, whoever is in it and whatever they hold."""
    return opened_at + seconds


def window_may_close(seats: tuple[int, ...], answered: set[int], close_when_answered: bool) -> bool:
    """Whether the window closes now, before its deadline: once every seat of it has answered
    (a table that closes windows early, the default). Nothing about hands enters here."""
    return close_when_answered and set(seats) <= answered


def answer_delay(in_window: bool, turn_delay: float) -> float:
    """How long an AI seat waits before it answers: ``turn_delay`` for a turn's move (so that
    people can follow the table), nothing in a reaction window (its pass is held unseen, and
    a Nope waits no longer than a pass: both are answered at once)."""
    return 0.0 if in_window else turn_delay
