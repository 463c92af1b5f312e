"""Indexes for the lobby: a page of tables by status, newest first, costs the page, not the
number of tables.

Revision ID: 0003
Revises: 0002
"""

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # open and running tables by creation, finished ones by when they ended
    op.create_index(
        "ix_ludoteca_tables_status_created", "ludoteca_tables", ["status", "created_at", "id"]
    )
    op.create_index(
        "ix_ludoteca_tables_status_updated", "ludoteca_tables", ["status", "updated_at", "id"]
    )


def downgrade() -> None:
    op.drop_index("ix_ludoteca_tables_status_updated", "ludoteca_tables")
    op.drop_index("ix_ludoteca_tables_status_created", "ludoteca_tables")
