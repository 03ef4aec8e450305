"""Charges and their history, gateway webhooks applied, payment-method updates and dunning steps."""

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
    false,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from core.adapters.db.models.base import Base
from core.adapters.db.types import UTCDateTime


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
