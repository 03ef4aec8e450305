"""Rules that keep a parent from paying twice (docs/billing.md, "One purchase per app").

- One renewing web subscription per app: a subscription *claims* the apps it covers while it renews
  (pending, trial, active, past due). The database holds one claim per (account, app), so two
  purchases that cover the same app can never both be accepted, however close together they come.
- One free trial per account: the first web purchase of an account takes the account's trial claim.
- Idempotency keys belong to one account and one request (as Stripe scopes them): the stored key is a
  hash of (account, key), the request's fingerprint is kept beside it, and a key lives 24 hours.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import timedelta
from enum import Enum

from core.domain.catalogue import covered_apps
from core.domain.subscriptions import WEB_STORE, State, Subscription

KEY_MAX_LENGTH = 64
KEY_TTL = timedelta(hours=24)
NOT_RENEWING_STATES = (State.FAILED, State.CANCELLED, State.EXPIRED, State.FREE_CAMPAIGN)


def claimed_apps(sub: Subscription) -> frozenset[str]:
    """Apps a subscription holds against a second purchase: those of a renewing web subscription,
    including a plan change that waits for the coming charge."""
    if (
        sub.store_id != WEB_STORE
        or not sub.is_renewing
        or sub.payment_state_id in NOT_RENEWING_STATES
    ):
        return frozenset()
    return covered_apps(t for t in (sub.subscription_type, sub.pending_subscription_type) if t)


def valid_key(key: str | None) -> bool:
    """A client's Idempotency-Key: 1 to 64 printable ASCII characters (no control characters)."""
    return key is None or (0 < len(key) <= KEY_MAX_LENGTH and all(" " <= ch <= "~" for ch in key))


def scoped_key(account_id: int, key: str) -> str:
    """What is stored: the key of one account, never comparable with another account's."""
    return hashlib.sha256(f"{account_id}\x00{key}".encode()).hexdigest()


def fingerprint(plan_id: str, products: list[str], coupon: str | None, nonce_kind: str) -> str:
    """The request a key was first used for: plan, add-ons, coupon and kind of payment method."""
    parts = [plan_id, ",".join(sorted(set(p for p in products if p))), coupon or "", nonce_kind]
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()


class AddOutcome(Enum):
    ADDED = "added"
    KEY_TAKEN = "key_taken"  # this account already used the key
    APPS_TAKEN = "apps_taken"  # another renewing subscription covers one of the apps
    TRIAL_TAKEN = "trial_taken"  # another first purchase took the account's free trial


@dataclass(frozen=True)
class AddResult:
    outcome: AddOutcome
    conflict_id: int | None = None  # the subscription holding the apps, for APPS_TAKEN

    @property
    def added(self) -> bool:
        return self.outcome is AddOutcome.ADDED
