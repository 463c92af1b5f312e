"""A live table in memory: the game state rebuilt from its record, its seats and its timers.

The database is the source of truth; this is its replay. Everything here runs on the event loop,
and every change to a table happens under its lock, one move at a time.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..engine import Event, Game, GameState
from .tokens import same_hash

if TYPE_CHECKING:
    from .connections import Connection


@dataclass
class Seat:
    index: int
    kind: str  # "human" | "ai"
    agent: str | None = None
    name: str | None = None
    token_hash: str | None = None
    seat_options: dict[str, Any] | None = None

    @property
    def taken(self) -> bool:
        return self.kind == "ai" or self.token_hash is not None

    def public(self) -> dict[str, Any]:
        return {
            "seat": self.index,
            "kind": self.kind,
            "agent": self.agent,
            "name": self.name,
            "taken": self.taken,
        }


@dataclass
class Window:
    """A reaction window as the server runs it: open for a fixed time (the game says only
    that it is open, ``state.reaction_window()``); the passes seats gave wait here, unseen."""

    opened_at: int  # the move count when it opened
    deadline: float  # loop time
    passed: set[int] = field(default_factory=set)
    task: asyncio.Task[None] | None = None
    # public words on what is reacted to (the game's ``ReactionWindow.about``), for clients
    about: dict[str, Any] = field(default_factory=dict)
    seats: tuple[int, ...] = ()  # the seats that may react (the game's word, when it opened)


@dataclass
class LiveTable:
    id: str
    game: Game
    num_players: int
    seed: int
    public_options: dict[str, Any]
    settings: dict[str, Any]
    status: str
    seats: list[Seat]
    created_at: datetime
    options: dict[str, Any] | None = None
    # the newest change (a move, a seat): the lobby tells abandoned tables by it (abandoned.py)
    updated_at: datetime | None = None
    state: GameState | None = None
    move_count: int = 0
    result: dict[str, Any] | None = None
    # (move number that produced it, event), for the live log
    log: list[tuple[int, Event]] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    window: Window | None = None
    clocks: dict[int, float] = field(default_factory=dict)  # seat -> loop-time deadline
    clock_task: asyncio.Task[None] | None = None
    agents: dict[int, str] = field(default_factory=dict)  # AI seat -> its agent spec
    ai_tasks: dict[int, tuple[int, asyncio.Task[None]]] = field(default_factory=dict)
    # another process made the newest change (Redis fan-out): this one's timers and AI seats
    # wait a little longer, and act only if that process has not (it may have died)
    follower: bool = False
    # another process changed it and nobody here watches it: caught up when next asked for
    stale: bool = False
    # clock deadlines to take up at a given move: {"move": N, "at": {"seat": unix time}}
    # (stored in the database, or heard from the process that made the move)
    stored_clock: dict[str, Any] | None = None
    # the unix time the open reaction window closes, as heard from another process
    window_hint: tuple[int, float] | None = None
    # payload parts already built for this move: (seat, lang) -> dict, and
    # ("text", seat, lang) -> the same part as JSON text (cleared after every change)
    cache: dict[tuple[Any, ...], Any] = field(default_factory=dict)
    # the people's seats owing a turn's decision, as last told (turn_hook.py: who is new)
    deciders: tuple[int, ...] = ()

    def seat_of_hash(self, h: str) -> int | None:

        for s in self.seats:
            if same_hash(s.token_hash, h):
                return s.index
        return None

    @property
    def window_seconds(self) -> float:
        return float(self.settings.get("window_seconds", 4.0))  # 4 s: tables made before 3 s

    @property
    def window_close_early(self) -> bool:
        return bool(self.settings.get("window_close_early", False))

    @property
    def clock_seconds(self) -> float | None:
        c = self.settings.get("clock_seconds")
        return None if c is None else float(c)

    @property
    def turn_based(self) -> bool:
        """A turn-based table: its deadlines are rows in the database (turn_timers.py)."""
        return self.settings.get("mode") == "turn_based"

    @property
    def turn_seconds(self) -> float:
        return float(self.settings.get("turn_seconds") or 0)

    @property
    def bank_seconds(self) -> float:
        return float(self.settings.get("bank_seconds") or 0)

    def summary(self, lang: str) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game.id,
            "game_name": self.game.display_name(lang),
            "num_players": self.num_players,
            "status": self.status,
            "move": self.move_count,
            "seats": [s.public() for s in self.seats],
            "options": self.public_options,
            "settings": self.settings,
            "created_at": self.created_at.isoformat(),
        }
