"""What a subscription's transition asks for (subscriptions.Effect), carried out inside the unit of work
that saved the change; and the receipt e-mail, built here alone."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from decimal import Decimal

from core.domain import callbacks
from core.domain.ports import OutboxMessage, UnitOfWork
from core.domain.subscriptions import Effect, Subscription
from core.domain.withdrawals import PurchaseConsent, contract_reference, deadline
from core.services import refunds
from core.services.partner_callbacks import record_event


def receipt_email(
    sub: Subscription,
    now: datetime,
    amount: Decimal | None = None,
    currency: str | None = None,
    duration: str | None = None,
) -> OutboxMessage:
    """The receipt of a charge: by default the subscription's own price, currency and period."""
    price = amount if amount is not None else (sub.payment_plan_price or "")
    return OutboxMessage(
        kind="email",
        topic="receipt",
        payload={
            "account_id": sub.account_id,
            "params": {
                "product": sub.subscription_type,
                "duration": duration or sub.duration_code,
                "amount": str(price),
                "currency": currency or sub.currency or "",
                "date": (sub.next_billing_date or now).date().isoformat(),
            },
        },
    )


def with_withdrawal_terms(
    receipt: OutboxMessage, sub: Subscription, consent: PurchaseConsent | None
) -> OutboxMessage:
    """An EU purchase's receipt repeats the express request as answered at checkout, the contract's
    reference and the last day to withdraw (docs/consumer-law-withdrawal.md)."""
    ends = deadline(sub)
    if consent is None or sub.id is None or ends is None:
        return receipt
    params = dict(receipt.payload["params"])
    params.update(
        reference=contract_reference(sub.id),
        withdraw_until=ends.date().isoformat(),
        consent_at=consent.at.isoformat(),
        express_request="yes" if consent.express_request else "no",
    )
    return OutboxMessage(
        kind=receipt.kind,
        topic="receipt_withdrawal",
        payload={**receipt.payload, "params": params},
    )


def _cancellation_email(sub: Subscription) -> OutboxMessage:
    return OutboxMessage(
        kind="email",
        topic="cancellation",
        payload={
            "account_id": sub.account_id,
            "params": {
                "product": sub.subscription_type,
                "duration": sub.duration_code,
                "date": sub.end_date.date().isoformat() if sub.end_date else "",
            },
        },
    )


def carry_out(
    uow: UnitOfWork,
    sub: Subscription,
    effects: Iterable[Effect],
    now: datetime,
    transaction_id: str | None = None,
    amount: Decimal | None = None,
    currency: str | None = None,
) -> None:
    """`transaction_id`, `amount` and `currency`: the charge of Effect.RECORD_CHARGE (amount and currency
    default to the subscription's price)."""
    for effect in effects:
        if effect == Effect.RECORD_CHARGE:
            refunds.record_charge(
                uow,
                sub,
                transaction_id,
                amount or sub.payment_plan_price,
                currency or sub.currency,
                now,
            )
        elif effect == Effect.RECEIPT_EMAIL:
            uow.outbox.add(receipt_email(sub, now))
        elif effect == Effect.PAYMENT_FAILED_EMAIL:
            uow.outbox.add(
                OutboxMessage(
                    kind="email", topic="payment_failed", payload={"account_id": sub.account_id}
                )
            )
        elif effect == Effect.CANCELLATION_EMAIL:
            uow.outbox.add(_cancellation_email(sub))
        elif effect == Effect.STOP_AT_GATEWAY and sub.gateway_id:
            uow.outbox.add(
                OutboxMessage(
                    kind="gateway",
                    topic="cancel_subscription",
                    account_id=sub.account_id,
                    payload={"gateway_id": sub.gateway_id},
                )
            )
        elif effect == Effect.UNSUBSCRIBED:
            record_event(uow, callbacks.UNSUBSCRIBED, sub, now)  # carrier store or partner user
