"""AI seats: which agents a table may seat, and asking them for moves (in worker processes,
:mod:`.ai_pool`, each move with a wall-time cap after which the seat plays its default).

An AI seat's move goes through the same path as a person's (:meth:`Moves.play`); if the table
moved on while the agent thought, the answer is dropped and the agent asked again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from ..agents import AgentSpecError, make_agent
from ..agents.limits import AgentRefused, check_spec, fallback_level, levels_offered
from ..engine import Game
from ..engine.reactions import answer_delay
from .ai_pool import AiPool, MoveTimeout
from .config import Settings
from .errors import ApiError
from .live import LiveTable, Seat
from .moves import Moves
from .registry import Change
from .timers import grace, open_window

log = logging.getLogger("ludoteca.server")

# what an AI seat plays when a person leaves a running game
TAKEOVER_AGENTS = ("heuristic", "random")


class AiSeats:
    """Takes the settings (which specs, how long an agent may think), the moves (an AI seat
    answers through :meth:`Moves.play`) and the worker pool (made from the settings if not
    given).

    Waking after a change is the registry's ``changed`` event (:meth:`table_changed`): the
    moves, which the AI seats call, never call them back."""

    def __init__(self, settings: Settings, moves: Moves, pool: AiPool | None = None) -> None:
        self.settings = settings
        self.moves = moves
        self.pool = (
            pool
            if pool is not None
            else AiPool(settings.ai_workers, settings.plugins, settings.ai_nice)
        )

    def start(self) -> None:
        """Start the workers, in the background (the server answers meanwhile), unless the
        settings leave that to the first job (the pool then starts them itself)."""
        if self.settings.ai_workers_at_start:
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
            return check_spec(spec, game, self.settings.allow_agent_specs)
        except AgentRefused as e:
            raise ApiError(422, "agent_refused", e.text(lang)) from None

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
    def table_changed(self, table: LiveTable, change: Change) -> None:
        """The registry's ``changed`` event: while the game goes on, wake the seats it waits on."""
        if change.live:
            self.wake(table)

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
            delay = answer_delay(in_window, self.settings.ai_delay)
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
                    self.settings.ai_move_seconds,
                )
            except MoveTimeout:
                log.warning(
                    "AI seat %s of table %s ran over %.1f s; it plays the default",
                    seat,
                    table.id,
                    self.settings.ai_move_seconds,
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
                    await self.moves.play(table, seat, action, at_move, "ai")
        except asyncio.CancelledError:
            pass
        finally:
            current = table.ai_tasks.get(seat)
            if current is not None and current[0] == at_move:
                table.ai_tasks.pop(seat, None)
