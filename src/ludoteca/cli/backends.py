"""Where a command's games run: the backend named on the command line, started, and said."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from ..sim.backends import Backend, RayBackend
from .common import console, msg, number


@contextmanager
def started(backend: Backend, games: int, lang: str) -> Iterator[Backend]:
    """``backend`` started for ``games`` games (and stopped after); on Ray, lines saying where.

    Start it after the run's options and agents are checked: a Ray instance takes seconds.
    """
    if not isinstance(backend, RayBackend):
        with backend:
            yield backend
        return
    where = backend.address
    console.print(
        msg("backend.ray_starting", lang)
        if where is None
        else msg("backend.ray_joining", lang, address=where)
    )
    t0 = time.perf_counter()
    with backend:
        console.print(
            msg(
                "backend.ray_ready",
                lang,
                seconds=number(time.perf_counter() - t0, 1, lang),
                cpus=backend.cpus(),
                batch=backend.batch_for(games),
            )
        )
        yield backend
