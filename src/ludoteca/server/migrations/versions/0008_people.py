"""People: passkeys and their single-use challenges, invitations to tables, blocks.

Revision ID: 0008
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0006"
branch_labels = None
depends_on = None


def _account(column: str, *, primary_key: bool = False) -> sa.Column:
    return sa.Column(
        column,
        sa.String(24),
        sa.ForeignKey("ludoteca_accounts.id", ondelete="CASCADE"),
        primary_key=primary_key,
        nullable=False,
    )


def upgrade() -> None:
    op.create_table(
        "ludoteca_passkeys",
        sa.Column("id", sa.String(1400), primary_key=True),
        _account("account_id"),
        sa.Column("public_key", sa.LargeBinary, nullable=False),
        sa.Column("sign_count", sa.BigInteger, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_ludoteca_passkeys_account_id", "ludoteca_passkeys", ["account_id"])
    op.create_table(
        "ludoteca_ceremonies",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("challenge", sa.LargeBinary, nullable=False),
        sa.Column("account_id", sa.String(24), nullable=True),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ludoteca_ceremonies_expires_at", "ludoteca_ceremonies", ["expires_at"])
    op.create_table(
        "ludoteca_invitations",
        sa.Column(
            "table_id",
            sa.String(24),
            sa.ForeignKey("ludoteca_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        _account("to_account", primary_key=True),
        _account("from_account"),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ludoteca_invitations_to_account", "ludoteca_invitations", ["to_account"])
    op.create_index(
        "ix_ludoteca_invitations_from_account", "ludoteca_invitations", ["from_account"]
    )
    op.create_table(
        "ludoteca_blocks",
        _account("account_id", primary_key=True),
        _account("blocked_id", primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ludoteca_blocks_blocked_id", "ludoteca_blocks", ["blocked_id"])


def downgrade() -> None:
    op.drop_table("ludoteca_blocks")
    op.drop_table("ludoteca_invitations")
    op.drop_table("ludoteca_ceremonies")
    op.drop_table("ludoteca_passkeys")
