"""Folding people's stored games against AI into the AI levels' ratings (issue 21 item 2:
"anchored by people's games against them"). Used by ``benchmarks/ai_anchors.py --people``;
the server never calls it: the anchors stay fixed in ``ai_ratings.toml`` between measurements.

Each stored game is replayed through the same Plackett-Luce update the server uses, with every
person held at the rating they had before that game (their history row's ``mu_before`` /
``sigma_before``), a guest at a new person's rating, a person who left placed last; only the
AI levels' beliefs are taken from the update.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from sqlalchemy import Engine, exists, select
from sqlalchemy.orm import Session

from .config import resolve_database_url
from .models import AccountSeatRow, RatingHistoryRow, SeatRow, TableRow
from .ratings import MODEL, Belief, RatedSeat, places


@dataclass(frozen=True)
class PeopleGame:
    """One finished rated table with AI seats, as the fit sees it."""

    table_id: str
    game: str
    at: datetime
    ranking: list[int]
    seats: list[RatedSeat]  # person/guest: held fixed; ai: ``level`` is the level rated


def fold_people(
    start: dict[str, Belief], games: list[PeopleGame]
) -> tuple[dict[str, Belief], dict[str, int], int]:
    """The levels' beliefs after ``games`` (taken oldest first), from ``start``, how many
    games each level took part in, and how many games were folded. A game with no AI level seat, a level ``start`` does not
    hold, fewer than two seats or a ranking of the wrong length is left out."""
    beliefs = dict(start)
    counts = dict.fromkeys(start, 0)
    used = 0
    for g in sorted(games, key=lambda g: (g.at, g.table_id)):
        levels = [s.level for s in g.seats if s.kind == "ai"]
        if not levels or any(lv not in beliefs for lv in levels):
            continue
        if len(g.seats) < 2 or len(g.ranking) != len(g.seats):
            continue
        teams = [
            [
                MODEL.rating(
                    mu=beliefs[s.level].mu if s.kind == "ai" and s.level else s.belief.mu,
                    sigma=beliefs[s.level].sigma if s.kind == "ai" and s.level else s.belief.sigma,
                )
            ]
            for s in g.seats
        ]
        new = MODEL.rate(teams, ranks=[float(r) for r in places(g.ranking, g.seats)])
        # a level at several seats of one game: each seat's move of mu is added, and each
        # seat's shrink of the variance multiplied, as if the seats were seen one by one
        moved: dict[str, tuple[float, float]] = {}
        for i, s in enumerate(g.seats):
            if s.kind != "ai" or s.level is None:
                continue
            before = beliefs[s.level]
            d_mu, ratio = moved.get(s.level, (0.0, 1.0))
            after = new[i][0]
            moved[s.level] = (
                d_mu + float(after.mu) - before.mu,
                ratio * (float(after.sigma) / before.sigma) ** 2,
            )
        for level, (d_mu, ratio) in moved.items():
            b = beliefs[level]
            beliefs[level] = Belief(b.mu + d_mu, b.sigma * math.sqrt(ratio))
            counts[level] += 1
        used += 1
    return beliefs, counts, used


def database_url(text: str) -> str:
    """An SQLite file path or any database URL the server takes."""
    if "://" not in text:
        return f"sqlite:///{Path(text).resolve()}"
    return resolve_database_url(text)


def read_people_games(engine: Engine, game: str | None = None) -> list[PeopleGame]:
    """The finished rated tables whose update ran with AI level seats (``against_ai`` history
    rows), oldest first. A table with a person's seat that has no history row (its update was
    turned away) is left out: that person's rating before it is unknown."""
    against_ai = exists().where(
        RatingHistoryRow.table_id == TableRow.id, RatingHistoryRow.against_ai.is_(True)
    )
    query = select(TableRow).where(TableRow.status == "finished", against_ai)
    if game is not None:
        query = query.where(TableRow.game == game)
    out: list[PeopleGame] = []
    with Session(engine) as s:
        for t in s.scalars(query.order_by(TableRow.updated_at, TableRow.id)):
            if not (t.settings or {}).get("rated"):
                continue
            rows = s.scalars(
                select(SeatRow).where(SeatRow.table_id == t.id).order_by(SeatRow.seat)
            ).all()
            links = {
                r.seat: r.account_id
                for r in s.scalars(select(AccountSeatRow).where(AccountSeatRow.table_id == t.id))
            }
            before = {
                h.account_id: Belief(h.mu_before, h.sigma_before)
                for h in s.scalars(
                    select(RatingHistoryRow).where(RatingHistoryRow.table_id == t.id)
                )
            }
            seats: list[RatedSeat] = []
            for r in rows:
                # a person's seat an AI took over keeps its token: that person, placed last
                left = r.kind == "ai" and r.token_hash is not None
                account = links.get(r.seat)
                if r.kind == "ai" and not left:
                    seats.append(RatedSeat(r.seat, "ai", Belief(), level=r.agent))
                elif account is not None:
                    if account not in before:
                        break
                    seats.append(
                        RatedSeat(r.seat, "person", before[account], None, account, left=left)
                    )
                else:
                    seats.append(RatedSeat(r.seat, "guest", Belief(), left=left))
            else:
                ranking = [int(x) for x in (t.result or {}).get("ranking", [])]
                out.append(PeopleGame(t.id, t.game, t.updated_at, ranking, seats))
    return out
