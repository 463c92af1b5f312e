"""AI seats think in worker processes: a bounded pool, started and stopped with the server.

An agent thinks for up to seconds at a time in pure Python: under the server's interpreter
lock, even in a thread, it held every table's moves up (a person's move p99 5 ms -> 225 ms with
three strong tables thinking). Here each move is one job: the game's id, the seat's agent spec
and seed, the state as ``to_json()``; the worker rebuilds the state, builds the agent from its
spec (kept for the seat's next moves while the worker lives) and answers the action as JSON.

Workers fork from a ``forkserver`` (a clean interpreter started once, with nothing of the
server's memory, threads or sockets; ``spawn`` where there is none), run at a lower priority
than the server, and ignore SIGINT (the server stops them itself). They end with the server
however it ends: each watches a pipe whose only write end the server holds (EOF: the server is
gone, ``kill -9`` included); with its workers gone, the forkserver and multiprocessing's
resource tracker see their own pipes close and end too. A job that outlives its wall-time cap
is abandoned: the pool is replaced (its workers terminated), and the seat plays its default.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import Connection
from typing import Any, TypeVar

from ..agents.base import AgentSpecError, parse_spec
from ..agents.levels import levels_for
from ..agents.remote import init_worker, prepare_core, ready, think
from ..engine import registry

log = logging.getLogger("ludoteca.server")
T = TypeVar("T")


class MoveTimeout(Exception):
    """The agent did not answer within the move's wall-time cap."""


# -- in the server ------------------------------------------------------------------------------
class AiPool:
    def __init__(self, workers: int, plugins: tuple[str, ...], nice: int = 10) -> None:
        self.workers = max(1, workers)
        self.plugins = plugins
        self.nice = nice  # how much lower the workers' priority is than the server's
        self._pool: ProcessPoolExecutor | None = None
        self._warming: threading.Thread | None = None
        self._cores: set[str] = set()  # games whose compiled core the workers have prepared
        # the workers' watch on the server: they hold the read end; the write end stays here
        # (never inherited: the forkserver and the workers are started with only the descriptors
        # passed to them) and closes when this process ends, or at stop()
        self._alive: tuple[Connection, Connection] | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            builtin = registry._MODULES  # every game this process knows, for the workers
            if self._alive is None:
                self._alive = multiprocessing.Pipe(duplex=False)
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=_context(),
                initializer=init_worker,
                initargs=(dict(builtin), self.plugins, self._alive[0], self.nice),
            )
        return self._pool

    def start(self) -> threading.Thread:
        """Start the workers now, in the background: the first AI move then does not wait
        for them. The thread that starts them (done once they are up)."""
        pool = self._executor()
        thread = threading.Thread(target=_warm, args=(pool, self.workers), daemon=True)
        thread.start()
        self._warming = thread
        return thread

    async def think(
        self,
        table_id: str,
        seat: int,
        spec: str,
        seed: int,
        game_id: str,
        state_json: dict[str, Any],
        cap: float,
    ) -> dict[str, Any]:
        """The agent's action as JSON; :class:`MoveTimeout` after ``cap`` seconds."""
        for attempt in (1, 2):
            pool = self._executor()
            warming = self._warming
            if warming is not None and warming.is_alive():
                # the workers are still starting: that is not the agent's time
                await asyncio.to_thread(warming.join, 60)
            if game_id not in self._cores and uses_core(spec, game_id):
                await self._prepare_core(pool, game_id)
            try:
                # submitting may start a worker, which waits for the forkserver: not on the loop
                fut = await asyncio.to_thread(
                    pool.submit, think, table_id, seat, spec, seed, game_id, state_json
                )
                return await asyncio.wait_for(asyncio.wrap_future(fut), cap)
            except TimeoutError:
                log.warning(
                    "table %s seat %s: agent %r thought over %.1f s; its workers are replaced",
                    table_id,
                    seat,
                    spec,
                    cap,
                )
                self._replace(pool)
                raise MoveTimeout from None
            except BrokenProcessPool:
                # replaced under it (another seat's move ran over its cap): once more
                self._replace(pool)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Another job in the workers (a game review, a practice hint: review/jobs.py), with no
        cap of its own. A pool replaced under it (a move ran over its cap) raises
        ``BrokenProcessPool``: the caller says it failed and may ask again."""
        pool = self._executor()
        warming = self._warming
        if warming is not None and warming.is_alive():
            await asyncio.to_thread(warming.join, 60)
        fut = await asyncio.to_thread(pool.submit, fn, *args)
        return await asyncio.wrap_future(fut)

    async def _prepare_core(self, pool: ProcessPoolExecutor, game_id: str) -> None:
        """Once per game: the workers build its compiled core before a move's cap runs (the
        first compiles and writes the cache, the others load it in a second)."""
        self._cores.add(game_id)
        try:
            futs = [
                await asyncio.to_thread(pool.submit, prepare_core, game_id)
                for _ in range(self.workers)
            ]
            await asyncio.wait_for(asyncio.gather(*map(asyncio.wrap_future, futs)), CORE_SECONDS)
        except Exception:  # a pool replaced meanwhile, or a compile past its time: moves go on
            log.warning("the compiled core of %s was not prepared in the AI workers", game_id)

    def _replace(self, pool: ProcessPoolExecutor) -> None:
        if self._pool is pool:
            self._pool = None
            _terminate(pool, wait=False)
            self.start()  # fresh workers for the moves to come

    def stop(self) -> None:
        """Stop every worker now (the server stops): thinking in progress is abandoned."""
        if self._pool is not None:
            _terminate(self._pool)
            self._pool = None
        if self._alive is not None:  # any worker that escaped the terminate ends on its own
            for end in self._alive:
                end.close()
            self._alive = None

    def worker_pids(self) -> list[int]:
        procs = getattr(self._pool, "_processes", None) or {}
        return [p.pid for p in procs.values() if p.pid is not None]


CORE_SECONDS = 300.0  # a cold compile of one core: ~20 s of CPU, more on a busy machine


def uses_core(spec: str, game_id: str) -> bool:
    """Whether the seat's agent plays rollouts in the game's compiled core (ISMCTS, also
    through a level such as ``strong``): only then is the core worth preparing."""
    # the compiled cores (numba, the fast extra), loaded only to ask whether a spec uses one
    from ..engine import compiled

    if not compiled.has_core(game_id):
        return False
    try:
        name, _ = parse_spec(levels_for(game_id).get(spec, spec))
    except AgentSpecError:
        return False
    return name == "ismcts"


def _warm(pool: ProcessPoolExecutor, workers: int) -> None:
    with contextlib.suppress(Exception):  # a pool stopped meanwhile
        for f in [pool.submit(ready) for _ in range(workers)]:
            f.result()


def _context() -> multiprocessing.context.BaseContext:
    """``forkserver`` where there is one: a clean process, started once, that has imported
    the agents, from which each worker forks in milliseconds (a spawned worker imports them
    again: seconds); else ``spawn``. Never plain ``fork`` of a server full of threads."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["ludoteca.agents.warm"])
        return ctx
    return multiprocessing.get_context("spawn")


def _terminate(pool: ProcessPoolExecutor, wait: bool = True) -> None:
    # the executor has no public way to stop a running job: terminate its processes (3.14
    # will have terminate_workers), then let it tidy up without waiting
    procs = list((getattr(pool, "_processes", None) or {}).values())
    for p in procs:
        with contextlib.suppress(Exception):
            p.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    if not wait:  # on the event loop: the executor's own thread reaps them
        return
    for p in procs:
        with contextlib.suppress(Exception):
            p.join(2)
            if p.is_alive():
                p.kill()
