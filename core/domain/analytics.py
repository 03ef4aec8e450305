"""Analytics records (docs/product.md#entities and docs/product.md#constants) and the daily funnel built from them.

A record says what happened in which app, country and campaign; never who did it:
no e-mail, no name, and the ad click id only decides the origin and is not kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from core.domain import errors
from core.domain.errors import DomainError

EVENTS = (
    "OPEN_APP",
    "PAYMENT_DONE",
    "CLOSE",
    "PAYMENT_METHOD_SELECTION",
    "CLICK_REGISTER",
    "START_FREE_TRIAL",
)
ORGANIC, ADS = "Organic", "Ads"
ORIGINS = (ORGANIC, ADS)
UTM_FIELDS = ("source", "medium", "campaign", "content", "term")
NO_SOURCE = "(none)"
MAX_CLOCK_SKEW = timedelta(days=1)  # a device clock this far ahead is wrong, not early
OLDEST = datetime(2020, 1, 1, tzinfo=UTC)
_EMAIL_LIKE = re.compile(r"[^\s@]+@[^\s@]+\.[^\s@]+")

# The funnel: visits -> registrations -> trials -> paid, one event each.
FUNNEL_STEPS = (
    ("visits", "OPEN_APP"),
    ("registrations", "CLICK_REGISTER"),
    ("trials", "START_FREE_TRIAL"),
    ("paid", "PAYMENT_DONE"),
)


@dataclass
class AnalyticsEvent:
    env: str
    app: str
    country_code: str
    occurred_at: datetime  # the record's timestamp, from the device
    origin: str
    platform: str
    device_type: str
    transaction_uuid: str
    event: str
    utm: dict[str, str] = field(default_factory=dict)
    received_at: datetime | None = None
    id: int | None = None

    def as_record(self) -> dict[str, Any]:
        """The docs/product.md#entities record, as forwarded to the collector."""
        record = {
            "env": self.env,
            "app": self.app,
            "countryCode": self.country_code,
            "timestamp": self.occurred_at.isoformat(),
            "origin": self.origin,
            "device": {"platform": self.platform, "deviceType": self.device_type},
            "transactionUuid": self.transaction_uuid,
            "event": self.event,
        }
        if self.utm:
            record["utm"] = dict(self.utm)
        return record


def origin_for(origin: str | None, click_id: str | None) -> str:
    """A click id in the landing query means the visitor came from an ad."""
    return ADS if click_id else (origin or ORGANIC)


def check(event: AnalyticsEvent, now: datetime) -> None:
    """Refuse impossible times and anything that looks like personal data."""
    problems: dict[str, list[str]] = {}
    if event.occurred_at > now + MAX_CLOCK_SKEW or event.occurred_at < OLDEST:
        problems["timestamp"] = ["Not a plausible time for this event."]
    texts = {
        "env": event.env,
        "app": event.app,
        "device": f"{event.platform} {event.device_type}",
        **{f"utm.{k}": v for k, v in event.utm.items()},
    }
    for name, value in texts.items():
        if _EMAIL_LIKE.search(value or ""):
            problems[name] = ["Analytics records must not contain an e-mail address."]
    if problems:
        raise DomainError(errors.PARAMETER_REQUIRED, errors=problems)


@dataclass(frozen=True)
class FunnelCount:
    country_code: str
    utm_source: str
    event: str
    transactions: int


@dataclass
class FunnelRow:
    country_code: str
    utm_source: str
    visits: int = 0
    registrations: int = 0
    trials: int = 0
    paid: int = 0

    @property
    def conversion(self) -> float | None:
        """Paid per visit, as a fraction; None without visits."""
        return self.paid / self.visits if self.visits else None


def funnel(counts: list[FunnelCount]) -> tuple[list[FunnelRow], FunnelRow]:
    """Rows by (country, utm source), most visits first, and the total row."""
    step_of = {event: step for step, event in FUNNEL_STEPS}
    rows: dict[tuple[str, str], FunnelRow] = {}
    total = FunnelRow("ALL", "ALL")
    for c in counts:
        step = step_of.get(c.event)
        if step is None:
            continue
        source = c.utm_source or NO_SOURCE
        row = rows.setdefault((c.country_code, source), FunnelRow(c.country_code, source))
        setattr(row, step, getattr(row, step) + c.transactions)
        setattr(total, step, getattr(total, step) + c.transactions)
    ordered = sorted(
        rows.values(), key=lambda r: (-r.visits, -r.paid, r.country_code, r.utm_source)
    )
    return ordered, total
