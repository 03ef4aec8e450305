"""Tables. Column names match the domain dataclasses' field names."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    Date,
    ForeignKey,
    Index,
    Integer,
    Numeric,
    PrimaryKeyConstraint,
    String,
    Text,
    UniqueConstraint,
    false,
    func,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from core.adapters.db.types import UTCDateTime


class Base(DeclarativeBase):
    pass


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


class PaymentMethodUpdateRow(Base):
    """A payment-method update under an Idempotency-Key (docs/billing.md#fixing-a-failed-payment): a repeat
    is answered as the first, never sent to the gateway again."""

    __tablename__ = "payment_method_updates"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(String(64), unique=True, nullable=False)  # scoped_key
    subscription_id: Mapped[int] = mapped_column(
        ForeignKey("subscriptions.id", ondelete="CASCADE"), nullable=False
    )
    fingerprint: Mapped[str] = mapped_column(String(64), nullable=False)
    outcome: Mapped[str | None] = mapped_column(String(40))  # "ok" or the refusal's message key
    created_at = mapped_column(UTCDateTime(), nullable=False)


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


class CouponRedemptionRow(Base):
    """One row per (coupon, account): the database refuses a second redemption."""

    __tablename__ = "coupon_redemptions"
    __table_args__ = (UniqueConstraint("coupon_id", "account_id", name="uq_coupon_redemption"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    coupon_id: Mapped[int] = mapped_column(
        ForeignKey("coupons.id", ondelete="CASCADE"), nullable=False
    )
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False
    )
    redeemed_at = mapped_column(UTCDateTime(), nullable=False)


class WebhookEventRow(Base):
    """Webhooks already applied, so a redelivery changes nothing."""

    __tablename__ = "webhook_events"
    __table_args__ = (
        UniqueConstraint("kind", "gateway_id", "occurred_at", name="uq_webhook_event"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(30), nullable=False)
    gateway_id: Mapped[str] = mapped_column(String(64), nullable=False)
    occurred_at = mapped_column(UTCDateTime(), nullable=False)
    received_at = mapped_column(UTCDateTime(), nullable=False)
    # What the event said (no personal data), so the console can replay it (migration 0013)
    paid_through = mapped_column(UTCDateTime(), nullable=True)
    next_billing_date = mapped_column(UTCDateTime(), nullable=True)
    transaction_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    amount = mapped_column(Numeric(12, 2), nullable=True)
    currency: Mapped[str | None] = mapped_column(String(3), nullable=True)
    outcome: Mapped[str | None] = mapped_column(String(20), nullable=True)  # applied | out_of_order
    replays: Mapped[int] = mapped_column(Integer, nullable=False, server_default="0", default=0)
    # The gateway's own kind, cut to 64 (migration 0101): `kind` is ours, `other` for one we do not act on
    provider_kind: Mapped[str | None] = mapped_column(String(64), nullable=True)


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
    __table_args__ = (
        Index("ix_outbox_pending", "kind", "delivered_at"),
        Index("ix_outbox_account_id", "account_id"),
    )
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
    account_id: Mapped[int | None] = mapped_column(
        Integer
    )  # no foreign key: erased with the account's data
    discarded_at = mapped_column(
        UTCDateTime()
    )  # a dead letter an operator gave up on (audit_log says why)


class AnalyticsEventRow(Base):
    """docs/product.md#entities analytics records as received. No e-mail, no name, no click id."""

    __tablename__ = "analytics_events"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_analytics_events"),
        UniqueConstraint(
            "transaction_uuid", "event", "occurred_at", name="uq_analytics_events_once"
        ),
        CheckConstraint("origin IN ('Organic', 'Ads')", name="ck_analytics_events_origin"),
        Index("ix_analytics_events_received_at", "received_at"),
        Index("ix_analytics_events_occurred_at", "occurred_at", "event"),
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


class ChildProfileRow(Base):
    """A first name or nickname and an age band: nothing else about a child. Six slots per account."""

    __tablename__ = "child_profiles"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_child_profiles"),
        UniqueConstraint("account_id", "slot", name="uq_child_profiles_account_slot"),
        CheckConstraint("slot BETWEEN 1 AND 6", name="ck_child_profiles_slot"),
        CheckConstraint("age_band IN ('3-5', '6-8', '9-10')", name="ck_child_profiles_age_band"),
    )
    id: Mapped[int] = mapped_column(Integer)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE", name="fk_child_profiles_account_id"),
        nullable=False,
    )
    slot: Mapped[int] = mapped_column(Integer, nullable=False)
    name: Mapped[str] = mapped_column(String(30), nullable=False)
    age_band: Mapped[str] = mapped_column(String(5), nullable=False)
    created_at = mapped_column(UTCDateTime(), nullable=False)


