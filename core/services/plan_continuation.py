"""A subscription that goes on under a plan of another billing frequency (docs/consumer-law-renewal.md#at-the-gateway):
Germany and the Netherlands, where a yearly plan continues month by month after its first year, and the
parent's own change between a monthly and a yearly plan. A gateway refuses such a plan change, so the
current gateway subscription runs out at the end of its paid cycle and another, on the same payment method,
continues it from its next billing date (PaymentGateway.continue_on_plan). The database changes the plan at
once; the gateway is told through the outbox (topic continue_on_plan). For Germany and the Netherlands the
clock also looks every hour for a switch still not done on its renewal day: counted for the alert
(lumo_renewal_switches_missed, docs/operations.md#alerts), written once on the parent's console timeline,
and tried again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import date, timedelta

from core.domain.catalogue import YEARLY
from core.domain.payments import GatewayUnavailable
from core.domain.ports.messaging import OutboxMessage
from core.domain.staff import AuditEntry
from core.services.context import ServiceContext

log = logging.getLogger(__name__)

TOPIC = "continue_on_plan"
MISSED_ACTION = "renewal.switch_missed"


def continuation_id(subscription_id: int, period: date, duration_code: str | None) -> str:
    """The gateway id of the subscription that continues ours from `period` on, billed monthly (m) or
    yearly (y): fixed, so a retry finds the one it created (Braintree: letters, digits, _ and -)."""
    every = "y" if duration_code == YEARLY else "m"
    return f"lumo{subscription_id}_{every}{period:%Y%m%d}"


def continue_message(account_id: int, subscription_id: int, period: date) -> OutboxMessage:
    return OutboxMessage(
        kind="gateway",
        topic=TOPIC,
        account_id=account_id,
        payload={"subscription_id": subscription_id, "period": period.isoformat()},
    )


def continue_at_gateway(ctx: ServiceContext, subscription_id: int, period: date) -> bool:
    """Make the gateway bill the subscription's stored plan and price from `period` on, and record the new
    gateway id. True when it is done (or nothing is left to do: cancelled meanwhile); False when the gateway
    refused. Raises GatewayUnavailable when the gateway did not answer. Safe to repeat: the gateway finds the
    continuing subscription by its fixed id, and the id is recorded only over the one it continues."""
    with ctx.uow() as uow:
        sub = uow.subscriptions.get(subscription_id)
        if sub is None or not sub.is_renewing or not sub.gateway_id:
            return (
                True  # ended meanwhile: its cancellation went to the gateway, nothing to continue
            )
        next_id = continuation_id(subscription_id, period, sub.duration_code)
        if sub.gateway_id == next_id:
            uow.reminders.switched(subscription_id, period, ctx.clock.now())
            uow.commit()
            return True
        current_id, plan_id, price = sub.gateway_id, sub.payment_plan_id, sub.payment_plan_price
    if not plan_id or price is None:
        return False
    result = ctx.gateway.continue_on_plan(current_id, next_id, plan_id, price, period)
    if not result.ok or not result.gateway_id:
        log.warning("continuation of %s: the gateway refused (%s)", subscription_id, result.error)
        return False
    with ctx.uow() as uow:
        fresh = uow.subscriptions.get(subscription_id)
        if fresh is not None and fresh.gateway_id == current_id:
            fresh.gateway_id = result.gateway_id
            uow.subscriptions.save(fresh)
            if not fresh.is_renewing:  # cancelled while the gateway answered: stop the new one too
                uow.outbox.add(
                    OutboxMessage(
                        kind="gateway",
                        topic="cancel_subscription",
                        account_id=fresh.account_id,
                        payload={"gateway_id": result.gateway_id},
                    )
                )
        uow.reminders.switched(subscription_id, period, ctx.clock.now())
        uow.commit()
    ctx.jobs.outbox_changed()
    return True


def send_continuation(ctx: ServiceContext, message: OutboxMessage) -> Callable[[], None]:
    """The outbox's sender for topic continue_on_plan: a refusal or no answer is retried with backoff."""
    subscription_id = int(message.payload["subscription_id"])
    period = date.fromisoformat(message.payload["period"])

    def send() -> None:
        if not continue_at_gateway(ctx, subscription_id, period):
            raise RuntimeError("the gateway refused to continue the subscription on its new plan")

    return send


def check_missed_switches(ctx: ServiceContext, limit: int = 200) -> int:
    """The clock's hourly look (tasks.check_monthly_switches): every switch not done at the gateway with
    its renewal day come (or within a day) is written once on the parent's timeline and tried again.
    Answers how many are still missing after the retries."""
    now = ctx.clock.now()
    with ctx.uow() as uow:
        missed = uow.reminders.switches_missed((now + timedelta(days=1)).date(), limit)
    still = 0
    for subscription_id, period in missed:
        with ctx.uow() as uow:
            sub = uow.subscriptions.get(subscription_id)
            if sub is not None and uow.reminders.mark_missed(subscription_id, period, now):
                uow.audit.append(
                    AuditEntry(
                        action=MISSED_ACTION,
                        outcome="failed",
                        account_id=sub.account_id,
                        target=f"subscription:{subscription_id}",
                        after={"renewal": period.isoformat(), "gateway_id": sub.gateway_id},
                        at=now,
                    )
                )
                log.error("switch to monthly %s missed for the renewal of %s", sub.id, period)
            uow.commit()
        try:
            done = continue_at_gateway(ctx, subscription_id, period)
        except GatewayUnavailable:
            done = False
        still += not done
    return still
