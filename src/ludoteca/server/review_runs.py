"""Game reviews and practice hints run in the AI worker pool (issue 22, items 4 and 6).

A review of a seat is computed once per version (``review_version``: the review's format,
budget and seed) and stored with the match (``review_store``); while it runs, its progress is
read from a file the worker writes (``review/jobs.py``): on request (the HTTP route, polled),
and pushed to whoever follows the review (``watch``: the table's WebSocket, ``ws.py``), the
file read every ``PUSH_SECONDS`` while the review runs and someone follows it, each change sent
as it is seen. What is pushed is what the route answers (status, done, total, version), never
more: anyone may read any seat's review of a finished game, and its progress tells no more than
the route. At most ``reviews_at_once`` reviews think at a time, never in every worker: AI seats
keep one to play in. The review's seed is fixed (``REVIEW_SEED``, the command line's default),
so the site's review of a match is the one ``ludoteca review --json`` prints for the same
record.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import shutil
import tempfile
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..engine import MatchRecord
from ..review.jobs import hint_job, read_progress, review_job
from ..review.seat_review import review_format
from ..review.values import ReviewBudget, default_budget, hint_budget
from .ai_pool import AiPool
from .config import Settings
from .db import StoredTable
from .review_store import ReviewStore

log = logging.getLogger("ludoteca.server")

REVIEW_SEED = 0
HINTS_KEPT = 512  # hints remembered per process (a second click at the same move: no work)
# how often a running review's progress file is read for its watchers (the worker writes it
# every few actions of the record: review/jobs.py)
PUSH_SECONDS = 0.25

Key = tuple[str, int, str]  # table id, seat, version
# one watcher of a review: sends a message to its client (``connections.Connection.send``:
# queued, never blocking; a client that stops reading is dropped there)
Send = Callable[[dict[str, Any]], None]


def record_of(st: StoredTable) -> MatchRecord:
    """A stored table as a match record. The players are the AI seats' agent specs and
    ``person`` for people: a review names no person (their name may be deleted later)."""
    row = st.row
    players = [(s.agent or "?") if s.kind == "ai" else "person" for s in st.seats]
    return MatchRecord(
        row.game,
        row.rules_version,
        row.num_players,
        row.seed,
        dict(row.options or {}),
        players,
        [(m.seat, m.action) for m in st.moves],
        row.result,
    )


def review_budget(game_id: str, settings: Settings) -> ReviewBudget:
    budget = default_budget(game_id, samples=settings.review_samples)
    if settings.review_samples is not None and budget.search is not None:
        # a site whose reviews are made tiny (the tests): the search judge's iterations too,
        # as few as the worlds, or a tiny review would still search for seconds a decision
        budget = replace(budget, search=settings.review_samples)
    return budget


def review_version(game_id: str, budget: ReviewBudget, seed: int = REVIEW_SEED) -> str:
    """The stored review's key beside the table and seat: the game's review format (a game
    whose grades changed is reviewed anew; the others' stored reviews still load), the budget
    and the seed."""
    text = json.dumps({"budget": budget.to_json(), "seed": seed}, sort_keys=True)
    return f"{review_format(game_id)}-{hashlib.sha256(text.encode()).hexdigest()[:16]}"


@dataclass
class HintRun:
    """The hint being computed for one seat: the position (move number) it is for."""

    move: int
    task: asyncio.Task[None]
    error: str | None = None


@dataclass
class Run:
    task: asyncio.Task[None]
    progress: Path
    started: bool = False  # holds a slot (else waits for one)
    error: str | None = None


class ReviewRuns:
    def __init__(self, pool: AiPool, store: ReviewStore, settings: Settings) -> None:
        self.pool = pool
        self.store = store
        self.settings = settings
        at_once = max(1, min(settings.reviews_at_once, pool.workers - 1))
        self.slots = asyncio.Semaphore(at_once)
        self.runs: dict[Key, Run] = {}
        self.folder = Path(tempfile.mkdtemp(prefix="ludoteca-reviews-"))
        self._hints: OrderedDict[tuple[str, int, int], list[dict[str, Any]]] = OrderedDict()
        # per review, who follows its progress (each client follows one review at most: ws.py)
        self.watchers: dict[Key, list[Send]] = {}
        # per table and seat, the hint under way (one: a newer position supersedes it)
        self.hint_runs: dict[tuple[str, int], HintRun] = {}

    def key(self, st: StoredTable, seat: int) -> tuple[Key, ReviewBudget]:
        budget = review_budget(st.row.game, self.settings)
        return (st.row.id, seat, review_version(st.row.game, budget)), budget

    def status(self, key: Key) -> dict[str, Any] | None:
        """A run's progress (None: none runs here, nor failed here)."""
        run = self.runs.get(key)
        if run is None:
            return None
        if run.error is not None:
            return {"status": "failed", "message": run.error}
        got = read_progress(run.progress) if run.started else None
        done, total = got if got is not None else (0, 0)
        return {"status": "running" if run.started else "queued", "done": done, "total": total}

    # -- pushed progress ------------------------------------------------------------------------
    @staticmethod
    def message(key: Key, status: dict[str, Any]) -> dict[str, Any]:
        """The pushed form of a review's status: the route's answer without the review itself
        (a client that hears ``done`` reads it from the route), with the table and seat it is of."""
        return {"type": "review", "table": key[0], "seat": key[1], "version": key[2], **status}

    def watch(self, key: Key, send: Send) -> None:
        self.watchers.setdefault(key, []).append(send)

    def unwatch(self, key: Key, send: Send) -> None:
        got = self.watchers.get(key)
        if got is not None and send in got:
            got.remove(send)
            if not got:
                del self.watchers[key]

    def tell(self, key: Key, status: dict[str, Any] | None = None) -> None:
        """The review's watchers told how it stands (``status``, else the run's own)."""
        sends = self.watchers.get(key)
        if not sends:
            return
        message = self.message(key, status or self.status(key) or {"status": "none"})
        for send in list(sends):
            send(message)

    async def _follow(self, key: Key, path: Path) -> None:
        """While the review runs: its progress file read every ``PUSH_SECONDS``, each change
        told to its watchers (none watching: nothing is read)."""
        last: tuple[int, int] | None = None
        while True:
            await asyncio.sleep(PUSH_SECONDS)
            if not self.watchers.get(key):
                continue
            got = read_progress(path)
            if got is not None and got != last:
                last = got
                self.tell(key)

    def start(self, st: StoredTable, seat: int, key: Key, budget: ReviewBudget) -> None:
        """Begin the review (once: a run under way, or failed, is restarted only when asked
        again after failing)."""
        run = self.runs.get(key)
        if run is not None and run.error is None:
            return
        path = self.folder / f"{key[0]}-{key[1]}-{key[2]}.progress"
        record = record_of(st).to_json()
        task = asyncio.create_task(self._run(key, record, budget, path))
        self.runs[key] = Run(task, path)
        self.tell(key)  # queued (a watcher of a failed run hears it start again)

    async def _run(
        self, key: Key, record: dict[str, Any], budget: ReviewBudget, path: Path
    ) -> None:
        table_id, seat, version = key
        follow: asyncio.Task[None] | None = None
        try:
            async with self.slots:
                self.runs[key].started = True
                self.tell(key)  # running
                follow = asyncio.create_task(self._follow(key, path))
                try:
                    review = await self.pool.run(
                        review_job, record, seat, REVIEW_SEED, budget.to_json(), str(path)
                    )
                finally:
                    follow.cancel()
            await asyncio.to_thread(self.store.put, table_id, seat, version, review)
            del self.runs[key]
            self.tell(key, {"status": "done"})
        except asyncio.CancelledError:
            raise
        except Exception as e:  # a worker replaced under it, a record it could not read
            log.warning("table %s seat %s: the review failed: %r", table_id, seat, e)
            self.runs[key].error = "the review was interrupted; ask for it again"
            self.tell(key)  # failed
        finally:
            with contextlib.suppress(OSError):
                path.unlink()

    def hint_status(self, table_id: str, seat: int, move: int) -> dict[str, Any]:
        """The seat's hint at move number ``move``, without starting one: ``done`` with its
        ``best`` moves (remembered per table, seat and move number), ``pending`` while it is
        computed, ``failed``, or ``none``."""
        got = self._hints.get((table_id, seat, move))
        if got is not None:
            return {"status": "done", "best": got}
        run = self.hint_runs.get((table_id, seat))
        if run is None or run.move != move:
            return {"status": "none"}
        if run.error is not None:
            return {"status": "failed", "message": run.error}
        return {"status": "pending"}

    def ask_hint(
        self, table_id: str, seat: int, move: int, game_id: str, state_json: dict[str, Any]
    ) -> dict[str, Any]:
        """``hint_status``, after starting the hint if none is done or under way for this
        position. It runs in the AI workers, never in the request (a request that waited for it
        waited behind every hint asked before: 36 s in a burst). A hint under way for an
        earlier position of the seat is dropped (cancelled if still queued): the seat moved on."""
        status = self.hint_status(table_id, seat, move)
        if status["status"] in ("done", "pending"):
            return status
        old = self.hint_runs.pop((table_id, seat), None)
        if old is not None:
            old.task.cancel()
        budget = hint_budget(game_id).to_json()
        task = asyncio.create_task(self._hint(table_id, seat, move, game_id, state_json, budget))
        self.hint_runs[(table_id, seat)] = HintRun(move, task)
        return {"status": "pending"}

    async def _hint(
        self,
        table_id: str,
        seat: int,
        move: int,
        game_id: str,
        state_json: dict[str, Any],
        budget: dict[str, Any],
    ) -> None:
        try:
            got = await self.pool.run(hint_job, game_id, state_json, seat, REVIEW_SEED, budget)
        except asyncio.CancelledError:
            raise
        except Exception as e:  # a worker replaced under it: asking again starts it again
            log.warning("table %s seat %s: the hint failed: %r", table_id, seat, e)
            run = self.hint_runs.get((table_id, seat))
            if run is not None and run.move == move:
                run.error = "the hint was interrupted; ask for it again"
            return
        self._hints[(table_id, seat, move)] = got
        while len(self._hints) > HINTS_KEPT:
            self._hints.popitem(last=False)
        run = self.hint_runs.get((table_id, seat))
        if run is not None and run.move == move:
            del self.hint_runs[(table_id, seat)]

    def stop(self) -> None:
        for run in self.runs.values():
            run.task.cancel()
        for hint in self.hint_runs.values():
            hint.task.cancel()
        shutil.rmtree(self.folder, ignore_errors=True)
