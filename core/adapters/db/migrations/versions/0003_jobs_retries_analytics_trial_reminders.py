"""jobs: outbox retries and dead letters, analytics events, trial reminders

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23 10:00:00.000000
"""

import sqlalchemy as sa
from alembic import op

import core.adapters.db.types

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "analytics_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("env", sa.String(length=20), nullable=False),
        sa.Column("app", sa.String(length=40), nullable=False),
        sa.Column("country_code", sa.String(length=2), nullable=False),
        sa.Column("occurred_at", core.adapters.db.types.UTCDateTime(timezone=True), nullable=False),
        sa.Column("received_at", core.adapters.db.types.UTCDateTime(timezone=True), nullable=False),
        sa.Column("origin", sa.String(length=10), nullable=False),
        sa.Column("platform", sa.String(length=40), nullable=False),
        sa.Column("device_type", sa.String(length=40), nullable=False),
        sa.Column("transaction_uuid", sa.String(length=36), nullable=False),
        sa.Column("event", sa.String(length=30), nullable=False),
        sa.Column("utm_source", sa.String(length=200), nullable=True),
        sa.Column("utm_medium", sa.String(length=200), nullable=True),
        sa.Column("utm_campaign", sa.String(length=200), nullable=True),
        sa.Column("utm_content", sa.String(length=200), nullable=True),
        sa.Column("utm_term", sa.String(length=200), nullable=True),
        sa.CheckConstraint("origin IN ('Organic', 'Ads')", name="ck_analytics_events_origin"),
        sa.PrimaryKeyConstraint("id", name="pk_analytics_events"),
        sa.UniqueConstraint(
            "transaction_uuid", "event", "occurred_at", name="uq_analytics_events_once"
        ),
    )
    with op.batch_alter_table("analytics_events", schema=None) as batch_op:
        batch_op.create_index("ix_analytics_events_received_at", ["received_at"], unique=False)

    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                "next_attempt_at", core.adapters.db.types.UTCDateTime(timezone=True), nullable=True
            )
        )
        batch_op.add_column(
            sa.Column("dead_at", core.adapters.db.types.UTCDateTime(timezone=True), nullable=True)
        )

    with op.batch_alter_table("subscriptions", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                "trial_reminded_at",
                core.adapters.db.types.UTCDateTime(timezone=True),
                nullable=True,
            )
        )


def downgrade() -> None:
    with op.batch_alter_table("subscriptions", schema=None) as batch_op:
        batch_op.drop_column("trial_reminded_at")

    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.drop_column("dead_at")
        batch_op.drop_column("next_attempt_at")

    with op.batch_alter_table("analytics_events", schema=None) as batch_op:
        batch_op.drop_index("ix_analytics_events_received_at")

    op.drop_table("analytics_events")
