"""Checking a coupon before paying (the subscribe page's coupon field)."""

from __future__ import annotations

from core.domain import errors
from core.domain.coupons import Coupon, CouponContext, check_for, check_usable, normalise_code
from core.domain.errors import DomainError
from core.domain.subscriptions import Subscription, products_with_access
from core.services.context import ServiceContext
from core.services.coupon_grants import grant_access_coupon


def validate(
    ctx: ServiceContext,
    code: str,
    account_id: int | None = None,
    product: str | None = None,
    plan_type: str | None = None,
) -> Coupon:
    """The coupon if it can be used here; a DomainError with codes 3 to 7 otherwise."""
    now = ctx.clock.now()
    with ctx.read() as uow:
        coupon = check_usable(uow.coupons.by_code(normalise_code(code)), now)
        context = CouponContext(product=product, plan_type=plan_type)
        if account_id is not None:
            account = uow.accounts.get(account_id)
            assert account is not None  # the caller's own account
            context = CouponContext(
                product=product,
                plan_type=plan_type,
                account_partner=account.partner,
                account_products_with_access=products_with_access(
                    uow.subscriptions.for_account(account_id), now
                ),
                used_by_account=uow.coupons.used_by(coupon, account_id),
            )
    check_for(coupon, context)
    return coupon


def redeem_access(ctx: ServiceContext, account_id: int, code: str) -> Subscription:
    """A logged-in parent redeems a free or unique access coupon: access at once, no payment.
    Other coupon types are used at payment (code 7 here)."""
    now = ctx.clock.now()
    with ctx.uow() as uow:
        coupon = check_usable(uow.coupons.by_code(normalise_code(code)), now)
        if not coupon.is_access:
            raise DomainError(errors.COUPON_NOT_FOR_ACCOUNT)
        account = uow.accounts.get(account_id)
        assert account is not None  # the caller's own account
        check_for(
            coupon,
            CouponContext(
                account_partner=account.partner,
                used_by_account=uow.coupons.used_by(coupon, account_id),
                account_products_with_access=products_with_access(
                    uow.subscriptions.for_account(account_id), now
                ),
            ),
        )
        subscription = grant_access_coupon(uow, coupon, account_id, now, partner=account.partner)
        uow.commit()
    ctx.jobs.outbox_changed()
    return subscription
