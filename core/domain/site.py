"""Site-wide switches from configuration: the maintenance page and the holiday promotion."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class HolidayPromo:
    """One month free (a coupon) offered between two dates, both included (UTC days)."""

    starts: date | None = None
    ends: date | None = None
    coupon_code: str = ""

    def is_active(self, today: date) -> bool:
        return bool(
            self.coupon_code and self.starts and self.ends and self.starts <= today <= self.ends
        )


@dataclass(frozen=True)
class SiteConfig:
    maintenance: bool = False
    holiday_promo: HolidayPromo = HolidayPromo()
