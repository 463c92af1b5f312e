"""The agent interface and agent specs (``NAME`` or ``NAME:key=value:key=value``)."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from ..engine import Action, SeatHandle


class Agent(ABC):
    """Chooses an action for one seat from its handle. Deterministic under its seed."""

    name: ClassVar[str]

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def act(self, handle: SeatHandle) -> Action: ...

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class AgentSpecError(ValueError):
    pass


def _parse_value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"ismcts:iterations=1000:seconds=0.5"`` -> ``("ismcts", {"iterations": 1000, ...})``."""
    parts = spec.strip().split(":")
    name = parts[0].strip()
    if not name:
        raise AgentSpecError(f"empty agent name in {spec!r}")
    kwargs: dict[str, Any] = {}
    for part in parts[1:]:
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise AgentSpecError(f"agent option {part!r} in {spec!r} must be key=value")
        kwargs[key.strip()] = _parse_value(value.strip())
    return name, kwargs
