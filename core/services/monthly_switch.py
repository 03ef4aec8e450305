"""Germany, the Netherlands: a yearly plan goes on month by month after its first year
(docs/consumer-law-renewal.md#at-the-gateway). The database switches at once (renewal_reminders); the
gateway is told through the outbox (topic continue_monthly), and the clock looks every hour for a
switch still not done on its renewal day: counted for the alert (lumo_renewal_switches_missed,
docs/operations.md#alerts), written once on the parent's console timeline, and tried again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import date, timedelta

from core.domain.payments import GatewayUnavailable
from core.domain.ports import OutboxMessage
from core.domain.staff import AuditEntry
from core.services.context import ServiceContext

log = logging.getLogger(__name__)

TOPIC = "continue_monthly"
MISSED_ACTION = "renewal.switch_missed"


def monthly_gateway_id(subscription_id: int, period: date) -> str:
    """The gateway id of the monthly subscription that continues a yearly one from `period` on: fixed, so
    a retry finds the one it created (Braintree: letters, digits, _ and -)."""
    return f"lumo{subscription_id}_m{period:%Y%m%d}"


def switch_message(account_id: int, subscription_id: int, period: date) -> OutboxMessage:
    return OutboxMessage(
        kind="gateway",
        topic=TOPIC,
        account_id=account_id,
        payload={"subscription_id": subscription_id, "period": period.isoformat()},
    )


def switch_at_gateway(ctx: ServiceContext, subscription_id: int, period: date) -> bool:
    """Make the switch of that renewal at the gateway and record the monthly subscription's gateway id.
    True when it is done (or nothing is left to do: cancelled meanwhile); False when the gateway refused.
    Raises GatewayUnavailable when the gateway did not answer. Safe to repeat: the gateway finds the monthly
    subscription by its fixed id, and the id is recorded only over the yearly one's."""
    monthly_id = monthly_gateway_id(subscription_id, period)
    with ctx.uow() as uow:
        sub = uow.subscriptions.get(subscription_id)
        if sub is None or not sub.is_renewing or not sub.gateway_id:
            return (
                True  # ended meanwhile: its cancellation went to the gateway, nothing to continue
            )
        if sub.gateway_id == monthly_id:
            uow.reminders.switched(subscription_id, period, ctx.clock.now())
            uow.commit()
            return True
        yearly_id, plan_id, price = sub.gateway_id, sub.payment_plan_id, sub.payment_plan_price
    if not plan_id or price is None:
        return False
    result = ctx.gateway.continue_monthly(yearly_id, monthly_id, plan_id, price)
    if not result.ok or not result.gateway_id:
        log.warning("switch to monthly %s: the gateway refused (%s)", subscription_id, result.error)
        return False
    with ctx.uow() as uow:
        fresh = uow.subscriptions.get(subscription_id)
        if fresh is not None and fresh.gateway_id == yearly_id:
            fresh.gateway_id = result.gateway_id
            uow.subscriptions.save(fresh)
        uow.reminders.switched(subscription_id, period, ctx.clock.now())
        uow.commit()
    return True


def send_switch(ctx: ServiceContext, message: OutboxMessage) -> Callable[[], None]:
    """The outbox's sender for topic continue_monthly: a refusal or no answer is retried with backoff."""
    subscription_id = int(message.payload["subscription_id"])
    period = date.fromisoformat(message.payload["period"])

    def send() -> None:
        if not switch_at_gateway(ctx, subscription_id, period):
            raise RuntimeError("the gateway refused the switch to monthly billing")

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
            done = switch_at_gateway(ctx, subscription_id, period)
        except GatewayUnavailable:
            done = False
        still += not done
    return still
