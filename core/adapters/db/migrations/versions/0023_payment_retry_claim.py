"""a past-due charge's retry claims the subscription first (docs/billing.md#fixing-a-failed-payment):
two concurrent retries never both reach the gateway

Revision ID: 0023
Revises: 0022
Create Date: 2026-11-27 07:55:00.000000
"""

import sqlalchemy as sa
from alembic import op

from core.adapters.db.types import UTCDateTime

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("subscriptions") as batch_op:
        batch_op.add_column(sa.Column("retry_claimed_at", UTCDateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("subscriptions") as batch_op:
        batch_op.drop_column("retry_claimed_at")
