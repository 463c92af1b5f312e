"""Building the game's events: who is told (``TO[p]``: seat p alone; None: everyone)."""

from __future__ import annotations

from ...engine.events import Event
from .actions import MAX_PLAYERS

TO = [frozenset({p}) for p in range(MAX_PLAYERS)]


def ev(kind: str, to: frozenset[int] | None = None, **data: object) -> Event:
    return Event(kind, data, to)
