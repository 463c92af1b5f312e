"""A live table from its stored record: its seats, its state replayed move by move.

Plain functions over a :class:`~.db.StoredTable` and a :class:`~.live.LiveTable` (no database
call, no task): the registry loads tables with them, the commit and replication rebuild a table
whose memory ran ahead of (or behind) the database, and seating deals with :func:`begin`.
"""

from __future__ import annotations

import logging

from ..agents.limits import AgentRefused, check_spec, fallback_level
from ..engine import Game, LudotecaError, get_game
from .db import StoredTable
from .live import LiveTable, Seat
from .models import SeatRow

log = logging.getLogger("ludoteca.server")


def rebuild(st: StoredTable) -> LiveTable:
    """The live table a stored one is: its seats, and its state replayed move by move."""
    row = st.row
    game = get_game(row.game)
    seats = [Seat(s.seat, s.kind, s.agent, s.name, s.token_hash, s.seat_options) for s in st.seats]
    table = LiveTable(
        id=row.id,
        game=game,
        num_players=row.num_players,
        seed=row.seed,
        public_options=dict(row.public_options or {}),
        settings=dict(row.settings or {}),
        status=row.status,
        seats=seats,
        created_at=row.created_at,
        updated_at=row.updated_at,
        options=row.options,
        move_count=0,
        result=row.result,
        stored_clock=getattr(row, "clock", None),
    )
    if row.status != "open":
        if not game.reads_rules_version(row.rules_version):
            raise LudotecaError(f"{row.game} rules changed since table {row.id} began")
        begin(table)
        state = table.state
        assert state is not None
        for m in st.moves:
            # moves stored under an older format are converted as they are read
            events = state.apply(m.seat, game.action_from_record(m.action, row.rules_version))
            table.move_count += 1
            table.log.extend((table.move_count, e) for e in events)
        if state.is_over and table.status != "finished":
            table.status = "finished"
    return table


def begin(table: LiveTable) -> None:
    """Deal: the game's first state, and an agent for each AI seat (its spec: the agent is
    built where it thinks, in a worker, :mod:`.ai_seats`)."""
    table.state = table.game.new_game(table.num_players, table.seed, table.options or {})
    for s in table.seats:
        if s.kind == "ai":
            table.agents[s.index] = s.agent or "random"


def adopt(table: LiveTable, fresh: LiveTable) -> None:
    """Take over everything a rebuilt copy of the table knows (seats, state, log)."""
    table.seats, table.status, table.options = fresh.seats, fresh.status, fresh.options
    table.state, table.move_count, table.log = fresh.state, fresh.move_count, fresh.log
    table.result, table.agents = fresh.result, fresh.agents
    if fresh.stored_clock is not None:
        table.stored_clock = fresh.stored_clock
    for c in table.connections:
        c.log_sent = None  # the log was rebuilt: send it whole


def repair_seat(game: Game, seat: SeatRow, table_id: str, allow_specs: bool) -> bool:
    """A stored AI seat whose spec this server will not run (stored before the checks, or
    under ``--allow-agent-specs``) falls back to the game's strong level, said in the log.
    Whether it changed."""
    if seat.kind != "ai":
        return False
    try:
        check_spec(seat.agent or "random", game, allow_specs)
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
