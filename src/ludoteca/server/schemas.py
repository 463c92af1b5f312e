"""What clients may send, validated with Pydantic: sizes are bounded, unknown fields refused."""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from .turn_rules import RULES

MAX_BODY_BYTES = 64 * 1024  # an HTTP body or one WebSocket message
# what the WebSocket server (uvicorn) reads of one message at most, before the app sees it:
# above MAX_BODY_BYTES, so that a message a little too large gets the app's answer
# (error too_large, the connection kept); a larger one is cut off there (close 1009), so no
# message can make the server hold more than this
MAX_WS_FRAME_BYTES = 4 * MAX_BODY_BYTES
MAX_JSON_CHARS = 16 * 1024  # the options of a table, or one action
MAX_DECK_CHARS = 20 * 1024  # a deck file's text
MAX_JSON_DEPTH = 32  # how deeply the options or an action may nest lists and objects
MAX_JSON_INT = 2**53  # no option or action number is larger (a double holds it exactly)
MAX_NAME_CHARS = 40

# line and paragraph separators: a name is one line (Cc covers \n, \r, \x85 already)
_LINE_BREAKS = {"\u2028", "\u2029"}
# letters and symbols that show nothing (Hangul fillers, the blank braille pattern)
_BLANKS = {"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800"}


def _clean_name(value: str) -> str:
    """A name others will read: NFC, one line, no control or format characters (zero-width,
    bidi overrides such as U+202E), and something visible. The error's type is its code."""
    name = unicodedata.normalize("NFC", value).strip()
    for ch in name:
        cat = unicodedata.category(ch)
        where = {"char": f"U+{ord(ch):04X}"}
        if ch in _LINE_BREAKS or ch in "\n\r\x0b\x0c\x1c\x1d\x1e\x85":
            raise PydanticCustomError("name_line_break", "a name is one line ({char})", where)
        if cat == "Cc":
            raise PydanticCustomError(
                "name_control", "a name holds no control character ({char})", where
            )
        if cat in ("Cf", "Co", "Cs", "Cn"):
            raise PydanticCustomError(
                "name_format", "a name holds no invisible or direction character ({char})", where
            )
    if not any(ch not in _BLANKS and unicodedata.category(ch)[0] not in "ZM" for ch in name):
        raise PydanticCustomError("name_invisible", "a name must show something", {})
    if len(name) > MAX_NAME_CHARS:
        raise PydanticCustomError(
            "name_too_long", "a name holds at most {most} characters", {"most": MAX_NAME_CHARS}
        )
    return name


# at most 4x the characters before NFC (no NFC form grows more than 3x), then checked again
Name = Annotated[str, StringConstraints(max_length=4 * MAX_NAME_CHARS), AfterValidator(_clean_name)]
AgentSpec = Annotated[
    str,
    StringConstraints(
        strip_whitespace=True, max_length=120, pattern=r"^[a-z][a-z0-9_]*(:[a-z0-9_]+=[\w.\-]+)*$"
    ),
]


# what no text column holds: PostgreSQL refuses NUL in text and JSON, and a lone surrogate
# is no UTF-8 at all (neither database can store it)
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def unstorable(text: str) -> str | None:
    """The first character of ``text`` that no database column can hold, as ``U+XXXX``."""
    found = _UNSTORABLE.search(text)
    return None if found is None else f"U+{ord(found.group()):04X}"


def _unstorable_in(value: Any, where: str) -> tuple[str, str] | None:
    """Where in a JSON-like value (strings, and the keys and items of objects and lists; a
    nested model checks itself) a string holds an unstorable character, and which one."""
    if isinstance(value, str):
        char = unstorable(value)
        return None if char is None else (where, char)
    if isinstance(value, dict):
        for k, v in value.items():
            found = _unstorable_in(k, where) or _unstorable_in(v, f"{where}.{k}")
            if found is not None:
                return found
    elif isinstance(value, list | tuple):
        for i, v in enumerate(value):
            found = _unstorable_in(v, f"{where}.{i}")
            if found is not None:
                return found
    return None


class Strict(BaseModel):
    """Every request body: unknown fields refused, and no string anywhere in it (names, decks,
    tokens, options, actions) holds a character the database could not store: one check for
    every field, those to come included, before any work."""

    model_config = ConfigDict(extra="forbid")

    @model_validator(mode="after")
    def _storable(self) -> Strict:
        for name in type(self).model_fields:
            found = _unstorable_in(getattr(self, name), name)
            if found is not None:
                raise PydanticCustomError(
                    "bad_character",
                    "{where} holds {char}, a character no text may hold here",
                    {"where": found[0], "char": found[1]},
                )
        return self


def _json_problem(value: Any, depth: int = 0) -> str | None:
    """What makes a JSON value unfit for a game (None if nothing): every number finite and
    at most 2^53 in size, nesting at most MAX_JSON_DEPTH deep, before any game reads it."""
    if depth > MAX_JSON_DEPTH:
        return f"nests more than {MAX_JSON_DEPTH} levels deep"
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return None
    if isinstance(value, int):
        return (
            None
            if abs(value) <= MAX_JSON_INT
            else f"holds a number over 2^53 ({str(value)[:12]}...)"
        )
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            return "holds a number that is not finite (NaN or infinity)"
        return None if abs(value) <= MAX_JSON_INT else "holds a number over 2^53"
    if isinstance(value, dict):
        items: Any = value.values()
    elif isinstance(value, list):
        items = value
    else:
        return None
    for v in items:
        problem = _json_problem(v, depth + 1)
        if problem is not None:
            return problem
    return None


