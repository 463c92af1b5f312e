"""The server's clock: the time turn-based tables are measured by, which tests can move on.

Every turn-based deadline (``server/turn_timers.py``) is read from a :class:`Clock`: the
machine's UTC time plus an offset. The offset is 0 and stays 0 on a server started without
``--dev-clock``; with it, ``POST /api/dev/clock`` (``server/turn_api.py``) moves the clock on,
so that a day of a turn-based game passes in a second (tests, the issue's check). Real-time
tables keep the event loop's clock (``server/timers.py``): seconds are not simulated.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import UTC, datetime, timedelta


class Clock:
    """UTC time plus an offset in seconds that only moves forward (:meth:`advance`)."""

    def __init__(self, offset: float = 0.0) -> None:
        self.offset = 0.0
        self._listeners: list[Callable[[], None]] = []
        self.advance(offset)

    def now(self) -> datetime:
        return datetime.now(UTC) + timedelta(seconds=self.offset)

    def time(self) -> float:
        """The clock's now as a Unix time."""
        return self.now().timestamp()

    def advance(self, seconds: float) -> datetime:
        """Move the clock on by ``seconds`` (finite, not negative: time never runs back, so a
        deadline already met stays met); who listens (the turn timers' poller) wakes."""
        if not math.isfinite(seconds) or seconds < 0:
            raise ValueError("the clock moves forward only, by a finite number of seconds")
        self.offset += seconds
        for listener in list(self._listeners):
            listener()
        return self.now()

    def on_advance(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    def off_advance(self, listener: Callable[[], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)


def as_utc(moment: datetime) -> datetime:
    """A stored time as an aware UTC datetime (SQLite gives them back without a zone)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
