"""The tutorials: a scripted first game per title (``tutorials/<game>.toml``), from a fixed deal.

A script is a list of steps; each step is a seat's move (``action``, its JSON) and may carry
words for the learner (``say``, both languages). A step of the learner's seat with words waits
for the learner to make that move on the board; another seat's step with words (or a step with
words and no move: a note) waits for "Next"; a step without words is played at once. The
script is replayed through the engine, so a step the rules refuse is an error at load
(``check``) and in the tests, never at the table.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..engine import Event, GameState, get_game
from ..engine.errors import DataError, IllegalAction, UnknownGame
from ..engine.i18n import LANGUAGES

GAMES = ("exploding-kittens", "coatl", "nine-domains", "sala-de-miaula")


class _Words(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    pt_BR: str = Field(alias="pt-BR", min_length=1, max_length=400)
    en: str = Field(min_length=1, max_length=400)


class _Step(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    seat: int = Field(default=0, ge=0)
    action: dict[str, Any] | None = None
    say: _Words | None = None


class _Script(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    game: str
    players: int = Field(ge=1, le=10)
    seed: int = Field(ge=0)
    learner: int = Field(default=0, ge=0)
    options: dict[str, Any] = {}
    # the kinds of move (action types) the learner makes, and the game's other kinds with why a
    # first game leaves them out (for the maintainers): together, every kind the game has
    # (tests/help/test_tutorials.py reads them from the game's action space)
    covers: list[str] = Field(min_length=1)
    leaves_out: dict[str, str] = {}
    step: list[_Step] = Field(min_length=1)


@dataclass(frozen=True, slots=True)
class Step:
    seat: int
    action: dict[str, Any] | None
    say: dict[str, str] | None  # lang -> words

    @property
    def kind(self) -> str:
        """ "do" (the learner makes this move), "next" (read, then Next), "auto" (played at once)."""
        if self.say is None:
            return "auto"
        return "do" if self.action is not None and self.seat == LEARNER_SEAT else "next"


LEARNER_SEAT = 0  # the learner sits in seat 0 in every script (checked at load)


@dataclass(frozen=True, slots=True)
class Tutorial:
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    covers: tuple[str, ...]
    leaves_out: dict[str, str]
    steps: tuple[Step, ...]

    def start(self) -> GameState:
        return get_game(self.game).new_game(self.players, seed=self.seed, options=self.options)


def parse(data: dict[str, Any], where: str) -> Tutorial:
    try:
        s = _Script.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        loc = ".".join(str(x) for x in err["loc"])
        raise DataError(f"{where}: {loc}: {err['msg']}") from None
    if s.learner != LEARNER_SEAT:
        raise DataError(f"{where}: the learner sits in seat {LEARNER_SEAT}")
    steps = tuple(
        Step(
            st.seat, st.action, None if st.say is None else {"pt-BR": st.say.pt_BR, "en": st.say.en}
        )
        for st in s.step
    )
    tut = Tutorial(
        s.game, s.players, s.seed, dict(s.options), tuple(s.covers), dict(s.leaves_out), steps
    )
    check(tut, where)
    return tut


def check(tut: Tutorial, where: str) -> None:
    """Replay the whole script through the engine: every move must be legal when it comes."""
    state = tut.start()
    for i, step in enumerate(tut.steps):
        if step.action is None:
            continue
        try:
            apply(state, step)
        except (IllegalAction, ValueError, KeyError, TypeError) as e:
            raise DataError(f"{where}: step {i + 1} ({step.action}): {e}") from None


def apply(state: GameState, step: Step) -> list[Event]:
    assert step.action is not None
    action = state.game.action_from_json(step.action)
    if step.seat not in state.actors or not state.is_legal(step.seat, action):
        raise IllegalAction(
            f"seat {step.seat} may not do that now: {state.explain_illegal(step.seat, action)}"
        )
    return state.apply(step.seat, action)


@cache
def load(game_id: str) -> Tutorial:
    if game_id not in GAMES:
        raise UnknownGame(game_id)
    f = resources.files(__package__ or "ludoteca.help").joinpath("tutorials", f"{game_id}.toml")
    where = f"help/tutorials/{game_id}.toml"
    try:
        data = tomllib.loads(f.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise DataError(f"{where}: {e}") from None
    tut = parse(data, where)
    if tut.game != game_id:
        raise DataError(f"{where}: game {tut.game!r} is not {game_id!r}")
    return tut


def position(tut: Tutorial, upto: int) -> tuple[GameState, list[Event]]:
    """The state after the first ``upto`` steps, and the events of the last move made."""
    state = tut.start()
    last: list[Event] = []
    for step in tut.steps[:upto]:
        if step.action is not None:
            last = apply(state, step)
    return state, last


def move_kinds(game_id: str) -> set[str]:
    """Every kind of move the game has: the types of its action space (every move that can
    ever be legal)."""
    return {a.to_json()["type"] for a in get_game(game_id).action_space.actions}


__all__ = [
    "GAMES",
    "LANGUAGES",
    "Step",
    "Tutorial",
    "check",
    "load",
    "move_kinds",
    "parse",
    "position",
]
