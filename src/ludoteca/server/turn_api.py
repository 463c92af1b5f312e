"""Turn-based tables over HTTP: the choices a creator has, and the server's clock for tests.

- ``GET /api/turn-based``: the per-move limits and time banks offered (turn_based.toml), the
  defaults, how long a reaction window stays open at such a table, the bank's refill share.
- ``GET /api/tables/{id}/pace``: a turn-based table's pace, public to all: per seat the time
  bank left and, for a seat that owes a decision, its deadline and the seconds left until it
  (the rows of ``ludoteca_turn_timers``; turn_timers.py). A real-time table answers
  ``{"turn_based": false}`` (its clocks come with the state).
- ``GET /api/dev/clock``, ``POST /api/dev/clock {"advance_seconds": S}``: the server's clock
  (``clock.py``), moved on by S seconds. Only on a server started with ``--dev-clock``
  (``Settings.dev_clock``); elsewhere both answer 404, as for any unknown path.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from pydantic import Field
from sqlalchemy import Connection

from .config import Settings
from .errors import ApiError
from .schemas import Strict
from .turn_rules import RULES
from .turn_store import WINDOW, Timer, read
from .turn_timers import in_transaction

router = APIRouter(prefix="/api")

# a day of a game in one request at most a year on: enough for any test, no overflow
MAX_ADVANCE = 366 * 24 * 3600.0


class Advance(Strict):
    advance_seconds: float = Field(ge=0, le=MAX_ADVANCE, allow_inf_nan=False)


@router.get("/turn-based")
def turn_based() -> dict[str, Any]:
    return {
        "limits": list(RULES.limits),
        "default_limit": RULES.default_limit,
        "banks": list(RULES.banks),
        "default_bank": RULES.default_bank,
        "refill_share": RULES.refill_share,
        "window_seconds": RULES.window_seconds,
    }


def _rows(conn: Connection, table_id: str) -> dict[int, Timer]:
    return read(conn, table_id)


@router.get("/tables/{table_id}/pace")
async def pace(request: Request, table_id: Annotated[str, Path(max_length=24)]) -> dict[str, Any]:
    """A turn-based table's deadlines and banks: public (what every seat owes is on the
    board; no row says anything about a hand)."""
    m = request.app.state.manager
    table = await m.get(table_id)
    if not table.turn_based:
        return {"turn_based": False}
    at = m.settings.clock.now()
    rows = await m.db(in_transaction, m.store, _rows, table.id)
    seats = []
    for p in range(table.num_players):
        row = rows.get(p)
        due = None if row is None else row.due_at
        seats.append(
            {
                "seat": p,
                "bank_seconds": None if row is None else round(row.bank, 1),
                "due_at": None if due is None else due.isoformat(),
                "seconds_left": None
                if due is None
                else round(max(0.0, (due - at).total_seconds()), 1),
            }
        )
    window = rows.get(WINDOW)
    return {
        "turn_based": True,
        "turn_seconds": table.turn_seconds,
        "move": table.move_count,
        "now": at.isoformat(),
        "seats": seats,
        "window_due_at": None
        if window is None or window.due_at is None
        else window.due_at.isoformat(),
    }


def _dev_settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    if not settings.dev_clock:
        raise ApiError(404, "not_found", "no such page")
    return settings


def _clock_json(settings: Settings) -> dict[str, Any]:
    return {"now": settings.clock.now().isoformat(), "offset_seconds": settings.clock.offset}


@router.get("/dev/clock")
def read_clock(request: Request) -> dict[str, Any]:
    return _clock_json(_dev_settings(request))


@router.post("/dev/clock")
async def advance_clock(request: Request, body: Advance) -> dict[str, Any]:
    settings = _dev_settings(request)
    settings.clock.advance(body.advance_seconds)
    return _clock_json(settings)
