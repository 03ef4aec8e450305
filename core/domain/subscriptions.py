"""Subscriptions and what "premium" means (SPEC sections 3 and 4)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

FREE_CAMPAIGN = "Free_Campaign"
TRIAL_DAYS = 7


@dataclass
class Subscription:
    account_id: int
    subscription_type: str
    duration_code: str
    store_id: str
    payment_state_id: str
    end_date: datetime | None = None
    next_billing_date: datetime | None = None
    payment_plan_id: str | None = None
    payment_plan_price: Decimal | None = None
    currency: str | None = None
    is_renewing: bool = True
    payment_method: str | None = None
    coupon: str | None = None
    platform_purchase_id: str | None = None
    cancelled_at: datetime | None = None
    created_at: datetime | None = None
    id: int | None = None

    def is_expired(self, now: datetime) -> bool:
        return self.end_date is not None and self.end_date <= now


def is_premium(subscriptions: list[Subscription], now: datetime) -> bool:
    """Premium means at least one non-expired subscription."""
    return any(not s.is_expired(now) for s in subscriptions)
