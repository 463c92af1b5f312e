"""``on_turn``: who has a new decision to make, at any table, for whoever wants to tell them.

Subscribe with ``TableManager.on_turn(listener)``; ``listener(table_id, seats)`` is called
(on the event loop; it must not block: hand slow work to a task) in the process that made the
change, once per new decision: ``seats`` are the people's seats (never AI seats) that now owe a
turn's decision they did not owe before the change (a seat that moved and must decide again
is new too). A reaction window's answers (a Nope or a pass) are no turn: nobody is called for
them. Nothing of a hand is in it: who owes a decision is public (``state.actors``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from .live import LiveTable
from .registry import Change
from .timers import open_window

log = logging.getLogger("ludoteca.server")

TurnListener = Callable[[str, tuple[int, ...]], None]


def deciders(table: LiveTable) -> tuple[int, ...]:
    """The people's seats that owe a turn's decision now at a running table: none during a
    reaction window (a few seconds, no turn), none for AI seats."""
    state = table.state
    if state is None or state.is_over or table.status != "running":
        return ()
    if open_window(state) is not None:
        return ()
    return tuple(p for p in state.actors if p < len(table.seats) and table.seats[p].kind == "human")


class TurnHook:
    def __init__(self) -> None:
        self._listeners: list[TurnListener] = []

    def subscribe(self, listener: TurnListener) -> None:
        self._listeners.append(listener)

    def table_changed(self, table: LiveTable, change: Change) -> None:
        """The registry's ``changed`` event."""
        now = deciders(table) if change.live else ()
        before, table.deciders = set(table.deciders), now
        if not change.announce:  # loaded or heard from another process: told there
            return
        before -= change.moved or set()
        new = tuple(p for p in now if p not in before)
        if not new:
            return
        for listener in list(self._listeners):
            try:
                listener(table.id, new)
            except Exception:
                log.exception("an on_turn listener failed for table %s", table.id)
