"""Operator console (docs/operator-console.md): staff, their sessions, grants of free time, the
append-only audit log, and the indexes behind the console's search."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    PrimaryKeyConstraint,
    String,
    Text,
    UniqueConstraint,
    func,
)
from sqlalchemy.orm import Mapped, mapped_column

from core.adapters.db.models.accounts import AccountRow
from core.adapters.db.models.base import Base
from core.adapters.db.models.coupons import CouponRedemptionRow, CouponRow
from core.adapters.db.models.subscriptions import SubscriptionRow
from core.adapters.db.types import UTCDateTime


class StaffAccountRow(Base):
    """People who run Lumo: never in the parents' table. argon2id password, mandatory TOTP."""

    __tablename__ = "staff_accounts"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_staff_accounts"),
        UniqueConstraint("email", name="uq_staff_accounts_email"),
        CheckConstraint("role IN ('support', 'finance', 'admin')", name="ck_staff_accounts_role"),
    )
    id: Mapped[int] = mapped_column(Integer)
    email: Mapped[str] = mapped_column(String(254), nullable=False)
    password_hash: Mapped[str] = mapped_column(String(255), nullable=False)
    totp_secret: Mapped[str] = mapped_column(
        String(255), nullable=False
    )  # Fernet-sealed (STAFF_TOTP_KEY)
    role: Mapped[str] = mapped_column(String(10), nullable=False)
    created_at = mapped_column(UTCDateTime(), nullable=False)
    disabled_at = mapped_column(UTCDateTime())
    failed_logins: Mapped[int] = mapped_column(
        Integer, nullable=False, default=0, server_default="0"
    )
    login_blocked_until = mapped_column(UTCDateTime())
    last_login_attempt_at = mapped_column(UTCDateTime())
    last_totp_step: Mapped[int | None] = mapped_column(BigInteger)  # a TOTP code is accepted once


class StaffLoginThrottleRow(Base):
    """Failed staff sign-ins per submitted e-mail (its SHA-256), known to us or not, so the lockout says
    nothing about which addresses are staff (docs/operator-console.md#staff-accounts-and-sessions)."""

    __tablename__ = "staff_login_throttle"
    __table_args__ = (PrimaryKeyConstraint("email_hash", name="pk_staff_login_throttle"),)
    email_hash: Mapped[str] = mapped_column(String(64))
    failures: Mapped[int] = mapped_column(Integer, nullable=False, default=0, server_default="0")
    blocked_until = mapped_column(UTCDateTime())
    last_attempt_at = mapped_column(UTCDateTime())


class GrantLedgerRow(Base):
    """Every grant of free time, for the rolling per-parent limits (core/domain/grants.py). Rows are
    only inserted; counted under a lock of the parent's account row."""

    __tablename__ = "grant_ledger"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_grant_ledger"),
        Index("ix_grant_ledger_account_at", "account_id", "granted_at"),
        CheckConstraint("days > 0", name="ck_grant_ledger_days"),
    )
    id: Mapped[int] = mapped_column(Integer)
    account_id: Mapped[int] = mapped_column(Integer, nullable=False)
    staff_id: Mapped[int | None] = mapped_column(Integer)
    role: Mapped[str] = mapped_column(String(10), nullable=False)
    days: Mapped[int] = mapped_column(Integer, nullable=False)
    subscription_id: Mapped[int | None] = mapped_column(Integer)
    request_id: Mapped[int | None] = mapped_column(Integer)
    granted_at = mapped_column(UTCDateTime(), nullable=False)


