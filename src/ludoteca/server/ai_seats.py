"""AI seats: which agents a table may seat, building them, and asking them for moves.

An AI seat's move goes through the same path as a person's (:meth:`Moves.play`); if the table
moved on while the agent thought, the answer is dropped and the agent asked again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from ..agents import AgentSpecError, make_agent
from ..agents.limits import AgentRefused, check_spec, fallback_level, levels_offered
from ..engine import Game, SeatHandle
from .errors import ApiError
from .live import LiveTable, Seat
from .models import SeatRow
from .timers import grace

if TYPE_CHECKING:
    from .tables import TableManager

log = logging.getLogger("ludoteca.server")

# what an AI seat plays when a person leaves a running game
TAKEOVER_AGENTS = ("heuristic", "random")


class AiSeats:
    def __init__(self, manager: TableManager) -> None:
        self.m = manager
        self.pool = ThreadPoolExecutor(
            manager.settings.ai_workers, thread_name_prefix="ludoteca-ai"
        )

    def stop(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)

    # -- which agents ---------------------------------------------------------------------------
    def accept_spec(self, spec: str | None, game: Game, lang: str = "en") -> str:
        """The agent an AI seat asked for at creation (none: ``medium``, or the strongest level
        the game offers), checked now: a 422 that says why, in the reader's language."""
        if spec is None:
            spec = "medium" if "medium" in levels_offered(game) else fallback_level(game)
        try:
            return check_spec(spec, game, self.m.settings.allow_agent_specs)
        except AgentRefused as e:
            raise ApiError(422, "agent_refused", e.text(lang)) from None

    def repair(self, game: Game, seat: SeatRow, table_id: str) -> bool:
        """A stored AI seat whose spec this server will not run (stored before the checks, or
        under ``--allow-agent-specs``) falls back to the game's strong level, said in the log.
        Whether it changed."""
        if seat.kind != "ai":
            return False
        try:
            check_spec(seat.agent or "random", game, self.m.settings.allow_agent_specs)
            return False
        except AgentRefused as e:
            level = fallback_level(game)
            log.warning(
                "table %s seat %s: agent %r refused (%s); it plays %r now",
                table_id,
                seat.seat,
                seat.agent,
                e,
                level,
            )
            seat.agent = level
            return True

    def build(self, table: LiveTable, seat: Seat) -> Any:
        # each AI seat gets its own seed, drawn from the table's: reproducible, not guessable
        return make_agent(seat.agent or "random", table.game, seed=(table.seed * 7919 + seat.index))

    def take_over(self, table: LiveTable, seat: Seat) -> None:
        """A person left a running game: an AI seat plays for them from now on."""
        for spec in TAKEOVER_AGENTS:
            try:
                agent = make_agent(spec, table.game, table.seed + seat.index)
            except AgentSpecError:
                continue
            seat.kind, seat.agent = "ai", spec
            table.agents[seat.index] = agent
            break

    # -- thinking -------------------------------------------------------------------------------
    def wake(self, table: LiveTable) -> None:
        """Ask every AI seat that owes a decision now (once per move)."""
        state = table.state
        assert state is not None
        for p in state.actors:
            if p in table.agents:
                running = table.ai_tasks.get(p)
                if running is not None and running[0] == table.move_count:
                    continue
                if running is not None:
                    running[1].cancel()
                task = asyncio.create_task(self._move(table, p, table.move_count))
                table.ai_tasks[p] = (table.move_count, task)

    def cancel(self, table: LiveTable) -> None:
        for _, task in table.ai_tasks.values():
            task.cancel()

    async def _move(self, table: LiveTable, seat: int, at_move: int) -> None:
        try:
            if self.m.settings.ai_delay > 0 or table.follower:
                await asyncio.sleep(self.m.settings.ai_delay + grace(table))
            state = table.state
            if table.move_count != at_move or state is None or seat not in state.actors:
                return
            handle = SeatHandle(state.clone(), seat)
            agent = table.agents[seat]
            loop = asyncio.get_running_loop()
            try:
                action = await loop.run_in_executor(self.pool, agent.act, handle)
            except Exception:
                log.exception("AI seat %s of table %s failed; it plays the default", seat, table.id)
                action = None
            async with table.lock:
                state = table.state
                if table.move_count != at_move or state is None or seat not in state.actors:
                    return
                if action is None:
                    action = state.timeout_action(seat)
                with contextlib.suppress(ApiError):
                    await self.m.moves.play(table, seat, action.to_json(), at_move, "ai")
        except asyncio.CancelledError:
            pass
        finally:
            current = table.ai_tasks.get(seat)
            if current is not None and current[0] == at_move:
                table.ai_tasks.pop(seat, None)
