"""Folding people's stored games against AI into the levels' ratings (benchmarks/ai_anchors.py
--people): only the levels move, people are held at their stored pre-game ratings."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import Engine, insert

from ludoteca.server.db import make_engine, migrate
from ludoteca.server.models import AccountRow, AccountSeatRow, RatingHistoryRow, SeatRow, TableRow
from ludoteca.server.ratings import Belief, RatedSeat
from ludoteca.server.ratings_anchors_fit import (
    PeopleGame,
    database_url,
    fold_people,
    read_people_games,
)

T0 = datetime(2026, 12, 1, tzinfo=UTC)
START = {"easy": Belief(15.0, 5.0), "medium": Belief(25.0, 5.0), "strong": Belief(35.0, 5.0)}


def vs(level: str, person: Belief, ranking: list[int], i: int = 0) -> PeopleGame:
    seats = [
        RatedSeat(0, "person", person, account_id="p"),
        RatedSeat(1, "ai", Belief(), level=level),
    ]
    return PeopleGame(f"t{i}", "toy", T0 + timedelta(minutes=i), ranking, seats)


def test_a_level_that_loses_to_people_rated_below_it_moves_down_and_people_stay() -> None:
    person = Belief(28.0, 2.0)  # below strong's 35
    after, counts, used = fold_people(START, [vs("strong", person, [1, 2], i) for i in range(5)])
    assert after["strong"].mu < START["strong"].mu
    assert after["strong"].sigma < START["strong"].sigma
    assert (counts, used) == ({"easy": 0, "medium": 0, "strong": 5}, 5)
    assert after["easy"] == START["easy"] and after["medium"] == START["medium"]
    assert person == Belief(28.0, 2.0)


def test_a_level_that_wins_moves_up() -> None:
    after, _, used = fold_people(
        START, [vs("easy", Belief(20.0, 2.0), [2, 1], i) for i in range(5)]
    )
    assert after["easy"].mu > START["easy"].mu and used == 5


def test_games_without_a_level_seat_or_with_an_unknown_level_are_left_out() -> None:
    people_only = PeopleGame(
        "x", "toy", T0, [1, 2],
        [RatedSeat(0, "person", Belief(), account_id="a"), RatedSeat(1, "guest", Belief())],
    )  # fmt: skip
    after, counts, used = fold_people(START, [people_only, vs("heuristic", Belief(), [1, 2])])
    assert (after, used) == (START, 0) and set(counts.values()) == {0}


def test_a_level_at_two_seats_counts_both() -> None:
    seats = [
        RatedSeat(0, "person", Belief(25.0, 2.0), account_id="p"),
        RatedSeat(1, "ai", Belief(), level="medium"),
        RatedSeat(2, "ai", Belief(), level="medium"),
    ]
    two, _, _ = fold_people(START, [PeopleGame("t", "toy", T0, [1, 2, 3], seats)])
    one, _, _ = fold_people(START, [PeopleGame("t", "toy", T0, [1, 2], seats[:2])])
    assert two["medium"].mu < one["medium"].mu < START["medium"].mu


# -- reading a server's database -------------------------------------------------------------
def database(tmp_path: Path) -> tuple[str, Engine]:
    path = tmp_path / "people.sqlite3"
    engine = make_engine(database_url(str(path)))
    migrate(engine)
    with engine.begin() as conn:
        for a in ("ana", "bia"):
            conn.execute(
                insert(AccountRow),
                {"id": a, "name": a.title(), "name_key": a, "created_at": T0},
            )
    return str(path), engine


def add(
    engine: Engine,
    tid: str,
    seats: list[tuple[str, str]],
    ranking: list[int],
    *,
    rated: bool = True,
    status: str = "finished",
    history: bool = True,
    minute: int = 0,
) -> None:
    """A table whose seats are (human, account) or (ai, level), with its history rows."""
    at = T0 + timedelta(minutes=minute)
    against_ai = any(k == "ai" for k, _ in seats)
    with engine.begin() as conn:
        conn.execute(
            insert(TableRow),
            {
                "id": tid, "game": "toy", "rules_version": "1", "num_players": len(seats),
                "seed": 1, "public_options": {}, "settings": {"rated": rated}, "status": status,
                "move_count": 0, "result": {"ranking": ranking}, "created_at": at,
                "updated_at": at,
            },
        )  # fmt: skip
        for i, (kind, who) in enumerate(seats):
            conn.execute(
                insert(SeatRow),
                {"table_id": tid, "seat": i, "kind": kind, "agent": who if kind == "ai" else None},
            )
            if kind != "human":
                continue
            conn.execute(
                insert(AccountSeatRow),
                {"table_id": tid, "seat": i, "account_id": who, "claimed_at": at},
            )
            if history:
                conn.execute(
                    insert(RatingHistoryRow),
                    {
                        "table_id": tid, "account_id": who, "seat": i, "game": "toy", "at": at,
                        "place": ranking[i], "mu_before": 20.0, "sigma_before": 3.0,
                        "mu_after": 21.0, "sigma_after": 2.9, "above": [], "below": [],
                        "tied": [], "against_ai": against_ai,
                    },
                )  # fmt: skip


def test_the_rated_finished_tables_against_ai_are_read_with_the_pre_game_ratings(
    tmp_path: Path,
) -> None:
    path, engine = database(tmp_path)
    add(engine, "win", [("human", "ana"), ("ai", "strong")], [1, 2], minute=2)
    add(engine, "lose", [("ai", "easy"), ("human", "bia")], [1, 2], minute=1)
    add(engine, "people", [("human", "ana"), ("human", "bia")], [1, 2])
    add(engine, "unrated", [("human", "ana"), ("ai", "strong")], [1, 2], rated=False)
    add(engine, "running", [("human", "ana"), ("ai", "strong")], [1, 2], status="running")
    add(engine, "turned-away", [("human", "ana"), ("ai", "medium")], [1, 2], history=False)
    games = read_people_games(make_engine(database_url(path)))
    assert [g.table_id for g in games] == ["lose", "win"]
    _, win = games
    assert [(s.kind, s.level, s.account_id) for s in win.seats] == [
        ("person", None, "ana"),
        ("ai", "strong", None),
    ]
    assert win.seats[0].belief == Belief(20.0, 3.0) and win.ranking == [1, 2]
    assert read_people_games(engine, "other-game") == []
    after, counts, used = fold_people(START, games)
    assert used == 2 and counts == {"easy": 1, "medium": 0, "strong": 1}
    assert after["strong"].mu < START["strong"].mu and after["easy"].mu > START["easy"].mu
    assert after["medium"] == START["medium"]


def test_database_urls() -> None:
    assert database_url("/tmp/x.sqlite3") == "sqlite:////tmp/x.sqlite3"
    assert database_url("sqlite:///a.db") == "sqlite:///a.db"
    assert database_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
