"""Which running tables the lobby shows as abandoned rather than in play.

A table is abandoned when it waits on people who are gone: it is running, at least one seat
is a person's, no seated person has a socket open to it in this process, and nothing has
changed on it for ``Settings.abandoned_after`` seconds. An all-AI table is never abandoned (it
plays itself to the end). A table this process does not hold is judged by its row alone (its
last change), as its sockets are elsewhere. Nothing is deleted: a person who comes back
finds the table where they left it, and it is in play again. A turn-based table is never
abandoned: it waits for people by design, and its deadlines move it on (turn_timers.py).
"""

from __future__ import annotations

from datetime import datetime

from .db import StoredTable
from .live import LiveTable


def _stale(changed: datetime | None, at: datetime, after: float) -> bool:
    if after <= 0 or changed is None:
        return False
    if changed.tzinfo is None:  # SQLite gives the stored UTC time back without its zone
        changed = changed.replace(tzinfo=at.tzinfo)
    return (at - changed).total_seconds() >= after


def live_abandoned(table: LiveTable, at: datetime, after: float) -> bool:
    if table.status != "running" or not any(s.kind == "human" for s in table.seats):
        return False
    if table.turn_based:
        return False
    if any(c.seat is not None for c in table.connections):
        return False
    return _stale(table.updated_at, at, after)


def stored_abandoned(st: StoredTable, at: datetime, after: float) -> bool:
    if st.row.status != "running" or not any(s.kind == "human" for s in st.seats):
        return False
    if (st.row.settings or {}).get("mode") == "turn_based":
        return False
    return _stale(st.row.updated_at, at, after)
