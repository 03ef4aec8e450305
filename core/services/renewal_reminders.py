"""The renewal reminders of the subscription clock (run by the beat, tasks.remind_renewals), as the
country's rule asks (core.domain.renewal_rules, docs/consumer-law-renewal.md): France's L215-1 notice,
the US yearly reminder, and in Germany and the Netherlands the switch of a yearly plan to monthly
billing, announced by e-mail and told to the gateway through the outbox.

Each reminder is written once: its row in subscription_reminders (subscription, kind, renewal day) is
inserted in the same transaction as its e-mail, and the database refuses a second one
(docs/consumer-law-renewal.md#once-and-only-once).
"""

from __future__ import annotations

import logging
from datetime import date, timedelta
from decimal import Decimal

from core.domain.catalogue import MONTHLY, Bundle, quote_bundles
from core.domain.ports.messaging import OutboxMessage
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.renewal_rules import (
    RULES,
    DueReminder,
    continues_monthly,
    due_renewal_reminder,
    rule_for,
)
from core.domain.subscriptions import State, Subscription
from core.services import early_end
from core.services.context import ServiceContext
from core.services.plan_continuation import continue_message

log = logging.getLogger(__name__)

# Looked ahead far enough for the earliest window of the table (France: two months before the deadline).
HORIZON = timedelta(days=100)
REMINDING_COUNTRIES = tuple(c for c, rule in RULES.items() if rule.renewal_timing is not None)


def remind_renewals(ctx: ServiceContext, limit: int = 500) -> int:
    """Write every renewal reminder due now; answers how many were written."""
    now = ctx.clock.now()
    with ctx.uow() as uow:
        candidates = uow.reminders.yearly_renewals(REMINDING_COUNTRIES, now, now + HORIZON, limit)
    written = 0
    for sub, country in candidates:
        assert sub.id is not None and sub.next_billing_date is not None  # stored; renewing
        rule = rule_for(country)
        due = due_renewal_reminder(rule, sub.duration_code, sub.next_billing_date, now)
        if due is None:
            continue
        with ctx.uow() as uow:
            fresh = uow.subscriptions.get(sub.id)
            if (
                fresh is None
                or not fresh.is_renewing
                or fresh.payment_state_id != State.ACTIVE
                or fresh.next_billing_date != sub.next_billing_date
                or fresh.duration_code != sub.duration_code
            ):
                continue  # cancelled, renewed or changed meanwhile
            monthly = None
            if continues_monthly(rule, fresh.duration_code):
                monthly = monthly_bundle(ctx, fresh)
                if monthly is None:
                    log.warning("renewal %s: no monthly plan for %s", fresh.id, fresh.currency)
                    continue
            if not uow.reminders.claim(sub.id, due.kind, due.period, now, due.on_time):
                continue  # a concurrent tick got there first
            if monthly is not None:
                _switch_to_monthly(uow, fresh, monthly, due.period)
            uow.outbox.add(reminder_email(fresh, due))
            uow.commit()
        written += 1
    if written:
        ctx.jobs.outbox_changed()
    return written


def monthly_bundle(ctx: ServiceContext, sub: Subscription) -> Bundle | None:
    """The catalogue's monthly offer of the same apps in the same currency (a regular plan, not a promotion)."""
    currency = sub.currency or ""
    return next(
        (
            b
            for b in quote_bundles(p for p in ctx.catalogue.plans(currency) if not p.is_promo)
            if b.product == sub.subscription_type and b.period == MONTHLY and b.currency == currency
        ),
        None,
    )


def _switch_to_monthly(uow: UnitOfWork, sub: Subscription, monthly: Bundle, period: date) -> None:
    """docs/consumer-law-renewal.md#decisions: the plan changes now (the paid year runs on) and the
    gateway bills the monthly plan from the renewal on. A gateway refuses to change a yearly plan into a
    monthly one, so it is told through the outbox to let the yearly subscription run out and start a
    monthly one when the year ends (core.services.plan_continuation, docs/consumer-law-renewal.md#at-the-gateway):
    an outage delays it, never loses it, and a switch still missing on the renewal day raises an alert."""
    assert sub.id is not None
    sub.continue_monthly(monthly.plan_id, monthly.price, monthly.product)
    uow.subscriptions.save(sub)
    if sub.gateway_id:
        uow.outbox.add(continue_message(sub.account_id, sub.id, period))


def reminder_email(sub: Subscription, due: DueReminder) -> OutboxMessage:
    """The e-mail of one reminder: the plan, the amount of the coming charge, the renewal day and the
    last day to cancel (the cancellation page's link is added when it is composed, email_delivery)."""
    # the coming charge: a change's new price, else the discounted price while a discount runs
    price: Decimal | None = sub.pending_price or sub.next_charge_price()
    return OutboxMessage(
        kind="email",
        topic=due.kind.value,
        payload={
            "account_id": sub.account_id,
            "subscription_id": sub.id,
            "params": {
                "product": sub.pending_subscription_type or sub.subscription_type,
                "duration": sub.duration_code,
                "amount": str(price) if price is not None else "",
                "currency": sub.currency or "",
                "date": due.renewal_at.date().isoformat(),
                "deadline": due.deadline.date().isoformat(),
            },
        },
    )


def may_leave_at_any_time(ctx: ServiceContext, sub: Subscription, country: str) -> bool:
    """France, L215-1: this yearly subscription renewed without its notice sent in time, so the parent may
    end it at any time (docs/consumer-law-renewal.md#late-notice; the cancellation acts on it:
    core.services.early_end)."""
    with ctx.uow() as uow:
        return early_end.free_now(uow, sub, country, ctx.clock.now())