class ParentalSettingsRow(Base):
    """Saved settings of one app for one child; never-saved apps use the defaults."""

    __tablename__ = "parental_settings"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_parental_settings"),
        UniqueConstraint("child_id", "app", name="uq_parental_settings_child_app"),
        CheckConstraint("app IN ('tv', 'books', 'games')", name="ck_parental_settings_app"),
        CheckConstraint(
            "time_limit_minutes IS NULL OR time_limit_minutes BETWEEN 5 AND 240",
            name="ck_parental_settings_time_limit",
        ),
    )
    id: Mapped[int] = mapped_column(Integer)
    child_id: Mapped[int] = mapped_column(
        ForeignKey("child_profiles.id", ondelete="CASCADE", name="fk_parental_settings_child_id"),
        nullable=False,
    )
    app: Mapped[str] = mapped_column(String(10), nullable=False)
    age_filter: Mapped[str] = mapped_column(String(5), nullable=False)
    time_limit_minutes: Mapped[int | None] = mapped_column(Integer)
    content_type: Mapped[str] = mapped_column(String(20), nullable=False)
    language: Mapped[str] = mapped_column(String(2), nullable=False)
    sound: Mapped[bool] = mapped_column(Boolean, nullable=False)
    fullscreen: Mapped[bool] = mapped_column(Boolean, nullable=False)
    categories: Mapped[list | None] = mapped_column(JSON)
    updated_at = mapped_column(UTCDateTime(), nullable=False)


class TvLinkRow(Base):
    """A TV waiting to be linked by PIN. Only hashes: HMAC of the PIN (peppered), SHA-256 of the poll token.
    The PIN hash is cleared when claimed, so the unique constraint holds among live PINs only."""

    __tablename__ = "tv_links"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_tv_links"),
        UniqueConstraint("pin_hash", name="uq_tv_links_pin_hash"),
        UniqueConstraint("poll_hash", name="uq_tv_links_poll_hash"),
        Index("ix_tv_links_expires_at", "expires_at"),
    )
    id: Mapped[int] = mapped_column(Integer)
    pin_hash: Mapped[str | None] = mapped_column(String(64))
    poll_hash: Mapped[str] = mapped_column(String(64), nullable=False)
    created_at = mapped_column(UTCDateTime(), nullable=False)
    expires_at = mapped_column(UTCDateTime(), nullable=False)
    account_id: Mapped[int | None] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE", name="fk_tv_links_account_id")
    )
    claimed_at = mapped_column(UTCDateTime())
    collected_at = mapped_column(UTCDateTime())


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


class ContactMessageRow(Base):
    __tablename__ = "contact_messages"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_contact_messages"),
        CheckConstraint(
            "subject IN ('subscription', 'hello', 'subscription_trouble', 'need_help', 'work_with_us', "
            "'suggestions')",
            name="ck_contact_messages_subject",
        ),
        Index("ix_contact_messages_account_id", "account_id"),
        Index("ix_contact_messages_email", "email"),
    )
    id: Mapped[int] = mapped_column(Integer)
    account_id: Mapped[int | None] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE", name="fk_contact_messages_account_id")
    )
    name: Mapped[str] = mapped_column(String(100), nullable=False)
    email: Mapped[str] = mapped_column(String(254), nullable=False)
    phone: Mapped[str | None] = mapped_column(String(30))
    subject: Mapped[str] = mapped_column(String(30), nullable=False)
    message: Mapped[str] = mapped_column(Text, nullable=False)
    language: Mapped[str] = mapped_column(String(2), nullable=False)
    created_at = mapped_column(UTCDateTime(), nullable=False)


