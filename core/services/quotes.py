"""The order summary of the payment pages: what `payments.subscribe` would charge, and when.

It prices the plan and add-ons, checks the coupon and counts the free days exactly as subscribe does (the
same helpers), without touching anything: no row, no redemption, no gateway call.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.domain.quotes import Quote, build_quote, free_time
from core.services import payments
from core.services.context import ServiceContext


@dataclass
class QuoteCommand:
    account_id: int
    plan_id: str
    products: list[str] = field(default_factory=list)
    coupon: str | None = None


def quote(ctx: ServiceContext, cmd: QuoteCommand) -> Quote:
    order = payments.SubscribeCommand(
        account_id=cmd.account_id,
        nonce="",
        plan_id=cmd.plan_id,
        products=cmd.products,
        coupon=cmd.coupon,
    )
    plan, product, price = payments._priced(ctx, order)
    now = ctx.clock.now()
    with ctx.read() as uow:
        account = uow.accounts.get(cmd.account_id)
        owned = uow.subscriptions.for_account(cmd.account_id)
        coupon = payments._coupon(uow, order, account, owned, product, plan, now, price)
    days, reason = free_time(owned, coupon, product, now)
    return build_quote(
        currency=plan.currency,
        period=plan.duration_code,
        price=price,
        coupon=coupon,
        free_days=days,
        free_reason=reason,
        now=now,
    )
