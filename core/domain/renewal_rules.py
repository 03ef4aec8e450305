"""Renewal rules per country, in one table (docs/consumer-law-renewal.md#the-table).

What a renewing plan must do where the parent lives: a yearly plan that continues month by month after
its first term (Germany, the Netherlands), the renewal notice with its boxed deadline (France), the
yearly reminder, the acknowledgement e-mail and the kept proof of consent (the US). The services read
`rule_for(country)` and never test a country code themselves; a country the table does not name gets
`DEFAULT_RULE` (renewal as agreed, the trial reminder only).

Every time here is measured from the renewal: the parent can stop it until `CANCEL_BEFORE` before
(docs/product.md#constants: "at least 24 hours before trial end or renewal"), the last moment to
refuse the renewal, which the e-mails show as its date.
"""

from __future__ import annotations

from calendar import monthrange
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from enum import StrEnum

from core.domain.catalogue import YEARLY
from core.domain.subscriptions import HIDDEN_STATES, WEB_STORE, Subscription

CANCEL_BEFORE = timedelta(hours=24)


class ReminderKind(StrEnum):
    """The reminder e-mails the subscription clock sends (their outbox topics), each once per
    (subscription, kind, renewal day), which the database enforces."""

    TRIAL_ENDING = "trial_ending"
    CONTINUES_MONTHLY = (
        "renewal_continues_monthly"  # DE, NL: the yearly plan goes on month by month
    )
    RENEWAL_NOTICE = "renewal_notice"  # FR, L215-1: the deadline to refuse the renewal, boxed
    YEARLY_REMINDER = "renewal_yearly_reminder"  # US: ROSCA, Cal. Bus. & Prof. Code § 17602


def months_before(moment: datetime, months: int) -> datetime:
    """The same time `months` calendar months earlier; the 31st becomes the month's last day."""
    index = moment.year * 12 + moment.month - 1 - months
    year, month = divmod(index, 12)
    day = min(moment.day, monthrange(year, month + 1)[1])
    return moment.replace(year=year, month=month + 1, day=day)


@dataclass(frozen=True)
class Before:
    """A span before a moment, in calendar months and days."""

    months: int = 0
    days: int = 0

    def of(self, moment: datetime) -> datetime:
        return months_before(moment, self.months) - timedelta(days=self.days)


@dataclass(frozen=True)
class ReminderTiming:
    """When a renewal reminder goes out, counted back from the deadline (renewal - CANCEL_BEFORE).

    The clock sends it from `send_from` on; sent by `on_time_until` it met the law's window
    (`legal_earliest` is the earliest the law allows, kept here so a test holds `send_from` inside it).
    Later, up to the deadline, it still goes out (the parent should know) but is recorded as late."""

    kind: ReminderKind
    send_from: Before
    on_time_until: Before
    legal_earliest: Before | None = None


# France, L215-1: "au plus tôt trois mois et au plus tard un mois avant le terme de la période autorisant
# le rejet de la reconduction": we send two months before the deadline, a month of margin either side.
RENEWAL_NOTICE = ReminderTiming(
    ReminderKind.RENEWAL_NOTICE,
    send_from=Before(months=2),
    on_time_until=Before(months=1),
    legal_earliest=Before(months=3),
)
# US, Cal. Bus. & Prof. Code § 17602: for an initial term of a year or more, notice 15 to 45 days
# before the renewal; we send 30 days before the deadline.
YEARLY_REMINDER = ReminderTiming(
    ReminderKind.YEARLY_REMINDER,
    send_from=Before(days=30),
    on_time_until=Before(days=15),
    legal_earliest=Before(days=45),
)
# Germany, the Netherlands: the switch to monthly billing is announced (and made at the gateway) 30
# days before the renewal; the law sets no window, the announcement is ours (docs/consumer-law-renewal.md#decisions).
CONTINUES_MONTHLY = ReminderTiming(
    ReminderKind.CONTINUES_MONTHLY,
    send_from=Before(days=30),
    on_time_until=Before(days=7),
)


@dataclass(frozen=True)
class RenewalRule:
    """What the law of one country asks of a renewing subscription (docs/consumer-law-renewal.md#the-table)."""

    country: str  # ISO 3166-1 alpha-2; "" for the default
    yearly_continues_monthly: bool = False  # no silent renewal for another fixed year
    renewal_timing: ReminderTiming | None = None  # the reminder before a yearly renewal, if any
    late_notice_frees: bool = False  # without the notice in time, the parent may leave at any time
    terms_acknowledgement: bool = False  # the receipt states the renewal terms and how to cancel
    consent_proof_years: int = (
        0  # keep the purchase consent at least this long after the purchase...
    )
    consent_proof_after_end_years: int = 0  # ...and this long after the contract ended, if later
    sources: tuple[str, ...] = ()

    def renewal_reminder_kind(self) -> ReminderKind | None:
        return self.renewal_timing.kind if self.renewal_timing else None


