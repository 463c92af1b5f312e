"""Fixtures: a server on a fresh SQLite file (or PostgreSQL schema), the test games registered."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from ludoteca.engine.registry import _MODULES, register, unregister
from ludoteca.server import Settings, create_app
from ludoteca.server.config import AI_NICE_ENV
from tests.engine.toy_game import GAME as TOY
from tests.server.react_game import GAME as REACT

PG_URL = os.environ.get("LUDOTECA_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")

# AI workers at the tests' own priority (servers of this process and the ones it starts inherit
# it): 10 lower, as a site runs them, they starved behind the other test processes of a busy
# machine (a hint 54 s, AI games past their deadlines). test_ai_pool checks the setting itself.
os.environ.setdefault(AI_NICE_ENV, "0")


@pytest.fixture(autouse=True)
def test_games() -> Iterator[None]:
    """The two test games, registered only while a server test runs (so that the conformance
    and agent tests, which list the registered games, never see them)."""
    added = [g for g in (TOY, REACT) if g.id not in _MODULES]
    for g in added:
        register(g)
    yield
    for g in added:
        unregister(g.id)


def sqlite_settings(path: Path, **kw: Any) -> Settings:
    return Settings(database_url=f"sqlite:///{path}", ai_delay=0.0, **kw)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return sqlite_settings(tmp_path / "db.sqlite3")


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as c:
        yield c


@pytest.fixture(scope="module")
def module_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One server for a module's tests that each make their own tables and read only those
    (a server per test costs seconds: its database, its AI workers). Built-in games only:
    it starts before a test registers the test games."""
    db = tmp_path_factory.mktemp("shared") / "db.sqlite3"
    with TestClient(create_app(sqlite_settings(db))) as c:
        yield c


@contextmanager
def pg_schema(**kw: Any) -> Iterator[Settings]:
    """Settings for a private schema in the machine's PostgreSQL database ``test``, dropped
    when the block ends."""
    schema = f"ludoteca_test_{uuid.uuid4().hex[:10]}"
    engine = create_engine(PG_URL)
    with engine.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield Settings(
            database_url=PG_URL,
            ai_delay=0.0,
            connect_args={"options": f"-csearch_path={schema}"},
            **kw,
        )
    finally:
        with engine.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        engine.dispose()


@pytest.fixture
def pg_settings() -> Iterator[Settings]:
    """A private schema in the machine's PostgreSQL database ``test``, dropped afterwards."""
    with pg_schema() as settings:
        yield settings
