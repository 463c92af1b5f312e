"""The ratings' and profiles' HTTP doors: a game's leaderboard, a rated table's changes, a
person's public profile and rating history, and "my tables" (the signed-in person's own).

Everything here but ``/api/me/tables`` is public (what the lobby and replays show already);
``/api/me/tables`` reads the session cookie and answers for that account only.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request

from ..engine import get_game
from ..engine.errors import UnknownGame
from .account_api import SessionCookie
from .accounts import Accounts, iso
from .errors import ApiError
from .profiles import Profiles
from .ratings import Belief
from .ratings_anchors import anchors_for
from .ratings_store import RatingStore

router = APIRouter(prefix="/api")

Id = Annotated[str, Path(max_length=24, pattern=r"^[\w-]+$")]


def profiles(request: Request) -> Profiles:
    p: Profiles = request.app.state.profiles
    return p


def ratings(request: Request) -> RatingStore:
    return profiles(request).ratings


def known_game(game_id: str) -> str:
    try:
        return get_game(game_id).id
    except UnknownGame:
        raise ApiError(404, "not_found", f"no game {game_id[:64]!r}") from None


def anchors_json(game: str) -> list[dict[str, Any]]:
    return [{"level": lv, **b.to_json()} for lv, b in anchors_for(game).items()]


@router.get("/ratings/{game_id}")
async def leaderboard(
    request: Request,
    game_id: Annotated[str, Path(max_length=64)],
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
) -> dict[str, Any]:
    """A game's people by shown rating (mu - 3 sigma), best first, and the AI levels' fixed
    ratings on the same scale."""
    game = known_game(game_id)
    store = ratings(request)
    rows = await profiles(request).registry.db(store.leaderboard, game, limit, offset)
    return {
        "game": game,
        "people": [
            {
                "rank": r.rank,
                "account": {"id": r.account_id, "name": r.name},
                **Belief(r.rating.mu, r.rating.sigma).to_json(),
                "games": r.rating.games,
                "ai_games": r.rating.ai_games,
            }
            for r in rows
        ],
        "ai": anchors_json(game),
    }


def named(seats: list[dict[str, Any]], names: dict[str, str]) -> list[dict[str, Any]]:
    """The seats of a "why", each person named as now (None: a deleted account)."""
    return [{**s, "name": names.get(s["account"])} if s.get("account") else dict(s) for s in seats]


def accounts_in(rows: list[Any]) -> set[str]:
    return {
        s["account"]
        for r in rows
        for s in (*r.above, *r.below, *r.tied)
        if isinstance(s, dict) and s.get("account")
    }


def change_json(row: Any, names: dict[str, str]) -> dict[str, Any]:
    before, after = Belief(row.mu_before, row.sigma_before), Belief(row.mu_after, row.sigma_after)
    return {
        "table": row.table_id,
        "game": row.game,
        "seat": row.seat,
        "at": iso(row.at),
        "place": row.place,
        "before": before.to_json(),
        "after": after.to_json(),
        "change": round(after.shown - before.shown, 3),
        "above": named(row.above, names),
        "below": named(row.below, names),
        "tied": named(row.tied, names),
        "against_ai": row.against_ai,
    }


@router.get("/tables/{table_id}/ratings")
async def table_ratings(request: Request, table_id: Id) -> dict[str, Any]:
    """A rated table's changes, one per person (empty until the update is stored)."""
    store = ratings(request)
    db = profiles(request).registry.db
    rows = await db(store.of_table, table_id)
    names = await db(store.names, accounts_in([r for r, _ in rows]))
    return {
        "changes": [
            {"account": {"id": row.account_id, "name": name}, **change_json(row, names)}
            for row, name in rows
        ]
    }


@router.get("/profiles/{account_id}")
async def profile(request: Request, account_id: Id) -> dict[str, Any]:
    return await profiles(request).profile(account_id)


@router.get("/profiles/{account_id}/history")
async def history(
    request: Request,
    account_id: Id,
    game: Annotated[str, Query(max_length=64)],
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> dict[str, Any]:
    """A person's rated games at one game, oldest first: the rating-history plot's points."""
    g = known_game(game)
    p = profiles(request)
    rows = await p.registry.db(p.ratings.history, account_id, g, limit)
    names = await p.registry.db(p.ratings.names, accounts_in(rows))
    return {"game": g, "games": [change_json(r, names) for r in rows], "ai": anchors_json(g)}


@router.get("/me/tables")
async def my_tables(request: Request, session: SessionCookie = None) -> dict[str, Any]:
    """Every table the signed-in person sits at, those waiting for their move first."""
    accounts: Accounts = request.app.state.accounts
    account = await accounts.require(session)
    return {
        "account": {"id": account.id, "name": account.name},
        "tables": await profiles(request).my_tables(account.id),
    }
