"""The runtime site switches from the console (admin): maintenance mode and the holiday promotion, stored
in the database over the environment's defaults (core/services/site_switches.py). Each change and its audit
entry (`site.switch`, before and after, a reason) are written in one transaction; every process picks the
change up within SITE_CACHE_SECONDS, without a restart."""

from __future__ import annotations

from datetime import date
from typing import Any

from core.domain import errors
from core.domain.errors import DomainError
from core.domain.ops_reads import HolidayState, MaintenanceState, SiteView
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
) -> MaintenanceState | HolidayState:
    if name == MAINTENANCE:
        return _maintenance(config, stored)
    return _holiday(config, stored, today)


def _source(name: str, stored: dict[str, Any]) -> str:
    return "stored" if name in stored else "default"


def _maintenance(config: SiteConfig, stored: dict[str, Any]) -> MaintenanceState:
    return MaintenanceState(on=config.maintenance, source=_source(MAINTENANCE, stored))


def _holiday(config: SiteConfig, stored: dict[str, Any], today: date) -> HolidayState:
    promo = config.holiday_promo
    return HolidayState(
        starts=promo.starts,
        ends=promo.ends,
        coupon=promo.coupon_code or None,
        active_today=promo.is_active(today),
        source=_source(HOLIDAY_PROMO, stored),
    )


def _audited(state: MaintenanceState | HolidayState) -> dict[str, Any]:
    """A switch's state as the audit entry keeps it."""
    if isinstance(state, MaintenanceState):
        return {"on": state.on, "source": state.source}
    return {
        "from": state.starts.isoformat() if state.starts else None,
        "to": state.ends.isoformat() if state.ends else None,
        "coupon": state.coupon,
        "active_today": state.active_today,
        "source": state.source,
    }


def _defaults(ctx: ServiceContext) -> SiteConfig:
    return ctx.switches.defaults


def view(ctx: ServiceContext) -> SiteView:
    """The switches in force (stored over the defaults), where each comes from, and the latest changes."""
    today = ctx.clock.now().date()
    with ctx.read() as uow:
        stored = uow.site_switches.load()
        history = uow.site_switches.history(HISTORY)
    config = apply(_defaults(ctx), stored)
    return SiteView(
        maintenance=_maintenance(config, stored),
        holiday_promo=_holiday(config, stored, today),
        refresh_seconds=ctx.switches.ttl.total_seconds(),
        history=history,
    )


def _change(
    ctx: ServiceContext,
    staff: StaffMember,
    name: str,
    value: dict[str, Any] | None,
    reason: str | None,
) -> MaintenanceState | HolidayState:
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
            before=_audited(before),
            after=_audited(after),
            reason=reason,
        )
        uow.commit()
    ctx.switches.forget()  # this process at once; the others within SITE_CACHE_SECONDS
    return after


def set_maintenance(
    ctx: ServiceContext, staff: StaffMember, on: bool, reason: str | None
) -> MaintenanceState | HolidayState:
    return _change(ctx, staff, MAINTENANCE, {"on": bool(on)}, reason)


def set_holiday_promo(
    ctx: ServiceContext,
    staff: StaffMember,
    starts: date,
    ends: date,
    coupon_code: str,
    reason: str | None,
) -> MaintenanceState | HolidayState:
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


def reset(
    ctx: ServiceContext, staff: StaffMember, name: str, reason: str | None
) -> MaintenanceState | HolidayState:
    """Back to the environment's value."""
    if name not in NAMES:
        raise DomainError(errors.NOT_FOUND)
    return _change(ctx, staff, name, None, reason)
