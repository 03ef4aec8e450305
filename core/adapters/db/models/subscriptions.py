"""Subscriptions, the claims that keep one per app and one trial per family, and renewal reminders.
Column names match the domain dataclasses' field names."""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    Numeric,
    PrimaryKeyConstraint,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from core.adapters.db.models.base import Base
from core.adapters.db.types import UTCDateTime


class SubscriptionRow(Base):
    __tablename__ = "subscriptions"
    __table_args__ = (
        Index("ix_subscriptions_created_at", "created_at"),
        CheckConstraint(
            "discount_cycles_left >= 0 AND discount_cycles_left <= discount_cycles",
            name="ck_subscriptions_discount_cycles",
        ),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True
    )
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
    # sha256 of (account, client key): keys are scoped per account (core.domain.purchases.scoped_key)
    idempotency_key: Mapped[str | None] = mapped_column(String(64), unique=True)
    request_fingerprint: Mapped[str | None] = mapped_column(String(64))
    last_event_at = mapped_column(UTCDateTime())
    pending_plan_id: Mapped[str | None] = mapped_column(String(60))
    pending_price = mapped_column(Numeric(10, 2, asdecimal=True))
    pending_subscription_type: Mapped[str | None] = mapped_column(String(40))
    partner: Mapped[str | None] = mapped_column(String(50))
    trial_reminded_at = mapped_column(UTCDateTime())  # the trial-ending e-mail is written once
    # A retry of a past-due charge under way since then (core/services/payment_recovery.py): one at a time
    retry_claimed_at = mapped_column(UTCDateTime())
    three_d_secure_status: Mapped[str | None] = mapped_column(String(64))
    liability_shifted: Mapped[bool | None] = mapped_column(Boolean)
    # What the gateway said about the payment method: never a full card number or e-mail.
    payment_brand: Mapped[str | None] = mapped_column(String(30))  # e.g. Visa, American Express
    payment_last4: Mapped[str | None] = mapped_column(String(4))
    payment_email: Mapped[str | None] = mapped_column(
        String(254)
    )  # a PayPal address, masked: j•••@example.com
    # A discount coupon's terms as billed (docs/billing.md#one-price-truth): reduced price, charges at it
    # in all and still to come, and the first charge at the full price.
    discount_price = mapped_column(Numeric(10, 2, asdecimal=True))
    discount_cycles: Mapped[int] = mapped_column(
        Integer, nullable=False, default=0, server_default="0"
    )
    discount_cycles_left: Mapped[int] = mapped_column(
        Integer, nullable=False, default=0, server_default="0"
    )
    full_price_from = mapped_column(UTCDateTime())
    payment_expiry: Mapped[str | None] = mapped_column(String(7))  # the card's, MM/YYYY


class SubscriptionClaimRow(Base):
    """One renewing web subscription per (account, app): the database refuses a second claim
    (core.domain.purchases.claimed_apps says which apps a subscription holds)."""

    __tablename__ = "subscription_claims"
    __table_args__ = (
        PrimaryKeyConstraint("account_id", "app", name="pk_subscription_claims"),
        CheckConstraint("app IN ('tv', 'books', 'games')", name="ck_subscription_claims_app"),
        Index("ix_subscription_claims_subscription_id", "subscription_id"),
    )
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE", name="fk_subscription_claims_account_id")
    )
    app: Mapped[str] = mapped_column(String(10))
    subscription_id: Mapped[int] = mapped_column(
        ForeignKey(
            "subscriptions.id", ondelete="CASCADE", name="fk_subscription_claims_subscription_id"
        ),
        nullable=False,
    )


class TrialClaimRow(Base):
    """One free trial per account: the first web purchase holds it (released if that payment fails)."""

    __tablename__ = "trial_claims"
    __table_args__ = (PrimaryKeyConstraint("account_id", name="pk_trial_claims"),)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE", name="fk_trial_claims_account_id")
    )
    subscription_id: Mapped[int] = mapped_column(
        ForeignKey("subscriptions.id", ondelete="CASCADE", name="fk_trial_claims_subscription_id"),
        nullable=False,
    )


class SubscriptionReminderRow(Base):
    """One reminder e-mail sent about one renewal of one subscription (core.domain.renewal_rules.ReminderKind):
    the unique key makes the clock send each exactly once, however many ticks or workers run
    (docs/consumer-law-renewal.md#once-and-only-once). `on_time`: sent inside the law's window."""

    __tablename__ = "subscription_reminders"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_subscription_reminders"),
        UniqueConstraint(
            "subscription_id", "kind", "period", name="uq_subscription_reminders_once"
        ),
    )
    id: Mapped[int] = mapped_column(Integer)
    subscription_id: Mapped[int] = mapped_column(
        ForeignKey(
            "subscriptions.id",
            ondelete="CASCADE",
            name="fk_subscription_reminders_subscription_id",
        ),
        nullable=False,
    )
    kind: Mapped[str] = mapped_column(String(40), nullable=False)
    period: Mapped[str] = mapped_column(String(10), nullable=False)  # the renewal day, YYYY-MM-DD
    sent_at = mapped_column(UTCDateTime(), nullable=False)
    on_time: Mapped[bool] = mapped_column(Boolean, nullable=False)
    # Germany, the Netherlands: the switch to monthly billing done at the gateway (docs/consumer-law-renewal.md#at-the-gateway),
    # and when the clock first found it not done on the renewal day (docs/operations.md#alerts).
    gateway_done_at = mapped_column(UTCDateTime(), nullable=True)
    missed_at = mapped_column(UTCDateTime(), nullable=True)
