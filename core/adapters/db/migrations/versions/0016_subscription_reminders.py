"""subscription_reminders: each renewal reminder e-mail (France's L215-1 notice, the US yearly reminder,
the announcement that a German or Dutch yearly plan continues monthly) written once per subscription,
kind and renewal day (docs/consumer-law-renewal.md#once-and-only-once)

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-27 04:10:00.000000
"""

import sqlalchemy as sa
from alembic import op

from core.adapters.db.types import UTCDateTime

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "subscription_reminders",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("subscription_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("period", sa.String(length=10), nullable=False),
        sa.Column("sent_at", UTCDateTime(), nullable=False),
        sa.Column("on_time", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["subscription_id"],
            ["subscriptions.id"],
            name="fk_subscription_reminders_subscription_id",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_subscription_reminders"),
        sa.UniqueConstraint(
            "subscription_id", "kind", "period", name="uq_subscription_reminders_once"
        ),
    )


def downgrade() -> None:
    op.drop_table("subscription_reminders")
