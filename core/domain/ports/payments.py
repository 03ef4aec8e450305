"""Ports for the payment records: charges and refunds, billing documents, webhooks applied,
payment-method updates and dunning steps. The payment gateway's own port is core/domain/payments.py."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any, Protocol

from core.domain.billing_documents import BillingDocument
from core.domain.payment_history import Payment, PaymentEvent
from core.domain.subscriptions import Subscription


@dataclass(frozen=True)
class UpdateRecord:
    """A payment-method update under an Idempotency-Key: its outcome, None while under way."""

    subscription_id: int
    fingerprint: str
    outcome: str | None
    created_at: datetime


class PaymentMethodUpdates(Protocol):
    def start(self, key: str, subscription_id: int, fingerprint: str, now: datetime) -> bool:
        """Record an update under way with `key`; False if the key was used before (the database decides)."""

    def find(self, key: str) -> UpdateRecord | None: ...
    def finish(self, key: str, outcome: str) -> None: ...
    def forget(self, key: str) -> None:
        """Drop the key (the gateway did not answer, or the key expired): the same request may go again."""


class WebhookLog(Protocol):
    def first_time(
        self,
        kind: str,
        gateway_id: str,
        occurred_at: datetime,
        now: datetime,
        details: dict[str, Any] | None = None,
    ) -> bool:
        """Record a webhook; False if the same one was already applied."""


class PaymentHistory(Protocol):
    """Charges and their refunds, voids and disputes (core.domain.payment_history)."""

    def record_charge(self, payment: Payment) -> bool:
        """Insert unless its transaction is recorded already (the database decides)."""

    def by_transaction(self, transaction_id: str) -> Payment | None: ...
    def for_subscription(self, subscription_id: int) -> list[Payment]: ...
    def reserve(self, payment_id: int, amount: Decimal) -> bool:
        """Atomically add `amount` to the refunded amount of a charge that is not voided; False when
        that would exceed what was charged (the database decides)."""

    def release(self, payment_id: int, amount: Decimal) -> None:
        """Give back a reservation whose refund the gateway refused."""

    def mark_voided(self, payment_id: int) -> None: ...
    def add_event(self, event: PaymentEvent) -> bool:
        """Insert unless an event with its operation key exists (the database decides)."""

    def event_by_key(self, operation_key: str) -> PaymentEvent | None: ...
    def save_event(self, event: PaymentEvent) -> None: ...
    def events(
        self,
        subscription_id: int | None = None,
        transaction_id: str | None = None,
        account_id: int | None = None,
    ) -> list[PaymentEvent]:
        """Oldest first, filtered by each argument given."""


class BillingDocuments(Protocol):
    """Receipts and credit notes (core.domain.billing_documents)."""

    def issue(self, document: BillingDocument) -> bool:
        """Give the document the next number of its series and insert it, in the caller's transaction;
        False (nothing written, no number used) when its charge already has a receipt or its refund a
        credit note (the database decides)."""

    def receipt_of(self, payment_id: int) -> BillingDocument | None: ...
    def for_account(self, account_id: int) -> list[BillingDocument]:
        """Oldest first."""

    def get(self, document_id: int) -> BillingDocument | None: ...
    def by_number(self, series: str, number: int) -> BillingDocument | None: ...
    def issued_between(self, start: datetime, end: datetime) -> list[BillingDocument]: ...


class DunningLog(Protocol):
    """Dunning steps done (core.domain.dunning), each once per subscription, step and episode."""

    def past_due(self, limit: int, after_id: int = 0) -> list[Subscription]:
        """Renewing past-due web subscriptions with an id above `after_id`, by id (pages of `limit`)."""

    def claim(
        self,
        sub: Subscription,
        step: str,
        episode: str,
        at: datetime,
        outcome: str,
        amount: Decimal | None = None,
    ) -> bool:
        """Record the step; False when it was already recorded (the database decides)."""

    def settle(self, subscription_id: int, step: str, episode: str, outcome: str) -> None: ...
    def charge_since(self, subscription_id: int, since: datetime) -> tuple[Decimal, str] | None: ...
    def open_episodes(self, limit: int) -> list[tuple[Subscription, str, datetime]]: ...
    def cards_expiring(self, expiry: str, episode: str, limit: int) -> list[Subscription]: ...
    def for_account(self, account_id: int) -> list[dict[str, Any]]: ...
    def recovery_by_month(self, since_episode: str) -> list[dict[str, Any]]: ...
