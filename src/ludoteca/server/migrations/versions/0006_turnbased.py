"""Turn-based tables: their timers as rows, woken by due time; the clock's moves indexed.

Revision ID: 0006
Revises: 0004 (re-chained after 0005 when merged)
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ludoteca_turn_timers",
        sa.Column(
            "table_id",
            sa.String(24),
            sa.ForeignKey("ludoteca_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("move", sa.Integer, nullable=False),
        sa.Column("since", sa.Integer, nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("wake_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("bank", sa.Float, nullable=False),
    )
    op.create_index("ix_ludoteca_turn_timers_wake_at", "ludoteca_turn_timers", ["wake_at"])
    op.create_index(
        "ix_ludoteca_moves_clock",
        "ludoteca_moves",
        ["table_id", "seat"],
        postgresql_where=sa.text("by = 'clock'"),
        sqlite_where=sa.text("by = 'clock'"),
    )


def downgrade() -> None:
    op.drop_index("ix_ludoteca_moves_clock", "ludoteca_moves")
    op.drop_table("ludoteca_turn_timers")
