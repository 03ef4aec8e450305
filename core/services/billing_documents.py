"""Receipts and credit notes, the parent's billing history and the OSS return's figures
(docs/billing.md#receipts-and-credit-notes, docs/billing.md#vat).

A charge's VAT split and location evidence are fixed when the charge is recorded
(`refunds.record_charge`, reached only through `subscription_effects.carry_out`), and its receipt is issued
in the same transaction; a refund's or void's credit note is issued in the transaction that records it as
succeeded (`refunds._finish`). Neither is ever changed afterwards.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from core.domain import errors
from core.domain.billing_documents import (
    CREDIT_NOTE,
    RECEIPT,
    BillingDocument,
    BillingPolicy,
    OssLine,
    credit_split,
    oss_lines,
    parse_number,
    quarter_bounds,
    series_for,
)
from core.domain.errors import DomainError
from core.domain.payment_history import (
    CHARGE,
    OPERATION,
    Payment,
    PaymentEvent,
)
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.subscriptions import Subscription
from core.domain.vat import card_country_code, evidence_conflict, vat_rate, vat_split
from core.services.context import ServiceContext

log = logging.getLogger(__name__)


def fix_vat(
    uow: UnitOfWork, billing: BillingPolicy, payment: Payment, card_country: str | None
) -> None:
    """The charge's VAT split and its two pieces of location evidence: the billing country (the
    account's country, which the catalogue the parent bought from follows) and the card's issuing
    country. VAT is due where the billing country says; a card from elsewhere is recorded and the charge
    flagged for finance (docs/billing.md#vat)."""
    account = uow.accounts.get(payment.account_id) if payment.account_id else None
    country = (account.country_code if account else "").upper()
    split = vat_split(payment.amount, vat_rate(billing.vat_rates, country), payment.currency)
    payment.vat_rate, payment.net_amount, payment.vat_amount = split.rate, split.net, split.vat
    payment.billing_country = country or None
    payment.card_country = card_country_code(card_country)
    payment.evidence_conflict = evidence_conflict(country, card_country)


def issue_receipt(
    uow: UnitOfWork, billing: BillingPolicy, sub: Subscription, payment: Payment, now: datetime
) -> BillingDocument | None:
    """The charge's receipt (one per charge: the database refuses a second)."""
    assert payment.id is not None and payment.vat_rate is not None  # recorded, VAT fixed
    account = uow.accounts.get(payment.account_id) if payment.account_id else None
    ends = sub.next_billing_date or sub.end_date
    document = BillingDocument(
        kind=RECEIPT,
        series=series_for(RECEIPT, now),
        issued_at=now,
        account_id=payment.account_id,
        payment_id=payment.id,
        transaction_id=payment.transaction_id,
        seller_name=billing.seller.name,
        seller_address=billing.seller.address,
        seller_vat_number=billing.seller.vat_number,
        customer_name=account.name if account else "",
        customer_email=account.email if account else "",
        customer_country=payment.billing_country or "",
        product=sub.subscription_type or "",
        duration_code=sub.duration_code or "",
        service_start=now.date(),
        service_end=ends.date() if ends and ends > now else None,
        currency=payment.currency,
        net=payment.net_amount or Decimal(0),
        vat_rate=payment.vat_rate,
        vat_amount=payment.vat_amount or Decimal(0),
        gross=payment.amount,
    )
    return document if uow.billing_documents.issue(document) else None


def issue_credit_note(
    uow: UnitOfWork, event: PaymentEvent, now: datetime
) -> BillingDocument | None:
    """The credit note of a refund or void that succeeded, correcting the charge's receipt at the
    receipt's own rate. A charge recorded before receipts existed has none to correct: no note."""
    assert event.payment_id is not None and event.id is not None and event.amount is not None
    receipt = uow.billing_documents.receipt_of(event.payment_id)
    if receipt is None:
        log.warning("no receipt for charge %s: no credit note for %s", event.payment_id, event.id)
        return None
    split = credit_split(receipt, event.amount)
    document = BillingDocument(
        kind=CREDIT_NOTE,
        series=series_for(CREDIT_NOTE, now),
        issued_at=now,
        account_id=receipt.account_id,
        payment_id=event.payment_id,
        payment_event_id=event.id,
        corrects_id=receipt.id,
        transaction_id=event.gateway_ref or event.transaction_id,
        seller_name=receipt.seller_name,
        seller_address=receipt.seller_address,
        seller_vat_number=receipt.seller_vat_number,
        customer_name=receipt.customer_name,
        customer_email=receipt.customer_email,
        customer_country=receipt.customer_country,
        product=receipt.product,
        duration_code=receipt.duration_code,
        service_start=receipt.service_start,
        service_end=receipt.service_end,
        currency=receipt.currency,
        net=split.net,
        vat_rate=split.rate,
        vat_amount=split.vat,
        gross=split.gross,
    )
    return document if uow.billing_documents.issue(document) else None


# -- what the parent sees --------------------------------------------------------------------------
@dataclass(frozen=True)
class HistoryEntry:
    """One line of the billing history: a charge, a refund or a void, with its document if it has one."""

    event: PaymentEvent
    document: BillingDocument | None
    subscription: Subscription | None


def history(ctx: ServiceContext, account_id: int) -> list[HistoryEntry]:
    """Every charge, refund and void of the parent (disputes are the bank's, not shown), newest first."""
    with ctx.read() as uow:
        events = [
            e
            for e in uow.payments.events(account_id=account_id)
            if e.kind == CHARGE or e.kind in OPERATION
        ]
        documents = uow.billing_documents.for_account(account_id)
        subscriptions = {s.id: s for s in uow.subscriptions.for_account(account_id)}
    receipts = {d.payment_id: d for d in documents if d.kind == RECEIPT}
    notes = {d.payment_event_id: d for d in documents if d.kind == CREDIT_NOTE}
    return [
        HistoryEntry(
            event=e,
            document=receipts.get(e.payment_id or 0) if e.kind == CHARGE else notes.get(e.id),
            subscription=subscriptions.get(e.subscription_id or 0),
        )
        for e in reversed(events)
    ]


@dataclass(frozen=True)
class DocumentView:
    document: BillingDocument
    corrects: BillingDocument | None  # a credit note: the receipt it corrects


def document_of(ctx: ServiceContext, account_id: int, ident: str) -> DocumentView:
    """The parent's own document by its number (R-2026-000001) or id; another parent's is not found."""
    with ctx.read() as uow:
        parsed = parse_number(ident)
        if parsed is not None:
            document = uow.billing_documents.by_number(*parsed)
        elif ident.isdigit() and len(ident) < 10:
            document = uow.billing_documents.get(int(ident))
        else:
            document = None
        corrected = (
            uow.billing_documents.get(document.corrects_id)
            if document is not None and document.corrects_id
            else None
        )
    if document is None or document.account_id != account_id:
        raise DomainError(errors.BILLING_DOCUMENT_NOT_FOUND)
    return DocumentView(document, corrected)


def oss_report(ctx: ServiceContext, year: int, quarter: int) -> list[OssLine]:
    """The quarter's figures per country and rate: receipts added, credit notes subtracted."""
    start, end = quarter_bounds(year, quarter)
    with ctx.read() as uow:
        return oss_lines(uow.billing_documents.issued_between(start, end))
