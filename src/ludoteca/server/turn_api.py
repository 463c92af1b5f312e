"""Turn-based tables over HTTP: the choices a creator has, and the server's clock for tests.

- ``GET /api/turn-based``: the per-move limits and time banks offered (turn_based.toml), the
  defaults, how long a reaction window stays open at such a table, the bank's refill share.
- ``GET /api/dev/clock``, ``POST /api/dev/clock {"advance_seconds": S}``: the server's clock
  (``clock.py``), moved on by S seconds. Only on a server started with ``--dev-clock``
  (``Settings.dev_clock``); elsewhere both answer 404, as for any unknown path.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import Field

from .config import Settings
from .errors import ApiError
from .schemas import Strict
from .turn_rules import RULES

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
