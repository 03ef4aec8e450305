"""Refunds and voids from the console (finance and admin; docs/operator-console.md), on top of the refund
service (core/services/refunds.py, docs/billing-refunds.md): the staff member is the refund's actor, the
reason is required, the web's operation key (one per attempt) makes a repeated click the same refund, and
the audit entry carries the charge before and after. A repeat of a finished refund is not audited twice."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from core.domain import errors
from core.domain.errors import DomainError
from core.domain.payment_history import EVENT_SUCCEEDED, Payment, PaymentEvent
from core.domain.staff import StaffMember
from core.services import refunds
from core.services.context import ServiceContext
from core.services.ops.audit import clean_reason, record

AUDIT_REFUND, AUDIT_VOID = "parent.refund", "parent.void"


def _charge_of(ctx: ServiceContext, account_id: int, transaction_id: str) -> Payment:
    with ctx.read() as uow:
        account = uow.accounts.get(account_id)
        payment = uow.payments.by_transaction(transaction_id)
    if account is None:
        raise DomainError(errors.PARENT_NOT_FOUND)
    if payment is None or payment.account_id != account_id:
        raise DomainError(errors.PAYMENT_NOT_FOUND)
    return payment


def _state(payment: Payment) -> dict[str, Any]:
    return {
        "status": payment.status,
        "refunded": str(payment.refunded_amount),
        "amount": str(payment.amount),
        "currency": payment.currency,
    }


def give_back(
    ctx: ServiceContext,
    staff: StaffMember,
    account_id: int,
    transaction_id: str,
    *,
    void: bool,
    reason: str | None,
    operation_key: str,
    amount: Decimal | None = None,
    end_access: bool = False,
) -> PaymentEvent:
    """Refund (all that is left, or `amount`) or void a charge of this parent's. The operation key is scoped
    to the staff member, so two people's keys never meet."""
    action = AUDIT_VOID if void else AUDIT_REFUND
    reason = clean_reason(action, reason)
    assert reason is not None  # required for money actions (REASON_REQUIRED)
    before = _charge_of(ctx, account_id, transaction_id)
    key = f"ops:{staff.id}:{operation_key.strip()}"
    with ctx.read() as uow:
        earlier = uow.payments.event_by_key(key)
    try:
        event = refunds.refund(
            ctx,
            refunds.RefundCommand(
                transaction_id=transaction_id,
                actor=staff.email,
                reason=reason,
                amount=None if void else amount,
                end_access=end_access,
                void_only=void,
                operation_key=key,
            ),
        )
    except DomainError as refused:
        if (
            refused.error == errors.REFUND_FAILED
        ):  # it reached the gateway, which said no: on the trail too
            with ctx.uow() as uow:
                record(
                    ctx,
                    uow,
                    staff,
                    action,
                    account_id=account_id,
                    target=f"payment:{transaction_id}"[:100],
                    before=_state(before),
                    reason=reason,
                    outcome="failed",
                )
                uow.commit()
        raise
    if earlier is not None and earlier.status == EVENT_SUCCEEDED:
        return event  # the same click again: already done and audited
    with ctx.uow() as uow:
        after = uow.payments.by_transaction(transaction_id)
        assert after is not None  # the charge just refunded
        record(
            ctx,
            uow,
            staff,
            action,
            account_id=account_id,
            target=f"payment:{transaction_id}"[:100],
            before=_state(before),
            after=dict(
                _state(after), kind=event.kind, amount=str(event.amount), end_access=end_access
            ),
            reason=reason,
        )
        uow.commit()
    return event


def payments_of(ctx: ServiceContext, account_id: int) -> tuple[list[Payment], list[PaymentEvent]]:
    """The parent's charges (with what is left to give back, and the VAT location evidence:
    docs/billing.md#vat) and their history, oldest first."""
    with ctx.read() as uow:
        history = uow.payments.events(account_id=account_id)
        seen, charges = set(), []
        for event in history:
            if event.transaction_id in seen:
                continue
            seen.add(event.transaction_id)
            payment = uow.payments.by_transaction(event.transaction_id)
            if payment is not None:
                charges.append(payment)
    return charges, history
