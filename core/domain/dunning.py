"""Dunning: what happens, day by day, after a renewal charge failed (docs/billing.md#failed-payments-and-dunning).

A past-due *episode* starts on the day the paid time ended (`Subscription.end_date`: the billing day whose
charge failed); the grace period (`PAST_DUE_GRACE_DAYS`) counts from the same day, so the schedule and the
lapse (core/services/subscription_clock.py `expire_past_due`) read one date. Given that day and now, the
schedule says which retry and which e-mail are due; every step is done once per episode (the database
decides, core/adapters/db/dunning_repositories.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from enum import StrEnum

from core.domain.ports.messaging import OutboxMessage
from core.domain.subscriptions import Subscription


class StepKind(StrEnum):
    RETRY = "retry"  # the charge is tried again at the gateway
    EMAIL = "email"  # the parent is asked to update the payment method
    LAST_NOTICE = "last_notice"  # the e-mail before access ends
    CARD_EXPIRING = "card_expiring"  # the card on file expires next month (not part of an episode)


# An episode's own records: opened when first seen, closed once as recovered (a charge was taken after the
# failure) or lost (lapsed, cancelled, or ended otherwise). The console's recovery rate reads them.
OPENED, RECOVERED, LOST = "opened", "recovered", "lost"
CLOSING_STEPS = (RECOVERED, LOST)
# Outcomes of a step
SENT, CLAIMED, CHARGED, DECLINED, LAPSED = "sent", "claimed", "charged", "declined", "lapsed"
UNAVAILABLE = "unavailable"  # a retry the gateway did not answer, or another retry held

# The e-mail of each step, as locales/*.json "Emails" names it. Day 0 is the payment-failed e-mail the
# gateway's event already sends (core/services/subscription_effects.py): never a second one.
FIRST_EMAIL_TOPIC = "payment_failed"
REMINDER_TOPIC = "payment_reminder"
LAST_NOTICE_TOPIC = "payment_last_notice"
CARD_EXPIRING_TOPIC = "card_expiring"


@dataclass(frozen=True)
class DueStep:
    kind: StepKind
    day: int  # days after the charge failed

    @property
    def name(self) -> str:
        """The step as recorded: `retry_3`, `email_0`, `last_notice`."""
        return self.kind.value if self.kind == StepKind.LAST_NOTICE else f"{self.kind}_{self.day}"

    @property
    def topic(self) -> str:
        if self.kind == StepKind.LAST_NOTICE:
            return LAST_NOTICE_TOPIC
        return FIRST_EMAIL_TOPIC if self.day == 0 else REMINDER_TOPIC


@dataclass(frozen=True)
class Schedule:
    """The settings in one value: retry days, e-mail days, the last notice's days before the grace ends."""

    retry_days: tuple[int, ...]
    email_days: tuple[int, ...]
    last_notice_days: int
    grace_days: int

    def access_ends(self, since: datetime) -> datetime:
        """When a subscription past due since `since` lapses, unless the charge succeeds first."""
        return since + timedelta(days=self.grace_days)

    def last_notice_day(self) -> int | None:
        day = self.grace_days - self.last_notice_days
        return day if day >= 0 else None

    def due(self, since: datetime, now: datetime) -> tuple[DueStep | None, DueStep | None]:
        """(the retry due, the e-mail due) at `now` for an episode that began at `since`: each the latest
        whose day has come (a worker that was down catches up with one retry and one e-mail, not a burst),
        nothing once the grace period is over (the lapse is the clock's)."""
        if now >= self.access_ends(since) or now < since:
            return None, None
        elapsed = (now - since) // timedelta(days=1)
        retries = [d for d in self.retry_days if d <= elapsed and d < self.grace_days]
        retry = DueStep(StepKind.RETRY, retries[-1]) if retries else None
        emails = [
            DueStep(StepKind.EMAIL, d)
            for d in self.email_days
            if d <= elapsed and d < self.grace_days
        ]
        last = self.last_notice_day()
        if last is not None and last <= elapsed:
            emails.append(DueStep(StepKind.LAST_NOTICE, last))
        emails.sort(key=lambda step: (step.day, step.kind == StepKind.LAST_NOTICE))
        return retry, (emails[-1] if emails else None)


# The defaults of the settings (DUNNING_*, PAST_DUE_GRACE_DAYS): retries on days 3 and 7, e-mails on days 0, 3
# and 7, the last notice 3 days before the 14 days of grace end.
DEFAULT_SCHEDULE = Schedule(
    retry_days=(3, 7), email_days=(0, 3, 7), last_notice_days=3, grace_days=14
)


def episode(since: datetime) -> date:
    """The key of a past-due episode: the day its charge failed."""
    return since.date()


def first_of_month(day: date) -> date:
    return day.replace(day=1)


def next_month(day: date) -> date:
    return date(day.year + (day.month == 12), day.month % 12 + 1, 1)


def expiring_next_month(today: date) -> tuple[str, date]:
    """The card expiry (`MM/YYYY`, as stored) that falls next month, and that month's first day (the
    card-expiring e-mail's key: one per subscription and expiry month, sent in the month before)."""
    month = next_month(today)
    return f"{month.month:02d}/{month.year}", month


def dunning_email(sub: Subscription, topic: str, step: str) -> OutboxMessage:
    """A dunning e-mail: the amount owed and the day the failed charge was due; the date access ends and the
    signed link to the update page are added when it is composed (core/services/email_delivery.py)."""
    assert sub.end_date is not None
    price = sub.pending_price or sub.payment_plan_price
    return OutboxMessage(
        kind="email",
        topic=topic,
        payload={
            "account_id": sub.account_id,
            "subscription_id": sub.id,
            "dunning_step": step,
            "params": {
                "amount": str(price) if price is not None else "",
                "currency": sub.currency or "",
                "since": sub.end_date.date().isoformat(),
            },
        },
    )
