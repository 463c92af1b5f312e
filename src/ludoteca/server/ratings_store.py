"""The ratings' transactions (synchronous, run in the server's database thread): a rated game's
update, the leaderboard, a person's ratings and history, a table's changes.

Every read goes through an index: ratings by (account, game) or (game, shown); the history by
(table, account) or (account, game, at); the accounts' seats by table (migrations 0004, 0005).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine, exists, func, select
from sqlalchemy.orm import sessionmaker

from .models import AccountRow, AccountSeatRow, RatingHistoryRow, RatingRow, SeatRow, TableRow
from .ratings import Belief, Change, RatedSeat, rate, shown


@dataclass(frozen=True)
class SeatFacts:
    """What the update needs of one seat of a finished table (from memory)."""

    seat: int
    kind: str  # human | ai
    agent: str | None
    name: str | None
    left: bool  # a person's seat an AI took over (they left mid-game)


@dataclass(frozen=True)
class Unrated:
    """A finished rated table whose update never ran (the process stopped between its last
    move and the update): what ``apply_game`` needs, read back from the tables."""

    table_id: str
    game: str
    at: datetime  # when it ended
    ranking: list[int]
    seats: list[SeatFacts]
    against_ai: bool


def seat_facts(row: SeatRow) -> SeatFacts:
    # a person's seat an AI took over keeps its token (the AI seats of the start have none)
    return SeatFacts(
        row.seat,
        row.kind,
        row.agent,
        row.name,
        left=row.kind == "ai" and row.token_hash is not None,
    )


@dataclass(frozen=True)
class Leader:
    rank: int
    account_id: str
    name: str
    rating: RatingRow


class RatingStore:
    def __init__(self, engine: Engine) -> None:
        self.sessions = sessionmaker(engine, expire_on_commit=False)

    def unrated_games(self, since: datetime, limit: int = 500) -> list[Unrated]:
        """Finished tables since ``since``, rated, with a person's account at a seat and no
        rating history yet, oldest first (the tables' (status, updated) index, then one table's
        seats each). A table the update turns away (a person at two seats) is listed again at
        the next start: harmless, it changes nothing."""
        rated_already = exists().where(RatingHistoryRow.table_id == TableRow.id)
        has_account = exists().where(AccountSeatRow.table_id == TableRow.id)
        with self.sessions() as s:
            tables = s.scalars(
                select(TableRow)
                .where(TableRow.status == "finished", TableRow.updated_at >= since)
                .where(has_account, ~rated_already)
                .order_by(TableRow.updated_at, TableRow.id)
                .limit(limit)
            ).all()
            out: list[Unrated] = []
            for t in tables:
                if not (t.settings or {}).get("rated"):
                    continue
                rows = s.scalars(
                    select(SeatRow).where(SeatRow.table_id == t.id).order_by(SeatRow.seat)
                ).all()
                ranking = [int(r) for r in (t.result or {}).get("ranking", [])]
                against_ai = any(r.kind == "ai" and r.token_hash is None for r in rows)
                out.append(
                    Unrated(
                        t.id,
                        t.game,
                        t.updated_at,
                        ranking,
                        [seat_facts(r) for r in rows],
                        against_ai,
                    )
                )
            return out

    def apply_game(
        self,
        table_id: str,
        game: str,
        at: datetime,
        ranking: list[int],
        seats: list[SeatFacts],
        anchors: dict[str, Belief],
        against_ai: bool,
    ) -> list[Change]:
        """Rate a finished table once (a second call finds its history and changes nothing).
        Not rated: a table with no account, a person at two of its seats, an AI seat with no
        measured rating. The changes made."""
        with self.sessions.begin() as s:
            done = s.scalars(
                select(RatingHistoryRow.account_id).where(RatingHistoryRow.table_id == table_id)
            ).first()
            if done is not None:
                return []
            links = {
                r.seat: r.account_id
                for r in s.scalars(
                    select(AccountSeatRow).where(AccountSeatRow.table_id == table_id)
                )
            }
            if not links or len(set(links.values())) != len(links):
                return []
            held = {
                r.account_id: r
                for r in s.scalars(
                    select(RatingRow)
                    .where(RatingRow.game == game, RatingRow.account_id.in_(list(links.values())))
                    .with_for_update()
                )
            }
            rated: list[RatedSeat] = []
            for f in seats:
                account = links.get(f.seat)
                if f.kind == "ai" and not f.left:
                    if f.agent not in anchors:
                        return []
                    rated.append(RatedSeat(f.seat, "ai", anchors[f.agent], level=f.agent))
                elif account is not None:
                    row = held.get(account)
                    belief = Belief(row.mu, row.sigma) if row is not None else Belief()
                    rated.append(RatedSeat(f.seat, "person", belief, f.name, account, left=f.left))
                else:
                    rated.append(RatedSeat(f.seat, "guest", Belief(), f.name, left=f.left))
            changes = rate(ranking, rated)
            for c in changes:
                row = held.get(c.account_id)
                if row is None:
                    row = RatingRow(account_id=c.account_id, game=game, games=0, ai_games=0)
                    s.add(row)
                row.mu, row.sigma = c.after.mu, c.after.sigma
                row.shown = shown(c.after.mu, c.after.sigma)
                row.games += 1
                row.ai_games += 1 if against_ai else 0
                row.updated_at = at
                s.add(
                    RatingHistoryRow(
                        table_id=table_id,
                        account_id=c.account_id,
                        seat=c.seat,
                        game=game,
                        at=at,
                        place=c.place,
                        mu_before=c.before.mu,
                        sigma_before=c.before.sigma,
                        mu_after=c.after.mu,
                        sigma_after=c.after.sigma,
                        above=c.above,
                        below=c.below,
                        tied=c.tied,
                        against_ai=against_ai,
                    )
                )
            return changes

    # -- reading ----------------------------------------------------------------------------
    def leaderboard(self, game: str, limit: int, offset: int) -> list[Leader]:
        """The game's rated people, best shown rating first (ties: the account's id, later
        first): the index (game, shown, account) read backwards, no sort."""
        with self.sessions() as s:
            rows = s.execute(
                select(RatingRow, AccountRow.name)
                .join(AccountRow, AccountRow.id == RatingRow.account_id)
                .where(RatingRow.game == game)
                .order_by(RatingRow.shown.desc(), RatingRow.account_id.desc())
                .limit(limit)
                .offset(offset)
            ).all()
            return [
                Leader(offset + i + 1, r.account_id, name, r) for i, (r, name) in enumerate(rows)
            ]

    def ratings_of(self, account_id: str) -> list[tuple[RatingRow, int]]:
        """The account's ratings, each with its rank at its game (1 = best)."""
        with self.sessions() as s:
            rows = list(s.scalars(select(RatingRow).where(RatingRow.account_id == account_id)))
            out = []
            for r in rows:
                # two ranges of the (game, shown, account) index: above, and level but first
                better = 0
                for cond in (
                    RatingRow.shown > r.shown,
                    (RatingRow.shown == r.shown) & (RatingRow.account_id > r.account_id),
                ):
                    better += int(
                        s.scalar(
                            select(func.count())
                            .select_from(RatingRow)
                            .where(RatingRow.game == r.game, cond)
                        )
                        or 0
                    )
                out.append((r, better + 1))
            return out

    def history(self, account_id: str, game: str, limit: int) -> list[RatingHistoryRow]:
        """The account's rated games at a game, oldest first (the newest ``limit``)."""
        with self.sessions() as s:
            rows = list(
                s.scalars(
                    select(RatingHistoryRow)
                    .where(RatingHistoryRow.account_id == account_id, RatingHistoryRow.game == game)
                    .order_by(RatingHistoryRow.at.desc(), RatingHistoryRow.table_id.desc())
                    .limit(limit)
                )
            )
            return rows[::-1]

    def names(self, account_ids: set[str]) -> dict[str, str]:
        """The accounts' names now (a deleted account is not among them)."""
        if not account_ids:
            return {}
        with self.sessions() as s:
            rows = s.execute(
                select(AccountRow.id, AccountRow.name).where(AccountRow.id.in_(list(account_ids)))
            ).all()
            return {i: n for i, n in rows}

    def of_table(self, table_id: str) -> list[tuple[RatingHistoryRow, str]]:
        """A rated table's changes, by seat, with each person's name."""
        with self.sessions() as s:
            rows = s.execute(
                select(RatingHistoryRow, AccountRow.name)
                .join(AccountRow, AccountRow.id == RatingHistoryRow.account_id)
                .where(RatingHistoryRow.table_id == table_id)
                .order_by(RatingHistoryRow.seat)
            ).all()
            return [(r, name) for r, name in rows]
