"""Billing documents (receipts and credit notes) and their numbering series."""

from __future__ import annotations

from sqlalchemy import (
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
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from core.adapters.db.models.base import Base
from core.adapters.db.types import UTCDateTime


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
