"""What a "your turn" notification says: the game's name, the table and that it is the
person's move, nothing of the game's state (no card, no hand, no other seat's anything).

It is built from the table's id and its game alone, never from a state or a view, so no state
can leak through it (tests/server/test_notify_leaks.py checks it over many states anyway).
"""

from __future__ import annotations

from typing import Any

from ...engine import Game
from ...engine.i18n import LANGUAGES


def table_path(table_id: str) -> str:
    return f"/t/{table_id}"


def push_payload(game: Game, table_id: str) -> dict[str, Any]:
    """The push message's JSON (the service worker words it in the browser's language)."""
    return {
        "kind": "your_turn",
        "table": table_id,
        "game": game.id,
        "names": {lang: game.display_name(lang) for lang in LANGUAGES},
        "url": table_path(table_id),
    }