class DeclarationRow(Base):
    """Public declarations (core/domain/contract_cancellations.py): kept as entered, the legal record. No foreign
    key to accounts: the record outlives an erased account (docs/consumer-law.md#what-is-kept)."""

    __tablename__ = "declarations"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_declarations"),
        CheckConstraint("kind IN ('cancellation')", name="ck_declarations_kind"),
        CheckConstraint(
            "termination IN ('ordinary', 'extraordinary')", name="ck_declarations_termination"
        ),
        CheckConstraint(
            "status IN ('matched', 'unmatched', 'done')", name="ck_declarations_status"
        ),
        UniqueConstraint("receipt_hash", name="uq_declarations_receipt_hash"),
        Index("ix_declarations_status", "status", "id"),
        Index("ix_declarations_account_id", "account_id"),
    )
    id: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(20), nullable=False)
    termination: Mapped[str] = mapped_column(String(20), nullable=False)
    reason: Mapped[str | None] = mapped_column(Text)
    name: Mapped[str] = mapped_column(String(100), nullable=False)
    email: Mapped[str] = mapped_column(String(254), nullable=False)
    reference: Mapped[str | None] = mapped_column(String(40))
    end_wanted = mapped_column(Date())
    language: Mapped[str] = mapped_column(String(2), nullable=False)
    wording_version: Mapped[str] = mapped_column(String(20), nullable=False)
    country: Mapped[str] = mapped_column(String(2), nullable=False)
    received_at = mapped_column(UTCDateTime(), nullable=False)
    status: Mapped[str] = mapped_column(String(20), nullable=False)
    receipt_hash: Mapped[str] = mapped_column(String(64), nullable=False)
    account_id: Mapped[int | None] = mapped_column(Integer)
    ends_on = mapped_column(UTCDateTime())
    outcome: Mapped[list] = mapped_column(JSON, nullable=False, default=list)
    handled_at = mapped_column(UTCDateTime())
    handled_by: Mapped[str | None] = mapped_column(String(254))
    handled_reason: Mapped[str | None] = mapped_column(Text)


class NewsletterSubscriptionRow(Base):
    __tablename__ = "newsletter_subscriptions"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_newsletter_subscriptions"),
        UniqueConstraint("email", name="uq_newsletter_subscriptions_email"),
    )
    id: Mapped[int] = mapped_column(Integer)
    email: Mapped[str] = mapped_column(String(254), nullable=False)
    language: Mapped[str] = mapped_column(String(2), nullable=False)
    consented_at = mapped_column(UTCDateTime(), nullable=False)
    consent_version: Mapped[str] = mapped_column(String(20), nullable=False)


