"""ops: runtime site switches (maintenance, holiday promotion) stored in the database, with their history

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-23 16:30:00.000000
"""

import sqlalchemy as sa
from alembic import op

import core.adapters.db.types

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "site_switches",
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("value", sa.JSON(), nullable=False),
        sa.Column("changed_at", core.adapters.db.types.UTCDateTime(timezone=True), nullable=False),
        sa.Column("changed_by", sa.String(length=100), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("name"),
    )
    op.create_table(
        "site_switch_changes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("value", sa.JSON(), nullable=True),  # null: back to the environment's default
        sa.Column("changed_at", core.adapters.db.types.UTCDateTime(timezone=True), nullable=False),
        sa.Column("changed_by", sa.String(length=100), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )


def downgrade() -> None:
    op.drop_table("site_switch_changes")
    op.drop_table("site_switches")
