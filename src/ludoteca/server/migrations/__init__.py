"""Alembic migrations of the server's schema; applied on start by :func:`ludoteca.server.db.migrate`."""
