"""AI seats: which agents a table may seat, and asking them for moves (in worker processes,
:mod:`.ai_pool`, each move with a wall-time cap after which the seat plays its default).

An AI seat's move goes through the same path as a person's (:meth:`Moves.play`); if the table
moved on while the agent thought, the answer is dropped and the agent asked again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

from ..agents import AgentSpecError, make_agent
from ..agents.limits import AgentRefused, check_spec, fallback_level, levels_offered
from ..engine import Game
from ..engine.reactions import answer_delay
from .ai_pool import AiPool, MoveTimeout
from .errors import ApiError
from .live import LiveTable, Seat
from .models import SeatRow
from .timers import grace, open_window

if TYPE_CHECKING:
    from .tables import TableManager

log = logging.getLogger("ludoteca.server")

# what an AI seat plays when a person leaves a running game
TAKEOVER_AGENTS = ("heuristic", "random")


class AiSeats:
    def __init__(self, manager: TableManager) -> None:
        self.m = manager
        self.pool = AiPool(manager.settings.ai_workers, manager.settings.plugins)

    def start(self) -> None:
        """Start the workers, in the background (the server answers meanwhile)."""
        self.pool.start()

    def stop(self) -> None:
        self.pool.stop()

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

    def build(self, table: LiveTable, seat: Seat) -> None:
        """The seat plays by its spec (its agent is built where it thinks, in a worker)."""
        table.agents[seat.index] = seat.agent or "random"

    def take_over(self, table: LiveTable, seat: Seat) -> None:
        """A person left a running game: an AI seat plays for them from now on."""
        for spec in TAKEOVER_AGENTS:
            try:
                make_agent(spec, table.game, 0)
            except AgentSpecError:
                continue
            seat.kind, seat.agent = "ai", spec
            table.agents[seat.index] = spec
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
            state = table.state
            # a turn's move after ai_delay (people follow the table); an answer in a reaction
            # window at once, Nope or pass alike (engine/reactions.py answer_delay)
            in_window = state is not None and open_window(state) is not None
            delay = answer_delay(in_window, self.m.settings.ai_delay)
            if delay > 0 or table.follower:
                await asyncio.sleep(delay + grace(table))
            state = table.state
            if table.move_count != at_move or state is None or seat not in state.actors:
                return
            spec = table.agents[seat]
            # each AI seat gets its own seed, drawn from the table's: reproducible, not guessable
            seed = table.seed * 7919 + seat
            action: dict[str, Any] | None = None
            try:
                action = await self.pool.think(
                    table.id,
                    seat,
                    spec,
                    seed,
                    table.game.id,
                    state.to_json(),
                    self.m.settings.ai_move_seconds,
                )
            except MoveTimeout:
                log.warning(
                    "AI seat %s of table %s ran over %.1f s; it plays the default",
                    seat,
                    table.id,
                    self.m.settings.ai_move_seconds,
                )
            except Exception:
                log.exception("AI seat %s of table %s failed; it plays the default", seat, table.id)
            async with table.lock:
                state = table.state
                if table.move_count != at_move or state is None or seat not in state.actors:
                    return
                if action is None:
                    action = state.timeout_action(seat).to_json()
                with contextlib.suppress(ApiError):
                    await self.m.moves.play(table, seat, action, at_move, "ai")
        except asyncio.CancelledError:
            pass
        finally:
            current = table.ai_tasks.get(seat)
            if current is not None and current[0] == at_move:
                table.ai_tasks.pop(seat, None)
