"""Tables, seats and moves.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ludoteca_tables",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("rules_version", sa.String(32), nullable=False),
        sa.Column("num_players", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("options", sa.JSON, nullable=True),
        sa.Column("public_options", sa.JSON, nullable=False),
        sa.Column("settings", sa.JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("move_count", sa.Integer, nullable=False),
        sa.Column("result", sa.JSON, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ludoteca_tables_status", "ludoteca_tables", ["status"])
    op.create_table(
        "ludoteca_seats",
        sa.Column(
            "table_id",
            sa.String(24),
            sa.ForeignKey("ludoteca_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("agent", sa.String(120), nullable=True),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("seat_options", sa.JSON, nullable=True),
    )
    op.create_index("ix_ludoteca_seats_token_hash", "ludoteca_seats", ["token_hash"])
    op.create_table(
        "ludoteca_moves",
        sa.Column(
            "table_id",
            sa.String(24),
            sa.ForeignKey("ludoteca_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.JSON, nullable=False),
        sa.Column("by", sa.String(8), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("ludoteca_moves")
    op.drop_table("ludoteca_seats")
    op.drop_index("ix_ludoteca_tables_status", "ludoteca_tables")
    op.drop_table("ludoteca_tables")
