"""Parents' accounts, their tokens and their consent history. Column names match the domain
dataclasses' field names."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    PrimaryKeyConstraint,
    String,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column

from core.adapters.db.models.base import Base
from core.adapters.db.types import UTCDateTime


class AccountRow(Base):
    __tablename__ = "accounts"
    __table_args__ = (Index("ix_accounts_created_at", "created_at"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    email: Mapped[str] = mapped_column(String(254), unique=True, nullable=False)
    password_hash: Mapped[str] = mapped_column(String(255), nullable=False)
    name: Mapped[str] = mapped_column(String(100), nullable=False, default="")
    language: Mapped[str] = mapped_column(String(2), nullable=False, default="en")
    # The parent chose the e-mail language in the profile (the site language no longer moves it).
    language_chosen: Mapped[bool] = mapped_column(
        Boolean, nullable=False, default=False, server_default=false()
    )
    country_code: Mapped[str] = mapped_column(String(2), nullable=False, default="FR")
    is_email_confirmed: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    is_email_fake: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    partner: Mapped[str | None] = mapped_column(String(50))
    env: Mapped[str] = mapped_column(String(20), nullable=False, default="web")
    promo_accepted_at = mapped_column(UTCDateTime())
    terms_accepted_at = mapped_column(UTCDateTime())
    utm: Mapped[dict] = mapped_column(JSON, nullable=False, default=dict)
    created_at = mapped_column(UTCDateTime(), nullable=False)
    partner_alias: Mapped[str | None] = mapped_column(String(64), unique=True)
    terms_version: Mapped[str | None] = mapped_column(String(20))
    promo_consent_version: Mapped[str | None] = mapped_column(String(20))
    deleted_at = mapped_column(UTCDateTime())
    # A change of address asked for in the operator console, in force once the new address confirms it
    # (docs/operator-console.md#e-mail-changes-and-reset-links).
    pending_email: Mapped[str | None] = mapped_column(String(254))
    pending_email_at = mapped_column(UTCDateTime())
    # Failed-login throttle (core.domain.login_throttle): not part of the Account dataclass.
    failed_logins: Mapped[int] = mapped_column(
        Integer, nullable=False, default=0, server_default="0"
    )
    login_blocked_until = mapped_column(UTCDateTime())
    last_login_attempt_at = mapped_column(UTCDateTime())


class TokenRow(Base):
    __tablename__ = "auth_tokens"
    __table_args__ = (Index("ix_auth_tokens_account_purpose", "account_id", "purpose"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False
    )
    purpose: Mapped[str] = mapped_column(String(20), nullable=False)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, nullable=False)
    created_at = mapped_column(UTCDateTime(), nullable=False)
    expires_at = mapped_column(UTCDateTime(), nullable=False)
    used_at = mapped_column(UTCDateTime())
    revoked_at = mapped_column(UTCDateTime())
    payload: Mapped[str | None] = mapped_column(String(254))
    last_used_at = mapped_column(UTCDateTime())  # noted at most hourly (SESSION_IDLE_DAYS)


class ConsentRecordRow(Base):
    """History of terms acceptances and promotional consents given or withdrawn, with the wording version."""

    __tablename__ = "consent_records"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_consent_records"),
        CheckConstraint(
            "kind IN ('terms', 'promotional', 'newsletter')", name="ck_consent_records_kind"
        ),
        Index("ix_consent_records_account_id", "account_id"),
    )
    id: Mapped[int] = mapped_column(Integer)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE", name="fk_consent_records_account_id"),
        nullable=False,
    )
    kind: Mapped[str] = mapped_column(String(20), nullable=False)
    version: Mapped[str] = mapped_column(String(20), nullable=False)
    granted: Mapped[bool] = mapped_column(Boolean, nullable=False)
    at = mapped_column(UTCDateTime(), nullable=False)
