"""dunning_steps: each step of a past-due episode (a retry, an e-mail, the last notice) and each
card-expiring e-mail, done once per subscription, step and episode; subscriptions.payment_expiry: the
card on file's expiry, `MM/YYYY` (docs/billing.md#failed-payments-and-dunning)

Revision ID: 0025
Revises: 0024
Create Date: 2026-11-27 07:45:00.000000
"""

import sqlalchemy as sa
from alembic import op

from core.adapters.db.types import UTCDateTime

revision = "0025"
down_revision = "0024"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "dunning_steps",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("subscription_id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("step", sa.String(length=30), nullable=False),
        sa.Column("episode", sa.String(length=10), nullable=False),
        sa.Column("done_at", UTCDateTime(), nullable=False),
        sa.Column("outcome", sa.String(length=30), nullable=False),
        sa.Column("amount", sa.Numeric(12, 2, asdecimal=True), nullable=True),
        sa.Column("currency", sa.String(length=3), nullable=True),
        sa.ForeignKeyConstraint(
            ["subscription_id"],
            ["subscriptions.id"],
            name="fk_dunning_steps_subscription_id",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_dunning_steps"),
        sa.UniqueConstraint("subscription_id", "step", "episode", name="uq_dunning_steps_once"),
    )
    op.create_index("ix_dunning_steps_account_id", "dunning_steps", ["account_id"])
    op.create_index("ix_dunning_steps_done_at", "dunning_steps", ["done_at"])
    with op.batch_alter_table("subscriptions") as batch_op:
        batch_op.add_column(sa.Column("payment_expiry", sa.String(length=7), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("subscriptions") as batch_op:
        batch_op.drop_column("payment_expiry")
    op.drop_index("ix_dunning_steps_done_at", table_name="dunning_steps")
    op.drop_index("ix_dunning_steps_account_id", table_name="dunning_steps")
    op.drop_table("dunning_steps")
