"""payment method details on subscriptions (card brand and last four digits, or a masked PayPal e-mail);
whether the parent chose the e-mail language in the profile

Revision ID: 0008
Revises: 0012
Create Date: 2026-11-23 16:00:00.000000
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("subscriptions", schema=None, recreate="never") as batch_op:
        batch_op.add_column(sa.Column("payment_brand", sa.String(length=30), nullable=True))
        batch_op.add_column(sa.Column("payment_last4", sa.String(length=4), nullable=True))
        batch_op.add_column(sa.Column("payment_email", sa.String(length=254), nullable=True))
    with op.batch_alter_table("accounts", schema=None, recreate="never") as batch_op:
        batch_op.add_column(
            sa.Column("language_chosen", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    # recreate='never' (as 0004 and 0005): re-creating `accounts` or `subscriptions` on SQLite would drop the
    # table, and the ON DELETE CASCADE foreign keys would take other tables' rows with it.
    with op.batch_alter_table("accounts", schema=None, recreate="never") as batch_op:
        batch_op.drop_column("language_chosen")
    with op.batch_alter_table("subscriptions", schema=None, recreate="never") as batch_op:
        batch_op.drop_column("payment_email")
        batch_op.drop_column("payment_last4")
        batch_op.drop_column("payment_brand")