class PaymentRow(Base):
    """One charge at the gateway (docs/billing-refunds.md). `refunded_amount` grows by one conditional
    UPDATE per refund and the CHECK backs it: never more given back than was charged, whatever the race.
    No foreign key to the account: amounts and dates are kept for accounting after an account is erased."""

    __tablename__ = "payments"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_payments"),
        UniqueConstraint("transaction_id", name="uq_payments_transaction_id"),
        CheckConstraint("amount > 0", name="ck_payments_amount_positive"),
        CheckConstraint(
            "refunded_amount >= 0 AND refunded_amount <= amount",
            name="ck_payments_refund_within_charge",
        ),
        CheckConstraint("status IN ('charged', 'voided')", name="ck_payments_status"),
        CheckConstraint(
            "vat_rate IS NULL OR (net_amount + vat_amount = amount AND vat_amount >= 0)",
            name="ck_payments_vat_split",
        ),
        Index("ix_payments_subscription_id", "subscription_id"),
    )
    id: Mapped[int] = mapped_column(Integer)
    transaction_id: Mapped[str] = mapped_column(String(64), nullable=False)
    account_id: Mapped[int | None] = mapped_column(Integer)
    subscription_id: Mapped[int | None] = mapped_column(
        ForeignKey("subscriptions.id", ondelete="SET NULL", name="fk_payments_subscription_id")
    )
    amount = mapped_column(Numeric(10, 2, asdecimal=True), nullable=False)
    refunded_amount = mapped_column(
        Numeric(10, 2, asdecimal=True), nullable=False, default=0, server_default="0"
    )
    currency: Mapped[str] = mapped_column(String(3), nullable=False)
    status: Mapped[str] = mapped_column(String(10), nullable=False, default="charged")
    created_at = mapped_column(UTCDateTime(), nullable=False)
    # The VAT split as it was at the time, and the location evidence (docs/billing.md#vat). NULL on
    # charges recorded before VAT was kept.
    vat_rate = mapped_column(Numeric(5, 2, asdecimal=True))
    net_amount = mapped_column(Numeric(10, 2, asdecimal=True))
    vat_amount = mapped_column(Numeric(10, 2, asdecimal=True))
    billing_country: Mapped[str | None] = mapped_column(String(2))
    card_country: Mapped[str | None] = mapped_column(String(3))
    evidence_conflict: Mapped[bool] = mapped_column(
        Boolean, nullable=False, default=False, server_default=false()
    )


class PaymentEventRow(Base):
    """The payment history: every charge, refund, void and dispute, with who (actor) and why (reason).
    `operation_key` is unique: the same refund (or webhook) is recorded, and sent to the gateway, once."""

    __tablename__ = "payment_events"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_payment_events"),
        UniqueConstraint("operation_key", name="uq_payment_events_operation_key"),
        CheckConstraint(
            "kind IN ('charge', 'refund', 'void', 'dispute_opened', 'dispute_won', 'dispute_lost', "
            "'withdrawal_refund', 'withdrawal_void')",
            name="ck_payment_events_kind",
        ),
        CheckConstraint(
            "status IN ('pending', 'succeeded', 'failed')", name="ck_payment_events_status"
        ),
        CheckConstraint("amount IS NULL OR amount >= 0", name="ck_payment_events_amount"),
        CheckConstraint(
            "kind NOT IN ('refund', 'void') OR (length(actor) > 0 AND length(reason) > 0)",
            name="ck_payment_events_who_and_why",
        ),
        # One withdrawal refund per subscription, whatever runs at the same time
        # (docs/consumer-law-withdrawal.md)
        Index(
            "uq_payment_events_one_withdrawal_refund",
            "subscription_id",
            unique=True,
            sqlite_where=text("kind IN ('withdrawal_refund', 'withdrawal_void')"),
            postgresql_where=text("kind IN ('withdrawal_refund', 'withdrawal_void')"),
        ),
        Index("ix_payment_events_subscription_id", "subscription_id"),
        Index("ix_payment_events_transaction_id", "transaction_id"),
    )
    id: Mapped[int] = mapped_column(Integer)
    payment_id: Mapped[int | None] = mapped_column(
        ForeignKey("payments.id", ondelete="SET NULL", name="fk_payment_events_payment_id")
    )
    subscription_id: Mapped[int | None] = mapped_column(
        ForeignKey(
            "subscriptions.id", ondelete="SET NULL", name="fk_payment_events_subscription_id"
        )
    )
    account_id: Mapped[int | None] = mapped_column(Integer)
    transaction_id: Mapped[str] = mapped_column(String(64), nullable=False)
    kind: Mapped[str] = mapped_column(String(20), nullable=False)
    amount = mapped_column(Numeric(10, 2, asdecimal=True))
    currency: Mapped[str | None] = mapped_column(String(3))
    status: Mapped[str] = mapped_column(String(10), nullable=False)
    actor: Mapped[str] = mapped_column(String(100), nullable=False)
    reason: Mapped[str] = mapped_column(String(500), nullable=False)
    operation_key: Mapped[str] = mapped_column(String(120), nullable=False)
    gateway_ref: Mapped[str | None] = mapped_column(String(64))
    end_access: Mapped[bool] = mapped_column(
        Boolean, nullable=False, default=False, server_default=false()
    )
    created_at = mapped_column(UTCDateTime(), nullable=False)


