"""Receipts and credit notes, numbered without gaps (docs/billing.md#receipts-and-credit-notes)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from core.adapters.db.mapping import to_domain, to_row
from core.adapters.db.models.billing import BillingDocumentRow, BillingSeriesRow
from core.adapters.db.repository_base import _insert_once
from core.domain.billing_documents import BillingDocument


class SqlBillingDocuments:
    """The number is the series row's `last_number + 1`, taken by one UPDATE … RETURNING inside a savepoint
    with the document's INSERT, in the caller's transaction. PostgreSQL keeps the series row locked until
    that transaction ends, so a second issuer waits and then reads the committed number (READ COMMITTED
    re-evaluates the row); SQLite runs one writer at a time. A document refused by a unique index (its
    charge has a receipt already) rolls the savepoint back, counter included; a transaction rolled back
    later takes its number back with it. UNIQUE(series, number) backs it all."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def issue(self, document: BillingDocument) -> bool:
        if self.session.get(BillingSeriesRow, document.series) is None:
            _insert_once(self.session, BillingSeriesRow(series=document.series, last_number=0))
        try:
            with self.session.begin_nested():
                number = self.session.execute(
                    update(BillingSeriesRow)
                    .where(BillingSeriesRow.series == document.series)
                    .values(last_number=BillingSeriesRow.last_number + 1)
                    .returning(BillingSeriesRow.last_number)
                    .execution_options(synchronize_session=False)
                ).scalar_one()
                row = to_row(document, BillingDocumentRow())
                row.number = number
                self.session.add(row)
                self.session.flush()
        except IntegrityError:
            return False
        document.number, document.id = number, row.id
        return True

    def receipt_of(self, payment_id: int) -> BillingDocument | None:
        row = self.session.scalar(
            select(BillingDocumentRow).where(
                BillingDocumentRow.payment_id == payment_id, BillingDocumentRow.kind == "receipt"
            )
        )
        return to_domain(row, BillingDocument) if row else None

    def for_account(self, account_id: int) -> list[BillingDocument]:
        rows = self.session.scalars(
            select(BillingDocumentRow)
            .where(BillingDocumentRow.account_id == account_id)
            .order_by(BillingDocumentRow.id)
        )
        return [to_domain(r, BillingDocument) for r in rows]

    def get(self, document_id: int) -> BillingDocument | None:
        row = self.session.get(BillingDocumentRow, document_id)
        return to_domain(row, BillingDocument) if row else None

    def by_number(self, series: str, number: int) -> BillingDocument | None:
        row = self.session.scalar(
            select(BillingDocumentRow).where(
                BillingDocumentRow.series == series, BillingDocumentRow.number == number
            )
        )
        return to_domain(row, BillingDocument) if row else None

    def issued_between(self, start: datetime, end: datetime) -> list[BillingDocument]:
        rows = self.session.scalars(
            select(BillingDocumentRow)
            .where(BillingDocumentRow.issued_at >= start, BillingDocumentRow.issued_at < end)
            .order_by(BillingDocumentRow.id)
        )
        return [to_domain(r, BillingDocument) for r in rows]
