"""Cancelling, changing plan, and what the gateway tells us afterwards."""

from __future__ import annotations

import logging
from decimal import Decimal

from core.domain import callbacks, errors, payments
from core.domain.catalogue import apps_of, price_bundle
from core.domain.errors import DomainError
from core.domain.ports import OutboxMessage
from core.domain.stores import can_change_plan, switch_operator
from core.domain.subscriptions import (
    ACTIVE,
    FREE_CAMPAIGN,
    PAST_DUE,
    WEB_STORE,
    Subscription,
    visible,
)
from core.services.context import ServiceContext
from core.services import refunds
from core.services.partner_callbacks import record_event

log = logging.getLogger(__name__)


def _owned(uow, account_id: int, subscription_id: int | None) -> Subscription:
    sub = uow.subscriptions.get(subscription_id) if subscription_id is not None else None
    if sub is None or sub.account_id != account_id or not sub.visible:
        raise DomainError(errors.SUBSCRIPTION_NOT_FOUND)
    return sub


def cancel(ctx: ServiceContext, account_id: int, subscription_id: int | None) -> Subscription:
    """Stop renewal; access continues until endDate (code 3 if already cancelled)."""
    with ctx.uow() as uow:
        sub = _owned(uow, account_id, subscription_id)
        now = ctx.clock.now()
        if sub.is_cancelled() or sub.is_expired(now):
            raise DomainError(errors.ALREADY_CANCELLED)
        if sub.payment_state_id == FREE_CAMPAIGN:
            raise DomainError(
                errors.SUBSCRIPTION_NOT_FOUND
            )  # nothing renews: there is nothing to cancel
    if sub.store_id == WEB_STORE and sub.gateway_id:
        result = ctx.gateway.cancel_subscription(sub.gateway_id)
        if not result.ok:
            raise DomainError(errors.GENERIC)
    return _mark_cancelled(ctx, sub.id)


