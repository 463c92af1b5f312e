"""Agents a server will run: the named levels that suit the game; raw specs only when the
operator allows them, with finite, capped budgets and no workers; stored tables repaired."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from ludoteca.server import create_app

from .conftest import sqlite_settings
from .helpers import create

UNBOUNDED = (
    "ismcts:seconds=nan",
    "ismcts:seconds=inf",
    "ismcts:iterations=1000000000000",
    "ismcts:c=1e308",
    "ismcts:anchor=nan",
    "ismcts:workers=1000",
    "ismcts:workers=1",
    "random:seed=1",
    "equilibrium",  # Coatl has none
)


def ai_table(client: TestClient, game: str, agent: str, lang: str = "en") -> tuple[int, dict]:
    r = client.post(
        f"/api/tables?lang={lang}",
        json={"game": game, "seats": [{"kind": "human"}, {"kind": "ai", "agent": agent}]},
    )
    return r.status_code, r.json()


def test_people_choose_the_levels_that_suit_the_game(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert games["coatl"]["levels"] == ["easy", "medium", "strong"]
    assert games["toy"]["levels"] == ["easy"]  # no heuristic: no medium, no guided search
    assert all(g["agents"] == [] for g in games.values())  # no raw agents by default
    for level in games["coatl"]["levels"]:
        assert ai_table(client, "coatl", level)[0] == 201
    assert ai_table(client, "nine-domains", "strong")[0] == 201  # its equilibrium
    for spec in ("random", "ismcts:iterations=50", "equilibrium"):
        code, body = ai_table(client, "coatl", spec)
        assert code == 422 and body["error"]["code"] == "agent_refused", spec
        assert "easy, medium, strong" in body["error"]["message"]
    code, body = ai_table(client, "toy", "strong", lang="pt-BR")
    assert code == 422 and body["error"]["message"].startswith("O nível strong não serve")
    assert len(client.get("/api/tables").json()) == 4  # the refused ones made nothing


@pytest.fixture
def open_client(tmp_path: Path) -> TestClient:
    with TestClient(
        create_app(sqlite_settings(tmp_path / "db.sqlite3", allow_agent_specs=True))
    ) as c:
        yield c  # type: ignore[misc]


def test_allowed_specs_are_finite_capped_and_without_workers(open_client: TestClient) -> None:
    games = {g["id"]: g for g in open_client.get("/api/games").json()}
    assert "ismcts" in games["coatl"]["agents"] and "equilibrium" not in games["coatl"]["agents"]
    assert "equilibrium" in games["nine-domains"]["agents"]
    assert ai_table(open_client, "coatl", "ismcts:iterations=50:seconds=0.5")[0] == 201
    for spec in UNBOUNDED:
        code, body = ai_table(open_client, "coatl", spec)
        assert code == 422 and body["error"]["code"] == "agent_refused", (spec, body)
        assert spec in body["error"]["message"]
    code, body = ai_table(open_client, "coatl", "ismcts:seconds=nan", lang="pt-BR")
    assert "precisa ser um número finito" in body["error"]["message"]
    code, body = ai_table(open_client, "coatl", "ismcts:iterations=99999")
    assert "at most 5000" in body["error"]["message"]


def test_stored_seats_the_server_will_not_run_fall_back_to_strong(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    settings = sqlite_settings(tmp_path / "db.sqlite3", allow_agent_specs=True)
    with TestClient(create_app(settings)) as c:
        tid = create(c, "coatl", [{"kind": "human"}, {"kind": "ai", "agent": "ismcts:c=2"}])
    # a seat stored by an older server, before the checks
    engine = create_engine(settings.database_url)
    with engine.begin() as conn:
        conn.execute(
            text("UPDATE ludoteca_seats SET agent = 'ismcts:seconds=nan' WHERE table_id = :t"),
            {"t": tid},
        )
    engine.dispose()
    with caplog.at_level(logging.WARNING, "ludoteca.server"), TestClient(create_app(settings)) as c:
        seats = c.get(f"/api/tables/{tid}").json()["seats"]
    assert seats[1]["agent"] == "strong"
    assert any(
        "ismcts:seconds=nan" in r.getMessage() and "strong" in r.getMessage()
        for r in caplog.records
    )
    # and it stays repaired: stored, not only in memory
    settings.allow_agent_specs = False
    with TestClient(create_app(settings)) as c:
        assert c.get(f"/api/tables/{tid}").json()["seats"][1]["agent"] == "strong"
