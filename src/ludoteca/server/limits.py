"""A simple rate limit on creating tables and joining seats, per client address.

A token bucket per address: ``per_minute`` tokens a minute, as many at once at most; each
create or join takes one (a create that also seats its creator, two). Over the limit: 429
with ``Retry-After``-like words, nothing changed.
Kept in the process's memory (with several processes, each counts its own requests).
"""

from __future__ import annotations

import time

from .errors import ApiError

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
                429, "rate_limited", f"too many tables or seats at once; try again in {wait:.0f} s"
            )
        if len(self.buckets) > MAX_ADDRESSES:  # forget the full buckets (idle addresses)
            self.buckets = {
                a: (k, w)
                for a, (k, w) in self.buckets.items()
                if k + (t - w) * self.rate < self.capacity
            }
        self.buckets[address] = (tokens - need, t)
