"""rate limit counters: the database fallback of the shared limits while Redis is unreachable

Revision ID: 0010
Revises: 0008
Create Date: 2026-11-23 16:00:00.000000
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rate_limit_counters",
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("window_no", sa.BigInteger(), nullable=False),
        sa.Column("hits", sa.Integer(), nullable=False),
        sa.Column("expires", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("key", "window_no", name="pk_rate_limit_counters"),
    )
    op.create_index("ix_rate_limit_counters_expires", "rate_limit_counters", ["expires"])


def downgrade() -> None:
    op.drop_index("ix_rate_limit_counters_expires", table_name="rate_limit_counters")
    op.drop_table("rate_limit_counters")
