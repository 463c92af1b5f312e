"""Turn-based tables: their timers as rows, woken by due time (the clock's moves are
indexed by 0005, for reputations).

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
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


def downgrade() -> None:
    op.drop_table("ludoteca_turn_timers")
