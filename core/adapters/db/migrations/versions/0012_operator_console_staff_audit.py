"""console: staff accounts (argon2id + TOTP, roles), staff sessions, the append-only audit log,
and the indexes of the operator console's parent search (docs/operator-console.md)

Revision ID: 0012
Revises: 0007
Create Date: 2026-11-23 15:40:00.000000
"""

import sqlalchemy as sa
from alembic import op

from core.adapters.db.types import UTCDateTime

revision = "0012"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "staff_accounts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=False),
        sa.Column("totp_secret", sa.String(length=64), nullable=False),
        sa.Column("role", sa.String(length=10), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("disabled_at", UTCDateTime(), nullable=True),
        sa.Column("failed_logins", sa.Integer(), server_default="0", nullable=False),
        sa.Column("login_blocked_until", UTCDateTime(), nullable=True),
        sa.Column("last_login_attempt_at", UTCDateTime(), nullable=True),
        sa.Column("last_totp_step", sa.BigInteger(), nullable=True),
        sa.CheckConstraint(
            "role IN ('support', 'finance', 'admin')", name="ck_staff_accounts_role"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_staff_accounts"),
        sa.UniqueConstraint("email", name="uq_staff_accounts_email"),
    )
    op.create_table(
        "staff_sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("staff_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("expires_at", UTCDateTime(), nullable=False),
        sa.Column("last_used_at", UTCDateTime(), nullable=False),
        sa.Column("revoked_at", UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["staff_id"],
            ["staff_accounts.id"],
            ondelete="CASCADE",
            name="fk_staff_sessions_staff_id",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_staff_sessions"),
        sa.UniqueConstraint("token_hash", name="uq_staff_sessions_token_hash"),
    )
    op.create_index("ix_staff_sessions_staff_id", "staff_sessions", ["staff_id"])
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("at", UTCDateTime(), nullable=False),
        sa.Column("staff_id", sa.Integer(), nullable=True),
        sa.Column("staff_email", sa.String(length=254), nullable=True),
        sa.Column("action", sa.String(length=40), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=True),
        sa.Column("target", sa.String(length=100), nullable=True),
        sa.Column("before", sa.JSON(), nullable=True),
        sa.Column("after", sa.JSON(), nullable=True),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("outcome", sa.String(length=20), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_audit_log"),
    )
    op.create_index("ix_audit_log_staff_id", "audit_log", ["staff_id", "id"])
    op.create_index("ix_audit_log_account_id", "audit_log", ["account_id", "id"])
    with op.batch_alter_table("outbox", schema=None, recreate="never") as batch_op:
        batch_op.add_column(sa.Column("discarded_at", UTCDateTime(), nullable=True))
    op.create_index(
        "ix_subscriptions_platform_purchase_id", "subscriptions", ["platform_purchase_id"]
    )
    op.create_index("ix_coupons_redeemed_by", "coupons", ["redeemed_by"])
    op.create_index("ix_coupon_redemptions_account_id", "coupon_redemptions", ["account_id"])
    if op.get_bind().dialect.name == "postgresql":
        # Partial e-mail, name and alias (phone) search: trigram indexes answer ILIKE '%…%' at a million rows.
        op.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
        op.execute(
            "CREATE INDEX ix_accounts_email_trgm ON accounts USING gin (lower(email) gin_trgm_ops)"
        )
        op.execute(
            "CREATE INDEX ix_accounts_name_trgm ON accounts USING gin (lower(name) gin_trgm_ops)"
        )
        op.execute(
            "CREATE INDEX ix_accounts_alias_trgm ON accounts USING gin (lower(partner_alias) gin_trgm_ops)"
        )
        # Append-only: the database itself refuses to change or remove an audit entry.
        op.execute("""CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$""")
        op.execute("""CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
            FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()""")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS audit_log_append_only ON audit_log")
        op.execute("DROP FUNCTION IF EXISTS audit_log_append_only()")
        for name in ("ix_accounts_email_trgm", "ix_accounts_name_trgm", "ix_accounts_alias_trgm"):
            op.execute(f"DROP INDEX IF EXISTS {name}")
    op.drop_index("ix_coupon_redemptions_account_id", table_name="coupon_redemptions")
    op.drop_index("ix_coupons_redeemed_by", table_name="coupons")
    op.drop_index("ix_subscriptions_platform_purchase_id", table_name="subscriptions")
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.drop_column("discarded_at")
    op.drop_table("audit_log")
    op.drop_table("staff_sessions")
    op.drop_table("staff_accounts")
