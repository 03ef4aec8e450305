"""Tables. Column names match the domain dataclasses' field names."""
from __future__ import annotations

from sqlalchemy import (JSON, Boolean, CheckConstraint, ForeignKey, Index, Integer, Numeric, PrimaryKeyConstraint,
                        String, Text, UniqueConstraint)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from core.adapters.db.types import UTCDateTime


class Base(DeclarativeBase):
    pass


class AccountRow(Base):
    __tablename__ = "accounts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    email: Mapped[str] = mapped_column(String(254), unique=True, nullable=False)
    password_hash: Mapped[str] = mapped_column(String(255), nullable=False)
    name: Mapped[str] = mapped_column(String(100), nullable=False, default="")
    language: Mapped[str] = mapped_column(String(2), nullable=False, default="en")
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


class TokenRow(Base):
    __tablename__ = "auth_tokens"
    __table_args__ = (Index("ix_auth_tokens_account_purpose", "account_id", "purpose"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False)
    purpose: Mapped[str] = mapped_column(String(20), nullable=False)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, nullable=False)
    created_at = mapped_column(UTCDateTime(), nullable=False)
    expires_at = mapped_column(UTCDateTime(), nullable=False)
    used_at = mapped_column(UTCDateTime())
    revoked_at = mapped_column(UTCDateTime())
    payload: Mapped[str | None] = mapped_column(String(254))


class SubscriptionRow(Base):
    __tablename__ = "subscriptions"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True)
    subscription_type: Mapped[str] = mapped_column(String(40), nullable=False)
    duration_code: Mapped[str] = mapped_column(String(10), nullable=False)
    store_id: Mapped[str] = mapped_column(String(20), nullable=False)
    payment_state_id: Mapped[str] = mapped_column(String(30), nullable=False)
    end_date = mapped_column(UTCDateTime())
    next_billing_date = mapped_column(UTCDateTime())
    payment_plan_id: Mapped[str | None] = mapped_column(String(60))
    payment_plan_price = mapped_column(Numeric(10, 2, asdecimal=True))
    currency: Mapped[str | None] = mapped_column(String(3))
    is_renewing: Mapped[bool] = mapped_column(Boolean, nullable=False, default=True)
    payment_method: Mapped[str | None] = mapped_column(String(30))
    coupon: Mapped[str | None] = mapped_column(String(40))
    platform_purchase_id: Mapped[str | None] = mapped_column(String(100))
    cancelled_at = mapped_column(UTCDateTime())
    created_at = mapped_column(UTCDateTime(), nullable=False)
    gateway_id: Mapped[str | None] = mapped_column(String(64), unique=True)
    idempotency_key: Mapped[str | None] = mapped_column(String(64), unique=True)
    last_event_at = mapped_column(UTCDateTime())
    pending_plan_id: Mapped[str | None] = mapped_column(String(60))
    pending_price = mapped_column(Numeric(10, 2, asdecimal=True))
    pending_subscription_type: Mapped[str | None] = mapped_column(String(40))
    partner: Mapped[str | None] = mapped_column(String(50))
    trial_reminded_at = mapped_column(UTCDateTime())  # the trial-ending e-mail is written once


class CouponRedemptionRow(Base):
    """One row per (coupon, account): the database refuses a second redemption."""

    __tablename__ = "coupon_redemptions"
    __table_args__ = (UniqueConstraint("coupon_id", "account_id", name="uq_coupon_redemption"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    coupon_id: Mapped[int] = mapped_column(ForeignKey("coupons.id", ondelete="CASCADE"), nullable=False)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False)
    redeemed_at = mapped_column(UTCDateTime(), nullable=False)


class WebhookEventRow(Base):
    """Webhooks already applied, so a redelivery changes nothing."""

    __tablename__ = "webhook_events"
    __table_args__ = (UniqueConstraint("kind", "gateway_id", "occurred_at", name="uq_webhook_event"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(30), nullable=False)
    gateway_id: Mapped[str] = mapped_column(String(64), nullable=False)
    occurred_at = mapped_column(UTCDateTime(), nullable=False)
    received_at = mapped_column(UTCDateTime(), nullable=False)


class CouponRow(Base):
    __tablename__ = "coupons"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(40), unique=True, nullable=False)
    coupon_type: Mapped[str] = mapped_column(String(30), nullable=False)
    duration_code: Mapped[str] = mapped_column(String(10), nullable=False)
    product: Mapped[str] = mapped_column(String(20), nullable=False, default="lumo")
    discount_price = mapped_column(Numeric(10, 2, asdecimal=True))
    is_bundle_discount: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    plan_type: Mapped[str | None] = mapped_column(String(10))
    partner: Mapped[str | None] = mapped_column(String(50))
    expires_at = mapped_column(UTCDateTime())
    redeemed_at = mapped_column(UTCDateTime())
    redeemed_by: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", ondelete="SET NULL"))


class OutboxRow(Base):
    __tablename__ = "outbox"
    __table_args__ = (Index("ix_outbox_pending", "kind", "delivered_at"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(20), nullable=False)
    topic: Mapped[str] = mapped_column(String(40), nullable=False)
    payload: Mapped[dict] = mapped_column(JSON, nullable=False, default=dict)
    created_at = mapped_column(UTCDateTime(), nullable=False)
    delivered_at = mapped_column(UTCDateTime())
    locked_until = mapped_column(UTCDateTime())
    attempts: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    last_error: Mapped[str | None] = mapped_column(Text)
    next_attempt_at = mapped_column(UTCDateTime())
    dead_at = mapped_column(UTCDateTime())


class AnalyticsEventRow(Base):
    """SPEC 3 analytics records as received. No e-mail, no name, no click id."""

    __tablename__ = "analytics_events"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_analytics_events"),
        UniqueConstraint("transaction_uuid", "event", "occurred_at", name="uq_analytics_events_once"),
        CheckConstraint("origin IN ('Organic', 'Ads')", name="ck_analytics_events_origin"),
        Index("ix_analytics_events_received_at", "received_at"),
    )
    id: Mapped[int] = mapped_column(Integer)
    env: Mapped[str] = mapped_column(String(20), nullable=False)
    app: Mapped[str] = mapped_column(String(40), nullable=False)
    country_code: Mapped[str] = mapped_column(String(2), nullable=False)
    occurred_at = mapped_column(UTCDateTime(), nullable=False)
    received_at = mapped_column(UTCDateTime(), nullable=False)
    origin: Mapped[str] = mapped_column(String(10), nullable=False)
    platform: Mapped[str] = mapped_column(String(40), nullable=False)
    device_type: Mapped[str] = mapped_column(String(40), nullable=False)
    transaction_uuid: Mapped[str] = mapped_column(String(36), nullable=False)
    event: Mapped[str] = mapped_column(String(30), nullable=False)
    utm_source: Mapped[str | None] = mapped_column(String(200))
    utm_medium: Mapped[str | None] = mapped_column(String(200))
    utm_campaign: Mapped[str | None] = mapped_column(String(200))
    utm_content: Mapped[str | None] = mapped_column(String(200))
    utm_term: Mapped[str | None] = mapped_column(String(200))
