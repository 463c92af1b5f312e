"""Ratings per game (openskill), the history of each rated game, and the seats' timeouts
indexed for reputations.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ludoteca_ratings",
        sa.Column(
            "account_id",
            sa.String(24),
            sa.ForeignKey("ludoteca_accounts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("shown", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("ai_games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index(
        "ix_ludoteca_ratings_game_shown", "ludoteca_ratings", ["game", "shown", "account_id"]
    )
    op.create_table(
        "ludoteca_rating_history",
        sa.Column("table_id", sa.String(24), primary_key=True),
        sa.Column(
            "account_id",
            sa.String(24),
            sa.ForeignKey("ludoteca_accounts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu_after", sa.Float, nullable=False),
        sa.Column("sigma_after", sa.Float, nullable=False),
        sa.Column("above", sa.JSON, nullable=False),
        sa.Column("below", sa.JSON, nullable=False),
        sa.Column("tied", sa.JSON, nullable=False),
        sa.Column("against_ai", sa.Boolean, nullable=False),
    )
    op.create_index(
        "ix_ludoteca_rating_history_account",
        "ludoteca_rating_history",
        ["account_id", "game", "at"],
    )
    # a seat's timeouts (reputation): partial, the other moves cost it nothing
    op.create_index(
        "ix_ludoteca_moves_clock",
        "ludoteca_moves",
        ["table_id", "seat"],
        postgresql_where=sa.text("by = 'clock'"),
        sqlite_where=sa.text("by = 'clock'"),
    )


def downgrade() -> None:
    op.drop_index("ix_ludoteca_moves_clock", "ludoteca_moves")
    op.drop_table("ludoteca_rating_history")
    op.drop_table("ludoteca_ratings")
