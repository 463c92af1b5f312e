"""What one client may do and hold: a rate limit on creating and joining, and caps.

The rate limit is a token bucket per address: ``per_minute`` tokens a minute, as many at once
at most; each create or join takes one (a create that also seats its creator, two). Over the
limit: 429 with ``Retry-After``, nothing changed. The caps (:class:`Caps`) count open tables
per address and in all, and WebSockets per address. The address is the socket's peer, or what
a trusted proxy says (middleware.ClientAddress); never a header from anyone else.
Kept in the process's memory (with several processes, each counts its own).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .errors import ApiError

if TYPE_CHECKING:
    from .config import Settings
    from .live import LiveTable

MAX_ADDRESSES = 10_000


class RateLimiter:
    def __init__(self, per_minute: float) -> None:
        self.rate = per_minute / 60.0
        self.capacity = max(1.0, per_minute)
        self.buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens, when)

    def check(self, address: str, cost: int = 1) -> None:
        """Take ``cost`` tokens (a table created with its creator seated costs two)."""
        need = min(float(cost), self.capacity)  # a limit of one a minute lets that through
        t = time.monotonic()
        tokens, when = self.buckets.get(address, (self.capacity, t))
        tokens = min(self.capacity, tokens + (t - when) * self.rate)
        if tokens < need:
            wait = (need - tokens) / self.rate
            raise ApiError(
                429,
                "rate_limited",
                f"too many tables or seats at once; try again in {max(1.0, wait):.0f} s",
                retry_after=wait,
            )
        if len(self.buckets) > MAX_ADDRESSES:  # forget the full buckets (idle addresses)
            self.buckets = {
                a: (k, w)
                for a, (k, w) in self.buckets.items()
                if k + (t - w) * self.rate < self.capacity
            }
        self.buckets[address] = (tokens - need, t)


class Caps:
    """Open tables per address and in all, WebSockets per address (0: no cap)."""

    def __init__(self, settings: Settings) -> None:
        self.open_per_address = settings.max_open_tables_per_address
        self.open_in_all = settings.max_open_tables
        self.sockets_per_address = settings.max_sockets_per_address
        self.made: dict[str, set[str]] = {}  # address -> ids of the open tables it made
        self.sockets: dict[str, int] = {}

    def check_open(self, address: str, tables: dict[str, LiveTable]) -> None:
        """Before a table is made: refused if the address, or the server, holds too many."""
        if self.open_per_address > 0:
            mine = self.made.get(address)
            if mine:
                mine.intersection_update(_still_open(mine, tables))
            if mine and len(mine) >= self.open_per_address:
                raise ApiError(
                    429,
                    "too_many_tables",
                    f"you have {len(mine)} open tables (at most {self.open_per_address}): "
                    "play or wait for one of them before making another",
                    retry_after=60,
                )
        if self.open_in_all > 0:
            n = sum(1 for t in tables.values() if t.status == "open")
            if n >= self.open_in_all:
                raise ApiError(
                    503,
                    "server_full",
                    f"the server holds {n} open tables, its most; join one or try again later",
                    retry_after=60,
                )

    def made_table(self, address: str, table_id: str, tables: dict[str, LiveTable]) -> None:
        if self.open_per_address <= 0:
            return
        mine = self.made.setdefault(address, set())
        mine.add(table_id)
        if len(self.made) > MAX_ADDRESSES:  # forget the addresses with nothing open
            self.made = {a: m for a, m in self.made.items() if _still_open(m, tables)}

    def socket_opened(self, address: str) -> bool:
        """Count one more WebSocket of this address; False (and nothing counted) if over."""
        n = self.sockets.get(address, 0)
        if self.sockets_per_address > 0 and n >= self.sockets_per_address:
            return False
        self.sockets[address] = n + 1
        return True

    def socket_closed(self, address: str) -> None:
        n = self.sockets.get(address, 0) - 1
        if n > 0:
            self.sockets[address] = n
        else:
            self.sockets.pop(address, None)


def _still_open(ids: Iterable[str], tables: dict[str, LiveTable]) -> set[str]:
    out = set()
    for tid in ids:
        t = tables.get(tid)
        if t is not None and t.status == "open":
            out.add(tid)
    return out


SIGNIN_WINDOW_SECONDS = 15 * 60.0


class Failures:
    """Failed sign-ins per key (a name typed, an address): a token bucket of ``most`` refilled
    over 15 minutes. A key whose bucket is empty is refused before any password is checked."""

    def __init__(self, most: int) -> None:
        self.most = float(most)
        self.rate = most / SIGNIN_WINDOW_SECONDS
        self.buckets: dict[str, tuple[float, float]] = {}  # key -> (failures left, when)

    def _left(self, key: str, t: float) -> float:
        left, when = self.buckets.get(key, (self.most, t))
        return min(self.most, left + (t - when) * self.rate)

    def wait(self, key: str) -> float:
        """Seconds until ``key`` may try again (0: now)."""
        if self.most <= 0:
            return 0.0
        left = self._left(key, time.monotonic())
        return 0.0 if left >= 1.0 else (1.0 - left) / self.rate

    def failed(self, key: str) -> None:
        if self.most <= 0:
            return
        t = time.monotonic()
        if len(self.buckets) > MAX_ADDRESSES:  # forget the keys that have all their tries back
            self.buckets = {k: v for k, v in self.buckets.items() if self._left(k, t) < self.most}
        self.buckets[key] = (self._left(key, t) - 1.0, t)