class PurchaseConsentRow(Base):
    """The express request to start at once, as answered at an EU checkout (docs/consumer-law-withdrawal.md):
    the wording's version and language, and the price shown as due after the free days. One per purchase."""

    __tablename__ = "purchase_consents"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_purchase_consents"),
        UniqueConstraint("subscription_id", name="uq_purchase_consents_subscription_id"),
        Index("ix_purchase_consents_account_id", "account_id"),
    )
    id: Mapped[int] = mapped_column(Integer)
    subscription_id: Mapped[int] = mapped_column(
        ForeignKey(
            "subscriptions.id", ondelete="CASCADE", name="fk_purchase_consents_subscription_id"
        ),
        nullable=False,
    )
    account_id: Mapped[int] = mapped_column(Integer, nullable=False)
    express_request: Mapped[bool] = mapped_column(Boolean, nullable=False)
    version: Mapped[str] = mapped_column(String(40), nullable=False)
    language: Mapped[str] = mapped_column(String(2), nullable=False)
    country: Mapped[str] = mapped_column(String(2), nullable=False)
    price_after_trial = mapped_column(Numeric(10, 2, asdecimal=True), nullable=False)
    currency: Mapped[str] = mapped_column(String(3), nullable=False)
    at = mapped_column(UTCDateTime(), nullable=False)


class WithdrawalRow(Base):
    """A withdrawal declaration as received and what it gave back. The unique subscription id makes a
    second declaration of the same contract (ten submitted at once) find the first."""

    __tablename__ = "withdrawals"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_withdrawals"),
        UniqueConstraint("subscription_id", name="uq_withdrawals_subscription_id"),
        Index("ix_withdrawals_account_id", "account_id"),
        CheckConstraint("channel IN ('public', 'profile')", name="ck_withdrawals_channel"),
        CheckConstraint("refund_amount >= 0", name="ck_withdrawals_refund_amount"),
    )
    id: Mapped[int] = mapped_column(Integer)
    subscription_id: Mapped[int] = mapped_column(
        ForeignKey("subscriptions.id", ondelete="CASCADE", name="fk_withdrawals_subscription_id"),
        nullable=False,
    )
    account_id: Mapped[int] = mapped_column(Integer, nullable=False)
    name: Mapped[str] = mapped_column(String(100), nullable=False)
    email: Mapped[str] = mapped_column(String(254), nullable=False)
    reference: Mapped[str] = mapped_column(String(40), nullable=False)
    channel: Mapped[str] = mapped_column(String(10), nullable=False)
    language: Mapped[str] = mapped_column(String(2), nullable=False)
    version: Mapped[str] = mapped_column(String(40), nullable=False)
    country: Mapped[str | None] = mapped_column(String(2))
    express_request: Mapped[bool] = mapped_column(Boolean, nullable=False)
    refund_amount = mapped_column(Numeric(10, 2, asdecimal=True), nullable=False)
    currency: Mapped[str] = mapped_column(String(3), nullable=False)
    at = mapped_column(UTCDateTime(), nullable=False)
    # The console's queue (docs/operator-console.md#public-declarations): who marked it handled, when, why.
    handled_at = mapped_column(UTCDateTime())
    handled_by: Mapped[str | None] = mapped_column(String(254))
    handled_reason: Mapped[str | None] = mapped_column(Text)
    # docs/consumer-law-withdrawal.md#retried-refunds: the beat's retries of a refund the gateway did not answer.
    refund_attempts: Mapped[int] = mapped_column(
        Integer, nullable=False, server_default="0", default=0
    )
    refund_retry_at = mapped_column(UTCDateTime())


# Operator console (docs/operator-console.md): staff, their sessions, and the append-only audit log.


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