DEFAULT_RULE = RenewalRule(country="")

RULES: Mapping[str, RenewalRule] = {
    rule.country: rule
    for rule in (
        RenewalRule(
            "DE",
            yearly_continues_monthly=True,
            renewal_timing=CONTINUES_MONTHLY,
            sources=("§ 309 Nr. 9 BGB",),
        ),
        RenewalRule(
            "NL",
            yearly_continues_monthly=True,
            renewal_timing=CONTINUES_MONTHLY,
            sources=("art. 6:236 sub j BW",),
        ),
        RenewalRule(
            "FR",
            renewal_timing=RENEWAL_NOTICE,
            late_notice_frees=True,
            sources=("art. L215-1 Code de la consommation",),
        ),
        RenewalRule(
            "US",
            renewal_timing=YEARLY_REMINDER,
            terms_acknowledgement=True,
            consent_proof_years=3,
            consent_proof_after_end_years=1,
            sources=(
                "15 U.S.C. § 8403 (ROSCA)",
                "Cal. Bus. & Prof. Code §§ 17602, 17602.2 (AB 2863)",
            ),
        ),
    )
}


def rule_for(country: str | None) -> RenewalRule:
    return RULES.get((country or "").upper(), DEFAULT_RULE)


def refusal_deadline(renewal_at: datetime) -> datetime:
    """The last moment a cancellation stops this renewal."""
    return renewal_at - CANCEL_BEFORE


@dataclass(frozen=True)
class DueReminder:
    """A renewal reminder the clock must send now. `period` (the renewal day) with the kind and the
    subscription is its once-only key."""

    kind: ReminderKind
    period: date
    renewal_at: datetime
    deadline: datetime  # shown in the e-mail (France: in a box)
    on_time: bool


def due_renewal_reminder(
    rule: RenewalRule, duration_code: str | None, renewal_at: datetime, now: datetime
) -> DueReminder | None:
    """The reminder a renewing subscription of `duration_code` renewing at `renewal_at` needs at `now`
    under `rule`, or None. Only yearly plans get one; none once the deadline has passed."""
    timing = rule.renewal_timing
    if timing is None or duration_code != YEARLY:
        return None
    deadline = refusal_deadline(renewal_at)
    if not timing.send_from.of(deadline) <= now < deadline:
        return None
    return DueReminder(
        kind=timing.kind,
        period=renewal_at.date(),
        renewal_at=renewal_at,
        deadline=deadline,
        on_time=now <= timing.on_time_until.of(deadline),
    )


def continues_monthly(rule: RenewalRule, duration_code: str | None) -> bool:
    """At its renewal this plan must go on month by month (the catalogue's monthly price) instead of
    renewing for another fixed year."""
    return rule.yearly_continues_monthly and duration_code == YEARLY


def free_to_leave(
    rule: RenewalRule,
    duration_code: str | None,
    renewed_at: datetime | None,
    notice_on_time: bool,
    now: datetime,
) -> bool:
    """France, L215-1: a yearly plan renewed (at `renewed_at`) without the notice sent in its window
    may be ended by the parent at any time from the renewal on (early end, unused time refunded)."""
    return (
        rule.late_notice_frees
        and duration_code == YEARLY
        and renewed_at is not None
        and now >= renewed_at
        and not notice_on_time
    )


def consent_proof_until(rule: RenewalRule, purchased_at: datetime, ended_at: datetime) -> datetime:
    """The end of the time the proof of a purchase consent must be kept for a contract that ended:
    `consent_proof_years` after the purchase or `consent_proof_after_end_years` after the end, the later."""
    return max(
        months_before(purchased_at, -12 * rule.consent_proof_years),
        months_before(ended_at, -12 * rule.consent_proof_after_end_years),
    )


def must_keep_consent_proof(
    rule: RenewalRule, purchased_at: datetime, ended_at: datetime | None, now: datetime
) -> bool:
    """The proof of the purchase consent must still be kept at `now`: always while the contract runs
    (`ended_at` None), then until `consent_proof_until`. False where the rule asks for no proof."""
    if not rule.consent_proof_years:
        return False
    return ended_at is None or now < consent_proof_until(rule, purchased_at, ended_at)


def purchase_span(
    subscriptions: list[Subscription],
) -> tuple[datetime | None, datetime | None]:
    """The first web purchase and the latest end of a web subscription of an account (None, None
    when it bought nothing on the web): the bounds of `consent_proof_until`."""
    bought = [
        s
        for s in subscriptions
        if s.store_id == WEB_STORE and s.payment_state_id not in HIDDEN_STATES and s.created_at
    ]
    starts = [s.created_at for s in bought if s.created_at is not None]
    ends = [s.end_date for s in bought if s.end_date is not None]
    return (min(starts) if starts else None, max(ends) if ends else None)
