"""payment method details on subscriptions: card brand and last four digits, or a masked PayPal e-mail

Revision ID: 0008
Revises: 0005
Create Date: 2026-11-23 16:00:00.000000
"""
from alembic import op
import sqlalchemy as sa


revision = '0008'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('subscriptions', schema=None, recreate='never') as batch_op:
        batch_op.add_column(sa.Column('payment_brand', sa.String(length=30), nullable=True))
        batch_op.add_column(sa.Column('payment_last4', sa.String(length=4), nullable=True))
        batch_op.add_column(sa.Column('payment_email', sa.String(length=254), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('subscriptions', schema=None) as batch_op:
        batch_op.drop_column('payment_email')
        batch_op.drop_column('payment_last4')
        batch_op.drop_column('payment_brand')
