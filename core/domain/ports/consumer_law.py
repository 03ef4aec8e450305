"""Ports for consumer-law records: public declarations, withdrawals and renewal reminders."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from typing import Protocol

from core.domain.contract_cancellations import Declaration
from core.domain.subscriptions import Subscription
from core.domain.withdrawals import PurchaseConsent, Withdrawal


class Declarations(Protocol):
    """Public declarations to end a contract (core/domain/contract_cancellations.py)."""

    def add(self, declaration: Declaration) -> Declaration: ...
    def get(self, declaration_id: int) -> Declaration | None: ...
    def by_receipt(self, receipt_hash: str) -> Declaration | None: ...
    def save(self, declaration: Declaration) -> None: ...
    def mark_done(self, declaration_id: int, declaration: Declaration) -> bool:
        """Set status done with handled_*; False if it was done already."""

    def queue(
        self, status: str | None, kind: str | None, before_id: int | None, limit: int
    ) -> list[Declaration]:
        """Newest first."""

    def for_account(self, account_id: int, email: str) -> list[Declaration]:
        """The declarations matched to the account or made with its address, oldest first (the data export)."""


class WithdrawalLog(Protocol):
    """Express requests answered at checkout and withdrawal declarations (core.domain.withdrawals)."""

    def add_consent(self, consent: PurchaseConsent) -> bool: ...
    def consent_for(self, subscription_id: int) -> PurchaseConsent | None: ...
    def add(self, withdrawal: Withdrawal) -> bool:
        """Insert unless the subscription was withdrawn from already (the database decides)."""

    def for_subscription(self, subscription_id: int) -> Withdrawal | None: ...
    def for_account(self, account_id: int) -> list[Withdrawal]: ...
    # The console's queue (docs/operator-console.md#public-declarations).
    def get(self, withdrawal_id: int) -> Withdrawal | None: ...
    def queue(
        self, handled: bool | None, before_id: int | None, limit: int
    ) -> list[Withdrawal]: ...
    def mark_handled(self, withdrawal: Withdrawal) -> bool:
        """Record who, when and why unless it was handled already (the database decides)."""

    def refunds_to_retry(
        self, declared_before: datetime, now: datetime, limit: int
    ) -> list[Withdrawal]:
        """Declarations (made before `declared_before`) owing a refund with no withdrawal refund or void
        succeeded or refused yet, whose next retry is due (docs/consumer-law-withdrawal.md#retried-refunds)."""

    def claim_refund_retry(self, withdrawal_id: int, attempts: int, retry_at: datetime) -> bool:
        """Take the next retry: attempts + 1 and the time of the one after, if `attempts` still stands
        (a conditional UPDATE: of two beat workers one wins)."""


class ReminderLog(Protocol):
    """Renewal reminders sent (core.domain.renewal_rules), each once per subscription, kind and renewal day."""

    def yearly_renewals(
        self, countries: Iterable[str], after: datetime, until: datetime, limit: int
    ) -> list[tuple[Subscription, str]]:
        """Renewing yearly web subscriptions of accounts in `countries` renewing in (after, until], with
        no reminder recorded yet for a renewal from `after`'s day on; each with its account's country."""

    def claim(
        self, subscription_id: int, kind: str, period: date, at: datetime, on_time: bool
    ) -> bool:
        """Record the reminder; False when it was already recorded (the database decides)."""

    def on_time(self, subscription_id: int, kind: str, period: date) -> bool | None:
        """Whether that reminder went out in time; None when it never went out."""

    def switched(self, subscription_id: int, period: date, at: datetime) -> None:
        """The switch to monthly billing of that renewal is done at the gateway."""

    def switches_missed(self, renewal_by: date, limit: int) -> list[tuple[int, date]]:
        """(subscription, renewal day) of the switches to monthly billing not done at the gateway whose
        renewal day is `renewal_by` or earlier, of subscriptions still renewing."""

    def mark_missed(self, subscription_id: int, period: date, at: datetime) -> bool:
        """Record that the clock found that switch missing; True only the first time (conditional UPDATE)."""
