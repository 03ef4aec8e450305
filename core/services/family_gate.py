"""The age gate (nothing stored) and the site switches (configuration, or runtime switches)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from core.domain.age_gate import is_adult
from core.services.context import ServiceContext


def age_gate(ctx: ServiceContext, birth_year: int) -> bool:
    """Adult or not; the year is neither stored nor logged."""
    return is_adult(birth_year, ctx.clock.now().year)


@dataclass(frozen=True)
class PromoState:
    """The holiday promotion as the site shows it today (the coupon only while it is active)."""

    active: bool
    starts: date | None
    ends: date | None
    coupon_code: str | None


@dataclass(frozen=True)
class SiteStatus:
    """GET /v4/site (read model; bff/resources/site/routes.py names it)."""

    maintenance: bool
    holiday_promo: PromoState


def site_status(ctx: ServiceContext) -> SiteStatus:
    site = ctx.site_config()
    promo = site.holiday_promo
    active = promo.is_active(ctx.clock.now().date())
    return SiteStatus(
        maintenance=site.maintenance,
        holiday_promo=PromoState(
            active=active,
            starts=promo.starts,
            ends=promo.ends,
            coupon_code=promo.coupon_code if active else None,
        ),
    )
