"""Changing plan: at once, or (inside the 24 hours before a renewal) with the coming charge; and the
outbox handler that tells the gateway later."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from core.domain import errors
from core.domain.catalogue import Plan, apps_of, price_bundle
from core.domain.errors import DomainError
from core.domain.ports.messaging import OutboxMessage
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.stores import can_change_plan
from core.domain.subscriptions import WEB_STORE, Subscription, visible
from core.services import plan_continuation
from core.services.cancellation import owned
from core.services.context import ServiceContext


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
        sub = owned(uow, account_id, subscription_id)
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
            raise DomainError(errors.ALREADY_SUBSCRIBED, subscription_id=holder, adds_apps=False)
    now = ctx.clock.now()
    deferred = sub.in_no_change_window(now)
    # Another billing frequency: a gateway refuses that plan change, so the gateway subscription runs out
    # and another continues it (core.services.plan_continuation), told through the outbox.
    crosses = sub.duration_code != plan.duration_code
    if sub.gateway_id and not deferred and not crosses:
        if not ctx.gateway.change_plan(sub.gateway_id, plan.plan_id, price).ok:
            raise DomainError(errors.GENERIC)
    with ctx.uow() as uow:
        fresh = uow.subscriptions.get(sub.id) if sub.id is not None else None
        assert fresh is not None
        sub = fresh
        if deferred:  # inside the 24 hours before renewal: the coming charge stays on the old plan
            sub.pending_plan_id, sub.pending_price, sub.pending_subscription_type = (
                plan.plan_id,
                price,
                product,
            )
        else:
            sub.discount_follows(sub.payment_plan_price, price, plan.duration_code)
            sub.payment_plan_id, sub.payment_plan_price, sub.subscription_type = (
                plan.plan_id,
                price,
                product,
            )
            sub.duration_code, sub.currency = plan.duration_code, plan.currency
            sub.pending_plan_id = sub.pending_price = sub.pending_subscription_type = None
            if crosses and sub.gateway_id and sub.next_billing_date and sub.id is not None:
                uow.outbox.add(
                    plan_continuation.continue_message(
                        sub.account_id, sub.id, sub.next_billing_date.date()
                    )
                )
        uow.subscriptions.save(sub)
        uow.commit()
    if crosses and not deferred:
        ctx.jobs.outbox_changed()
    return sub


def deferred_change_applied(uow: UnitOfWork, sub: Subscription, plan: Plan) -> None:
    """A change made inside the 24 hours before a charge takes effect with that charge: the plan's
    billing period and currency too, and the gateway bills the new plan from the next cycle on (told
    through the outbox, so a gateway outage delays it but never loses it; across billing frequencies by a
    continuing subscription, core.services.plan_continuation)."""
    crosses = sub.duration_code != plan.duration_code
    sub.duration_code, sub.currency = plan.duration_code, plan.currency
    if sub.gateway_id and crosses and sub.next_billing_date and sub.id is not None:
        uow.outbox.add(
            plan_continuation.continue_message(sub.account_id, sub.id, sub.next_billing_date.date())
        )
    elif sub.gateway_id:
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


def send_plan_change(ctx: ServiceContext, message: OutboxMessage) -> Callable[[], None]:
    """The outbox handler of kind "gateway": a deferred plan change sent to the payment gateway, a yearly
    plan continuing month by month (topic continue_on_plan, core.services.plan_continuation), or
    (topic cancel_subscription) the cancellation of a subscription whose access a refund or a lost
    dispute ended."""
    if message.topic == plan_continuation.TOPIC:
        return plan_continuation.send_continuation(ctx, message)
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
