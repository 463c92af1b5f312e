"""The rules of turn-based tables, as data (``turn_based.toml``, checked at import): the
per-move time limits and time banks a creator may choose, how a bank is spent and refilled,
and how long a reaction window stays open at such a table.

The bank (docs/server.md, "Turn-based tables"): each seat starts with the bank the creator
chose. A decision's deadline is its start + the limit + the seat's bank now. A move made
within the limit gives ``refill_share`` of the limit back to the bank (never above its
start); a move made later spends from the bank what it took beyond the limit; a seat whose
deadline passes has the clock play for it (the game's timeout move) and an empty bank.
"""

from __future__ import annotations

import tomllib
from importlib import resources

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ..engine.errors import DataError

FILE = "turn_based.toml"


class TurnRules(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    limits: tuple[int, ...] = Field(min_length=1)
    default_limit: int
    banks: tuple[int, ...] = Field(min_length=1)
    default_bank: int
    refill_share: float = Field(ge=0, le=1)
    window_seconds: int = Field(ge=1, le=24 * 3600)

    @model_validator(mode="after")
    def _defaults_offered(self) -> TurnRules:
        if any(x <= 0 for x in self.limits) or any(x < 0 for x in self.banks):
            raise ValueError("limits are positive and banks not negative")
        if self.default_limit not in self.limits:
            raise ValueError(f"default_limit {self.default_limit} is not one of limits")
        if self.default_bank not in self.banks:
            raise ValueError(f"default_bank {self.default_bank} is not one of banks")
        return self

    def settle(self, bank: float, top: float, limit: float, used: float) -> float:
        """A seat's bank after a decision that took ``used`` seconds: refilled for a move in
        time (up to ``top``, the bank it started the game with), spent beyond the limit."""
        if used <= limit:
            return min(float(top), bank + self.refill_share * limit)
        return max(0.0, bank - (used - limit))


def load(text: str | None = None) -> TurnRules:
    raw = text if text is not None else resources.files(__package__).joinpath(FILE).read_text()
    try:
        return TurnRules.model_validate(tomllib.loads(raw))
    except (tomllib.TOMLDecodeError, ValidationError) as e:
        raise DataError(f"{FILE}: {e}") from None


RULES = load()
