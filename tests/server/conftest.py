"""Fixtures: a server on a fresh SQLite file (or PostgreSQL schema), the test games registered."""

from __future__ import annotations

import atexit
import functools
import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from ludoteca.engine.registry import _MODULES, register, unregister
from ludoteca.server import Settings, create_app
from ludoteca.server.config import AI_NICE_ENV
from ludoteca.server.db import make_engine, migrate
from tests.engine.toy_game import GAME as TOY
from tests.server.helpers import CHROMIUM, SHOTS, free_port, start_server, stop_server
from tests.server.react_game import GAME as REACT

if TYPE_CHECKING:
    from playwright.sync_api import Browser

PG_URL = os.environ.get("LUDOTECA_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")

# AI workers at the tests' own priority (servers of this process and the ones it starts inherit
# it): 10 lower, as a site runs them, they starved behind the other test processes of a busy
# machine (a hint 54 s, AI games past their deadlines). test_ai_pool checks the setting itself.
os.environ.setdefault(AI_NICE_ENV, "0")


@contextmanager
def toy_games_registered() -> Iterator[None]:
    """The two test games registered while it lasts, and only then: the conformance, agent and
    RL tests list the registered games, and they may run after the server tests in the same
    worker. A module's shared server wraps its life in it (its in-process plugin would
    otherwise leave them registered for the rest of the run)."""
    added = [g for g in (TOY, REACT) if g.id not in _MODULES]
    for g in added:
        register(g)
    try:
        yield
    finally:
        for g in added:
            unregister(g.id)


@pytest.fixture(autouse=True)
def test_games() -> Iterator[None]:
    """The two test games, registered only while a server test runs."""
    with toy_games_registered():
        yield


@functools.cache
def migrated_sqlite() -> Path:
    """An SQLite file with every migration applied, made once per test process: a test's new
    database starts as a copy of it (applying the migrations to each new file cost every
    server test 0.2 to 0.8 s). The migrations still run from empty where that is the point:
    test_persistence's test_the_migrations_build_exactly_the_models, and every server started
    in its own process (start_server)."""
    folder = Path(tempfile.mkdtemp(prefix="ludoteca-migrated-"))
    atexit.register(shutil.rmtree, folder, True)
    path = folder / "migrated.sqlite3"
    engine = make_engine(f"sqlite:///{path}")
    migrate(engine)
    with engine.connect() as conn:  # everything in the file itself: the copy is the database
        conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    engine.dispose()
    return path


def sqlite_settings(path: Path, **kw: Any) -> Settings:
    """Settings for the SQLite file ``path``: a new one is a copy of the migrated template (the
    server's start then finds nothing to migrate). The AI workers start at the first job that
    needs them: most tests seat no AI, and two workers started and stopped per test took CPU
    the other tests wait for (production starts them with the server; test_ai_seats checks
    both ways)."""
    if not path.exists():
        shutil.copyfile(migrated_sqlite(), path)
    kw.setdefault("ai_workers_at_start", False)
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
    (a server per test costs a few tenths of a second on a busy machine, even on a copy of
    the migrated database and with its AI workers started only if asked). Built-in games only:
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
            **{"ai_workers_at_start": False, **kw},  # as sqlite_settings: at the first job
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


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, one per module, every test in its own context (cookies, storage,
    viewport and language of its own), which isolates it as a new browser would. Not one per
    session: while Playwright's sync API is open, its event loop runs in the worker's thread,
    and every later test of that worker calling ``asyncio.run`` would fail."""
    import shutil

    from playwright.sync_api import sync_playwright

    assert shutil.which(CHROMIUM) or Path(CHROMIUM).exists(), "scripts/test installs chromium"
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
            ],
        )
        yield b
        b.close()


@pytest.fixture(scope="session")
def browser_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The browser tests' server (in its own process, as a person's browser meets it), one for
    the session of each xdist worker: a start costs 5 to 20 s on a loaded machine, and every
    browser module paid one (per worker). The tests share its database, so each makes its own
    tables and gives its accounts names of its own. AI seats move at once (a test about the
    AI's pace starts its own server); the test games are registered (the toy game's reviews and
    ratings); the review's budget is tiny (the tests check the page, not the grades); the
    per-address caps are off: every test comes from 127.0.0.1, and none checks a cap here
    (test_security_caps.py does)."""
    port = free_port()
    proc = start_server(
        tmp_path_factory.mktemp("browser") / "e2e.sqlite3",
        port,
        env={"LUDOTECA_REVIEW_SAMPLES": "2"},
        extra=(
            "--rate-limit",
            "0",
            "--max-open-tables-per-address",
            "0",
            "--max-sockets-per-address",
            "0",
        ),
    )
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_server(proc)


@pytest.fixture(autouse=True)
def _close_contexts(request: pytest.FixtureRequest) -> Iterator[None]:
    """The contexts a browser test opened are closed when it ends: with one Chromium for the
    session, a page left open would go on talking to its module's server (or, that server
    stopped, trying to reconnect to it) through every later test."""
    yield
    if "browser" in request.fixturenames:
        b: Browser = request.getfixturevalue("browser")
        for ctx in b.contexts:
            ctx.close()
