"""What the payment gateway tells us about a subscription (its webhooks), applied once and in order,
and the operator console's replay of a logged event."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from core.domain import errors, payments
from core.domain.billing_documents import BillingPolicy
from core.domain.errors import DomainError
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.subscription_events import GATEWAY_EVENTS, Event
from core.domain.subscriptions import Subscription
from core.services import refunds
from core.services.context import ServiceContext
from core.services.plan_changes import deferred_change_applied
from core.services.subscription_effects import carry_out

Audit = Callable[[UnitOfWork, dict[str, Any], Subscription], None]


def apply_webhook(ctx: ServiceContext, event: payments.WebhookEvent) -> bool:
    """Apply a verified gateway event once; older events than the last applied change nothing."""
    if (
        event.kind in payments.DISPUTE_KINDS
    ):  # about a charge, not a subscription: its payment history
        return refunds.apply_dispute(ctx, event)
    now = ctx.clock.now()
    if event.kind == payments.OTHER_KIND:
        return _record_other(ctx, event, now)
    with ctx.uow() as uow:
        sub = uow.subscriptions.by_gateway_id(event.gateway_id)
        if sub is None:
            return False
        stale = bool(
            sub.last_event_at
            and event.occurred_at < sub.last_event_at
            and event.kind != Event.CHARGED
        )
        if not uow.webhooks.first_time(
            event.kind,
            event.gateway_id,
            event.occurred_at,
            now,
            details={
                "paid_through": event.paid_through,
                "next_billing_date": event.next_billing_date,
                "transaction_id": event.transaction_id,
                "amount": event.amount,
                "currency": event.currency,
                "outcome": "out_of_order" if stale else "applied",
                "provider_kind": event.extra.get("provider_kind"),
            },
        ):
            return False  # a redelivery
        if stale:
            uow.commit()  # out of order: recorded, but a newer state already stands
            return False
        pending = (
            ctx.catalogue.find(sub.pending_plan_id)
            if sub.pending_plan_id and event.kind == Event.CHARGED
            else None
        )
        _apply(uow, sub, event, now, ctx.billing)
        if pending is not None and sub.payment_plan_id == pending.plan_id:
            deferred_change_applied(uow, sub, pending)
        if not sub.last_event_at or event.occurred_at > sub.last_event_at:
            sub.last_event_at = event.occurred_at
        uow.subscriptions.save(sub)
        uow.commit()
    ctx.jobs.outbox_changed()
    return True


def _record_other(ctx: ServiceContext, event: payments.WebhookEvent, now: datetime) -> bool:
    """A kind we do not act on (docs/billing.md#webhook-kinds): logged once as `other` with the provider's
    kind, so the console shows it; nothing else changes."""
    with ctx.uow() as uow:
        if uow.webhooks.first_time(
            payments.OTHER_KIND,
            event.gateway_id,
            event.occurred_at,
            now,
            details={
                "provider_kind": event.extra.get("provider_kind"),
                "outcome": "ignored",
            },
        ):
            uow.commit()
    return False


def replay_webhook(
    ctx: ServiceContext, event: payments.WebhookEvent, audit: Audit | None = None
) -> Subscription:
    """Apply a logged event again (the operator console's replay), past the redelivery check: as when it first
    came, except that an event older than the newest one applied is refused (409 webhookReplayStale), since a
    newer state stands. `audit(uow, before, sub)` writes the trail in the same transaction."""
    now = ctx.clock.now()
    with ctx.uow() as uow:
        sub = uow.subscriptions.by_gateway_id(event.gateway_id)
        if sub is None:
            raise DomainError(errors.SUBSCRIPTION_NOT_FOUND)
        if (
            sub.last_event_at
            and event.occurred_at < sub.last_event_at
            and event.kind != Event.CHARGED
        ):
            raise DomainError(errors.WEBHOOK_REPLAY_STALE)
        before = {
            "state": sub.payment_state_id,
            "end_date": sub.end_date.isoformat() if sub.end_date else None,
            "renewing": sub.is_renewing,
        }
        _apply(uow, sub, event, now, ctx.billing)
        if not sub.last_event_at or event.occurred_at > sub.last_event_at:
            sub.last_event_at = event.occurred_at
        uow.subscriptions.save(sub)
        if audit is not None:
            audit(uow, before, sub)
        uow.commit()
    ctx.jobs.outbox_changed()
    return sub


def _apply(
    uow: UnitOfWork,
    sub: Subscription,
    event: payments.WebhookEvent,
    now: datetime,
    billing: BillingPolicy,
) -> None:
    if event.kind not in GATEWAY_EVENTS:  # recorded, but nothing a subscription changes for
        return
    # What a charge took, when the notice does not say: the price its period was billed at (the
    # discounted price while a discount runs), known before the charge counts the discount down.
    billed = sub.next_charge_price()
    effects = sub.apply(
        Event(event.kind), event.occurred_at, event.paid_through, event.next_billing_date
    )
    carry_out(
        uow,
        sub,
        effects,
        now,
        event.transaction_id,
        event.amount or billed,
        event.currency,
        billing=billing,
        card_country=event.card_country,
    )
