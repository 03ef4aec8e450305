"""The express requests answered at checkout and the withdrawal declarations (docs/consumer-law-withdrawal.md)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import exists, or_, select, update
from sqlalchemy.orm import Session

from core.adapters.db.mapping import rowcount, to_domain, to_row
from core.adapters.db.models.consumer_law import PurchaseConsentRow, WithdrawalRow
from core.adapters.db.models.payments import PaymentEventRow
from core.adapters.db.repository_base import _insert_once
from core.domain.payment_history import (
    EVENT_FAILED,
    EVENT_SUCCEEDED,
    WITHDRAWAL_REFUND,
    WITHDRAWAL_VOID,
)
from core.domain.withdrawals import REFUND_RETRY_MAX, PurchaseConsent, Withdrawal


class SqlWithdrawals:
    def __init__(self, session: Session) -> None:
        self.session = session

    def add_consent(self, consent: PurchaseConsent) -> bool:
        row = to_row(consent, PurchaseConsentRow())
        if not _insert_once(self.session, row):
            return False
        consent.id = row.id
        return True

    def consent_for(self, subscription_id: int) -> PurchaseConsent | None:
        row = self.session.scalar(
            select(PurchaseConsentRow).where(PurchaseConsentRow.subscription_id == subscription_id)
        )
        return to_domain(row, PurchaseConsent) if row else None

    def add(self, withdrawal: Withdrawal) -> bool:
        """Insert unless the subscription was withdrawn from already (the unique index decides)."""
        row = to_row(withdrawal, WithdrawalRow())
        if not _insert_once(self.session, row):
            return False
        withdrawal.id = row.id
        return True

    def for_subscription(self, subscription_id: int) -> Withdrawal | None:
        row = self.session.scalar(
            select(WithdrawalRow).where(WithdrawalRow.subscription_id == subscription_id)
        )
        return to_domain(row, Withdrawal) if row else None

    def for_account(self, account_id: int) -> list[Withdrawal]:
        rows = self.session.scalars(
            select(WithdrawalRow)
            .where(WithdrawalRow.account_id == account_id)
            .order_by(WithdrawalRow.id)
        )
        return [to_domain(r, Withdrawal) for r in rows]

    # --- the console's queue (docs/operator-console.md#public-declarations) ---------------------------------

    def get(self, withdrawal_id: int) -> Withdrawal | None:
        row = self.session.get(WithdrawalRow, withdrawal_id)
        return to_domain(row, Withdrawal) if row else None

    def queue(self, handled: bool | None, before_id: int | None, limit: int) -> list[Withdrawal]:
        query = select(WithdrawalRow).order_by(WithdrawalRow.id.desc()).limit(limit)
        if handled is not None:
            column = WithdrawalRow.handled_at
            query = query.where(column.is_not(None) if handled else column.is_(None))
        if before_id:
            query = query.where(WithdrawalRow.id < before_id)
        return [to_domain(r, Withdrawal) for r in self.session.scalars(query)]

    def mark_handled(self, withdrawal: Withdrawal) -> bool:
        """Record who, when and why, unless someone did already (the database settles two clicks)."""
        result = self.session.execute(
            update(WithdrawalRow)
            .where(WithdrawalRow.id == withdrawal.id, WithdrawalRow.handled_at.is_(None))
            .values(
                handled_at=withdrawal.handled_at,
                handled_by=withdrawal.handled_by,
                handled_reason=withdrawal.handled_reason,
            )
        )
        return rowcount(result) == 1

    # --- refunds the gateway did not answer (docs/consumer-law-withdrawal.md#retried-refunds) ---------------

    def refunds_to_retry(
        self, declared_before: datetime, now: datetime, limit: int
    ) -> list[Withdrawal]:
        settled = exists().where(
            PaymentEventRow.subscription_id == WithdrawalRow.subscription_id,
            PaymentEventRow.kind.in_((WITHDRAWAL_REFUND, WITHDRAWAL_VOID)),
            PaymentEventRow.status.in_((EVENT_SUCCEEDED, EVENT_FAILED)),
        )
        rows = self.session.scalars(
            select(WithdrawalRow)
            .where(
                WithdrawalRow.refund_amount > 0,
                WithdrawalRow.at < declared_before,
                WithdrawalRow.refund_attempts < REFUND_RETRY_MAX,
                or_(WithdrawalRow.refund_retry_at.is_(None), WithdrawalRow.refund_retry_at <= now),
                ~settled,
            )
            .order_by(WithdrawalRow.id)
            .limit(limit)
        )
        return [to_domain(r, Withdrawal) for r in rows]

    def claim_refund_retry(self, withdrawal_id: int, attempts: int, retry_at: datetime) -> bool:
        result = self.session.execute(
            update(WithdrawalRow)
            .where(WithdrawalRow.id == withdrawal_id, WithdrawalRow.refund_attempts == attempts)
            .values(refund_attempts=attempts + 1, refund_retry_at=retry_at)
        )
        return rowcount(result) == 1
