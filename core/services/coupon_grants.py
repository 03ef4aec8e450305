"""Turning an access coupon into a subscription that needs no payment."""

from __future__ import annotations

from datetime import datetime

from core.domain import errors
from core.domain.coupons import Coupon, access_subscription_type, add_duration
from core.domain.errors import DomainError
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.subscription_events import Effect
from core.domain.subscriptions import WEB_STORE, Subscription
from core.services.subscription_effects import carry_out


def redeem_or_fail(uow: UnitOfWork, coupon: Coupon, account_id: int, now: datetime) -> None:
    # The database decides who redeems a coupon, never a read-then-write here.
    if not uow.coupons.redeem(coupon, account_id, now):
        raise DomainError(errors.COUPON_REDEEMED)


def grant_access_coupon(
    uow: UnitOfWork,
    coupon: Coupon,
    account_id: int,
    now: datetime,
    store_id: str = WEB_STORE,
    partner: str | None = None,
) -> Subscription:
    redeem_or_fail(uow, coupon, account_id, now)
    sub = uow.subscriptions.add(
        Subscription.granted_free(
            account_id=account_id,
            subscription_type=access_subscription_type(coupon),
            duration_code=coupon.duration_code,
            end_date=add_duration(now, coupon.duration_code),
            payment_method="coupon",
            at=now,
            store_id=store_id,
            coupon=coupon.code,
            partner=partner,
        )
    )
    carry_out(uow, sub, (Effect.SUBSCRIBED,), now)  # a partner user's coupon: tell the partner
    return sub
