"""Settling a purchase once the gateway has answered (core/services/payments.py calls it), and the
clock's sweep of purchases left pending: settled if the gateway has them, failed if not."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from decimal import Decimal

from core.domain import errors, payments
from core.domain.catalogue import Plan
from core.domain.errors import DomainError
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.quotes import PAID_THROUGH, free_time
from core.domain.subscription_events import Event
from core.domain.subscriptions import State, Subscription, visible
from core.domain.three_d_secure import Decision
from core.services.context import ServiceContext
from core.services.subscription_effects import FirstCharge, carry_out

log = logging.getLogger(__name__)
STALE_PENDING = timedelta(minutes=2)  # a pending payment older than this is retried, not waited for


def resolve_stale_purchases(ctx: ServiceContext, limit: int = 100) -> int:
    """The clock's sweep: purchases pending for longer than STALE_PENDING (the process died, or the answer
    was lost and nobody retried) are settled if the gateway has them, failed if not. Without it a parent
    charged by the gateway could see nothing. Answers how many were resolved."""
    with ctx.uow() as uow:
        stale = uow.subscriptions.stale_pending(ctx.clock.now() - STALE_PENDING, limit)
    resolved = 0
    for sub in stale:
        assert sub.id is not None  # stored
        try:
            _resolve_stale(ctx, sub.id)
            resolved += 1
        except DomainError:
            log.warning(
                "stale purchase %s: the gateway did not answer; tried again on the next tick",
                sub.id,
            )
    return resolved


def _resolve_stale(ctx: ServiceContext, subscription_id: int) -> None:
    """A purchase left pending (its answer was lost and nobody retried) holds the apps another purchase
    wants: ask the gateway whether it was created under our id; settle it if so, fail it if not."""
    with ctx.uow() as uow:
        sub = uow.subscriptions.get(subscription_id)
        if sub is None or sub.payment_state_id != State.PENDING:
            return
    assert sub.created_at is not None  # stored
    try:
        found = ctx.gateway.find_subscription(f"lumo{sub.id}")
    except payments.GatewayUnavailable as exc:
        raise DomainError(errors.PAYMENT_UNAVAILABLE) from exc
    plan = ctx.catalogue.find(sub.payment_plan_id or "")
    trial_days = max(0, (sub.end_date - sub.created_at).days) if sub.end_date else 0
    result = (
        found
        if found is not None and found.ok
        else payments.GatewayResult(ok=False, error=payments.UNAVAILABLE)
    )
    try:
        _settle(ctx, subscription_id, plan, trial_days, sub.payment_plan_price, result)
    except DomainError:
        pass  # not created at the gateway: the stale purchase is failed and its claims released


def _settle(
    ctx: ServiceContext,
    subscription_id: int,
    plan: Plan | None,  # None: a stale purchase of a plan no longer in the catalogue
    trial_days: int,  # free days before the first charge
    price: Decimal | None,  # per cycle, for the receipt (None: the subscription's own)
    result: payments.GatewayResult,
    authentication: Decision | None = None,
) -> Subscription:
    now = ctx.clock.now()
    with ctx.uow() as uow:
        sub = uow.subscriptions.get(subscription_id)
        assert sub is not None  # the pending purchase
        if not result.ok:
            effects = sub.apply(Event.PURCHASE_FAILED, now)
            uow.subscriptions.save(sub)
            carry_out(uow, sub, effects, now)  # its coupon, if any, is given back
            uow.commit()
            raise DomainError(
                errors.PAYMENT_FAILED,
                error_message=payments.MESSAGE_KEYS.get(result.error or "", "paymentNotValid"),
            )
        # The plan's period and currency; a stale purchase of a plan since removed from the catalogue
        # was still taken by the gateway: settle it on what the purchase itself recorded.
        duration = plan.duration_code if plan is not None else sub.duration_code
        currency = plan.currency if plan is not None else sub.currency
        first_charge = now + timedelta(days=trial_days) if trial_days else None
        sub.gateway_id = result.gateway_id
        sub.payment_method = result.payment_method
        if (
            authentication is not None
        ):  # 3-D Secure of the card paid with (core/services/three_d_secure.py)
            sub.three_d_secure_status, sub.liability_shifted = (
                authentication.status,
                authentication.liability_shifted,
            )
        sub.payment_brand, sub.payment_last4 = (
            result.card_brand,
            result.card_last4,
        )  # For the profile
        sub.payment_email = result.payer_email  # masked by the gateway adapter
        sub.payment_expiry = result.card_expiry  # the card-expiring e-mail
        effects = sub.apply(
            Event.TRIAL_STARTED if trial_days and _is_free_time(uow, sub) else Event.ACTIVATED,
            now,
            next_billing=first_charge or _period_end(now, duration),
        )
        uow.subscriptions.save(sub)
        # The charge (no trial: paid), the receipt (with the withdrawal terms of an EU purchase), and a
        # partner account's partner told.
        carry_out(
            uow,
            sub,
            effects,
            now,
            first_charge=FirstCharge(
                result.transaction_id,
                result.amount,
                currency,
                receipt_amount=price,
                receipt_duration=duration,
                consent=uow.withdrawals.consent_for(subscription_id),
                card_country=result.card_country,
            ),
            billing=ctx.billing,
        )
        uow.commit()
    ctx.jobs.outbox_changed()
    return sub


def _is_free_time(uow: UnitOfWork, sub: Subscription) -> bool:
    """Whether the days before the first charge are a free trial or a coupon's free time (a "Free trial"),
    not the paid-through rest of a cancelled subscription: that new subscription is active, billed when the
    old one ends (a resubscribe during a cancelled trial is not a second free trial)."""
    others = [o for o in visible(uow.subscriptions.for_account(sub.account_id)) if o.id != sub.id]
    coupon = uow.coupons.by_code(sub.coupon) if sub.coupon else None
    assert sub.created_at is not None  # stored
    return free_time(others, coupon, sub.subscription_type, sub.created_at)[1] != PAID_THROUGH


def _period_end(start: datetime, duration_code: str) -> datetime:
    from core.domain.coupons import add_duration

    return add_duration(start, "P12M" if duration_code == "P1Y" else "P1M")