class RateLimitCounterRow(Base):
    """Hits per key and fixed window while Redis is unreachable (core/adapters/rate_limit.py)."""

    __tablename__ = "rate_limit_counters"
    __table_args__ = (
        PrimaryKeyConstraint("key", "window_no", name="pk_rate_limit_counters"),
        Index("ix_rate_limit_counters_expires", "expires"),
    )
    key: Mapped[str] = mapped_column(String(200))
    window_no: Mapped[int] = mapped_column(BigInteger)
    hits: Mapped[int] = mapped_column(Integer, nullable=False)
    expires: Mapped[int] = mapped_column(BigInteger, nullable=False)  # epoch seconds


class SiteSwitchRow(Base):
    """A runtime switch set by an operator (core/services/site_switches.py); absent: the environment's default."""

    __tablename__ = "site_switches"
    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[dict] = mapped_column(JSON, nullable=False)
    changed_at = mapped_column(UTCDateTime(), nullable=False)
    changed_by: Mapped[str] = mapped_column(String(100), nullable=False)
    reason: Mapped[str] = mapped_column(Text, nullable=False)


class SiteSwitchChangeRow(Base):
    """Every change of a switch: who, when, why (value null: back to the default)."""

    __tablename__ = "site_switch_changes"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40), nullable=False)
    value: Mapped[dict | None] = mapped_column(JSON)
    changed_at = mapped_column(UTCDateTime(), nullable=False)
    changed_by: Mapped[str] = mapped_column(String(100), nullable=False)
    reason: Mapped[str] = mapped_column(Text, nullable=False)


class FunnelDailyRow(Base):
    """The analytics funnel rolled up per finished UTC day (docs/operator-console.md, "Revenue"): one row per
    day, origin, utm campaign and step; written by the beat job, read by the revenue screen."""

    __tablename__ = "funnel_daily"
    __table_args__ = (
        PrimaryKeyConstraint("day", "origin", "campaign", "step", name="pk_funnel_daily"),
    )
    day: Mapped[str] = mapped_column(String(10))  # YYYY-MM-DD (UTC)
    origin: Mapped[str] = mapped_column(String(10))
    campaign: Mapped[str] = mapped_column(String(200))
    step: Mapped[str] = mapped_column(String(30))  # an analytics event, or "registered"
    count: Mapped[int] = mapped_column(Integer, nullable=False)


class FunnelRolledDayRow(Base):
    """The days `funnel_daily` holds (a day without rows there may simply have had no visitors)."""

    __tablename__ = "funnel_rolled_days"
    __table_args__ = (PrimaryKeyConstraint("day", name="pk_funnel_rolled_days"),)
    day: Mapped[str] = mapped_column(String(10))
    rolled_at = mapped_column(UTCDateTime(), nullable=False)


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


class BillingSeriesRow(Base):
    """The last number given in each series of billing documents. A document's number is this row's
    `last_number + 1`, taken by one UPDATE … RETURNING in the transaction that inserts the document: the
    row stays locked until that transaction ends, and a rollback undoes both (no gaps, no duplicates;
    docs/billing.md#receipts-and-credit-notes)."""

    __tablename__ = "billing_series"
    __table_args__ = (
        PrimaryKeyConstraint("series", name="pk_billing_series"),
        CheckConstraint("last_number >= 0", name="ck_billing_series_last_number"),
    )
    series: Mapped[str] = mapped_column(String(16))
    last_number: Mapped[int] = mapped_column(Integer, nullable=False, default=0)


