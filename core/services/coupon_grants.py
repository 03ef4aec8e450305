"""Turning an access coupon into a subscription that needs no payment."""
from __future__ import annotations

from datetime import datetime

from core.domain import errors
from core.domain.coupons import Coupon, add_duration
from core.domain.errors import DomainError
from core.domain.ports import UnitOfWork
from core.domain.subscriptions import FREE_CAMPAIGN, Subscription

_PRODUCT_TO_TYPE = {"LUMO_TV": "lumo_tv", "LUMO_BOOKS": "lumo_books"}
ALL_APPS = "lumo_tv_books_games"


def grant_access_coupon(uow: UnitOfWork, coupon: Coupon, account_id: int, now: datetime) -> Subscription:
    # The database decides who redeems a single-use coupon, never a read-then-write here.
    if not uow.coupons.redeem(coupon.code, account_id, now):
        raise DomainError(errors.INVALID_COUPON)
    end = add_duration(now, coupon.duration_code)
    return uow.subscriptions.add(Subscription(
        account_id=account_id,
        subscription_type=_PRODUCT_TO_TYPE.get(coupon.product.upper(), ALL_APPS),
        duration_code=coupon.duration_code, store_id="lumo", payment_state_id=FREE_CAMPAIGN,
        end_date=end, next_billing_date=None, is_renewing=False, payment_method="coupon",
        coupon=coupon.code, created_at=now,
    ))
