"""payment-method updates by Idempotency-Key (docs/billing.md#fixing-a-failed-payment)

Revision ID: 0024
Revises: 0023
Create Date: 2026-11-27 07:50:00.000000
"""

import sqlalchemy as sa
from alembic import op

from core.adapters.db.types import UTCDateTime

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "payment_method_updates",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("key", sa.String(length=64), nullable=False, unique=True),
        sa.Column(
            "subscription_id",
            sa.Integer(),
            sa.ForeignKey("subscriptions.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("outcome", sa.String(length=40), nullable=True),
        sa.Column("created_at", UTCDateTime(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("payment_method_updates")
