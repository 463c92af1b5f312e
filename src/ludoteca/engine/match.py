"""Match records: game id, rules version, options, seed, players and the action list.

This is the save format, the replay format and the server's source of truth: replaying the
actions from the seed gives the same states, bit for bit. Records are plain JSON.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .actions import Action
from .errors import DataError, IllegalAction, LudotecaError
from .events import Event
from .game import Game, GameState
from .registry import get_game
from .result import Result

RECORD_FORMAT = 1


class _RecordModel(BaseModel):
    """Validates a record read from a file, so a broken file gets a clear error."""

    model_config = ConfigDict(extra="allow")
    format: int = RECORD_FORMAT
    game: str
    rules_version: str
    num_players: int = Field(ge=1)
    seed: int
    options: dict[str, Any] = {}
    players: list[str] = []
    actions: list[tuple[int, dict[str, Any]]] = []
    result: dict[str, Any] | None = None


@dataclass
class MatchRecord:
    game: str
    rules_version: str
    num_players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    players: list[str] = field(default_factory=list)
    actions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    meta: dict[str, Any] = field(default_factory=dict)

    # -- storage --------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "num_players": self.num_players,
            "seed": self.seed,
            "options": self.options,
            "players": self.players,
            "actions": [[p, a] for p, a in self.actions],
            "result": self.result,
        }
        if self.meta:
            out["meta"] = self.meta
        return out

    @classmethod
    def from_json(cls, data: Any, source: str = "record") -> MatchRecord:
        try:
            m = _RecordModel.model_validate(data)
        except ValidationError as e:
            first = e.errors()[0]
            where = ".".join(str(x) for x in first["loc"]) or "record"
            raise DataError(f"{source}: not a match record: {where}: {first['msg']}") from None
        if m.format != RECORD_FORMAT:
            raise DataError(
                f"{source}: record format {m.format} is not supported (this version reads {RECORD_FORMAT})"
            )
        meta = (m.model_extra or {}).get("meta", {})
        record = cls(
            m.game,
            m.rules_version,
            m.num_players,
            m.seed,
            m.options,
            m.players,
            [(p, a) for p, a in m.actions],
            m.result,
            meta if isinstance(meta, dict) else {},
        )
        return record.upgraded()

    def upgraded(self) -> MatchRecord:
        """This record in today's format: a record of an earlier rules version whose actions
        the game still reads is converted (``meta["converted_from"]`` names the old version);
        any other record comes back as it is (replaying it says what is wrong)."""
        try:
            game = get_game(self.game)
        except LudotecaError:
            return self
        old = self.rules_version
        if old == game.rules_version or not game.reads_rules_version(old):
            return self
        actions = [(p, game.upgrade_action(a, old)) for p, a in self.actions]
        meta = {**self.meta, "converted_from": self.meta.get("converted_from", old)}
        return MatchRecord(
            self.game,
            game.rules_version,
            self.num_players,
            self.seed,
            self.options,
            self.players,
            actions,
            self.result,
            meta,
        )

    def save(self, path: str | Path) -> None:
        Path(path).write_text(
            json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )

    @classmethod
    def load(cls, path: str | Path) -> MatchRecord:
        p = Path(path)
        try:
            data = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as e:
            raise DataError(f"{p}: cannot read a match record: {e}") from None
        return cls.from_json(data, str(p))

    # -- replay ---------------------------------------------------------------------------
    def get_game(self) -> Game:
        game = get_game(self.game)
        if not game.reads_rules_version(self.rules_version):
            raise DataError(
                f"this record was played under {self.game} rules version {self.rules_version}; "
                f"this ludoteca plays version {game.rules_version}"
            )
        return game

    def initial_state(self) -> GameState:
        return self.get_game().new_game(self.num_players, self.seed, self.options)

    def steps(self) -> Iterator[ReplayStep]:
        """Replays the record, yielding the state after each action (the same object, mutated)."""
        game = self.get_game()
        state = self.initial_state()
        for i, (p, aj) in enumerate(self.actions):
            action = game.action_from_record(aj, self.rules_version)
            try:
                events = state.apply(p, action)
            except IllegalAction as e:
                raise DataError(
                    f"action {i} of the record ({aj}) is refused on replay: {e}"
                ) from None
            yield ReplayStep(i, p, action, events, state)

    def final_state(self) -> GameState:
        state = self.initial_state()
        for step in self.steps():
            state = step.state
        return state


@dataclass
class ReplayStep:
    index: int
    player: int
    action: Action
    events: list[Event]
    state: GameState


class Match:
    """A live game that keeps its own record: what the CLI, simulations and the server drive."""

    def __init__(
        self,
        game: Game,
        num_players: int,
        seed: int,
        options: Mapping[str, Any] | None = None,
        players: list[str] | None = None,
    ) -> None:
        self.game = game
        self.state = game.new_game(num_players, seed, options)
        opts = self.state_options()
        self.record = MatchRecord(
            game.id, game.rules_version, num_players, seed, opts, list(players or [])
        )

    def state_options(self) -> dict[str, Any]:
        opts = getattr(self.state, "options", None)
        if isinstance(opts, BaseModel):
            return opts.model_dump(mode="json")
        return {}

    def apply(self, player: int, action: Action) -> list[Event]:
        events = self.state.apply(player, action)
        self.record.actions.append((player, action.to_json()))
        if self.state.is_over:
            self.record.result = self.state.result().to_json()
        return events

    @property
    def result(self) -> Result | None:
        return self.state.result() if self.state.is_over else None
