"""The age gate (nothing stored) and the site switches (configuration, or runtime switches)."""

from __future__ import annotations

from core.domain.age_gate import is_adult
from core.services.context import ServiceContext


def age_gate(ctx: ServiceContext, birth_year: int) -> bool:
    """Adult or not; the year is neither stored nor logged."""
    return is_adult(birth_year, ctx.clock.now().year)


def site_status(ctx: ServiceContext) -> dict:
    site = ctx.site_config()
    promo = site.holiday_promo
    active = promo.is_active(ctx.clock.now().date())
    return {
        "maintenance": site.maintenance,
        "holidayPromo": {
            "active": active,
            "from": promo.starts.isoformat() if promo.starts else None,
            "to": promo.ends.isoformat() if promo.ends else None,
            "couponCode": promo.coupon_code if active else None,
        },
    }
