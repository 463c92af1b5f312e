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
from tests.engine.toy_game import GAME as TOY
from tests.server.react_game import GAME as REACT

PG_URL = os.environ.get("LUDOTECA_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


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
