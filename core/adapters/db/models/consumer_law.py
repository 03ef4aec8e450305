"""Consumer-law records: public cancellation declarations, express-start consents and withdrawals."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
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
)
from sqlalchemy.orm import Mapped, mapped_column

from core.adapters.db.models.base import Base
from core.adapters.db.types import UTCDateTime


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
