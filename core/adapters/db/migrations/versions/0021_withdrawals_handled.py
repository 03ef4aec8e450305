"""withdrawals join the console's queue of public declarations (docs/operator-console.md#public-declarations):
who marked one handled, when and why

Revision ID: 0021
Revises: 0020
Create Date: 2026-11-27 05:05:00.000000
"""

import sqlalchemy as sa
from alembic import op

from core.adapters.db.types import UTCDateTime

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("withdrawals") as batch_op:
        batch_op.add_column(sa.Column("handled_at", UTCDateTime(), nullable=True))
        batch_op.add_column(sa.Column("handled_by", sa.String(length=254), nullable=True))
        batch_op.add_column(sa.Column("handled_reason", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("withdrawals") as batch_op:
        batch_op.drop_column("handled_reason")
        batch_op.drop_column("handled_by")
        batch_op.drop_column("handled_at")
