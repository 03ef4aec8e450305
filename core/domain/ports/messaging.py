"""Ports for what leaves the system: the outbox, e-mail, HTTP deliveries and the job queue that
wakes the workers."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from typing import Any, Protocol

# An outbox payload with this key set is emptied once delivered: it carries personal data
# that has no other home any more (the confirmation of an account deletion, for one).
ERASE_AFTER_DELIVERY = "_erase"


@dataclass
class OutboxMessage:
    """A side effect (e-mail, analytics event, partner call) recorded in the same
    transaction as the change that causes it, delivered later by a job."""

    kind: str  # "email", "analytics", "partner", "gateway"
    topic: str  # e.g. "reset_password"
    payload: dict[str, Any] = field(default_factory=dict)
    created_at: datetime | None = None
    delivered_at: datetime | None = None
    attempts: int = 0
    last_error: str | None = None
    next_attempt_at: datetime | None = None  # not before this (retry backoff)
    dead_at: datetime | None = None  # given up after too many attempts; an operator re-queues it
    account_id: int | None = (
        None  # whose it is (also read from payload["account_id"]): erased with the account
    )
    id: int | None = None


class Outbox(Protocol):
    def add(self, message: OutboxMessage) -> None: ...
    def pending_ids(self, kinds: tuple[str, ...], now: datetime, limit: int) -> list[int]:
        """Undelivered, not dead, not leased, due: oldest first."""

    def claim(self, message_id: int, now: datetime, lease_seconds: int) -> OutboxMessage | None:
        """Atomically lease an undelivered message to one worker; None if taken, done, dead or not due."""

    def mark_delivered(self, message_id: int, now: datetime) -> None: ...
    def mark_failed(self, message_id: int, error: str, retry_at: datetime | None = None) -> None:
        """Record the error and release the lease; the next attempt waits until retry_at."""

    def mark_dead(self, message_id: int, error: str, now: datetime) -> None: ...
    def dead(self, kind: str | None, limit: int) -> list[OutboxMessage]: ...
    def requeue(self, message_id: int) -> bool:
        """Give a dead message a fresh set of attempts; False if it is not dead."""

    def forget(self, message_id: int) -> None:
        """Empty a delivered message's payload (see ERASE_AFTER_DELIVERY)."""


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

    def text(self, key: str, language: str) -> str | None:
        """One catalogue text by dotted key (e.g. "Plans.lumo_tv_monthly"), English if untranslated."""

    def format_money(self, amount: Decimal, currency: str, language: str) -> str:
        """An amount as the language writes it, with its currency ("70,90 €" in German)."""

    def format_date(self, day: date, language: str) -> str:
        """A calendar day as the language writes it ("30. November 2026" in German)."""

    def count_text(self, key: str, count: int, language: str) -> str:
        """A counted thing in the language's plural form ("3 Monate" in German): the catalogue entry
        `key` holds one text per CLDR plural category (zero one two few many other), "#" the count."""

    def format_month(self, day: date, language: str) -> str:
        """The month of a day as the language writes it ("Dezember 2026" in German)."""

    def format_datetime(self, moment: datetime, language: str) -> str:
        """A moment, to the second, with its time zone (UTC), as the language writes it."""


class DeliveryError(Exception):
    """A delivery that did not happen. `permanent`: retrying the same message cannot help
    (the receiver refused it, or nothing is configured to receive it)."""

    def __init__(self, message: str, permanent: bool = False) -> None:
        super().__init__(message)
        self.permanent = permanent


class HttpSender(Protocol):
    def post(self, url: str, body: bytes, headers: dict[str, str]) -> None:
        """POST the body; return on a 2xx answer, raise DeliveryError otherwise."""


class JobQueue(Protocol):
    def outbox_changed(self) -> None:
        """Tell the workers there is new outbox work (best effort: a beat job re-drives)."""