class GrantRequestRow(Base):
    """Free time asked for above the asker's limit, until a member of a higher role decides."""

    __tablename__ = "grant_requests"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_grant_requests"),
        Index("ix_grant_requests_status", "status", "id"),
        CheckConstraint(
            "status IN ('pending', 'approved', 'rejected')", name="ck_grant_requests_status"
        ),
    )
    id: Mapped[int] = mapped_column(Integer)
    account_id: Mapped[int] = mapped_column(Integer, nullable=False)
    subscription_id: Mapped[int | None] = mapped_column(Integer)
    duration_code: Mapped[str] = mapped_column(String(10), nullable=False)
    days: Mapped[int] = mapped_column(Integer, nullable=False)
    product: Mapped[str] = mapped_column(String(40), nullable=False)
    reason: Mapped[str] = mapped_column(String(500), nullable=False)
    requested_by: Mapped[int] = mapped_column(Integer, nullable=False)
    requested_by_email: Mapped[str] = mapped_column(String(254), nullable=False)
    requested_role: Mapped[str] = mapped_column(String(10), nullable=False)
    created_at = mapped_column(UTCDateTime(), nullable=False)
    status: Mapped[str] = mapped_column(String(10), nullable=False)
    decided_by: Mapped[int | None] = mapped_column(Integer)
    decided_by_email: Mapped[str | None] = mapped_column(String(254))
    decided_at = mapped_column(UTCDateTime())
    decision_reason: Mapped[str | None] = mapped_column(String(500))


class StaffSessionRow(Base):
    """A staff bearer token, stored as its SHA-256: 8 h absolute, 30 min idle, revocable."""

    __tablename__ = "staff_sessions"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_staff_sessions"),
        UniqueConstraint("token_hash", name="uq_staff_sessions_token_hash"),
        Index("ix_staff_sessions_staff_id", "staff_id"),
    )
    id: Mapped[int] = mapped_column(Integer)
    staff_id: Mapped[int] = mapped_column(
        ForeignKey("staff_accounts.id", ondelete="CASCADE", name="fk_staff_sessions_staff_id"),
        nullable=False,
    )
    token_hash: Mapped[str] = mapped_column(String(64), nullable=False)
    created_at = mapped_column(UTCDateTime(), nullable=False)
    expires_at = mapped_column(UTCDateTime(), nullable=False)
    last_used_at = mapped_column(UTCDateTime(), nullable=False)
    revoked_at = mapped_column(UTCDateTime())


class AuditLogRow(Base):
    """Every staff action and failed staff login. Rows are only ever inserted (PostgreSQL: a trigger
    refuses UPDATE and DELETE). No foreign keys: the trail outlives an erased account or staff member."""

    __tablename__ = "audit_log"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_audit_log"),
        Index("ix_audit_log_staff_id", "staff_id", "id"),
        Index("ix_audit_log_account_id", "account_id", "id"),
    )
    id: Mapped[int] = mapped_column(Integer)
    at = mapped_column(UTCDateTime(), nullable=False)
    staff_id: Mapped[int | None] = mapped_column(Integer)
    staff_email: Mapped[str | None] = mapped_column(String(254))
    action: Mapped[str] = mapped_column(String(40), nullable=False)
    account_id: Mapped[int | None] = mapped_column(Integer)
    target: Mapped[str | None] = mapped_column(String(100))
    before: Mapped[dict | None] = mapped_column(JSON)
    after: Mapped[dict | None] = mapped_column(JSON)
    reason: Mapped[str | None] = mapped_column(Text)
    outcome: Mapped[str] = mapped_column(String(20), nullable=False)


# The console's search by gateway transaction id, coupon code and redemptions (docs/operator-console.md).
Index("ix_subscriptions_platform_purchase_id", SubscriptionRow.platform_purchase_id)
Index("ix_coupons_redeemed_by", CouponRow.redeemed_by)
Index("ix_coupon_redemptions_account_id", CouponRedemptionRow.account_id)
# Partial e-mail, name and phone (partner alias) search on PostgreSQL: trigram indexes (pg_trgm, made by 0012).
for _column in (AccountRow.email, AccountRow.name, AccountRow.partner_alias):
    Index(
        f"ix_accounts_{'alias' if _column.key == 'partner_alias' else _column.key}_trgm",
        func.lower(_column).label(f"lower_{_column.key}"),
        postgresql_using="gin",
        postgresql_ops={f"lower_{_column.key}": "gin_trgm_ops"},
    ).ddl_if(dialect="postgresql")