def _mark_cancelled(ctx: ServiceContext, subscription_id: int) -> Subscription:
    with ctx.uow() as uow:
        sub = uow.subscriptions.get(subscription_id)
        if not sub.is_cancelled():
            sub.cancel(ctx.clock.now())
            uow.subscriptions.save(sub)
            uow.outbox.add(
                OutboxMessage(
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
            )
            record_event(
                uow, callbacks.UNSUBSCRIBED, sub, ctx.clock.now()
            )  # carrier store or partner user
        uow.commit()
    ctx.jobs.outbox_changed()
    return sub


def cancel_store(
    ctx: ServiceContext, account_id: int, store_id: str, subscription_id: int | None = None
) -> list[Subscription]:
    """In-app unsubscribe for carrier stores (swisscom, switch): the partner is told through the outbox."""
    with ctx.uow() as uow:
        subs = [
            s
            for s in visible(uow.subscriptions.for_account(account_id))
            if s.store_id == store_id and (subscription_id is None or s.id == subscription_id)
        ]
        now = ctx.clock.now()
        live = [s for s in subs if not s.is_expired(now)]
    if not live:
        raise DomainError(errors.SUBSCRIPTION_NOT_FOUND)
    if all(s.is_cancelled() for s in live):
        raise DomainError(errors.ALREADY_CANCELLED)
    return [_mark_cancelled(ctx, s.id) for s in live if not s.is_cancelled()]


def switch_unsubscribe(ctx: ServiceContext, account_id: int, subscription_id: int) -> str:
    """The switch store's in-app unsubscribe; answers the operator whose site finishes it."""
    subs = cancel_store(ctx, account_id, "switch", subscription_id)
    return switch_operator(subs[0].platform_purchase_id)


def change_plan(
    ctx: ServiceContext,
    account_id: int,
    subscription_id: int | None,
    plan_id: str,
    products: list[str] | None = None,
) -> Subscription:
    plan = ctx.catalogue.find(plan_id or "")
    if plan is None:
        raise DomainError(errors.PLAN_NOT_FOUND)
    with ctx.uow() as uow:
        if subscription_id is None:  # the web app's change mode works on the one web subscription
            web = [
                s for s in visible(uow.subscriptions.for_account(account_id)) if can_change_plan(s)
            ]
            subscription_id = web[0].id if web else None
        sub = _owned(uow, account_id, subscription_id)
    if not can_change_plan(sub):
        raise DomainError(errors.CHANGE_NOT_ALLOWED)
    try:
        product, price = price_bundle(plan, products or [])
    except ValueError as exc:
        raise DomainError(errors.PLAN_NOT_FOUND) from exc
    if sub.store_id == WEB_STORE and sub.is_renewing:
        with ctx.uow() as uow:  # apps another renewing subscription holds cannot be added here
            holder = uow.subscriptions.claim_holder(account_id, apps_of(product), except_id=sub.id)
        if holder is not None:
            raise DomainError(errors.ALREADY_SUBSCRIBED, subscriptionId=holder, addsApps=False)
    now = ctx.clock.now()
    deferred = sub.in_no_change_window(now)
    if sub.gateway_id and not deferred:
        if not ctx.gateway.change_plan(sub.gateway_id, plan.plan_id, price).ok:
            raise DomainError(errors.GENERIC)
    with ctx.uow() as uow:
        sub = uow.subscriptions.get(sub.id)
        if deferred:  # inside the 24 hours before renewal: the coming charge stays on the old plan
            sub.pending_plan_id, sub.pending_price, sub.pending_subscription_type = (
                plan.plan_id,
                price,
                product,
            )
        else:
            sub.payment_plan_id, sub.payment_plan_price, sub.subscription_type = (
                plan.plan_id,
                price,
                product,
            )
            sub.duration_code, sub.currency = plan.duration_code, plan.currency
            sub.pending_plan_id = sub.pending_price = sub.pending_subscription_type = None
        uow.subscriptions.save(sub)
        uow.commit()
    return sub


def apply_webhook(ctx: ServiceContext, event: payments.WebhookEvent) -> bool:
    """Apply a verified gateway event once; older events than the last applied change nothing."""
    if (
        event.kind in payments.DISPUTE_KINDS
    ):  # about a charge, not a subscription: its payment history
        return refunds.apply_dispute(ctx, event)
    now = ctx.clock.now()
    with ctx.uow() as uow:
        sub = uow.subscriptions.by_gateway_id(event.gateway_id)
        if sub is None or event.kind == "other":
            return False
        stale = bool(
            sub.last_event_at and event.occurred_at < sub.last_event_at and event.kind != "charged"
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
            },
        ):
            return False  # a redelivery
        if stale:
            uow.commit()  # out of order: recorded, but a newer state already stands
            return False
        pending = (
            ctx.catalogue.find(sub.pending_plan_id)
            if sub.pending_plan_id and event.kind == "charged"
            else None
        )
        _transition(sub, event, now, uow)
        if pending is not None and sub.payment_plan_id == pending.plan_id:
            _deferred_change_applied(uow, sub, pending)
        if not sub.last_event_at or event.occurred_at > sub.last_event_at:
            sub.last_event_at = event.occurred_at
        uow.subscriptions.save(sub)
        uow.commit()
    ctx.jobs.outbox_changed()
    return True


def replay_webhook(ctx: ServiceContext, event: payments.WebhookEvent, audit=None) -> Subscription:
    """Apply a logged event again (the operator console's replay), past the redelivery check: as when it first
    came, except that an event older than the newest one applied is refused (409 webhookReplayStale), since a
    newer state stands. `audit(uow, before, sub)` writes the trail in the same transaction."""
    now = ctx.clock.now()
    with ctx.uow() as uow:
        sub = uow.subscriptions.by_gateway_id(event.gateway_id)
        if sub is None:
            raise DomainError(errors.SUBSCRIPTION_NOT_FOUND)
        if sub.last_event_at and event.occurred_at < sub.last_event_at and event.kind != "charged":
            raise DomainError(errors.WEBHOOK_REPLAY_STALE)
        before = {
            "state": sub.payment_state_id,
            "endDate": sub.end_date.isoformat() if sub.end_date else None,
            "renewing": sub.is_renewing,
        }
        _transition(sub, event, now, uow)
        if not sub.last_event_at or event.occurred_at > sub.last_event_at:
            sub.last_event_at = event.occurred_at
        uow.subscriptions.save(sub)
        if audit is not None:
            audit(uow, before, sub)
        uow.commit()
    ctx.jobs.outbox_changed()
    return sub


