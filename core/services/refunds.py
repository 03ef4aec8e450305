"""Refunds, voids and disputes: the operator's money tools and what the gateway tells us
(docs/billing-refunds.md).

A refund is written `pending` and its amount reserved on the charge (one conditional UPDATE: the database
refuses more than was charged, whatever runs at the same time) in one transaction, before the gateway is
called; the same operation key finds that row again, so a retry never gives back twice. A charge that has
not settled is voided (all of it); a settled one is refunded, in full or in part.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from core.domain import errors, payments
from core.domain.billing_documents import BillingDocument, BillingPolicy
from core.domain.errors import DomainError
from core.domain.payment_history import (
    CHARGE,
    DISPUTE_LOST,
    EVENT_FAILED,
    EVENT_PENDING,
    EVENT_SUCCEEDED,
    GATEWAY_ACTOR,
    OPERATION,
    REFUND,
    VOID,
    WITHDRAWAL_REFUND,
    WITHDRAWAL_VOID,
    InvalidAmount,
    Payment,
    PaymentEvent,
    parse_amount,
)
from core.domain.ports.messaging import OutboxMessage
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.subscription_events import Event
from core.domain.subscriptions import State, Subscription
from core.services import billing_documents, subscription_effects
from core.services.context import ServiceContext

log = logging.getLogger(__name__)

STALE_PENDING = timedelta(
    minutes=2
)  # a refund pending longer than this is resumed by a retry, not waited for
MAX_ACTOR, MAX_REASON = 100, 500


@dataclass
class RefundCommand:
    transaction_id: str
    actor: str  # who: the operator's name or e-mail
    reason: str  # why: kept with the refund
    amount: Decimal | str | None = None  # None: everything not yet given back
    end_access: bool = False  # also end the subscription's access now (and its renewal)
    void_only: bool = False  # refuse rather than refund a charge that has settled
    operation_key: str | None = (
        None  # the same key is the same refund; derived from the request if None
    )
    # A withdrawal's refund (docs/consumer-law-withdrawal.md): recorded as withdrawal_refund (or
    # withdrawal_void), and a charge not yet settled is voided whole rather than refused
    withdrawal: bool = False


def refund(ctx: ServiceContext, cmd: RefundCommand) -> PaymentEvent:
    """Void or refund a charge; answers the succeeded event (the first one again for a repeated request)."""
    actor, reason = (cmd.actor or "").strip(), (cmd.reason or "").strip()
    if not actor or not reason or len(actor) > MAX_ACTOR or len(reason) > MAX_REASON:
        raise DomainError(errors.REFUND_INVALID)
    try:
        wanted = parse_amount(cmd.amount)
    except InvalidAmount as exc:
        raise DomainError(errors.REFUND_INVALID) from exc
    key = (cmd.operation_key or "").strip() or _derived_key(
        cmd.transaction_id, wanted, actor, reason, cmd
    )
    if len(key) > 120:
        raise DomainError(errors.REFUND_INVALID)
    with ctx.uow() as uow:
        payment = uow.payments.by_transaction(cmd.transaction_id or "")
        earlier = uow.payments.event_by_key(key)
    if payment is None:
        raise DomainError(errors.PAYMENT_NOT_FOUND)
    assert payment.id is not None  # a stored charge
    if earlier is not None:
        return _again(ctx, earlier, payment, wanted)
    info = _find(ctx, payment.transaction_id)
    if cmd.withdrawal and info is not None and info.status == payments.UNSETTLED:
        wanted = None  # a charge is voided whole: the parent gets more back, never less
    kind, amount = _operation(info, payment, wanted, cmd.void_only)
    if cmd.withdrawal:
        kind = WITHDRAWAL_VOID if kind == VOID else WITHDRAWAL_REFUND
    event = PaymentEvent(
        kind=kind,
        transaction_id=payment.transaction_id,
        amount=amount,
        currency=payment.currency,
        status=EVENT_PENDING,
        actor=actor,
        reason=reason,
        operation_key=key,
        created_at=ctx.clock.now(),
        payment_id=payment.id,
        subscription_id=payment.subscription_id,
        account_id=payment.account_id,
        end_access=cmd.end_access,
    )
    with ctx.uow() as uow:
        if not uow.payments.add_event(event):  # the same request, at the same moment
            uow.rollback()
            earlier = uow.payments.event_by_key(key)
            assert earlier is not None  # the key's event, added by the other request
            return _again(ctx, earlier, payment, wanted)
        if not uow.payments.reserve(payment.id, amount):
            raise DomainError(errors.REFUND_TOO_MUCH)  # leaving the block rolls the event back
        uow.commit()
    return _execute(ctx, event)


def history(
    ctx: ServiceContext, subscription_id: int | None = None, transaction_id: str | None = None
) -> list[PaymentEvent]:
    """The payment history (charges, refunds, voids, disputes), oldest first: for the operator console."""
    with ctx.uow() as uow:
        return uow.payments.events(subscription_id=subscription_id, transaction_id=transaction_id)


def charges(ctx: ServiceContext, subscription_id: int) -> list[Payment]:
    with ctx.uow() as uow:
        return uow.payments.for_subscription(subscription_id)


def _derived_key(
    transaction_id: str, amount: Decimal | None, actor: str, reason: str, cmd: RefundCommand
) -> str:
    body = "\x1f".join(
        [
            transaction_id or "",
            str(amount or "all"),
            actor,
            reason,
            str(cmd.end_access),
            str(cmd.void_only),
        ]
    )
    return "refund:" + hashlib.sha256(body.encode()).hexdigest()[:48]


def _find(ctx: ServiceContext, transaction_id: str) -> payments.TransactionInfo | None:
    try:
        return ctx.gateway.find_transaction(transaction_id)
    except payments.GatewayUnavailable as exc:
        raise DomainError(errors.PAYMENT_UNAVAILABLE) from exc


def _operation(
    info: payments.TransactionInfo | None, payment: Payment, wanted: Decimal | None, void_only: bool
) -> tuple[str, Decimal]:
    """Void (whole) before settlement, refund after: what the gateway allows, decided here first."""
    if info is None or info.status in (payments.NOT_CHARGED, payments.VOIDED):
        raise DomainError(errors.REFUND_NOT_ALLOWED)
    if info.status == payments.UNSETTLED:
        if wanted is not None and wanted != payment.amount:
            raise DomainError(
                errors.REFUND_NOT_ALLOWED
            )  # a charge is voided whole; refund part once settled
        return VOID, payment.amount
    if void_only:
        raise DomainError(errors.REFUND_NOT_ALLOWED)
    amount = wanted if wanted is not None else payment.refundable
    if amount <= 0 or amount > payment.refundable:
        raise DomainError(errors.REFUND_TOO_MUCH)
    return REFUND, amount


def _again(
    ctx: ServiceContext, earlier: PaymentEvent, payment: Payment, wanted: Decimal | None
) -> PaymentEvent:
    """A request whose key is known: the first answer, a resumed call, or a refusal."""
    if (
        OPERATION.get(earlier.kind) is None
        or earlier.transaction_id != payment.transaction_id
        or (wanted is not None and wanted != earlier.amount)
    ):
        raise DomainError(errors.REFUND_KEY_REUSED)
    if earlier.status == EVENT_SUCCEEDED:
        return earlier
    if earlier.status == EVENT_FAILED:
        raise DomainError(errors.REFUND_FAILED)
    if ctx.clock.now() - earlier.created_at < STALE_PENDING:
        raise DomainError(errors.PAYMENT_IN_PROGRESS)
    # Pending for a while: the first call may have reached the gateway before its answer was lost.
    info = _find(ctx, earlier.transaction_id)
    if info is not None and OPERATION[earlier.kind] == VOID and info.status == payments.VOIDED:
        return _finish(
            ctx, earlier, payments.GatewayResult(ok=True, gateway_id=earlier.transaction_id)
        )
    if info is not None and OPERATION[earlier.kind] == REFUND:
        with ctx.uow() as uow:
            done = sum(
                (
                    _amount(e)
                    for e in uow.payments.events(transaction_id=earlier.transaction_id)
                    if OPERATION.get(e.kind) == REFUND and e.status == EVENT_SUCCEEDED
                ),
                Decimal(0),
            )
        if info.refunded >= done + _amount(earlier):
            return _finish(ctx, earlier, payments.GatewayResult(ok=True))
    return _execute(ctx, earlier)


def _execute(ctx: ServiceContext, event: PaymentEvent) -> PaymentEvent:
    try:
        result = (
            ctx.gateway.void(event.transaction_id)
            if OPERATION[event.kind] == VOID
            else ctx.gateway.refund(event.transaction_id, _amount(event))
        )
    except payments.GatewayUnavailable as exc:
        raise DomainError(
            errors.PAYMENT_UNAVAILABLE
        ) from exc  # stays pending: the same key resumes it
    return _finish(ctx, event, result)


def _amount(event: PaymentEvent) -> Decimal:
    assert event.amount is not None  # a refund or a void says how much
    return event.amount


def _finish(
    ctx: ServiceContext, pending: PaymentEvent, result: payments.GatewayResult
) -> PaymentEvent:
    now = ctx.clock.now()
    with ctx.uow() as uow:
        event = uow.payments.event_by_key(pending.operation_key)
        assert event is not None and event.payment_id is not None  # the refund or void of a charge
        if event.status != EVENT_PENDING:  # a concurrent resume finished it
            uow.rollback()
            return event
        if result.ok:
            event.status, event.gateway_ref = EVENT_SUCCEEDED, result.gateway_id
            if OPERATION[event.kind] == VOID:
                uow.payments.mark_voided(event.payment_id)
            billing_documents.issue_credit_note(uow, event, now)
            sub = uow.subscriptions.get(event.subscription_id) if event.subscription_id else None
            if sub is not None:
                _refund_email(uow, sub, event, now)
                if event.end_access:
                    end_access(uow, sub, now)
        else:
            event.status = EVENT_FAILED
            uow.payments.release(event.payment_id, _amount(event))
            log.warning(
                "refund %s of %s refused by the gateway: %s",
                event.id,
                event.transaction_id,
                result.error,
            )
        uow.payments.save_event(event)
        uow.commit()
    ctx.jobs.outbox_changed()
    if not result.ok:
        raise DomainError(errors.REFUND_FAILED)
    return event


def _refund_email(uow: UnitOfWork, sub: Subscription, event: PaymentEvent, now: datetime) -> None:
    uow.outbox.add(
        OutboxMessage(
            kind="email",
            topic="refund",
            account_id=sub.account_id,
            payload={
                "account_id": sub.account_id,
                "params": {
                    "product": sub.subscription_type,
                    "duration": sub.duration_code,
                    "amount": str(event.amount),
                    "currency": event.currency or sub.currency or "",
                    "date": now.date().isoformat(),
                },
            },
        )
    )


def end_access(uow: UnitOfWork, sub: Subscription, now: datetime) -> None:
    """Access ends now; a renewing web subscription is cancelled at the gateway through the outbox
    (retried until the gateway confirms), so it is never charged again."""
    effects = sub.apply(Event.ACCESS_ENDED, now)
    subscription_effects.carry_out(uow, sub, effects, now)
    uow.subscriptions.save(sub)


# -- what the gateway tells us ---------------------------------------------------------------------
@dataclass(frozen=True)
class ChargeRecord:
    """What recording a charge did: `new` False when its transaction was recorded before; the receipt
    issued for it (none when there was no charge, or it was recorded before)."""

    new: bool
    receipt: BillingDocument | None = None


def record_charge(
    uow: UnitOfWork,
    sub: Subscription,
    transaction_id: str | None,
    amount: Decimal | None,
    currency: str | None,
    now: datetime,
    billing: BillingPolicy | None = None,
    card_country: str | None = None,
) -> ChargeRecord:
    """A charge of the subscription (its first cycle, a renewal), once per transaction id, with its VAT
    split and location evidence as they are today, and its receipt (docs/billing.md#vat). `new` is False
    when that transaction was recorded before (a retried charge's webhook after the retry recorded it)."""
    if not transaction_id or amount is None or Decimal(amount) <= 0:
        return ChargeRecord(new=True)
    payment = Payment(
        transaction_id=transaction_id,
        account_id=sub.account_id,
        subscription_id=sub.id,
        amount=Decimal(amount),
        currency=currency or sub.currency or "",
        created_at=now,
    )
    policy = billing or BillingPolicy()
    billing_documents.fix_vat(uow, policy, payment, card_country)
    if not uow.payments.record_charge(payment):
        return ChargeRecord(new=False)  # recorded already, with its receipt
    receipt = billing_documents.issue_receipt(uow, policy, sub, payment, now)
    uow.payments.add_event(
        PaymentEvent(
            kind=CHARGE,
            transaction_id=transaction_id,
            amount=payment.amount,
            currency=payment.currency,
            status=EVENT_SUCCEEDED,
            actor=GATEWAY_ACTOR,
            reason="",
            operation_key=f"charge:{transaction_id}",
            created_at=now,
            payment_id=payment.id,
            subscription_id=sub.id,
            account_id=sub.account_id,
        )
    )
    return ChargeRecord(new=True, receipt=receipt)


def apply_dispute(ctx: ServiceContext, event: payments.WebhookEvent) -> bool:
    """dispute_opened/won/lost on the disputed charge's history, once each; a lost dispute ends access."""
    now = ctx.clock.now()
    with ctx.uow() as uow:
        payment = (
            uow.payments.by_transaction(event.transaction_id) if event.transaction_id else None
        )
        if payment is None:
            log.warning("%s for an unknown transaction %s", event.kind, event.transaction_id)
            return False
        recorded = uow.payments.add_event(
            PaymentEvent(
                kind=event.kind,
                transaction_id=payment.transaction_id,
                amount=event.amount,
                currency=event.currency or payment.currency,
                status=EVENT_SUCCEEDED,
                actor=GATEWAY_ACTOR,
                reason=f"dispute {event.gateway_id}",
                operation_key=f"{event.kind}:{event.gateway_id}",
                created_at=event.occurred_at or now,
                payment_id=payment.id,
                subscription_id=payment.subscription_id,
                account_id=payment.account_id,
                gateway_ref=event.gateway_id or None,
                end_access=event.kind == DISPUTE_LOST,
            )
        )
        if not recorded:
            return False  # a redelivery
        sub = uow.subscriptions.get(payment.subscription_id) if payment.subscription_id else None
        if event.kind == DISPUTE_LOST and sub is not None and sub.payment_state_id != State.EXPIRED:
            end_access(uow, sub, now)
        uow.commit()
    ctx.jobs.outbox_changed()
    return True
