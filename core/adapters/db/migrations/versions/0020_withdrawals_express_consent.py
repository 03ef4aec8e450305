"""the right of withdrawal (docs/consumer-law-withdrawal.md): purchase_consents (the express request to start
at once, answered at an EU checkout), withdrawals (one declaration per subscription), and the payment history's
own kinds for a withdrawal's refund, one per subscription

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-27 04:10:00.000000
"""

import sqlalchemy as sa
from alembic import op

from core.adapters.db.types import UTCDateTime

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None

OLD_KINDS = "kind IN ('charge', 'refund', 'void', 'dispute_opened', 'dispute_won', 'dispute_lost')"
NEW_KINDS = (
    "kind IN ('charge', 'refund', 'void', 'dispute_opened', 'dispute_won', 'dispute_lost', "
    "'withdrawal_refund', 'withdrawal_void')"
)
ONE_WITHDRAWAL = "kind IN ('withdrawal_refund', 'withdrawal_void')"


def upgrade() -> None:
    op.create_table(
        "purchase_consents",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("subscription_id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("express_request", sa.Boolean(), nullable=False),
        sa.Column("version", sa.String(length=40), nullable=False),
        sa.Column("language", sa.String(length=2), nullable=False),
        sa.Column("country", sa.String(length=2), nullable=False),
        sa.Column("price_after_trial", sa.Numeric(precision=10, scale=2), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("at", UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["subscription_id"],
            ["subscriptions.id"],
            name="fk_purchase_consents_subscription_id",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_purchase_consents"),
        sa.UniqueConstraint("subscription_id", name="uq_purchase_consents_subscription_id"),
    )
    op.create_index("ix_purchase_consents_account_id", "purchase_consents", ["account_id"])
    op.create_table(
        "withdrawals",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("subscription_id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("reference", sa.String(length=40), nullable=False),
        sa.Column("channel", sa.String(length=10), nullable=False),
        sa.Column("language", sa.String(length=2), nullable=False),
        sa.Column("version", sa.String(length=40), nullable=False),
        sa.Column("country", sa.String(length=2), nullable=True),
        sa.Column("express_request", sa.Boolean(), nullable=False),
        sa.Column("refund_amount", sa.Numeric(precision=10, scale=2), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("at", UTCDateTime(timezone=True), nullable=False),
        sa.CheckConstraint("channel IN ('public', 'profile')", name="ck_withdrawals_channel"),
        sa.CheckConstraint("refund_amount >= 0", name="ck_withdrawals_refund_amount"),
        sa.ForeignKeyConstraint(
            ["subscription_id"],
            ["subscriptions.id"],
            name="fk_withdrawals_subscription_id",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_withdrawals"),
        sa.UniqueConstraint("subscription_id", name="uq_withdrawals_subscription_id"),
    )
    op.create_index("ix_withdrawals_account_id", "withdrawals", ["account_id"])
    _kinds(OLD_KINDS, NEW_KINDS)
    op.create_index(
        "uq_payment_events_one_withdrawal_refund",
        "payment_events",
        ["subscription_id"],
        unique=True,
        sqlite_where=sa.text(ONE_WITHDRAWAL),
        postgresql_where=sa.text(ONE_WITHDRAWAL),
    )


def _kinds(old: str, new: str) -> None:
    """Swap the CHECK on payment_events.kind (SQLite rebuilds the table; PostgreSQL alters it in place)."""
    if op.get_bind().dialect.name == "sqlite":
        with op.batch_alter_table(
            "payment_events",
            recreate="always",
            table_args=(sa.CheckConstraint(new, name="ck_payment_events_kind"),),
            reflect_kwargs={},
        ) as batch_op:
            batch_op.drop_constraint("ck_payment_events_kind", type_="check")
        return
    op.drop_constraint("ck_payment_events_kind", "payment_events", type_="check")
    op.create_check_constraint("ck_payment_events_kind", "payment_events", new)


def downgrade() -> None:
    op.drop_index("uq_payment_events_one_withdrawal_refund", table_name="payment_events")
    op.execute("DELETE FROM payment_events WHERE kind IN ('withdrawal_refund', 'withdrawal_void')")
    _kinds(NEW_KINDS, OLD_KINDS)
    op.drop_index("ix_withdrawals_account_id", table_name="withdrawals")
    op.drop_table("withdrawals")
    op.drop_index("ix_purchase_consents_account_id", table_name="purchase_consents")
    op.drop_table("purchase_consents")
