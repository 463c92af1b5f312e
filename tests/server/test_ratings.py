"""Issue 21, item 2: ratings per game (server/ratings*.py): the update of a rated game, its
ties, AI anchors that stay fixed, unrated tables, the leaderboard's order."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.server import Settings, create_app, ratings_anchors
from ludoteca.server.db import make_engine, migrate
from ludoteca.server.models import AccountRow, AccountSeatRow, SeatRow, TableRow
from ludoteca.server.ratings import NEW_MU, NEW_SIGMA, Belief, RatedSeat, nearest_level, rate
from ludoteca.server.ratings_anchors import AnchorsError, anchors, parse_anchors
from ludoteca.server.ratings_store import RatingStore, SeatFacts

from .helpers import play_out, wait_for

ORIGIN = {"Origin": "http://testserver"}


def person(seat: int, account: str, mu: float = NEW_MU, sigma: float = NEW_SIGMA) -> RatedSeat:
    return RatedSeat(seat, "person", Belief(mu, sigma), account, account)


# -- the arithmetic ----------------------------------------------------------------------------
def test_two_players_the_winner_rises_the_loser_falls_and_both_learn() -> None:
    a, b = rate([1, 2], [person(0, "a"), person(1, "b")])
    assert a.after.mu > a.before.mu and b.after.mu < b.before.mu
    assert a.after.sigma < a.before.sigma and b.after.sigma < b.before.sigma
    assert [x["account"] for x in a.above] == ["b"] and a.below == []
    assert [x["account"] for x in b.below] == ["a"] and b.above == []


def test_four_players_with_a_tie_the_tied_move_alike_and_places_order_the_changes() -> None:
    seats = [person(i, f"p{i}") for i in range(4)]
    changes = {c.account_id: c for c in rate([2, 1, 2, 4], seats)}
    gains = {k: c.after.mu - c.before.mu for k, c in changes.items()}
    assert gains["p1"] > gains["p0"] > gains["p3"]
    assert gains["p0"] == pytest.approx(gains["p2"])  # level places, level beliefs: alike
    assert [x["account"] for x in changes["p0"].tied] == ["p2"]
    assert [x["account"] for x in changes["p0"].below] == ["p1"]
    assert [x["account"] for x in changes["p0"].above] == ["p3"]


def test_a_person_who_left_is_placed_last() -> None:
    seats = [person(0, "a"), RatedSeat(1, "person", Belief(), "b", "b", left=True)]
    changes = {c.account_id: c for c in rate([2, 1], seats)}  # b's AI won the seat's game
    assert changes["b"].place == 3 and changes["b"].after.mu < NEW_MU
    assert changes["a"].after.mu > NEW_MU


def test_nearest_level_names_the_closest_anchor() -> None:
    levels = {"easy": Belief(15, 1), "medium": Belief(25, 1), "strong": Belief(33, 1)}
    assert nearest_level(27, levels) == "medium"
    assert nearest_level(31, levels) == "strong"
    assert nearest_level(1, {}) is None


def test_the_anchors_file_is_checked_at_load() -> None:
    assert isinstance(anchors(), dict)  # the shipped file loads
    good = {"games": {"g": {"easy": {"mu": 20.0, "sigma": 1.5, "games": 9}}}}
    assert parse_anchors(good, "x")["g"]["easy"] == Belief(20.0, 1.5)
    for bad in (
        {"games": {"g": {"hard": {"mu": 1, "sigma": 1}}}},
        {"games": {"g": {"easy": {"mu": 1, "sigma": 0}}}},
        {"games": {"g": {"easy": {"mu": "1", "sigma": 1}}}},
        {"games": {"g": {"easy": {"mu": 1}}}},
        {"other": {}},
    ):
        with pytest.raises(AnchorsError):
            parse_anchors(bad, "x")


# -- the store ---------------------------------------------------------------------------------
@pytest.fixture
def store(tmp_path: Path) -> RatingStore:
    engine = make_engine(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    migrate(engine)
    t = datetime.now(UTC)
    with engine.begin() as conn:
        for a in ("ana", "bia", "caio", "duda"):
            conn.execute(
                AccountRow.__table__.insert(),
                {"id": a, "name": a.title(), "name_key": a, "created_at": t},
            )
    return RatingStore(engine)


def add_table(store: RatingStore, tid: str, seats: list[tuple[str, str | None]]) -> None:
    """A table whose seats are (kind, account or agent)."""
    t = datetime.now(UTC)
    with store.sessions.begin() as s:
        s.add(
            TableRow(
                id=tid, game="toy", rules_version="1", num_players=len(seats), seed=1,
                public_options={}, settings={"rated": True}, status="finished", move_count=0,
                created_at=t, updated_at=t,
            )
        )  # fmt: skip
        s.flush()
        for i, (kind, who) in enumerate(seats):
            s.add(SeatRow(table_id=tid, seat=i, kind=kind, agent=who if kind == "ai" else None))
            s.flush()
            if kind == "human" and who is not None:
                s.add(AccountSeatRow(table_id=tid, seat=i, account_id=who, claimed_at=t))


def facts(seats: list[tuple[str, str | None]]) -> list[SeatFacts]:
    return [
        SeatFacts(i, kind, who if kind == "ai" else None, who, left=False)
        for i, (kind, who) in enumerate(seats)
    ]


LEVELS = {"easy": Belief(18.0, 1.0), "medium": Belief(26.0, 1.2), "strong": Belief(31.0, 1.1)}


def test_a_game_against_ai_moves_the_person_only_and_the_anchor_stays(store: RatingStore) -> None:
    seats = [("human", "ana"), ("ai", "medium")]
    add_table(store, "t1", seats)
    t = datetime.now(UTC)
    (change,) = store.apply_game("t1", "toy", t, [1, 2], facts(seats), LEVELS, True)
    assert change.account_id == "ana" and change.after.mu > NEW_MU
    assert LEVELS["medium"] == Belief(26.0, 1.2)
    (row, rank), *_ = store.ratings_of("ana")
    assert (row.games, row.ai_games, rank) == (1, 1, 1)
    assert [x["level"] for x in change.above] == ["medium"]
    # beating a strong anchor moves a person more than beating an easy one
    add_table(store, "t2", [("human", "bia"), ("ai", "strong")])
    add_table(store, "t3", [("human", "caio"), ("ai", "easy")])
    (vs_strong,) = store.apply_game(
        "t2", "toy", t, [1, 2], facts([("human", "bia"), ("ai", "strong")]), LEVELS, True
    )
    (vs_easy,) = store.apply_game(
        "t3", "toy", t, [1, 2], facts([("human", "caio"), ("ai", "easy")]), LEVELS, True
    )
    assert vs_strong.after.mu - NEW_MU > vs_easy.after.mu - NEW_MU
    # an AI seat with no measured rating: the game is not rated
    add_table(store, "t4", [("human", "duda"), ("ai", "heuristic")])
    assert (
        store.apply_game(
            "t4", "toy", t, [1, 2], facts([("human", "duda"), ("ai", "heuristic")]), LEVELS, True
        )
        == []
    )
    assert store.ratings_of("duda") == []


def test_a_table_is_rated_once_and_a_person_at_two_seats_is_not_rated(store: RatingStore) -> None:
    seats = [("human", "ana"), ("human", "bia")]
    add_table(store, "t1", seats)
    t = datetime.now(UTC)
    assert len(store.apply_game("t1", "toy", t, [1, 2], facts(seats), {}, False)) == 2
    assert store.apply_game("t1", "toy", t, [1, 2], facts(seats), {}, False) == []
    assert [r.games for r, _ in store.ratings_of("ana")] == [1]
    add_table(store, "t2", [("human", "caio"), ("human", "caio")])
    both = facts([("human", "caio"), ("human", "caio")])
    assert store.apply_game("t2", "toy", t, [1, 2], both, {}, False) == []


def test_the_leaderboard_orders_by_shown_rating(store: RatingStore) -> None:
    t = datetime.now(UTC)
    # ana beats everyone, duda loses to everyone
    for n, (w, loser) in enumerate(
        [("ana", "bia"), ("ana", "caio"), ("bia", "caio"), ("caio", "duda"), ("ana", "duda")]
    ):
        seats = [("human", w), ("human", loser)]
        add_table(store, f"g{n}", seats)
        store.apply_game(f"g{n}", "toy", t, [1, 2], facts(seats), {}, False)
    board = store.leaderboard("toy", 10, 0)
    assert [b.rank for b in board] == [1, 2, 3, 4]
    shown = [b.rating.shown for b in board]
    assert shown == sorted(shown, reverse=True)
    assert board[0].account_id == "ana" and board[-1].account_id == "duda"
    ranks = {r.account_id: k for a in ("ana", "duda") for r, k in store.ratings_of(a)}
    assert ranks == {"ana": 1, "duda": 4}
    assert [b.account_id for b in store.leaderboard("toy", 2, 2)] == [
        b.account_id for b in board[2:]
    ]


# -- through the server ----------------------------------------------------------------------
def signed_in(client: TestClient, name: str) -> TestClient:
    c = TestClient(client.app)
    c.headers.update(ORIGIN)
    r = c.post("/api/account/signup", json={"name": name, "password": "correct horse battery"})
    assert r.status_code == 201, r.text
    return c


def rated_game(client: TestClient, **kw: Any) -> tuple[str, dict[str, Any], TestClient, TestClient]:
    ana, bia = signed_in(client, "Ana"), signed_in(client, "Bia")
    r = ana.post(
        "/api/tables",
        json={"game": "toy", "seats": [{}, {}], "join": {"name": "Ana"}, **kw},
    )
    assert r.status_code == 201, r.text
    tid, tok_a = r.json()["id"], r.json()["joined"]["token"]
    r = bia.post(f"/api/tables/{tid}/join", json={"name": "Bia"})
    tok_b = r.json()["token"]
    end = play_out(client, tid, {0: tok_a, 1: tok_b})
    return tid, end, ana, bia


def test_a_rated_game_between_accounts_updates_both_on_its_end(client: TestClient) -> None:
    tid, end, _, _ = rated_game(client)
    assert client.get(f"/api/tables/{tid}").json()["settings"]["rated"] is True
    changes = wait_for(lambda: client.get(f"/api/tables/{tid}/ratings").json()["changes"])
    assert [c["account"]["name"] for c in changes] == ["Ana", "Bia"]
    ranking = end["result"]["ranking"]
    for c in changes:
        assert c["place"] == ranking[c["seat"]] and c["against_ai"] is False
        assert c["after"]["sigma"] < c["before"]["sigma"]
    if ranking[0] != ranking[1]:
        winner = changes[0] if ranking[0] == 1 else changes[1]
        assert winner["after"]["mu"] > winner["before"]["mu"]
    board = client.get("/api/ratings/toy").json()
    assert {p["account"]["name"] for p in board["people"]} == {"Ana", "Bia"}
    assert [p["rank"] for p in board["people"]] == [1, 2]


def test_unrated_tables_change_nothing(client: TestClient) -> None:
    tid, _, ana, _ = rated_game(client, rated=False)
    r = client.get(f"/api/tables/{tid}").json()
    assert r["settings"]["rated"] is False
    assert client.get("/api/ratings/toy").json()["people"] == []
    assert client.get(f"/api/tables/{tid}/ratings").json() == {"changes": []}
    # a table with an AI seat is unrated unless asked; asked, only with measured levels
    r = ana.post(
        "/api/tables", json={"game": "toy", "seats": [{}, {"kind": "ai", "agent": "easy"}]}
    )
    assert r.json()["settings"]["rated"] is False
    r = ana.post(
        "/api/tables",
        json={"game": "toy", "seats": [{}, {"kind": "ai", "agent": "easy"}], "rated": True},
    )
    assert r.status_code == 422 and r.json()["error"]["code"] == "unrated_ai"


def test_a_game_rated_against_ai_keeps_the_anchor(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ratings_anchors, "anchors", lambda: {"toy": {"easy": Belief(20.0, 1.0)}})
    ana = signed_in(client, "Ana")
    ana_id = ana.get("/api/account").json()["account"]["id"]
    for n in range(3):  # three games: the profile then says which level she plays at
        p = ana.get(f"/api/profiles/{ana_id}").json()
        assert all(g["rating"] is None or g["rating"]["plays_at"] is None for g in p["games"])
        r = ana.post(
            "/api/tables",
            json={
                "game": "toy",
                "seats": [{}, {"kind": "ai", "agent": "easy"}],
                "join": {"name": "Ana"},
                "rated": True,
            },
        )
        assert r.status_code == 201, r.text
        tid, tok = r.json()["id"], r.json()["joined"]["token"]
        play_out(client, tid, {0: tok})
        url = f"/api/tables/{tid}/ratings"
        (change,) = wait_for(lambda url=url: client.get(url).json()["changes"])
        assert change["before"]["sigma"] > change["after"]["sigma"]
        assert (n == 0) == (change["before"]["mu"] == 25.0)
    assert change["against_ai"] is True and change["account"]["name"] == "Ana"
    assert [x["level"] for x in change["above"] + change["below"] + change["tied"]] == ["easy"]
    board = client.get("/api/ratings/toy").json()
    assert board["ai"] == [{"level": "easy", "mu": 20.0, "sigma": 1.0, "shown": 17.0}]
    assert board["people"][0]["ai_games"] == 3
    (game,) = ana.get(f"/api/profiles/{ana_id}").json()["games"]
    assert game["rating"]["plays_at"] == "easy" and game["rating"]["ai_games"] == 3


def test_a_rated_game_on_postgresql(pg_settings: Settings) -> None:
    """The update's transaction (row locks, JSON, booleans) on the production database."""
    with TestClient(create_app(pg_settings)) as client:
        tid, end, _, _ = rated_game(client)
        changes = wait_for(lambda: client.get(f"/api/tables/{tid}/ratings").json()["changes"])
        assert sorted(c["place"] for c in changes) == sorted(end["result"]["ranking"])
        board = client.get("/api/ratings/toy").json()["people"]
        assert [p["rank"] for p in board] == [1, 2]
        shown = [p["shown"] for p in board]
        assert shown == sorted(shown, reverse=True)


