"""Notifications: the server's VAPID keys, push subscriptions, email choices and the tables
waiting in the next email (server/notify/models.py).

Revision ID: 0007
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ludoteca_notify_keys",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("private_pem", sa.Text, nullable=False),
        sa.Column("public_key", sa.String(120), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "ludoteca_push_subscriptions",
        sa.Column("endpoint_hash", sa.String(64), primary_key=True),
        sa.Column(
            "account_id",
            sa.String(24),
            sa.ForeignKey("ludoteca_accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("endpoint", sa.Text, nullable=False),
        sa.Column("p256dh", sa.String(120), nullable=False),
        sa.Column("auth", sa.String(40), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index(
        "ix_ludoteca_push_subscriptions_account_id", "ludoteca_push_subscriptions", ["account_id"]
    )
    op.create_table(
        "ludoteca_notify_mail",
        sa.Column(
            "account_id",
            sa.String(24),
            sa.ForeignKey("ludoteca_accounts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("address", sa.String(254), nullable=False),
        sa.Column("enabled", sa.Boolean, nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("unsubscribe_key", sa.String(64), nullable=False),
        sa.Column("last_sent_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index(
        "ix_ludoteca_notify_mail_unsubscribe_key", "ludoteca_notify_mail", ["unsubscribe_key"]
    )
    op.create_table(
        "ludoteca_notify_waiting",
        sa.Column(
            "account_id",
            sa.String(24),
            sa.ForeignKey("ludoteca_accounts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "table_id",
            sa.String(24),
            sa.ForeignKey("ludoteca_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("move", sa.Integer, nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("ludoteca_notify_waiting")
    op.drop_table("ludoteca_notify_mail")
    op.drop_table("ludoteca_push_subscriptions")
    op.drop_table("ludoteca_notify_keys")
