"""What a subscription will cost, said before the parent pays (the order summary).

One pure function over what `core.services.payments.subscribe` decides (the bundle price from the
catalogue, the free days, the coupon's discount), so the page states exactly what the gateway is asked to
charge: today's charge, the first charge (amount and date), the price once any discount ends, and the
renewal period.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from core.domain.catalogue import apps_of, covered_apps
from core.domain.coupons import Coupon, add_duration
from core.domain.discount_schedule import DiscountSchedule, discount_schedule
from core.domain.subscriptions import TRIAL_DAYS, Subscription, had_trial, visible

NO_FREE_TIME, TRIAL_TIME, COUPON_TIME, PAID_THROUGH = None, "trial", "coupon", "paidThrough"


@dataclass(frozen=True)
class Quote:
    currency: str
    period: str  # P1M or P1Y: the renewal period
    price: Decimal  # the full price of one period, add-ons included
    today: Decimal  # charged now (0 during free days)
    first_charge: Decimal  # the first amount charged
    first_charge_at: datetime  # when it is charged (now when nothing is free)
    free_days: int
    free_reason: str | None  # trial | coupon | paidThrough | None
    discount_price: Decimal | None  # the reduced price of a period while a discount runs
    discount_cycles: int  # how many periods are charged at the reduced price
    full_price_from: (
        datetime | None
    )  # the first charge at the full price, when a discount comes first
    coupon_kind: str | None  # access | promo | discount | None

    @property
    def discount(self) -> DiscountSchedule | None:
        """The discount as the purchase stores it and the gateway bills it."""
        if self.discount_price is None or self.full_price_from is None:
            return None
        return DiscountSchedule(self.discount_price, self.discount_cycles, self.full_price_from)


def free_time(
    owned: list[Subscription], coupon: Coupon | None, product: str, now: datetime
) -> tuple[int, str | None]:
    """Days before the first charge, and why: coupon time, else the one free trial, else nothing; and never
    pay twice for the same days: resubscribing while a cancelled subscription still runs starts billing when
    it ends (the one rule, used by subscribe and by the quote)."""
    reason: str | None
    if coupon is not None and coupon.is_promo:
        days, reason = coupon.free_days(now), COUPON_TIME
    else:
        days, reason = (0, NO_FREE_TIME) if had_trial(owned) else (TRIAL_DAYS, TRIAL_TIME)
    wanted = apps_of(product)
    for s in visible(owned):
        if s.end_date and not s.is_expired(now) and covered_apps([s.subscription_type]) & wanted:
            running = (s.end_date - now).days + (1 if (s.end_date - now).seconds else 0)
            if running > days:
                days, reason = running, PAID_THROUGH
    return days, (reason if days else NO_FREE_TIME)


def discount_of(coupon: Coupon | None, price: Decimal) -> tuple[Decimal | None, int]:
    """The reduced price and its number of periods, as the gateway is asked to apply it (never a rise)."""
    if (
        coupon is None
        or not coupon.is_discount
        or coupon.discount_price is None
        or coupon.discount_price >= price
    ):
        return None, 0
    return coupon.discount_price, coupon.discount_cycles()


def build_quote(
    *,
    currency: str,
    period: str,
    price: Decimal,
    coupon: Coupon | None,
    free_days: int,
    free_reason: str | None,
    now: datetime,
) -> Quote:
    kind = (
        None
        if coupon is None
        else ("access" if coupon.is_access else "discount" if coupon.is_discount else "promo")
    )
    if (
        coupon is not None and coupon.is_access
    ):  # free access at once: nothing is ever charged for it
        ends = add_duration(now, coupon.duration_code)
        return Quote(
            currency=currency,
            period=period,
            price=price,
            today=Decimal("0.00"),
            first_charge=Decimal("0.00"),
            first_charge_at=ends,
            free_days=(ends - now).days,
            free_reason=COUPON_TIME,
            discount_price=None,
            discount_cycles=0,
            full_price_from=None,
            coupon_kind=kind,
        )
    reduced, cycles = discount_of(coupon, price)
    first_amount = reduced if reduced is not None else price
    first_at = now + timedelta(days=free_days) if free_days else now
    schedule = discount_schedule(reduced, cycles, first_at, period)
    full_from = schedule.full_price_from if schedule else None
    return Quote(
        currency=currency,
        period=period,
        price=price,
        today=Decimal("0.00") if free_days else first_amount,
        first_charge=first_amount,
        first_charge_at=first_at,
        free_days=free_days,
        free_reason=free_reason if free_days else None,
        discount_price=reduced,
        discount_cycles=cycles,
        full_price_from=full_from,
        coupon_kind=kind,
    )
