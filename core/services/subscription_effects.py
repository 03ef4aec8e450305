"""What a subscription's transition asks for (subscriptions.Effect), carried out inside the unit of work
that saved the change; and the receipt e-mail, built here alone."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from core.domain import callbacks, dunning
from core.domain.billing_documents import BillingDocument, BillingPolicy
from core.domain.ports.messaging import OutboxMessage
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.subscription_events import Effect
from core.domain.subscriptions import State, Subscription
from core.domain.withdrawals import PurchaseConsent, contract_reference, deadline
from core.services import refunds
from core.services.partner_callbacks import record_event


def receipt_email(
    sub: Subscription,
    now: datetime,
    amount: Decimal | None = None,
    currency: str | None = None,
    duration: str | None = None,
    charged: Decimal | None = None,
) -> OutboxMessage:
    """The receipt of a charge (docs/billing.md#one-price-truth): what was charged today (`charged`;
    nothing for free days), the next charge's amount and date, and a running discount's terms; `amount`
    is the plan's full price (by default the subscription's own, with its currency and period)."""
    price = amount if amount is not None else (sub.payment_plan_price or "")
    params = {
        "product": sub.subscription_type,
        "duration": duration or sub.duration_code,
        "amount": str(price),
        "charged": str(charged if charged is not None else Decimal("0.00")),
        "next_amount": str(sub.next_charge_price() or price),
        "currency": currency or sub.currency or "",
        "date": (sub.next_billing_date or now).date().isoformat(),
    }
    if sub.discount_running and sub.full_price_from is not None:
        params.update(
            discount_price=str(sub.discount_price),
            discount_cycles=str(sub.discount_cycles),
            full_price_from=sub.full_price_from.date().isoformat(),
        )
    return OutboxMessage(
        kind="email",
        topic="receipt",
        payload={"account_id": sub.account_id, "params": params},
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


def with_document(email: OutboxMessage, receipt: BillingDocument | None) -> OutboxMessage:
    """The receipt e-mail names the charge's receipt and links to it (docs/billing.md#receipts-and-credit-notes)."""
    if receipt is None:
        return email
    params = {**email.payload["params"], "document": receipt.display_number}
    return OutboxMessage(
        kind=email.kind, topic=email.topic, payload={**email.payload, "params": params}
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


def _first_dunning_email(uow: UnitOfWork, sub: Subscription, now: datetime) -> OutboxMessage | None:
    """Day 0 of dunning: the payment-failed e-mail, recorded as the episode's first step (and the episode
    opened), so the two events Braintree sends for one failure (charge failed, went past due) write one
    e-mail (docs/billing.md#failed-payments-and-dunning). A subscription that does not renew owes nothing."""
    if sub.id is None or sub.end_date is None or sub.payment_state_id != State.PAST_DUE:
        return None
    episode = dunning.episode(sub.end_date).isoformat()
    uow.dunning.claim(sub, dunning.OPENED, episode, now, dunning.SENT, sub.payment_plan_price)
    first = dunning.DueStep(dunning.StepKind.EMAIL, 0)
    if not uow.dunning.claim(sub, first.name, episode, now, dunning.SENT):
        return None
    return dunning.dunning_email(sub, first.topic, first.name)


@dataclass(frozen=True)
class FirstCharge:
    """A purchase's outcome as the gateway answered it: its first charge, exactly (no charge, or none
    taken, records nothing), and what the receipt says (by default the subscription's own terms)."""

    transaction_id: str | None
    amount: Decimal | None
    currency: str | None
    receipt_amount: Decimal | None = None
    receipt_duration: str | None = None
    consent: PurchaseConsent | None = (
        None  # an EU purchase's express request, repeated in the receipt
    )
    card_country: str | None = (
        None  # the card's issuing country (VAT evidence, docs/billing.md#vat)
    )


def carry_out(
    uow: UnitOfWork,
    sub: Subscription,
    effects: Iterable[Effect],
    now: datetime,
    transaction_id: str | None = None,
    amount: Decimal | None = None,
    currency: str | None = None,
    *,
    first_charge: FirstCharge | None = None,
    billing: BillingPolicy | None = None,
    card_country: str | None = None,
) -> None:
    """`transaction_id`, `amount` and `currency`: the charge of Effect.RECORD_CHARGE (amount and currency
    default to the subscription's price); `first_charge`: a purchase's, instead. A charge already recorded
    (a retried past-due charge, then the gateway's webhook of it) sends no second receipt. `billing`: the
    seller and VAT rates the charge's split and receipt are made with; `card_country`: the renewal's
    card's issuing country (docs/billing.md#vat)."""
    known_charge = False
    receipt: BillingDocument | None = None  # the charge's, linked from the receipt e-mail
    for effect in effects:
        if effect == Effect.RECORD_CHARGE:
            if first_charge is not None:
                receipt = refunds.record_charge(
                    uow,
                    sub,
                    first_charge.transaction_id,
                    first_charge.amount,
                    first_charge.currency,
                    now,
                    billing,
                    first_charge.card_country,
                ).receipt
            else:
                recorded = refunds.record_charge(
                    uow,
                    sub,
                    transaction_id,
                    amount or sub.payment_plan_price,
                    currency or sub.currency,
                    now,
                    billing,
                    card_country,
                )
                known_charge, receipt = not recorded.new, recorded.receipt
        elif effect == Effect.RECEIPT_EMAIL:
            if known_charge:
                continue
            if first_charge is not None:
                email = receipt_email(
                    sub,
                    now,
                    amount=first_charge.receipt_amount,
                    currency=first_charge.currency,
                    duration=first_charge.receipt_duration,
                    charged=first_charge.amount if first_charge.transaction_id else None,
                )
                email = with_withdrawal_terms(email, sub, first_charge.consent)
            else:  # a renewal: what this charge took (`amount`, by default the subscription's price)
                email = receipt_email(
                    sub, now, charged=amount or sub.payment_plan_price, currency=currency
                )
            uow.outbox.add(with_document(email, receipt))
        elif effect == Effect.PAYMENT_FAILED_EMAIL:
            first = _first_dunning_email(uow, sub, now)
            if first is not None:
                uow.outbox.add(first)
        elif effect == Effect.CANCELLATION_EMAIL:
            uow.outbox.add(_cancellation_email(sub))
        elif effect == Effect.UNSUBSCRIBED:
            record_event(uow, callbacks.UNSUBSCRIBED, sub, now)  # carrier store or partner user
        elif effect == Effect.SUBSCRIBED:
            record_event(uow, callbacks.SUBSCRIBED, sub, now)  # a partner user: tell the partner
        elif effect == Effect.RELEASE_COUPON:
            assert sub.coupon is not None  # the effect of a purchase made with a coupon
            coupon = uow.coupons.by_code(sub.coupon)
            assert coupon is not None  # the coupon it was bought with
            uow.coupons.release(coupon, sub.account_id)
        elif effect == Effect.CANCEL_AT_GATEWAY:
            uow.outbox.add(
                OutboxMessage(
                    kind="gateway",
                    topic="cancel_subscription",
                    account_id=sub.account_id,
                    payload={"gateway_id": sub.gateway_id},
                )
            )
        else:  # pragma: no cover - every Effect has its branch above
            raise ValueError(f"no way to carry out {effect!r}")
