"""Replication: following the tables that other server processes change (through Redis).

The process that stores a change publishes a note (table id, move number, deadlines: never a
view); a process that hears one reads the new moves from the database and tells its own clients,
or only marks the table stale when nobody watches it there. See docs/server.md, "Several
processes".
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from .ai_seats import AiSeats
from .errors import ApiError
from .fanout import Fanout
from .live import LiveTable
from .records import adopt, rebuild
from .registry import Change, TableRegistry
from .timers import Timers

log = logging.getLogger("ludoteca.server")


class Replication:
    """Takes the registry (the tables, the database, the ``changed`` event), the timers (the
    deadlines a note carries; a table nobody watches here stops its timers) and the AI seats
    (which stop thinking for such a table too).

    Announcing a change is the registry's ``changed`` event (:meth:`table_changed`); a stale
    table is caught up through the registry's ``stale`` event (:meth:`refresh`, subscribed by
    the table manager), so the registry, which replication calls, never calls it directly."""

    def __init__(self, registry: TableRegistry, timers: Timers, ai: AiSeats) -> None:
        self.registry = registry
        self.timers = timers
        self.ai = ai
        self.fanout: Fanout | None = None
        self._notes: dict[str, dict[str, Any]] = {}  # table -> newest unheeded note
        self._followers: dict[str, asyncio.Task[None]] = {}

    async def start(self) -> None:
        settings = self.registry.settings
        if settings.redis_url:
            self.fanout = Fanout(settings.redis_url, settings.redis_prefix, self._heard)
            await self.fanout.start()

    def cancel(self) -> None:
        for task in self._followers.values():
            task.cancel()

    async def stop(self) -> None:
        if self.fanout is not None:
            await self.fanout.stop()

    async def claim(self, key: str, seconds: int) -> bool:
        """Whether this process won ``key`` (always, with no other process)."""
        return True if self.fanout is None else await self.fanout.claim(key, seconds)

    # -- telling ----------------------------------------------------------------------------
    def table_changed(self, table: LiveTable, change: Change) -> None:
        """The registry's ``changed`` event: the other processes hear of it (unless it was
        heard from them)."""
        if change.announce:
            self.announce(table)

    def announce(self, table: LiveTable) -> None:
        """Tell the other processes this table changed (with its deadlines)."""
        if self.fanout is None:
            return
        note: dict[str, Any] = {"table": table.id, "move": table.move_count}
        clock = self.timers.clock_json(table)
        if clock is not None:
            note["clock"] = clock
        if table.window is not None:
            wall = time.time() + table.window.deadline - asyncio.get_running_loop().time()
            note["window"] = [table.window.opened_at, wall]
        self.fanout.publish(note)

    def gone(self, table_id: str) -> None:
        """Tell the other processes an open table expired."""
        if self.fanout is not None:
            self.fanout.publish({"table": table_id, "gone": True})

    # -- hearing ----------------------------------------------------------------------------
    async def _heard(self, note: dict[str, Any]) -> None:
        """A note from another process: follow the table it names (one task per table)."""
        tid = note.get("table")
        if not isinstance(tid, str) or len(tid) > 24:
            return
        self._notes[tid] = note
        if tid not in self._followers:
            self._followers[tid] = asyncio.create_task(self._follow(tid))

    async def _follow(self, tid: str) -> None:
        r = self.registry
        try:
            while tid in self._notes:
                note = self._notes.pop(tid)
                table = r.tables.get(tid)
                if note.get("gone"):
                    if table is not None:
                        r.drop(table, "expired", "this open table expired")
                    continue
                if table is None:
                    with contextlib.suppress(ApiError):
                        await r.get(tid)  # a table made elsewhere: keep it, for the lobby
                    continue
                if not table.connections and table.status == "running":
                    # nobody here watches it: catch up only when someone asks for it
                    self.timers.cancel(table)
                    self.ai.cancel(table)
                    table.stale = True
                    continue
                async with table.lock:
                    if isinstance(note.get("clock"), dict):
                        table.stored_clock = note["clock"]
                    win = note.get("window")
                    if isinstance(win, list) and len(win) == 2:
                        table.window_hint = (int(win[0]), float(win[1]))
                    await self.refresh_locked(table)
        except Exception:
            log.exception("table %s: could not follow another process", tid)
        finally:
            self._followers.pop(tid, None)

    # -- catching up ------------------------------------------------------------------------
    async def refresh(self, table: LiveTable) -> None:
        async with table.lock:
            await self.refresh_locked(table)

    async def refresh_seats(self, table: LiveTable) -> None:
        r = self.registry
        st = await r.db(r.store.load, table.id, False)
        if st is None:
            return
        for s in st.seats:
            seat = table.seats[s.seat]
            seat.kind, seat.agent, seat.name = s.kind, s.agent, s.name
            seat.token_hash, seat.seat_options = s.token_hash, s.seat_options

    async def refresh_locked(self, table: LiveTable) -> None:
        """Catch up with the database (under the table's lock): the new moves if only moves
        came, else the whole table. Then tell this process's clients."""
        r = self.registry
        st = await r.db(r.store.moves_since, table.id, table.move_count)
        if st is None:
            r.drop(table, "not_found", "this table no longer exists")
            return
        row = st.row
        same_seats = [(s.kind, s.agent, s.name, s.token_hash) for s in st.seats] == [
            (s.kind, s.agent, s.name, s.token_hash) for s in table.seats
        ]
        if table.status == "running" and row.status in ("running", "finished") and same_seats:
            state = table.state
            assert state is not None
            for mv in st.moves:
                if mv.number != table.move_count:
                    break
                action = table.game.action_from_record(mv.action, row.rules_version)
                events = state.apply(mv.seat, action)
                table.move_count += 1
                table.log.extend((table.move_count, e) for e in events)
            if state.is_over:
                table.status, table.result = "finished", row.result
        elif row.status == table.status == "open":
            await self.refresh_seats(table)
        else:
            full = await r.db(r.store.load, table.id)
            if full is None:
                return
            adopt(table, rebuild(full))
        table.stale = False
        # whatever was caught up with was done by another process: its timers act first
        table.follower = True
        if table.status == "running" or table.status == "finished":
            r.changed(table, moved=None, announce=False)
        else:
            table.cache.clear()  # the seats as stored, in the summary its clients get
            r.notify(table)
