"""webhook log: what each applied gateway event said (dates, transaction, amount; no personal data), its
outcome and how often the console replayed it; indexes of the revenue screen's funnel and cohorts
(docs/operator-console.md)

Revision ID: 0013
Revises: 0011
Create Date: 2026-11-23 16:45:00.000000
"""

import sqlalchemy as sa
from alembic import op

from core.adapters.db.types import UTCDateTime

revision = "0013"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("webhook_events") as batch:
        batch.add_column(sa.Column("paid_through", UTCDateTime(), nullable=True))
        batch.add_column(sa.Column("next_billing_date", UTCDateTime(), nullable=True))
        batch.add_column(sa.Column("transaction_id", sa.String(length=64), nullable=True))
        batch.add_column(sa.Column("amount", sa.Numeric(12, 2), nullable=True))
        batch.add_column(sa.Column("currency", sa.String(length=3), nullable=True))
        batch.add_column(sa.Column("outcome", sa.String(length=20), nullable=True))
        batch.add_column(sa.Column("replays", sa.Integer(), server_default="0", nullable=False))
    op.create_index("ix_analytics_events_occurred_at", "analytics_events", ["occurred_at", "event"])
    op.create_index("ix_accounts_created_at", "accounts", ["created_at"])
    op.create_index("ix_subscriptions_created_at", "subscriptions", ["created_at"])


def downgrade() -> None:
    op.drop_index("ix_subscriptions_created_at", "subscriptions")
    op.drop_index("ix_accounts_created_at", "accounts")
    op.drop_index("ix_analytics_events_occurred_at", "analytics_events")
    with op.batch_alter_table("webhook_events") as batch:
        for column in (
            "replays",
            "outcome",
            "currency",
            "amount",
            "transaction_id",
            "next_billing_date",
            "paid_through",
        ):
            batch.drop_column(column)