def test_a_table_of_ai_only_is_not_rated(client: TestClient) -> None:
    ai = [{"kind": "ai", "agent": "easy"}] * 2
    r = client.post("/api/tables", json={"game": "toy", "seats": ai})
    assert r.status_code == 201 and r.json()["settings"]["rated"] is False
    r = client.post("/api/tables", json={"game": "toy", "seats": ai, "rated": True})
    assert r.status_code == 422 and r.json()["error"]["code"] == "unrated_table"


def test_the_shipped_anchors_give_every_level_of_every_game() -> None:
    shipped = anchors()
    for game in ("nine-domains", "exploding-kittens", "coatl", "sala-de-miaula"):
        assert set(shipped.get(game, {})) == {"easy", "medium", "strong"}, game


def test_a_rated_game_whose_update_was_lost_is_rated_at_the_next_start(settings: Settings) -> None:
    """The server stopped between a rated game's last move and its ratings' write: the next
    start rates it (at the time it ended), and only the finished, rated, recent ones."""
    from datetime import timedelta

    engine = make_engine(settings.database_url)
    migrate(engine)
    st = RatingStore(engine)
    ended = datetime.now(UTC) - timedelta(hours=3)
    with st.sessions.begin() as s:
        for a in ("ana", "bia"):
            s.add(AccountRow(id=a, name=a.title(), name_key=a, created_at=ended))
        for tid, rated, status, at in (
            ("lost", True, "finished", ended),
            ("unrated", False, "finished", ended),
            ("running", True, "running", ended),
            ("long-ago", True, "finished", ended - timedelta(days=400)),
        ):
            s.add(
                TableRow(
                    id=tid, game="toy", rules_version="1", num_players=2, seed=1,
                    public_options={}, settings={"rated": rated}, status=status, move_count=9,
                    result={"ranking": [2, 1]} if status == "finished" else None,
                    created_at=at, updated_at=at,
                )
            )  # fmt: skip
            s.flush()
            for i, a in enumerate(("ana", "bia")):
                s.add(SeatRow(table_id=tid, seat=i, kind="human", name=a.title()))
                s.flush()
                s.add(AccountSeatRow(table_id=tid, seat=i, account_id=a, claimed_at=at))
    with TestClient(create_app(settings)):
        wait_for(lambda: len(st.ratings_of("bia")) == 1)
    ((ana, _),) = st.ratings_of("ana")
    ((bia, _),) = st.ratings_of("bia")
    assert (ana.games, bia.games) == (1, 1)  # "lost" alone: not the unrated, running or old
    assert bia.mu > NEW_MU > ana.mu  # bia finished first
    (h,) = st.history("bia", "toy", 10)
    assert h.table_id == "lost" and abs(h.at.replace(tzinfo=UTC) - ended) < timedelta(seconds=1)
    # a second start finds its history and changes nothing
    with TestClient(create_app(settings)):
        pass
    assert [r.games for r, _ in st.ratings_of("bia")] == [1]
    engine.dispose()
