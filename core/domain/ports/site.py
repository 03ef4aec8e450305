"""Ports for the public site: analytics events, contact messages, newsletter sign-ups and the
runtime switches operators set."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol

from core.domain.analytics import AnalyticsEvent, FunnelCount
from core.domain.contact import ContactMessage
from core.domain.newsletter import NewsletterSignup


class AnalyticsLog(Protocol):
    def add(self, event: AnalyticsEvent) -> AnalyticsEvent | None:
        """Store an event; None if the same one (transaction, event, timestamp) is stored already."""

    def get(self, event_id: int) -> AnalyticsEvent | None: ...
    def funnel_counts(self, start: datetime, end: datetime) -> list[FunnelCount]:
        """Distinct transactions per (country, utm source, event) received in [start, end)."""


class ContactMessages(Protocol):
    def add(self, message: ContactMessage) -> ContactMessage: ...
    def get(self, message_id: int) -> ContactMessage | None: ...
    def for_account(self, account_id: int, email: str) -> list[ContactMessage]:
        """Sent while logged in, or from the account's address."""


class NewsletterList(Protocol):
    def add(self, signup: NewsletterSignup) -> bool:
        """Insert; False if the address is saved already (the database decides)."""

    def by_email(self, email: str) -> NewsletterSignup | None: ...


class SiteSwitchStore(Protocol):
    """Runtime site switches an operator set (core/services/site_switches.py)."""

    def load(self) -> dict[str, dict[str, Any]]:
        """name -> value of every switch set (the others keep the environment's default)."""

    def save(
        self, name: str, value: dict[str, Any] | None, changed_by: str, reason: str, at: datetime
    ) -> None:
        """Set (value) or clear (None) one switch, and record the change with who and why."""

    def history(self, limit: int) -> list[dict[str, Any]]:
        """The latest changes first: name, value, changed_at, changed_by, reason."""
