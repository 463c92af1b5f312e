"""Decks built in the Gatálogo, kept on the account (issue 25 item 8: server/decks.py).

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ludoteca_decks",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column(
            "account_id",
            sa.String(24),
            sa.ForeignKey("ludoteca_accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("cards", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("account_id", "game", "name", name="uq_ludoteca_decks"),
    )
    op.create_index("ix_ludoteca_decks_account_id", "ludoteca_decks", ["account_id"])


def downgrade() -> None:
    op.drop_table("ludoteca_decks")
