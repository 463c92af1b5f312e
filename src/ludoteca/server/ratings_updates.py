"""When a rated table ends, its people's ratings move (a listener of the registry's ``changed``
event); and whether a new table is rated (the creator's choice, checked).

A table is rated by default when every seat is a person's; with AI seats only if the creator
asks for it and every AI seat is a level with a measured rating (``ai_ratings.toml``). The
update runs once, in the process that stored the last move (``announce``), in a background
write after the move is told; a second run finds the table's history and changes nothing. An
update lost to a stop between the last move and the write is made at the next start
(``catch_up``: finished rated tables of the last CATCH_UP_DAYS with no history).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import timedelta

from sqlalchemy.exc import IntegrityError

from .db import now
from .errors import ApiError
from .live import LiveTable, Seat
from .ratings import Belief, Change
from .ratings_anchors import anchors_for
from .ratings_store import RatingStore, SeatFacts
from .registry import Change as TableChange
from .registry import TableRegistry

log = logging.getLogger("ludoteca.server")

Anchors = Callable[[str], dict[str, Belief]]
CATCH_UP_DAYS = 30


def choose_rated(asked: bool | None, game_id: str, seats: list[Seat], anchors: Anchors) -> bool:
    """Whether a new table is rated: ``asked`` (None: the default, rated for people only)."""
    if not any(s.kind == "human" for s in seats):
        if asked:
            raise ApiError(422, "unrated_table", "a table with no person is not rated")
        return False
    ai = [s for s in seats if s.kind == "ai"]
    if asked is None:
        return not ai
    if asked and ai:
        levels = anchors(game_id)
        if any(s.agent not in levels for s in ai):
            raise ApiError(
                422,
                "unrated_ai",
                "a game against AI is rated only with AI levels that have a measured rating",
            )
    return asked


def against_ai(table: LiveTable) -> bool:
    """Whether a table was played against AI seats (its seats of AI from the start)."""
    return any(s.kind == "ai" and s.token_hash is None for s in table.seats)


class RatingUpdates:
    def __init__(
        self, registry: TableRegistry, store: RatingStore, anchors: Anchors = anchors_for
    ) -> None:
        self.registry = registry
        self.store = store
        self.anchors = anchors

    def table_changed(self, table: LiveTable, change: TableChange) -> None:
        if change.announce and table.status == "finished" and table.settings.get("rated"):
            self.registry.spawn(self.update(table))

    async def catch_up(self, days: int = CATCH_UP_DAYS) -> int:
        """Rate the finished rated tables whose update was lost (the server stopped after the
        last move was stored); how many were rated. Run in the background at start."""
        games = await self.registry.db(self.store.unrated_games, now() - timedelta(days=days))
        rated = 0
        for g in games:
            try:
                changes = await self.registry.db(
                    self.store.apply_game,
                    g.table_id, g.game, g.at, g.ranking, g.seats, self.anchors(g.game), g.against_ai,
                )  # fmt: skip
            except Exception:  # another process rated it first, or the game is gone
                log.exception("table %s: ratings not caught up", g.table_id)
                continue
            rated += bool(changes)
        if rated:
            log.info("ratings caught up for %d finished tables", rated)
        return rated

    async def update(self, table: LiveTable) -> list[Change]:
        result = table.result or {}
        ranking = [int(r) for r in result.get("ranking", [])]
        seats = [
            SeatFacts(
                s.index, s.kind, s.agent, s.name, left=s.kind == "ai" and s.token_hash is not None
            )
            for s in table.seats
        ]
        args = (table.id, table.game.id, now(), ranking, seats)
        levels = self.anchors(table.game.id)
        for attempt in (1, 2):  # two tables of a new person ended at once: the second again
            try:
                changes: list[Change] = await self.registry.db(
                    self.store.apply_game, *args, levels, against_ai(table)
                )
                return changes
            except IntegrityError:
                if attempt == 2:
                    log.exception("table %s: ratings not updated", table.id)
            except Exception:
                log.exception("table %s: ratings not updated", table.id)
                break
        return []
