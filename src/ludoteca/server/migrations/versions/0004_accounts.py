"""Accounts: people, their signed-in sessions, and the seats they claimed.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ludoteca_accounts",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(160), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(256), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("suspended_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "ludoteca_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column(
            "account_id",
            sa.String(24),
            sa.ForeignKey("ludoteca_accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ludoteca_sessions_account_id", "ludoteca_sessions", ["account_id"])
    op.create_table(
        "ludoteca_account_seats",
        sa.Column("table_id", sa.String(24), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column(
            "account_id",
            sa.String(24),
            sa.ForeignKey("ludoteca_accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id", "seat"],
            ["ludoteca_seats.table_id", "ludoteca_seats.seat"],
            ondelete="CASCADE",
        ),
    )
    op.create_index(
        "ix_ludoteca_account_seats_account_id", "ludoteca_account_seats", ["account_id"]
    )


def downgrade() -> None:
    op.drop_table("ludoteca_account_seats")
    op.drop_table("ludoteca_sessions")
    op.drop_table("ludoteca_accounts")
