"""A discount coupon's schedule of charges (docs/billing.md#one-price-truth)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from core.domain.catalogue import YEARLY
from core.domain.coupons import add_duration


@dataclass(frozen=True)
class DiscountSchedule:
    """What a discount coupon makes the parent pay (docs/billing.md#one-price-truth): `price` for each of
    `cycles` charges, then the full price from `full_price_from` (discount_schedule computes it)."""

    price: Decimal
    cycles: int
    full_price_from: datetime


def discount_schedule(
    price: Decimal | None, cycles: int, first_charge_at: datetime, period: str
) -> DiscountSchedule | None:
    """The discount's schedule from the first charge's date and the plan's period: `cycles` charges at
    `price`, one a period, then the full price on the charge after them. Counted from the first charge
    as the gateway bills (a subscription billed on the 31st is billed on the last day of shorter months
    and on the 31st again after them), never month by month from a clamped day."""
    if price is None or cycles <= 0:
        return None
    months = cycles * (12 if period == YEARLY else 1)
    return DiscountSchedule(price, cycles, add_duration(first_charge_at, f"P{months}M"))
