"""Alembic environment: the server hands its open connection in ``config.attributes``."""

from __future__ import annotations

from alembic import context

from ludoteca.server.models import Base

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the server always passes its connection
    raise RuntimeError("run migrations through ludoteca.server.db.migrate(engine)")

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
