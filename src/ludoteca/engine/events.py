"""Events: what happened, for logs, animations and translated sentences.

Each event says who may see it. ``to=None`` means everyone, spectators included; otherwise only
the listed seats. A game that must tell the table "player 1 drew a card" and player 1 alone
"you drew the Nope" emits two events.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    to: frozenset[int] | None = None

    def visible_to(self, player: int | None) -> bool:
        return self.to is None or (player is not None and player in self.to)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "data": dict(self.data)}
        if self.to is not None:
            out["to"] = sorted(self.to)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        to = data.get("to")
        return cls(
            str(data["kind"]), dict(data.get("data", {})), None if to is None else frozenset(to)
        )


def visible_events(events: Iterable[Event], player: int | None) -> list[Event]:
    """The events of a list that ``player`` (None: a spectator) may see."""
    return [e for e in events if e.visible_to(player)]
