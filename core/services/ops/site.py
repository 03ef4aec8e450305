"""The runtime site switches from the console (admin): maintenance mode and the holiday promotion, stored
in the database over the environment's defaults (core/services/site_switches.py). Each change and its audit
entry (`site.switch`, before and after, a reason) are written in one transaction; every process picks the
change up within SITE_CACHE_SECONDS, without a restart."""

from __future__ import annotations

from datetime import date
from typing import Any

from core.domain import errors
from core.domain.errors import DomainError
from core.domain.site import SiteConfig
from core.domain.staff import StaffMember
from core.services.context import ServiceContext
from core.services.ops.audit import clean_reason, record
from core.services.site_switches import (
    HOLIDAY_PROMO,
    MAINTENANCE,
    NAMES,
    SwitchError,
    apply,
    holiday_value,
)

HISTORY = 20


def _switch_view(
    name: str, config: SiteConfig, stored: dict[str, Any], today: date
) -> dict[str, Any]:
    source = "stored" if name in stored else "default"
    if name == MAINTENANCE:
        return {"on": config.maintenance, "source": source}
    promo = config.holiday_promo
    return {
        "from": promo.starts.isoformat() if promo.starts else None,
        "to": promo.ends.isoformat() if promo.ends else None,
        "coupon": promo.coupon_code or None,
        "active_today": promo.is_active(today),
        "source": source,
    }


def _defaults(ctx: ServiceContext) -> SiteConfig:
    return ctx.switches.defaults


def view(ctx: ServiceContext) -> dict[str, Any]:
    """The switches in force (stored over the defaults), where each comes from, and the latest changes."""
    today = ctx.clock.now().date()
    with ctx.read() as uow:
        stored = uow.site_switches.load()
        history = uow.site_switches.history(HISTORY)
    config = apply(_defaults(ctx), stored)
    return {
        "maintenance": _switch_view(MAINTENANCE, config, stored, today),
        "holiday_promo": _switch_view(HOLIDAY_PROMO, config, stored, today),
        "refresh_seconds": ctx.switches.ttl.total_seconds(),
        "history": history,
    }


def _change(
    ctx: ServiceContext,
    staff: StaffMember,
    name: str,
    value: dict[str, Any] | None,
    reason: str | None,
) -> dict[str, Any]:
    reason = clean_reason("site.switch", reason)
    today = ctx.clock.now().date()
    defaults = _defaults(ctx)
    with ctx.uow() as uow:
        stored = uow.site_switches.load()
        before = _switch_view(name, apply(defaults, stored), stored, today)
        uow.site_switches.save(name, value, staff.email, reason or "", ctx.clock.now())
        after_stored = {k: v for k, v in stored.items() if k != name}
        if value is not None:
            after_stored[name] = value
        after = _switch_view(name, apply(defaults, after_stored), after_stored, today)
        record(
            ctx,
            uow,
            staff,
            "site.switch",
            target=f"switch:{name}",
            before=before,
            after=after,
            reason=reason,
        )
        uow.commit()
    ctx.switches.forget()  # this process at once; the others within SITE_CACHE_SECONDS
    return after


def set_maintenance(
    ctx: ServiceContext, staff: StaffMember, on: bool, reason: str | None
) -> dict[str, Any]:
    return _change(ctx, staff, MAINTENANCE, {"on": bool(on)}, reason)


def set_holiday_promo(
    ctx: ServiceContext,
    staff: StaffMember,
    starts: date,
    ends: date,
    coupon_code: str,
    reason: str | None,
) -> dict[str, Any]:
    clean_reason("site.switch", reason)
    with ctx.read() as uow:
        code = (coupon_code or "").strip().upper()
        known = bool(code) and uow.coupons.by_code(code) is not None
    if starts > ends:
        raise DomainError(errors.PROMO_DATES_REVERSED)
    if not known:
        raise DomainError(errors.INVALID_COUPON)
    try:
        value = holiday_value(starts, ends, code, lambda _code: True)
    except SwitchError:
        raise DomainError(errors.PROMO_DATES_REVERSED) from None
    return _change(ctx, staff, HOLIDAY_PROMO, value, reason)


def reset(ctx: ServiceContext, staff: StaffMember, name: str, reason: str | None) -> dict[str, Any]:
    """Back to the environment's value."""
    if name not in NAMES:
        raise DomainError(errors.NOT_FOUND)
    return _change(ctx, staff, name, None, reason)
