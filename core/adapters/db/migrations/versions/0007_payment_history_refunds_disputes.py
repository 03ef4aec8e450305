"""payments: the payment history (charges, refunds, voids, disputes) with who and why

Revision ID: 0007
Revises: 0009
Create Date: 2026-11-23 16:00:00.000000
"""

import sqlalchemy as sa
from alembic import op

import core.adapters.db.types

revision = "0007"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "payments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("transaction_id", sa.String(length=64), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=True),
        sa.Column("subscription_id", sa.Integer(), nullable=True),
        sa.Column("amount", sa.Numeric(precision=10, scale=2), nullable=False),
        sa.Column(
            "refunded_amount", sa.Numeric(precision=10, scale=2), server_default="0", nullable=False
        ),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("created_at", core.adapters.db.types.UTCDateTime(timezone=True), nullable=False),
        sa.CheckConstraint("amount > 0", name="ck_payments_amount_positive"),
        sa.CheckConstraint(
            "refunded_amount >= 0 AND refunded_amount <= amount",
            name="ck_payments_refund_within_charge",
        ),
        sa.CheckConstraint("status IN ('charged', 'voided')", name="ck_payments_status"),
        sa.ForeignKeyConstraint(
            ["subscription_id"],
            ["subscriptions.id"],
            name="fk_payments_subscription_id",
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_payments"),
        sa.UniqueConstraint("transaction_id", name="uq_payments_transaction_id"),
    )
    op.create_index("ix_payments_subscription_id", "payments", ["subscription_id"], unique=False)
    op.create_table(
        "payment_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("payment_id", sa.Integer(), nullable=True),
        sa.Column("subscription_id", sa.Integer(), nullable=True),
        sa.Column("account_id", sa.Integer(), nullable=True),
        sa.Column("transaction_id", sa.String(length=64), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("amount", sa.Numeric(precision=10, scale=2), nullable=True),
        sa.Column("currency", sa.String(length=3), nullable=True),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("actor", sa.String(length=100), nullable=False),
        sa.Column("reason", sa.String(length=500), nullable=False),
        sa.Column("operation_key", sa.String(length=120), nullable=False),
        sa.Column("gateway_ref", sa.String(length=64), nullable=True),
        sa.Column("end_access", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("created_at", core.adapters.db.types.UTCDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "kind IN ('charge', 'refund', 'void', 'dispute_opened', 'dispute_won', 'dispute_lost')",
            name="ck_payment_events_kind",
        ),
        sa.CheckConstraint(
            "status IN ('pending', 'succeeded', 'failed')", name="ck_payment_events_status"
        ),
        sa.CheckConstraint("amount IS NULL OR amount >= 0", name="ck_payment_events_amount"),
        sa.CheckConstraint(
            "kind NOT IN ('refund', 'void') OR (length(actor) > 0 AND length(reason) > 0)",
            name="ck_payment_events_who_and_why",
        ),
        sa.ForeignKeyConstraint(
            ["payment_id"],
            ["payments.id"],
            name="fk_payment_events_payment_id",
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["subscription_id"],
            ["subscriptions.id"],
            name="fk_payment_events_subscription_id",
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_payment_events"),
        sa.UniqueConstraint("operation_key", name="uq_payment_events_operation_key"),
    )
    op.create_index(
        "ix_payment_events_subscription_id", "payment_events", ["subscription_id"], unique=False
    )
    op.create_index(
        "ix_payment_events_transaction_id", "payment_events", ["transaction_id"], unique=False
    )


def downgrade() -> None:
    op.drop_index("ix_payment_events_transaction_id", table_name="payment_events")
    op.drop_index("ix_payment_events_subscription_id", table_name="payment_events")
    op.drop_table("payment_events")
    op.drop_index("ix_payments_subscription_id", table_name="payments")
    op.drop_table("payments")
