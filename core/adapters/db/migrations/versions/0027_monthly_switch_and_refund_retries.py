"""The switch of a German or Dutch yearly plan to monthly billing, as the gateway confirmed it
(docs/consumer-law-renewal.md#at-the-gateway): when it was done there, and when the clock first found it
missing on the renewal day (docs/operations.md#alerts); and the automatic retries of a withdrawal refund
the gateway did not answer (docs/consumer-law-withdrawal.md#retried-refunds)

Revision ID: 0027
Revises: 0026
Create Date: 2026-11-27 08:00:00.000000
"""

import sqlalchemy as sa
from alembic import op

from core.adapters.db.types import UTCDateTime

revision = "0027"
down_revision = "0026"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("subscription_reminders") as batch_op:
        batch_op.add_column(sa.Column("gateway_done_at", UTCDateTime(), nullable=True))
        batch_op.add_column(sa.Column("missed_at", UTCDateTime(), nullable=True))
    with op.batch_alter_table("withdrawals") as batch_op:
        batch_op.add_column(
            sa.Column("refund_attempts", sa.Integer(), nullable=False, server_default="0")
        )
        batch_op.add_column(sa.Column("refund_retry_at", UTCDateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("withdrawals") as batch_op:
        batch_op.drop_column("refund_retry_at")
        batch_op.drop_column("refund_attempts")
    with op.batch_alter_table("subscription_reminders") as batch_op:
        batch_op.drop_column("missed_at")
        batch_op.drop_column("gateway_done_at")
