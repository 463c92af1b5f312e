"""A person's public profile (games played and won per game, ratings and ranks, reputation,
recent games) and their own "my tables" (every table they sit at, those waiting for their
move first).

A profile holds public facts only: what the lobby, the replays and the leaderboard already
show (a name, finished games and their places, ratings). Nothing of an account's sign-in, its
sessions, its seat tokens or its tables in play is in it; "my tables" is for the signed-in
person alone (profiles_api.py takes no account id for it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .accounts import iso
from .errors import not_found
from .profiles_store import ACTIVE, ProfileStore, SeatPlayed
from .ratings import Belief, nearest_level
from .ratings_anchors import anchors_for
from .ratings_store import RatingStore
from .registry import TableRegistry

RECENT = 10  # the finished games a profile lists
FINISHED_MINE = 20  # the finished tables "my tables" lists after those in play
PLAYS_AT_AFTER = 3  # rated games before a profile says "plays at about <level>"


@dataclass(frozen=True)
class Reputation:
    """BGA's count: of the games that ended for the person (finished, or left mid-game), the
    share they finished, and the share they finished without the clock moving for them."""

    counted: int
    finished: int
    without_timeout: int

    def to_json(self) -> dict[str, Any]:
        def share(k: int) -> float | None:
            return None if self.counted == 0 else round(k / self.counted, 4)

        return {
            "counted": self.counted,
            "finished": self.finished,
            "without_timeout": self.without_timeout,
            "finished_share": share(self.finished),
            "without_timeout_share": share(self.without_timeout),
        }


def reputation(seats: list[SeatPlayed], timeouts: dict[tuple[str, int], int]) -> Reputation:
    """From the account's seats and their timeouts (the moves the clock made for them)."""
    ended = [p for p in seats if p.status == "finished" or p.left]
    finished = [p for p in ended if not p.left]
    clean = [p for p in finished if timeouts.get((p.table_id, p.seat), 0) == 0]
    return Reputation(len(ended), len(finished), len(clean))


def place_of(p: SeatPlayed) -> int | None:
    ranking = (p.result or {}).get("ranking") or []
    return int(ranking[p.seat]) if p.seat < len(ranking) else None


def waits_for(p: SeatPlayed, registry: TableRegistry) -> bool:
    """Whether a table in play waits for this seat's move: its live state if this process
    holds it, else the clock deadlines stored with the table (a deadline runs for a seat
    that is to move)."""
    if p.status != "running" or p.left:
        return False
    live = registry.tables.get(p.table_id)
    if live is not None and live.state is not None:
        return not live.state.is_over and p.seat in live.state.actors
    return str(p.seat) in dict((p.clock or {}).get("at") or {})


class Profiles:
    def __init__(self, registry: TableRegistry, store: ProfileStore, ratings: RatingStore) -> None:
        self.registry = registry
        self.store = store
        self.ratings = ratings

    async def profile(self, account_id: str) -> dict[str, Any]:
        r = self.registry
        if len(account_id) > 24:
            raise not_found("this person")
        account = await r.db(self.store.account, account_id)
        if account is None:
            raise not_found("this person")
        seats = await r.db(self.store.seats, account_id)
        timeouts = await r.db(self.store.timeouts, account_id)
        ratings = {
            row.game: (row, rank) for row, rank in await r.db(self.ratings.ratings_of, account_id)
        }
        per_game: dict[str, dict[str, int]] = {}
        for p in seats:
            if p.status != "finished":
                continue
            g = per_game.setdefault(p.game, {"played": 0, "won": 0})
            g["played"] += 1
            g["won"] += 1 if not p.left and place_of(p) == 1 else 0
        games = []
        for game in sorted(set(per_game) | set(ratings)):
            counts = per_game.get(game, {"played": 0, "won": 0})
            rating = None
            if game in ratings:
                row, rank = ratings[game]
                anchors = anchors_for(game)
                rating = {
                    **Belief(row.mu, row.sigma).to_json(),
                    "games": row.games,
                    "ai_games": row.ai_games,
                    "rank": rank,
                    "plays_at": nearest_level(row.mu, anchors)
                    if row.games >= PLAYS_AT_AFTER
                    else None,
                }
            games.append({"game": game, **counts, "rating": rating})
        recent = [
            {
                "table": p.table_id,
                "game": p.game,
                "seat": p.seat,
                "place": None if p.left else place_of(p),
                "left": p.left,
                "players": p.num_players,
                "rated": bool(p.settings.get("rated")),
                "ended_at": iso(p.updated_at),
            }
            for p in seats
            if p.status == "finished"
        ][:RECENT]
        return {
            "account": {"id": account.id, "name": account.name, "since": iso(account.created_at)},
            "games": games,
            "reputation": reputation(seats, timeouts).to_json(),
            "recent": recent,
        }

    async def export(self, account_id: str) -> dict[str, Any]:
        """The account's ratings and rated games, for its export (its own data)."""
        r = self.registry
        rows = await r.db(self.ratings.ratings_of, account_id)
        history = [
            h
            for row, _ in rows
            for h in await r.db(self.ratings.history, account_id, row.game, 10_000)
        ]
        return {
            "ratings": [
                {
                    "game": row.game,
                    **Belief(row.mu, row.sigma).to_json(),
                    "games": row.games,
                    "ai_games": row.ai_games,
                    "rank": rank,
                }
                for row, rank in rows
            ],
            "rated_games": [
                {
                    "table": h.table_id,
                    "game": h.game,
                    "seat": h.seat,
                    "at": iso(h.at),
                    "place": h.place,
                    "mu_before": h.mu_before,
                    "sigma_before": h.sigma_before,
                    "mu_after": h.mu_after,
                    "sigma_after": h.sigma_after,
                    "against_ai": h.against_ai,
                }
                for h in history
            ],
        }

    async def my_tables(self, account_id: str) -> list[dict[str, Any]]:
        """Every table the account sits at: those waiting for its move first, then the others
        in play, the open ones, and the newest finished ones; each by its newest change."""
        r = self.registry
        # one read of the account's seats (one statement, one pool checkout), parted here
        seats = await r.db(self.store.seats, account_id, (*ACTIVE, "finished"))
        active = [p for p in seats if p.status in ACTIVE]
        finished = [p for p in seats if p.status == "finished"]
        # a turn-based table this process does not hold (let go while idle): its timer rows
        # say which seat owes a move (its stored clock is the real-time clocks')
        idle = [
            (p.table_id, p.seat)
            for p in active
            if p.status == "running"
            and not p.left
            and p.settings.get("mode") == "turn_based"
            and p.table_id not in r.tables
        ]
        owed = await r.db(self.store.owing, idle) if idle else set()
        rows = []
        for p in active + finished[:FINISHED_MINE]:
            mine = waits_for(p, r) or (p.table_id, p.seat) in owed
            order = 0 if mine else 1 if p.status == "running" else 2 if p.status == "open" else 3
            rows.append(
                (
                    order,
                    -p.updated_at.timestamp(),
                    {
                        "table": p.table_id,
                        "game": p.game,
                        "seat": p.seat,
                        "status": p.status,
                        "your_move": mine,
                        "left": p.left,
                        "move": p.move_count,
                        "place": place_of(p) if p.status == "finished" and not p.left else None,
                        "updated_at": iso(p.updated_at),
                    },
                )
            )
        rows.sort(key=lambda x: (x[0], x[1]))
        return [row for _, _, row in rows]
