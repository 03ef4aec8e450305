"""What the domain needs from the outside world, as Protocols.

Adapters in core.adapters implement them; tests use in-memory fakes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from core.domain.accounts import Account
from core.domain.coupons import Coupon
from core.domain.subscriptions import Subscription
from core.domain.tokens import Purpose, StoredToken


@dataclass
class OutboxMessage:
    """A side effect (e-mail, analytics event, partner call) recorded in the same
    transaction as the change that causes it, delivered later by a job."""

    kind: str  # "email", "analytics", "partner"
    topic: str  # e.g. "reset_password"
    payload: dict[str, Any] = field(default_factory=dict)
    created_at: datetime | None = None
    delivered_at: datetime | None = None
    attempts: int = 0
    last_error: str | None = None
    id: int | None = None


class AccountRepository(Protocol):
    def add(self, account: Account) -> Account: ...
    def get(self, account_id: int) -> Account | None: ...
    def by_email(self, email: str) -> Account | None: ...
    def by_alias(self, alias: str) -> Account | None: ...
    def save(self, account: Account) -> None: ...


class TokenRepository(Protocol):
    def add(self, token: StoredToken) -> None: ...
    def live(self, token_hash: str, purpose: Purpose, now: datetime) -> StoredToken | None: ...
    def consume(self, token_hash: str, purpose: Purpose, now: datetime) -> StoredToken | None:
        """Atomically mark a live single-use token used; None if it was not live."""
    def revoke(self, token_hash: str, now: datetime) -> None: ...
    def revoke_all(self, account_id: int, purpose: Purpose, now: datetime, keep_hash: str | None = None) -> None: ...


class SubscriptionRepository(Protocol):
    def add(self, subscription: Subscription) -> Subscription: ...
    def add_unique(self, subscription: Subscription) -> bool:
        """Insert unless its idempotency key exists already (the database decides)."""
    def for_account(self, account_id: int) -> list[Subscription]: ...
    def get(self, subscription_id: int) -> Subscription | None: ...
    def by_gateway_id(self, gateway_id: str) -> Subscription | None: ...
    def by_idempotency_key(self, key: str) -> Subscription | None: ...
    def save(self, subscription: Subscription) -> None: ...
    def due_to_expire(self, now: datetime, limit: int) -> list[Subscription]: ...


class CouponRepository(Protocol):
    def by_code(self, code: str) -> Coupon | None: ...
    def add(self, coupon: Coupon) -> Coupon: ...
    def used_by(self, coupon: Coupon, account_id: int) -> bool: ...
    def redeem(self, coupon: Coupon, account_id: int, now: datetime) -> bool:
        """Atomically record a redemption: False if a single-use code was already
        spent or this account already used a campaign code. The database decides."""
    def release(self, coupon: Coupon, account_id: int) -> None:
        """Undo a redemption whose payment failed."""


class WebhookLog(Protocol):
    def first_time(self, kind: str, gateway_id: str, occurred_at: datetime, now: datetime) -> bool:
        """Record a webhook; False if the same one was already applied."""


class Outbox(Protocol):
    def add(self, message: OutboxMessage) -> None: ...
    def pending_ids(self, kind: str, now: datetime, limit: int) -> list[int]: ...
    def claim(self, message_id: int, now: datetime, lease_seconds: int) -> OutboxMessage | None:
        """Atomically lease an undelivered message to one worker; None if taken or done."""
    def mark_delivered(self, message_id: int, now: datetime) -> None: ...
    def mark_failed(self, message_id: int, error: str) -> None: ...


class UnitOfWork(Protocol):
    accounts: AccountRepository
    tokens: TokenRepository
    subscriptions: SubscriptionRepository
    coupons: CouponRepository
    outbox: Outbox
    webhooks: WebhookLog

    def __enter__(self) -> "UnitOfWork": ...
    def __exit__(self, *exc: object) -> None: ...
    def commit(self) -> None: ...
    def rollback(self) -> None: ...


class PasswordHasher(Protocol):
    def hash(self, secret: str) -> str: ...
    def verify(self, stored: str, secret: str) -> bool: ...
    def needs_rehash(self, stored: str) -> bool: ...


class RateLimiter(Protocol):
    def hit(self, key: str, limit: int, window_seconds: int) -> bool:
        """Count one attempt; False when the limit for the window is exceeded."""


@dataclass(frozen=True)
class Email:
    to: str
    subject: str
    text: str
    html: str
    message_id: str
    language: str = "en"


class Mailer(Protocol):
    def send(self, email: Email) -> None: ...


class EmailTemplates(Protocol):
    def render(self, topic: str, language: str, params: dict[str, str]) -> tuple[str, str, str]:
        """(subject, plain text, html) of one e-mail in one language."""


class JobQueue(Protocol):
    def outbox_changed(self) -> None:
        """Tell the workers there is new outbox work (best effort: a beat job re-drives)."""