class BillingDocumentRow(Base):
    """A receipt (one per charge) or a credit note (one per refund or void), written once. No foreign key to
    the account: billing documents are kept for the tax authorities after an account is erased."""

    __tablename__ = "billing_documents"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_billing_documents"),
        UniqueConstraint("series", "number", name="uq_billing_documents_series_number"),
        UniqueConstraint("payment_event_id", name="uq_billing_documents_payment_event"),
        CheckConstraint("kind IN ('receipt', 'credit_note')", name="ck_billing_documents_kind"),
        CheckConstraint("number > 0", name="ck_billing_documents_number"),
        CheckConstraint(
            "net + vat_amount = gross AND gross >= 0 AND vat_amount >= 0",
            name="ck_billing_documents_split",
        ),
        CheckConstraint(
            "(kind = 'receipt') = (payment_event_id IS NULL)",
            name="ck_billing_documents_credit_note_event",
        ),
        # One receipt per charge
        Index(
            "uq_billing_documents_one_receipt",
            "payment_id",
            unique=True,
            sqlite_where=text("kind = 'receipt'"),
            postgresql_where=text("kind = 'receipt'"),
        ),
        Index("ix_billing_documents_account_id", "account_id"),
        Index("ix_billing_documents_issued_at", "issued_at"),
    )
    id: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(12), nullable=False)
    series: Mapped[str] = mapped_column(
        ForeignKey("billing_series.series", name="fk_billing_documents_series"), nullable=False
    )
    number: Mapped[int] = mapped_column(Integer, nullable=False)
    issued_at = mapped_column(UTCDateTime(), nullable=False)
    account_id: Mapped[int | None] = mapped_column(Integer)
    payment_id: Mapped[int] = mapped_column(
        ForeignKey("payments.id", name="fk_billing_documents_payment_id"), nullable=False
    )
    payment_event_id: Mapped[int | None] = mapped_column(
        ForeignKey("payment_events.id", name="fk_billing_documents_payment_event_id")
    )
    corrects_id: Mapped[int | None] = mapped_column(
        ForeignKey("billing_documents.id", name="fk_billing_documents_corrects_id")
    )
    transaction_id: Mapped[str] = mapped_column(String(64), nullable=False)
    seller_name: Mapped[str] = mapped_column(Text, nullable=False)
    seller_address: Mapped[str] = mapped_column(Text, nullable=False)
    seller_vat_number: Mapped[str] = mapped_column(String(64), nullable=False)
    customer_name: Mapped[str] = mapped_column(Text, nullable=False)
    customer_email: Mapped[str] = mapped_column(String(254), nullable=False)
    customer_country: Mapped[str] = mapped_column(String(2), nullable=False)
    product: Mapped[str] = mapped_column(String(64), nullable=False)
    duration_code: Mapped[str] = mapped_column(String(8), nullable=False)
    service_start = mapped_column(Date)
    service_end = mapped_column(Date)
    currency: Mapped[str] = mapped_column(String(3), nullable=False)
    net = mapped_column(Numeric(10, 2, asdecimal=True), nullable=False)
    vat_rate = mapped_column(Numeric(5, 2, asdecimal=True), nullable=False)
    vat_amount = mapped_column(Numeric(10, 2, asdecimal=True), nullable=False)
    gross = mapped_column(Numeric(10, 2, asdecimal=True), nullable=False)


class DunningStepRow(Base):
    """One step of a past-due episode (core.domain.dunning: a retry, an e-mail, the last notice) or one
    card-expiring e-mail: the unique key makes the clock do each exactly once, however many ticks or
    workers run (docs/billing.md#failed-payments-and-dunning). `episode`: the day the charge failed
    (YYYY-MM-DD), or the month the card expires (YYYY-MM-01)."""

    __tablename__ = "dunning_steps"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_dunning_steps"),
        UniqueConstraint("subscription_id", "step", "episode", name="uq_dunning_steps_once"),
        Index("ix_dunning_steps_account_id", "account_id"),
        Index("ix_dunning_steps_done_at", "done_at"),
    )
    id: Mapped[int] = mapped_column(Integer)
    subscription_id: Mapped[int] = mapped_column(
        ForeignKey("subscriptions.id", ondelete="CASCADE", name="fk_dunning_steps_subscription_id"),
        nullable=False,
    )
    account_id: Mapped[int] = mapped_column(Integer, nullable=False)
    step: Mapped[str] = mapped_column(String(30), nullable=False)
    episode: Mapped[str] = mapped_column(String(10), nullable=False)
    done_at = mapped_column(UTCDateTime(), nullable=False)
    # sent | claimed (a retry, before the gateway is called) | charged | declined | unavailable
    outcome: Mapped[str] = mapped_column(String(30), nullable=False)
    amount = mapped_column(Numeric(12, 2, asdecimal=True))
    currency: Mapped[str | None] = mapped_column(String(3))
