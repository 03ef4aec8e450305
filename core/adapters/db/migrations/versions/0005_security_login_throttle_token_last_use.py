"""security: failed-login throttle on accounts, last use of tokens (idle expiry)

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25 10:00:00.000000
"""

import sqlalchemy as sa
from alembic import op

import core.adapters.db.types

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts", schema=None, recreate="never") as batch_op:
        batch_op.add_column(
            sa.Column("failed_logins", sa.Integer(), nullable=False, server_default="0")
        )
        batch_op.add_column(
            sa.Column(
                "login_blocked_until",
                core.adapters.db.types.UTCDateTime(timezone=True),
                nullable=True,
            )
        )
        batch_op.add_column(
            sa.Column(
                "last_login_attempt_at",
                core.adapters.db.types.UTCDateTime(timezone=True),
                nullable=True,
            )
        )
    with op.batch_alter_table("auth_tokens", schema=None, recreate="never") as batch_op:
        batch_op.add_column(
            sa.Column(
                "last_used_at", core.adapters.db.types.UTCDateTime(timezone=True), nullable=True
            )
        )


def downgrade() -> None:
    # recreate='never' (as 0004): re-creating `accounts` on SQLite would drop the table, and its
    # ON DELETE CASCADE foreign keys would take the subscriptions and tokens with it.
    with op.batch_alter_table("auth_tokens", schema=None, recreate="never") as batch_op:
        batch_op.drop_column("last_used_at")
    with op.batch_alter_table("accounts", schema=None, recreate="never") as batch_op:
        batch_op.drop_column("last_login_attempt_at")
        batch_op.drop_column("login_blocked_until")
        batch_op.drop_column("failed_logins")
