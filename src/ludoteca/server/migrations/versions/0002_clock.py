"""Stored clock deadlines, so that a table's clocks survive a restart.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # {"move": N, "at": {"seat": unix time}}: the deadlines of the decisions pending at move N
    with op.batch_alter_table("ludoteca_tables") as batch:
        batch.add_column(sa.Column("clock", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("ludoteca_tables") as batch:
        batch.drop_column("clock")
