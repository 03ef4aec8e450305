"""3-D Secure: the status and liability shift of the card a subscription was paid with

Revision ID: 0009
Revises: 0006
Create Date: 2026-11-23 15:30:00.000000
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("subscriptions", schema=None, recreate="never") as batch_op:
        batch_op.add_column(sa.Column("three_d_secure_status", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("liability_shifted", sa.Boolean(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("subscriptions", schema=None, recreate="never") as batch_op:
        batch_op.drop_column("liability_shifted")
        batch_op.drop_column("three_d_secure_status")
