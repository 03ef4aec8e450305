"""Turning an access coupon into a subscription that needs no payment."""

from __future__ import annotations

from datetime import datetime

from core.domain import callbacks, errors
from core.domain.coupons import Coupon, access_subscription_type, add_duration
from core.domain.errors import DomainError
from core.domain.ports import UnitOfWork
from core.domain.subscriptions import FREE_CAMPAIGN, WEB_STORE, Subscription
from core.services.partner_callbacks import record_event


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
        Subscription(
            account_id=account_id,
            subscription_type=access_subscription_type(coupon),
            duration_code=coupon.duration_code,
            store_id=store_id,
            payment_state_id=FREE_CAMPAIGN,
            end_date=add_duration(now, coupon.duration_code),
            next_billing_date=None,
            is_renewing=False,
            payment_method="coupon",
            coupon=coupon.code,
            created_at=now,
            partner=partner,
        )
    )
    record_event(uow, callbacks.SUBSCRIBED, sub, now)  # a partner user's coupon: tell the partner
    return sub
