"""The subscription clock, run by the beat: trial reminders and the end of the grace period.

(Lapsing subscriptions past their end date is cancellation.expire_due.)
"""

from __future__ import annotations

import logging
from datetime import timedelta

from core.domain.ports.messaging import OutboxMessage
from core.domain.subscription_events import Event
from core.domain.subscriptions import WEB_STORE, State
from core.services.context import ServiceContext
from core.services.subscription_effects import carry_out

log = logging.getLogger(__name__)

TRIAL_REMINDER_BEFORE = timedelta(days=2)  # the e-mail says "your free trial ends in 2 days"
TRIAL_REMINDER_TOO_LATE = timedelta(
    days=1
)  # cancelling needs 24 hours' notice: later, it only confuses


def remind_trials_ending(ctx: ServiceContext, limit: int = 500) -> int:
    """Write the trial-ending e-mail once per subscription, for trials ending in 1 to 2 days."""
    now = ctx.clock.now()
    written = 0
    with ctx.uow() as uow:
        for sub in uow.subscriptions.trials_ending(
            now + TRIAL_REMINDER_TOO_LATE, now + TRIAL_REMINDER_BEFORE, limit
        ):
            assert sub.id is not None and sub.end_date is not None  # stored; ends in the window
            if not uow.subscriptions.mark_trial_reminded(sub.id, now):
                continue  # a concurrent run got there first
            uow.outbox.add(
                OutboxMessage(
                    kind="email",
                    topic="trial_ending",
                    payload={
                        "account_id": sub.account_id,
                        "subscription_id": sub.id,
                        "params": {
                            "product": sub.subscription_type,
                            "duration": sub.duration_code,
                            # the trial's first charge: the discounted price while a discount runs
                            "amount": str(sub.next_charge_price())
                            if sub.next_charge_price() is not None
                            else "",
                            "currency": sub.currency or "",
                            "date": sub.end_date.date().isoformat(),
                        },
                    },
                )
            )
            written += 1
        uow.commit()
    if written:
        ctx.jobs.outbox_changed()
    return written


def expire_past_due(ctx: ServiceContext, grace_days: int, limit: int = 500) -> int:
    """A subscription still past due `grace_days` after its paid time ended lapses. The gateway
    is told first, or it would go on retrying the card of a subscription we no longer serve."""
    now = ctx.clock.now()
    with ctx.uow() as uow:
        due = uow.subscriptions.past_due_since(now - timedelta(days=grace_days), limit)
    expired = 0
    for sub in due:
        assert sub.id is not None  # stored
        if sub.store_id == WEB_STORE and sub.gateway_id:
            try:
                ok = ctx.gateway.cancel_subscription(sub.gateway_id).ok
            except Exception as exc:  # the gateway is down: try again at the next tick
                ok = False
                log.warning("past-due %s: gateway cancel failed: %s", sub.id, exc)
            if not ok:
                continue
        with ctx.uow() as uow:
            fresh = uow.subscriptions.get(sub.id)
            if fresh is None or fresh.payment_state_id != State.PAST_DUE:
                continue  # paid (or changed) meanwhile
            effects = fresh.apply(Event.GRACE_OVER, now)
            uow.subscriptions.save(fresh)
            carry_out(uow, fresh, effects, now)
            uow.commit()
        expired += 1
    return expired
