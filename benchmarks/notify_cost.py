"""What the notifier adds to every table change (``Notifier.table_changed``, server/notify).

    python benchmarks/notify_cost.py                 # 2,000 changes of a Nine Domains game
    python benchmarks/notify_cost.py --changes 20000

A Nine Domains game between two human seats (nobody connected) is played with random legal
moves, and after each move the notifier's listener runs as the registry runs it; the tasks it
would start (a push, an email row) are counted, not run. Printed: the listener's time per
change (median and 99th percentile, in microseconds), beside the time of the move itself
(``state.apply``) as the baseline, and how many changes started a "your turn" task. The
listener's own work is a set of the seats that owe a decision and a comparison; the database
is reached only in those tasks, off the move's path.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from datetime import UTC, datetime
from typing import Any

from ludoteca.engine import get_game
from ludoteca.server.config import Settings
from ludoteca.server.live import LiveTable, Seat
from ludoteca.server.notify.notifier import Notifier
from ludoteca.server.registry import Change


class Registry:
    """What the listener touches of the registry: spawn (counted here)."""

    def __init__(self) -> None:
        self.spawned = 0

    def spawn(self, coro: Any) -> None:
        coro.close()
        self.spawned += 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--changes", type=int, default=2000)
    args = ap.parse_args()
    game = get_game("nine-domains")
    registry = Registry()
    notifier = Notifier(registry, None, Settings(database_url="sqlite://"))  # type: ignore[arg-type]
    notifier.push = object()  # type: ignore[assignment]  # a channel exists: tasks are started
    rng = random.Random(7)
    listener: list[float] = []
    moves: list[float] = []
    seed = 0
    while len(listener) < args.changes:
        state = game.new_game(2, seed)
        seed += 1
        table = LiveTable(
            id=f"bench{seed}",
            game=game,
            num_players=2,
            seed=seed,
            public_options={},
            settings={},
            status="running",
            seats=[Seat(0, "human"), Seat(1, "human")],
            created_at=datetime.now(UTC),
            state=state,
        )
        while not state.is_over and len(listener) < args.changes:
            p = rng.choice(state.actors)
            action = rng.choice(state.legal_actions(p))
            t0 = time.perf_counter()
            state.apply(p, action)
            t1 = time.perf_counter()
            notifier.table_changed(table, Change({p}, True, True))
            t2 = time.perf_counter()
            moves.append(t1 - t0)
            listener.append(t2 - t1)

    def us(xs: list[float], q: float) -> float:
        return sorted(xs)[int(q * (len(xs) - 1))] * 1e6

    print(f"{len(listener)} changes of Nine Domains, two human seats")
    print(
        f"  the move itself (apply): median {us(moves, 0.5):7.1f} us  p99 {us(moves, 0.99):7.1f} us"
    )
    print(
        f"  notifier listener:       median {us(listener, 0.5):7.1f} us  p99 {us(listener, 0.99):7.1f} us"
        f"  (mean {statistics.mean(listener) * 1e6:.1f} us)"
    )
    print(f"  changes that started a 'your turn' task: {registry.spawned}")


if __name__ == "__main__":
    main()
