"""Payments: the charge and refund history, the webhook log and payment-method updates, each
recorded once under its unique key."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from core.adapters.db.mapping import rowcount, to_domain, to_row
from core.adapters.db.models.payments import (
    PaymentEventRow,
    PaymentMethodUpdateRow,
    PaymentRow,
    WebhookEventRow,
)
from core.adapters.db.repository_base import _insert_once
from core.domain.payment_history import Payment, PaymentEvent
from core.domain.ports.payments import UpdateRecord


class SqlWebhookLog:
    def __init__(self, session: Session) -> None:
        self.session = session

    def first_time(
        self,
        kind: str,
        gateway_id: str,
        occurred_at: datetime,
        now: datetime,
        details: dict | None = None,
    ) -> bool:
        return _insert_once(
            self.session,
            WebhookEventRow(
                kind=kind,
                gateway_id=gateway_id,
                occurred_at=occurred_at,
                received_at=now,
                **(details or {}),
            ),
        )


class SqlPaymentHistory:
    """Charges and what happened to them. Reserving a refund is one conditional UPDATE: the database
    settles two refunds of one charge (PostgreSQL re-checks the condition on the row the first one
    committed; SQLite runs one writer at a time), and the CHECK constraint backs it."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def record_charge(self, payment: Payment) -> bool:
        row = to_row(payment, PaymentRow())
        if not _insert_once(self.session, row):
            return False
        payment.id = row.id
        return True

    def by_transaction(self, transaction_id: str) -> Payment | None:
        row = self.session.scalar(
            select(PaymentRow).where(PaymentRow.transaction_id == transaction_id)
        )
        return to_domain(row, Payment) if row else None

    def for_subscription(self, subscription_id: int) -> list[Payment]:
        rows = self.session.scalars(
            select(PaymentRow)
            .where(PaymentRow.subscription_id == subscription_id)
            .order_by(PaymentRow.id)
        )
        return [to_domain(r, Payment) for r in rows]

    def reserve(self, payment_id: int, amount: Decimal) -> bool:
        result = self.session.execute(
            update(PaymentRow)
            .where(
                PaymentRow.id == payment_id,
                PaymentRow.status == "charged",
                PaymentRow.refunded_amount + amount <= PaymentRow.amount,
            )
            .values(refunded_amount=PaymentRow.refunded_amount + amount)
            .execution_options(synchronize_session=False)
        )
        return rowcount(result) == 1

    def release(self, payment_id: int, amount: Decimal) -> None:
        self.session.execute(
            update(PaymentRow)
            .where(PaymentRow.id == payment_id, PaymentRow.refunded_amount >= amount)
            .values(refunded_amount=PaymentRow.refunded_amount - amount)
            .execution_options(synchronize_session=False)
        )

    def mark_voided(self, payment_id: int) -> None:
        self.session.execute(
            update(PaymentRow)
            .where(PaymentRow.id == payment_id)
            .values(status="voided")
            .execution_options(synchronize_session=False)
        )

    def add_event(self, event: PaymentEvent) -> bool:
        """Insert unless an event with its operation key exists (the database decides)."""
        row = to_row(event, PaymentEventRow())
        if not _insert_once(self.session, row):
            return False
        event.id = row.id
        return True

    def event_by_key(self, operation_key: str) -> PaymentEvent | None:
        row = self.session.scalar(
            select(PaymentEventRow).where(PaymentEventRow.operation_key == operation_key)
        )
        return to_domain(row, PaymentEvent) if row else None

    def save_event(self, event: PaymentEvent) -> None:
        to_row(event, self.session.get(PaymentEventRow, event.id))
        self.session.flush()

    def events(
        self,
        subscription_id: int | None = None,
        transaction_id: str | None = None,
        account_id: int | None = None,
    ) -> list[PaymentEvent]:
        query = select(PaymentEventRow).order_by(PaymentEventRow.id)
        if account_id is not None:
            query = query.where(PaymentEventRow.account_id == account_id)
        if subscription_id is not None:
            query = query.where(PaymentEventRow.subscription_id == subscription_id)
        if transaction_id is not None:
            query = query.where(PaymentEventRow.transaction_id == transaction_id)
        return [to_domain(r, PaymentEvent) for r in self.session.scalars(query)]


class SqlPaymentMethodUpdates:
    """Payment-method updates by Idempotency-Key (core.domain.ports.payments.PaymentMethodUpdates)."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def start(self, key: str, subscription_id: int, fingerprint: str, now: datetime) -> bool:
        return _insert_once(
            self.session,
            PaymentMethodUpdateRow(
                key=key, subscription_id=subscription_id, fingerprint=fingerprint, created_at=now
            ),
        )

    def find(self, key: str) -> UpdateRecord | None:
        row = self.session.scalar(
            select(PaymentMethodUpdateRow).where(PaymentMethodUpdateRow.key == key)
        )
        if row is None:
            return None
        return UpdateRecord(row.subscription_id, row.fingerprint, row.outcome, row.created_at)

    def finish(self, key: str, outcome: str) -> None:
        self.session.execute(
            update(PaymentMethodUpdateRow)
            .where(PaymentMethodUpdateRow.key == key)
            .values(outcome=outcome)
            .execution_options(synchronize_session=False)
        )

    def forget(self, key: str) -> None:
        self.session.execute(
            delete(PaymentMethodUpdateRow)
            .where(PaymentMethodUpdateRow.key == key)
            .execution_options(synchronize_session=False)
        )
