"""Runtime site switches: maintenance mode and the holiday promotion change without a restart.

The environment (MAINTENANCE_MODE, HOLIDAY_PROMO_*) gives the defaults; a switch an operator set
(`flask --app bff site set …`, later the operator console) is stored in the database and wins. Each
process reads the table at most every SITE_CACHE_SECONDS (10 s), so a change reaches every API node
within that time; while the database cannot be read the last answer (or the defaults) stays.
Every change is recorded with who and why (site_switch_changes). docs/operations.md, "Runtime switches".
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from datetime import date, datetime, timedelta
from typing import Any

from core.domain.clock import Clock
from core.domain.ports.site import SiteSwitchStore
from core.domain.site import HolidayPromo, SiteConfig

log = logging.getLogger(__name__)

MAINTENANCE = "maintenance"
HOLIDAY_PROMO = "holiday_promo"
NAMES = (MAINTENANCE, HOLIDAY_PROMO)


class SwitchError(ValueError):
    """A switch change an operator typed wrong (the CLI shows the message)."""


def apply(defaults: SiteConfig, stored: dict[str, dict[str, Any]]) -> SiteConfig:
    """The environment's defaults with the stored switches on top."""
    config = defaults
    if MAINTENANCE in stored:
        config = replace(config, maintenance=bool(stored[MAINTENANCE].get("on")))
    if HOLIDAY_PROMO in stored:
        promo = stored[HOLIDAY_PROMO]
        config = replace(
            config,
            holiday_promo=HolidayPromo(
                starts=date.fromisoformat(promo["from"]) if promo.get("from") else None,
                ends=date.fromisoformat(promo["to"]) if promo.get("to") else None,
                coupon_code=promo.get("coupon") or "",
            ),
        )
    return config


def holiday_value(
    starts: date, ends: date, coupon_code: str, coupon_exists: Callable[[str], bool]
) -> dict[str, Any]:
    """The stored form of a holiday promotion; SwitchError when the dates are reversed or the coupon unknown."""
    code = (coupon_code or "").strip().upper()
    if starts > ends:
        raise SwitchError("the promotion's first day is after its last")
    if not code or not coupon_exists(code):
        raise SwitchError(f"no coupon {code or '(empty)'}: create it first")
    return {"from": starts.isoformat(), "to": ends.isoformat(), "coupon": code}


class SiteSwitches:
    def __init__(
        self,
        store: SiteSwitchStore,
        defaults: SiteConfig,
        clock: Clock,
        ttl_seconds: float = 10.0,
    ) -> None:
        self.store, self.defaults, self.clock = (
            store,
            defaults,
            clock,
        )  # defaults: the configuration's (MAINTENANCE_MODE, HOLIDAY_PROMO_*)
        self.ttl = timedelta(seconds=ttl_seconds)
        self._stored: dict[str, dict[str, Any]] | None = None
        self._expires: datetime | None = None

    def current(self) -> SiteConfig:
        now = self.clock.now()
        if self._stored is None or self._expires is None or now >= self._expires:
            try:
                self._stored = self.store.load()
            except (
                Exception
            ) as exc:  # the database is away: the last answer (or the defaults) stays a while
                log.warning(
                    "site switches not read (%s); keeping the last ones", type(exc).__name__
                )
                self._stored = self._stored or {}
            self._expires = now + self.ttl
        try:
            return apply(self.defaults, self._stored)
        except (KeyError, ValueError, TypeError, AttributeError):
            log.error("a stored site switch is unreadable; the configuration's values apply")
            return self.defaults

    def forget(self) -> None:
        self._stored = None

    def check(self, name: str, value: dict[str, Any] | None) -> None:
        """SwitchError unless `value` is one `apply` reads back (None: back to the default)."""
        if name not in NAMES:
            raise SwitchError(f"unknown switch {name!r}; choose from {', '.join(NAMES)}")
        if value is not None:
            apply(self.defaults, {name: value})  # refuses a value it could not read back

    def set(
        self, name: str, value: dict[str, Any] | None, changed_by: str, reason: str
    ) -> SiteConfig:
        self.check(name, value)
        if not changed_by.strip() or not reason.strip():
            raise SwitchError("say who changes the switch and why (--by, --reason)")
        self.store.save(name, value, changed_by.strip()[:100], reason.strip(), self.clock.now())
        self.forget()
        return self.current()

    def set_maintenance(self, on: bool, changed_by: str, reason: str) -> SiteConfig:
        return self.set(MAINTENANCE, {"on": bool(on)}, changed_by, reason)

    def set_holiday_promo(
        self,
        starts: date,
        ends: date,
        coupon_code: str,
        changed_by: str,
        reason: str,
        coupon_exists: Callable[[str], bool] = lambda code: True,
    ) -> SiteConfig:
        return self.set(
            HOLIDAY_PROMO,
            holiday_value(starts, ends, coupon_code, coupon_exists),
            changed_by,
            reason,
        )

    def reset(self, name: str, changed_by: str, reason: str) -> SiteConfig:
        """Back to the environment's default."""
        return self.set(name, None, changed_by, reason)

    def history(self, limit: int = 20) -> list[dict[str, Any]]:
        return self.store.history(limit)