def _bounded_json(value: Any, what: str) -> Any:
    problem = _json_problem(value)
    if problem is not None:
        raise ValueError(f"{what} {problem}")
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
        allow_inf_nan=False,
        description="how long every reaction window stays open (the same for every seat)",
    )
    window_close_early: bool = Field(
        True,  # docs/rules/exploding-kittens.md "Nope windows": the wait ends with the answers
        description="close a reaction window once every seat in it has answered (AI seats "
        "answer at once; people by a click or their 'never stop for me')",
    )
    clock_seconds: float | None = Field(
        None,
        ge=0.5,
        le=3600,
        allow_inf_nan=False,
        description="time per decision; then the game's default is taken",
    )
    open_replay: bool = Field(
        False, description="the replay of the finished game shows every hand open"
    )
    invitation_only: bool = Field(
        False,
        description="by invitation: not in the lobby, and only invited accounts may sit "
        "(server/friends.py); needs a signed-in creator who sits at once",
    )
    # -- turn-based tables (server/turn_timers.py; the choices: server/turn_based.toml) -----
    mode: Literal["realtime", "turn_based"] = Field(
        "realtime",
        description="realtime: the clocks above, in seconds; turn_based: a time limit per "
        "move (hours, days) and a time bank, the deadlines kept in the database",
    )
    turn_seconds: int | None = Field(
        None, description="turn-based: the time limit per move, one of GET /api/turn-based"
    )
    bank_seconds: int | None = Field(
        None, description="turn-based: each seat's time bank, one of GET /api/turn-based"
    )

    @model_validator(mode="after")
    def _turn_based(self) -> TableSettings:
        if self.mode == "realtime":
            if self.turn_seconds is not None or self.bank_seconds is not None:
                raise PydanticCustomError(
                    "turn_settings", "turn_seconds and bank_seconds are for turn-based tables", {}
                )
            return self
        if self.clock_seconds is not None:
            raise PydanticCustomError(
                "turn_settings", "a turn-based table has a time limit per move, not a clock", {}
            )
        limit = RULES.default_limit if self.turn_seconds is None else self.turn_seconds
        bank = RULES.default_bank if self.bank_seconds is None else self.bank_seconds
        if limit not in RULES.limits:
            raise PydanticCustomError(
                "turn_settings",
                "turn_seconds is one of {choices}",
                {"choices": ", ".join(map(str, RULES.limits))},
            )
        if bank not in RULES.banks:
            raise PydanticCustomError(
                "turn_settings",
                "bank_seconds is one of {choices}",
                {"choices": ", ".join(map(str, RULES.banks))},
            )
        self.turn_seconds, self.bank_seconds = limit, bank
        return self

    rated: bool | None = Field(
        None,
        description="the game changes its people's ratings (default: yes when every seat is a "
        "person's; with AI seats only when asked, against the AI levels' fixed ratings)",
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
        None, ge=0, le=2**31, description="the move number the client saw; a stale one is refused"
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


class WsReview(Strict):
    """Follow the game review of a seat (0-based) of this finished table (review_api.watch)."""

    type: Literal["review"]
    seat: Annotated[int, Field(ge=0, le=63)]


class WsLang(Strict):
    type: Literal["lang"]
    lang: Annotated[str, StringConstraints(max_length=10)]


# -- accounts (account_api.py) ----------------------------------------------------------------
MIN_PASSWORD_CHARS = 8
# bounded: Argon2 hashes any length, but no password needs more, and a long one costs work
MAX_PASSWORD_CHARS = 256


def _long_enough(value: str) -> str:
    if len(value) < MIN_PASSWORD_CHARS:
        raise PydanticCustomError(
            "password_too_short",
            "a password holds at least {least} characters",
            {"least": MIN_PASSWORD_CHARS},
        )
    return value


Password = Annotated[
    str, StringConstraints(max_length=MAX_PASSWORD_CHARS), AfterValidator(_long_enough)
]


class SignUp(Strict):
    name: Name
    password: Password


class SignIn(Strict):
    # not checked against the name rules: a sign-in with any name gets the same answer
    name: Annotated[str, StringConstraints(max_length=4 * MAX_NAME_CHARS)]
    password: Annotated[str, StringConstraints(max_length=MAX_PASSWORD_CHARS)]


class Rename(Strict):
    name: Name


class SeatClaim(Strict):
    table: Annotated[str, StringConstraints(max_length=24)]
    token: Annotated[str, StringConstraints(max_length=300)]


class ClaimSeats(Strict):
    """The seat tokens a browser holds (its guest's seats), to be bound to the account."""

    seats: list[SeatClaim] = Field(default_factory=list, max_length=500)
