"""migrate() on a database that already has some migrations: the ones it lacks are applied (a
database at the newest revision is left as it is without Alembic reading every migration's
file: server/db.py). From empty: test_persistence's test_the_migrations_build_exactly_the_models."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect

from ludoteca.server.db import _alembic_config, make_engine, migrate
from ludoteca.server.models import Base


def test_a_database_a_migration_behind_is_brought_to_the_newest(tmp_path: Path) -> None:
    cfg = _alembic_config()
    script = ScriptDirectory.from_config(cfg)
    (newest,) = script.get_heads()
    before = script.get_revision(newest).down_revision
    assert isinstance(before, str)
    engine = make_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    try:
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, before)
        tables = set(inspect(engine).get_table_names())
        assert tables < set(Base.metadata.tables) | {"alembic_version"}  # the newest one's missing
        migrate(engine)
        with engine.connect() as conn:
            context = MigrationContext.configure(conn)
            assert context.get_current_heads() == (newest,)
            assert compare_metadata(context, Base.metadata) == []
        migrate(engine)  # at the newest: nothing to do, nothing changed
        with engine.connect() as conn:
            assert MigrationContext.configure(conn).get_current_heads() == (newest,)
    finally:
        engine.dispose()