def _deferred_change_applied(uow, sub: Subscription, plan) -> None:
    """A change made inside the 24 hours before a charge takes effect with that charge: the plan's
    billing period and currency too, and the gateway bills the new plan from the next cycle on (told
    through the outbox, so a gateway outage delays it but never loses it)."""
    sub.duration_code, sub.currency = plan.duration_code, plan.currency
    if sub.gateway_id:
        uow.outbox.add(
            OutboxMessage(
                kind="gateway",
                topic="change_plan",
                account_id=sub.account_id,
                payload={
                    "gateway_id": sub.gateway_id,
                    "plan_id": plan.plan_id,
                    "price": str(sub.payment_plan_price),
                },
            )
        )


def send_plan_change(ctx: ServiceContext, message: OutboxMessage):
    """The outbox handler of kind "gateway": a deferred plan change sent to the payment gateway, or
    (topic cancel_subscription) the cancellation of a subscription whose access a refund or a lost
    dispute ended."""
    if message.topic == "cancel_subscription":

        def cancel() -> None:
            result = ctx.gateway.cancel_subscription(message.payload["gateway_id"])
            if not result.ok:
                raise RuntimeError(
                    f"the gateway refused the cancellation ({result.error or 'no reason given'})"
                )

        return cancel

    def send() -> None:
        result = ctx.gateway.change_plan(
            message.payload["gateway_id"],
            message.payload["plan_id"],
            Decimal(message.payload["price"]),
        )
        if not result.ok:
            raise RuntimeError(
                f"the gateway refused the plan change ({result.error or 'no reason given'})"
            )

    return send


def _transition(sub: Subscription, event: payments.WebhookEvent, now, uow) -> None:
    kind = event.kind
    if kind == "charged":
        if sub.end_date is None or event.paid_through is None or event.paid_through >= sub.end_date:
            sub.charged(event.paid_through, event.next_billing_date)
            if not sub.is_renewing:  # a late charge notice never revives a cancelled subscription
                sub.payment_state_id = "Cancelled"
        refunds.record_charge(
            uow,
            sub,
            event.transaction_id,
            event.amount or sub.payment_plan_price,
            event.currency or sub.currency,
            now,
        )
        uow.outbox.add(
            OutboxMessage(
                kind="email",
                topic="receipt",
                payload={
                    "account_id": sub.account_id,
                    "params": {
                        "product": sub.subscription_type,
                        "duration": sub.duration_code,
                        "amount": str(sub.payment_plan_price or ""),
                        "currency": sub.currency or "",
                        "date": (sub.next_billing_date or now).date().isoformat(),
                    },
                },
            )
        )
    elif kind in ("charge_failed", "past_due"):
        if sub.is_renewing:
            sub.payment_state_id = PAST_DUE
        uow.outbox.add(
            OutboxMessage(
                kind="email", topic="payment_failed", payload={"account_id": sub.account_id}
            )
        )
    elif kind == "canceled":
        if not sub.is_cancelled():
            sub.cancel(event.occurred_at)
            record_event(uow, callbacks.UNSUBSCRIBED, sub, now)
    elif kind == "expired":
        sub.expire(event.occurred_at)
    elif kind == "went_active":
        if sub.is_renewing:
            sub.payment_state_id = ACTIVE


def expire_due(ctx: ServiceContext, limit: int = 500) -> int:
    """The subscription clock: lapse cancelled, free and store subscriptions whose time is up."""
    now = ctx.clock.now()
    with ctx.uow() as uow:
        due = uow.subscriptions.due_to_expire(now, limit)
        for sub in due:
            sub.expire(now)
            uow.subscriptions.save(sub)
        uow.commit()
    return len(due)
