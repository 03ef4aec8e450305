"""Ports for subscriptions and coupons."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Protocol

from core.domain.coupons import Coupon
from core.domain.purchases import AddResult
from core.domain.subscriptions import Subscription


class SubscriptionRepository(Protocol):
    def add(self, subscription: Subscription) -> Subscription: ...
    def add_unique(self, subscription: Subscription, takes_trial: bool = False) -> AddResult:
        """Insert a pending purchase with its claims on apps (and on the account's trial), all or nothing;
        the database decides which of two racing purchases wins (core.domain.purchases)."""

    def claim_holder(
        self, account_id: int, apps: Iterable[str], except_id: int | None = None
    ) -> int | None:
        """The subscription holding a claim on one of `apps`, other than `except_id`."""

    def stale_pending(self, created_before: datetime, limit: int) -> list[Subscription]:
        """Purchases still pending that were started before `created_before`."""

    def forget_key(self, subscription_id: int) -> None:
        """Drop an expired idempotency key so the account may use it again."""

    def for_account(self, account_id: int) -> list[Subscription]: ...
    def get(self, subscription_id: int) -> Subscription | None: ...
    def by_gateway_id(self, gateway_id: str) -> Subscription | None: ...
    def by_idempotency_key(self, key: str) -> Subscription | None: ...
    def save(self, subscription: Subscription) -> None: ...
    def due_to_expire(self, now: datetime, limit: int) -> list[Subscription]: ...
    def trials_ending(self, after: datetime, until: datetime, limit: int) -> list[Subscription]:
        """Trials ending in (after, until] whose reminder is not written yet."""

    def mark_trial_reminded(self, subscription_id: int, now: datetime) -> bool:
        """Atomically note the trial reminder; False if it was already noted (the database decides)."""

    def past_due_since(self, paid_through: datetime, limit: int) -> list[Subscription]:
        """Past-due subscriptions whose paid time ended on or before `paid_through`."""

    def claim_retry(self, subscription_id: int, now: datetime, stale_before: datetime) -> bool:
        """Atomically claim the retry of a past-due subscription's charge: False when it is not past due or
        another retry holds a claim taken after `stale_before` (the database decides)."""

    def release_retry(self, subscription_id: int) -> None:
        """Drop the retry claim (the retry was answered)."""


class CouponRepository(Protocol):
    def by_code(self, code: str) -> Coupon | None: ...
    def add(self, coupon: Coupon) -> Coupon: ...
    def used_by(self, coupon: Coupon, account_id: int) -> bool: ...
    def redeem(self, coupon: Coupon, account_id: int, now: datetime) -> bool:
        """Atomically record a redemption: False if a single-use code was already
        spent or this account already used a campaign code. The database decides."""

    def release(self, coupon: Coupon, account_id: int) -> None:
        """Undo a redemption whose payment failed."""
