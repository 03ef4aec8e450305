"""billing: redemptions, webhooks, gateway ids

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22 03:52:18.542455
"""

import sqlalchemy as sa
from alembic import op

import core.adapters.db.types

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "webhook_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=30), nullable=False),
        sa.Column("gateway_id", sa.String(length=64), nullable=False),
        sa.Column("occurred_at", core.adapters.db.types.UTCDateTime(timezone=True), nullable=False),
        sa.Column("received_at", core.adapters.db.types.UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("kind", "gateway_id", "occurred_at", name="uq_webhook_event"),
    )
    op.create_table(
        "coupon_redemptions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("coupon_id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("redeemed_at", core.adapters.db.types.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["coupon_id"], ["coupons.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("coupon_id", "account_id", name="uq_coupon_redemption"),
    )
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.add_column(sa.Column("partner_alias", sa.String(length=64), nullable=True))
        batch_op.create_unique_constraint("uq_accounts_partner_alias", ["partner_alias"])

    with op.batch_alter_table("subscriptions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("gateway_id", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("idempotency_key", sa.String(length=64), nullable=True))
        batch_op.add_column(
            sa.Column(
                "last_event_at", core.adapters.db.types.UTCDateTime(timezone=True), nullable=True
            )
        )
        batch_op.add_column(sa.Column("pending_plan_id", sa.String(length=60), nullable=True))
        batch_op.add_column(
            sa.Column("pending_price", sa.Numeric(precision=10, scale=2), nullable=True)
        )
        batch_op.add_column(
            sa.Column("pending_subscription_type", sa.String(length=40), nullable=True)
        )
        batch_op.add_column(sa.Column("partner", sa.String(length=50), nullable=True))
        batch_op.create_unique_constraint("uq_subscriptions_idempotency_key", ["idempotency_key"])
        batch_op.create_unique_constraint("uq_subscriptions_gateway_id", ["gateway_id"])


def downgrade() -> None:
    with op.batch_alter_table("subscriptions", schema=None) as batch_op:
        batch_op.drop_constraint("uq_subscriptions_gateway_id", type_="unique")
        batch_op.drop_constraint("uq_subscriptions_idempotency_key", type_="unique")
        batch_op.drop_column("partner")
        batch_op.drop_column("pending_subscription_type")
        batch_op.drop_column("pending_price")
        batch_op.drop_column("pending_plan_id")
        batch_op.drop_column("last_event_at")
        batch_op.drop_column("idempotency_key")
        batch_op.drop_column("gateway_id")

    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.drop_constraint("uq_accounts_partner_alias", type_="unique")
        batch_op.drop_column("partner_alias")

    op.drop_table("coupon_redemptions")
    op.drop_table("webhook_events")
