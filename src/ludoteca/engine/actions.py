"""Actions and the fixed integer action space.

An action is a small frozen dataclass deriving from :class:`Action`: hashable, comparable, and
JSON-safe through ``to_json()`` (``{"type": ..., field: value, ...}``). Each game lists every
action that can ever be legal in an :class:`ActionSpace`, which gives the integer codes RL masks
use and parses actions back from JSON by exact lookup, so malformed input can never build an
action the game does not know.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import fields
from typing import Any, ClassVar

from .errors import InvalidAction


class Action:
    """Base of every game's actions. Subclasses are ``@dataclass(frozen=True, slots=True)``."""

    __slots__ = ()
    TYPE: ClassVar[str] = "action"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.TYPE}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


def canonical_json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


class ActionSpace:
    """Every action a game can ever offer, numbered ``0 .. size-1``.

    ``extra`` holds actions that exist but never appear among the legal actions (the clock's
    default, e.g. letting a kitten explode): they parse from JSON but have no integer code, so
    no RL mask ever holds them.
    """

    def __init__(self, actions: Iterable[Action], extra: Iterable[Action] = ()) -> None:
        self.actions: tuple[Action, ...] = tuple(actions)
        self._code: dict[Action, int] = {}
        for i, a in enumerate(self.actions):
            if a in self._code:
                raise ValueError(f"action listed twice in the action space: {a!r}")
            self._code[a] = i
        self._by_json: dict[str, Action] = {}
        for a in (*self.actions, *extra):
            self._by_json[canonical_json(a.to_json())] = a

    @property
    def size(self) -> int:
        return len(self.actions)

    def encode(self, action: Action) -> int:
        try:
            return self._code[action]
        except (KeyError, TypeError):
            raise InvalidAction(f"not an action of this game's action space: {action!r}") from None

    def decode(self, code: int) -> Action:
        if not isinstance(code, int) or isinstance(code, bool) or not 0 <= code < len(self.actions):
            raise InvalidAction(
                f"action code must be an integer in 0..{len(self.actions) - 1}, got {code!r}"
            )
        return self.actions[code]

    def from_json(self, data: Any) -> Action:
        if not isinstance(data, Mapping):
            raise InvalidAction(f"an action must be a JSON object, got {type(data).__name__}")
        if "type" not in data:
            raise InvalidAction("an action needs a 'type' field")
        try:
            key = canonical_json(dict(data))
        except (TypeError, ValueError) as e:
            raise InvalidAction(f"an action must be plain JSON: {e}") from None
        action = self._by_json.get(key)
        if action is None:
            known = sorted({a.TYPE for a in self._by_json.values()})
            if data.get("type") not in known:
                raise InvalidAction(
                    f"unknown action type {data.get('type')!r}; this game knows {', '.join(known)}"
                )
            raise InvalidAction(f"no such action in this game: {key}")
        return action

    def mask(self, legal: Sequence[Action]) -> list[bool]:
        m = [False] * len(self.actions)
        for a in legal:
            m[self._code[a]] = True
        return m
