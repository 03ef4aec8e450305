"""subscriptions keep a discount coupon's terms as the gateway bills them (docs/billing.md#one-price-truth):
the reduced price, the number of charges at it in all and still to come, and the first charge at the
full price

Revision ID: 0022
Revises: 0021
Create Date: 2026-11-27 07:50:00.000000
"""

import sqlalchemy as sa
from alembic import op

from core.adapters.db.types import UTCDateTime

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("subscriptions") as batch_op:
        batch_op.add_column(sa.Column("discount_price", sa.Numeric(10, 2), nullable=True))
        batch_op.add_column(
            sa.Column("discount_cycles", sa.Integer(), nullable=False, server_default="0")
        )
        batch_op.add_column(
            sa.Column("discount_cycles_left", sa.Integer(), nullable=False, server_default="0")
        )
        batch_op.add_column(sa.Column("full_price_from", UTCDateTime(), nullable=True))
        batch_op.create_check_constraint(
            "ck_subscriptions_discount_cycles",
            "discount_cycles_left >= 0 AND discount_cycles_left <= discount_cycles",
        )


def downgrade() -> None:
    with op.batch_alter_table("subscriptions") as batch_op:
        batch_op.drop_constraint("ck_subscriptions_discount_cycles", type_="check")
        batch_op.drop_column("full_price_from")
        batch_op.drop_column("discount_cycles_left")
        batch_op.drop_column("discount_cycles")
        batch_op.drop_column("discount_price")
