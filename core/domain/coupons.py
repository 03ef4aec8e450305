"""Coupons (SPEC section 3): types, durations and product scope."""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

FREE_ACCESS = "FREE_ACCESS_COUPON"
UNIQUE_ACCESS = "UNIQUE_ACCESS_COUPON"
DISCOUNT = "DISCOUNT_COUPON"
UNIQUE_DISCOUNT = "UNIQUE_DISCOUNT_COUPON"
STANDARD = "STANDARD_COUPON"
UNIQUE = "UNIQUE_COUPON"
TYPES = (FREE_ACCESS, UNIQUE_ACCESS, DISCOUNT, UNIQUE_DISCOUNT, STANDARD, UNIQUE)
ACCESS_TYPES = (FREE_ACCESS, UNIQUE_ACCESS)
DISCOUNT_TYPES = (DISCOUNT, UNIQUE_DISCOUNT)

_DURATION = re.compile(r"^P(\d{1,3})([MD])$")


def parse_duration(code: str) -> tuple[int, str]:
    match = _DURATION.match(code or "")
    if not match:
        raise ValueError(f"bad coupon duration {code!r}")
    return int(match.group(1)), match.group(2)


def add_duration(start: datetime, code: str) -> datetime:
    """P{n}D adds n days; P{n}M adds n calendar months, clamped to month end."""
    n, unit = parse_duration(code)
    if unit == "D":
        return start + timedelta(days=n)
    month_index = start.month - 1 + n
    year, month = start.year + month_index // 12, month_index % 12 + 1
    for day in (start.day, 30, 29, 28):
        try:
            return start.replace(year=year, month=month, day=day)
        except ValueError:
            continue
    raise AssertionError("unreachable")


@dataclass
class Coupon:
    code: str
    coupon_type: str
    duration_code: str
    product: str = "ALL"
    discount_price: Decimal | None = None
    is_bundle_discount: bool = False
    plan_type: str | None = None
    partner: str | None = None
    expires_at: datetime | None = None
    redeemed_at: datetime | None = None
    redeemed_by: int | None = None
    id: int | None = None

    @property
    def is_access(self) -> bool:
        return self.coupon_type in ACCESS_TYPES

    def is_usable(self, now: datetime) -> bool:
        return self.redeemed_at is None and (self.expires_at is None or now < self.expires_at)

    def as_user_coupon(self) -> dict:
        details = None
        if self.coupon_type in DISCOUNT_TYPES:
            details = {
                "discountPrice": str(self.discount_price) if self.discount_price is not None else None,
                "isBundleDiscount": self.is_bundle_discount,
                "planType": self.plan_type,
            }
        return {
            "couponSerialNumber": self.code,
            "couponDurationCode": self.duration_code,
            "couponProduct": self.product,
            "couponType": self.coupon_type,
            "discountDetails": details,
        }
