"""webhook log: the gateway's own kind (provider_kind, 64 characters) beside ours, so a kind we do not know is
recorded as `other` instead of overflowing webhook_events.kind (docs/billing.md#webhook-kinds)

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-27 04:00:00.000000
"""

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("webhook_events") as batch:
        batch.add_column(sa.Column("provider_kind", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("webhook_events") as batch:
        batch.drop_column("provider_kind")
