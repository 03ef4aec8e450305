"""operator console hardening: per-parent grant limits over a rolling window (grant_ledger) with four-eyes
requests (grant_requests); staff sign-in throttled per submitted e-mail (staff_login_throttle); an e-mail
change asked for in the console waits for the new address to confirm it (accounts.pending_email)
(docs/operator-console.md#grant-limits-and-four-eyes, docs/security.md#the-operator-console)

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-27 04:00:00.000000
"""

import sqlalchemy as sa
from alembic import op

from core.adapters.db.types import UTCDateTime

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "staff_login_throttle",
        sa.Column("email_hash", sa.String(length=64), nullable=False),
        sa.Column("failures", sa.Integer(), server_default="0", nullable=False),
        sa.Column("blocked_until", UTCDateTime(), nullable=True),
        sa.Column("last_attempt_at", UTCDateTime(), nullable=True),
        sa.PrimaryKeyConstraint("email_hash", name="pk_staff_login_throttle"),
    )
    op.create_table(
        "grant_ledger",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("staff_id", sa.Integer(), nullable=True),
        sa.Column("role", sa.String(length=10), nullable=False),
        sa.Column("days", sa.Integer(), nullable=False),
        sa.Column("subscription_id", sa.Integer(), nullable=True),
        sa.Column("request_id", sa.Integer(), nullable=True),
        sa.Column("granted_at", UTCDateTime(), nullable=False),
        sa.CheckConstraint("days > 0", name="ck_grant_ledger_days"),
        sa.PrimaryKeyConstraint("id", name="pk_grant_ledger"),
    )
    op.create_index("ix_grant_ledger_account_at", "grant_ledger", ["account_id", "granted_at"])
    op.create_table(
        "grant_requests",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("subscription_id", sa.Integer(), nullable=True),
        sa.Column("duration_code", sa.String(length=10), nullable=False),
        sa.Column("days", sa.Integer(), nullable=False),
        sa.Column("product", sa.String(length=40), nullable=False),
        sa.Column("reason", sa.String(length=500), nullable=False),
        sa.Column("requested_by", sa.Integer(), nullable=False),
        sa.Column("requested_by_email", sa.String(length=254), nullable=False),
        sa.Column("requested_role", sa.String(length=10), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("decided_by", sa.Integer(), nullable=True),
        sa.Column("decided_by_email", sa.String(length=254), nullable=True),
        sa.Column("decided_at", UTCDateTime(), nullable=True),
        sa.Column("decision_reason", sa.String(length=500), nullable=True),
        sa.CheckConstraint(
            "status IN ('pending', 'approved', 'rejected')", name="ck_grant_requests_status"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_grant_requests"),
    )
    op.create_index("ix_grant_requests_status", "grant_requests", ["status", "id"])
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("pending_email", sa.String(length=254), nullable=True))
        batch.add_column(sa.Column("pending_email_at", UTCDateTime(), nullable=True))


def downgrade() -> None:
    # recreate='never' (as 0004): re-creating `accounts` on SQLite would drop the table, and its
    # ON DELETE CASCADE foreign keys would take the subscriptions and tokens with it.
    with op.batch_alter_table("accounts", recreate="never") as batch:
        batch.drop_column("pending_email_at")
        batch.drop_column("pending_email")
    op.drop_index("ix_grant_requests_status", table_name="grant_requests")
    op.drop_table("grant_requests")
    op.drop_index("ix_grant_ledger_account_at", table_name="grant_ledger")
    op.drop_table("grant_ledger")
    op.drop_table("staff_login_throttle")
