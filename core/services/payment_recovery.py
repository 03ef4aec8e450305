"""Taking a past-due subscription's charge again (docs/billing.md#fixing-a-failed-payment).

The one way a missed renewal is recovered, whoever asks (the parent after updating the payment method, the
dunning schedule): the subscription is claimed in the database first (a conditional UPDATE on a past-due
row without a fresh claim), so two concurrent retries never both reach the gateway; the gateway charges the
balance; a success is the renewal's own transition (Event.CHARGED), whose effects record the charge once
per transaction and send the receipt, exactly as a renewal's webhook does. A refusal changes nothing.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

from core.domain import payments
from core.domain.coupons import add_duration
from core.domain.subscription_events import Event
from core.domain.subscriptions import State
from core.services.context import ServiceContext
from core.services.subscription_effects import carry_out

log = logging.getLogger(__name__)

# A claim older than this belongs to a retry that died (its process stopped): another may go. Braintree
# itself refuses to retry a subscription that is no longer past due, so a stale claim cannot charge twice.
RETRY_CLAIM_STALE = timedelta(minutes=10)

RECOVERED = "recovered"  # charged now: Active again
NOT_PAST_DUE = (
    "not_past_due"  # nothing to retry (already recovered, cancelled, expired, not a web one)
)
IN_PROGRESS = "in_progress"  # another retry holds the claim


@dataclass(frozen=True)
class RecoveryResult:
    ok: bool  # the subscription is paid up (charged now, or already)
    code: str  # RECOVERED, NOT_PAST_DUE, IN_PROGRESS, or the gateway's neutral error (payments.DECLINED…)
    message: (
        str  # the message key a parent may see (locales, namespace Errors) when not ok; "" when ok
    )
    transaction_id: str | None = None  # the charge taken now


def retry_past_due(ctx: ServiceContext, subscription_id: int, actor: str) -> RecoveryResult:
    """Retry the charge of a past-due subscription at the gateway, once at a time. `actor` says who asked
    ("parent", "dunning", a console user), for the log."""
    now = ctx.clock.now()
    with ctx.uow() as uow:
        sub = uow.subscriptions.get(subscription_id)
        if sub is None or sub.payment_state_id != State.PAST_DUE or not sub.gateway_id:
            return RecoveryResult(
                ok=sub is not None and sub.payment_state_id == State.ACTIVE,
                code=NOT_PAST_DUE,
                message=""
                if sub is not None and sub.payment_state_id == State.ACTIVE
                else "paymentNotValid",
            )
        if not uow.subscriptions.claim_retry(subscription_id, now, now - RETRY_CLAIM_STALE):
            return RecoveryResult(ok=False, code=IN_PROGRESS, message="paymentInProgress")
        uow.commit()
    # The failed period's price: the discounted one while discounted charges are left (a failed charge
    # used none of them), as the gateway bills it (docs/billing.md#one-price-truth)
    gateway_id, amount = sub.gateway_id, sub.next_charge_price() or Decimal(0)
    try:
        result = ctx.gateway.retry_charge(gateway_id, amount)
    except payments.GatewayUnavailable:
        # Outcome unknown: the claim stays until stale (the gateway's webhook says if it charged).
        log.warning(
            "retry of subscription %s by %s: the gateway did not answer", subscription_id, actor
        )
        return RecoveryResult(
            ok=False,
            code=payments.UNAVAILABLE,
            message=payments.MESSAGE_KEYS[payments.UNAVAILABLE],
        )
    now = ctx.clock.now()
    with ctx.uow() as uow:
        uow.subscriptions.release_retry(subscription_id)
        if not result.ok:
            uow.commit()
            log.info(
                "retry of subscription %s by %s refused: %s", subscription_id, actor, result.error
            )
            error = result.error or payments.DECLINED
            return RecoveryResult(
                ok=False, code=error, message=payments.MESSAGE_KEYS.get(error, "paymentNotValid")
            )
        sub = uow.subscriptions.get(subscription_id)
        assert sub is not None  # claimed above
        # The missed period is paid now: it runs from the end of the last paid one.
        period = "P12M" if sub.duration_code == "P1Y" else "P1M"
        paid_through = add_duration(sub.end_date or now, period)
        effects = sub.apply(
            Event.CHARGED, now, paid_through, result.next_billing_date or paid_through
        )
        # A gateway event from before this charge (a late past_due notice) is out of order from now on.
        sub.last_event_at = max(sub.last_event_at or now, now)
        uow.subscriptions.save(sub)
        carry_out(
            uow,
            sub,
            effects,
            now,
            result.transaction_id,
            result.amount if result.amount is not None else amount,
            sub.currency,
            billing=ctx.billing,  # the retried charge's VAT split and receipt (docs/billing.md#vat)
            card_country=result.card_country,
        )
        uow.commit()
    ctx.jobs.outbox_changed()
    log.info(
        "retry of subscription %s by %s charged %s", subscription_id, actor, result.transaction_id
    )
    return RecoveryResult(ok=True, code=RECOVERED, message="", transaction_id=result.transaction_id)
