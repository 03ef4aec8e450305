"""the analytics funnel rolled up per UTC day (funnel_daily, funnel_rolled_days), refreshed by the beat job
`tasks.roll_up_funnel`: the revenue screen reads finished days from it instead of counting every event
(docs/operator-console.md, "Revenue")

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-23 19:45:00.000000
"""

import sqlalchemy as sa
from alembic import op

from core.adapters.db.types import UTCDateTime

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "funnel_daily",
        sa.Column("day", sa.String(length=10), nullable=False),
        sa.Column("origin", sa.String(length=10), nullable=False),
        sa.Column("campaign", sa.String(length=200), nullable=False),
        sa.Column("step", sa.String(length=30), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("day", "origin", "campaign", "step", name="pk_funnel_daily"),
    )
    op.create_table(
        "funnel_rolled_days",
        sa.Column("day", sa.String(length=10), nullable=False),
        sa.Column("rolled_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("day", name="pk_funnel_rolled_days"),
    )


def downgrade() -> None:
    op.drop_table("funnel_rolled_days")
    op.drop_table("funnel_daily")
