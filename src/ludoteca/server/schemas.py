"""What clients may send, validated with Pydantic: sizes are bounded, unknown fields refused."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator

MAX_BODY_BYTES = 64 * 1024  # an HTTP body or one WebSocket message
MAX_JSON_CHARS = 16 * 1024  # the options of a table, or one action
MAX_DECK_CHARS = 20 * 1024  # a deck file's text

Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]
AgentSpec = Annotated[
    str,
    StringConstraints(
        strip_whitespace=True, max_length=120, pattern=r"^[a-z][a-z0-9_]*(:[a-z0-9_]+=[\w.\-]+)*$"
    ),
]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _bounded_json(value: Any, what: str) -> Any:
    if len(json.dumps(value)) > MAX_JSON_CHARS:
        raise ValueError(f"{what} is too large (at most {MAX_JSON_CHARS} characters of JSON)")
    return value


class SeatSpec(Strict):
    kind: Literal["human", "ai"] = "human"
    agent: AgentSpec | None = Field(None, description="the AI agent, e.g. heuristic or random")


class TableSettings(Strict):
    """Table settings chosen at creation; public."""

    window_seconds: float = Field(
        3.0,  # benchmarks/window_share.py; docs/server.md "Reaction windows"
        ge=0.05,
        le=60,
        description="how long every reaction window stays open (the same for every seat)",
    )
    window_close_early: bool = Field(
        False,
        description="close a reaction window once every seat in it has answered (then the "
        "others learn that nobody wanted to react)",
    )
    clock_seconds: float | None = Field(
        None, ge=0.5, le=3600, description="time per decision; then the game's default is taken"
    )
    open_replay: bool = Field(
        False, description="the replay of the finished game shows every hand open"
    )


class JoinTable(Strict):
    name: Name
    seat: int | None = Field(None, ge=0, le=63)
    deck: str | None = Field(None, max_length=MAX_DECK_CHARS, description="the deck file's text")


class CreateTable(TableSettings):
    game: Annotated[str, StringConstraints(max_length=64)]
    num_players: int | None = Field(None, ge=1, le=64)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] | None = Field(None, max_length=64)
    join: JoinTable | None = Field(
        None, description="take a seat at once, as POST /join does (the answer holds its token)"
    )

    @field_validator("options")
    @classmethod
    def _options_size(cls, v: dict[str, Any]) -> dict[str, Any]:
        return _bounded_json(v, "options")


class MoveRequest(Strict):
    move: int | None = Field(
        None, ge=0, description="the move number the client saw; a stale one is refused"
    )
    action: dict[str, Any]

    @field_validator("action")
    @classmethod
    def _action_size(cls, v: dict[str, Any]) -> dict[str, Any]:
        return _bounded_json(v, "action")


class WsHello(Strict):
    type: Literal["hello"]
    token: Annotated[str, StringConstraints(max_length=200)] | None = None
    lang: Annotated[str, StringConstraints(max_length=10)] | None = None


class WsMove(MoveRequest):
    type: Literal["move"]


class WsPing(Strict):
    type: Literal["ping"]


class WsLang(Strict):
    type: Literal["lang"]
    lang: Annotated[str, StringConstraints(max_length=10)]
