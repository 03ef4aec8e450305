"""What the operator console reads (docs/operator-console.md): typed read models, one per row or answer,
with the values as they are (datetime, date, Decimal) and snake_case names. The repositories
(core/adapters/db/console_reads.py, revenue_reads.py) and the console's use cases (core/services/ops/) answer
them; bff/resources/ops/ schemas dump them, and only there do names become camelCase and values text."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from core.domain.payment_history import Payment, PaymentEvent
from core.domain.staff import AuditEntry
from core.domain.subscriptions import Subscription


@dataclass(frozen=True)
class ParentFound:
    """One search result."""

    id: int
    email: str
    name: str
    partner: str | None
    partner_alias: str | None
    created_at: datetime
    deleted_at: datetime | None
    is_email_confirmed: bool


@dataclass(frozen=True)
class AccountRecord:
    """Every column of an account but the password hash."""

    id: int
    email: str
    name: str
    language: str
    language_chosen: bool
    country_code: str | None
    is_email_confirmed: bool
    is_email_fake: bool
    partner: str | None
    env: str | None
    promo_accepted_at: datetime | None
    terms_accepted_at: datetime | None
    utm: dict[str, Any] | None
    created_at: datetime
    partner_alias: str | None
    terms_version: str | None
    promo_consent_version: str | None
    deleted_at: datetime | None
    pending_email: str | None
    pending_email_at: datetime | None
    failed_logins: int
    login_blocked_until: datetime | None
    last_login_attempt_at: datetime | None


@dataclass(frozen=True)
class RedeemedCoupon:
    code: str
    coupon_type: str | None
    duration_code: str | None
    product: str | None
    redeemed_at: datetime | None


@dataclass(frozen=True)
class SentEmail:
    """An e-mail of the outbox, with its delivery status."""

    id: int
    topic: str
    created_at: datetime
    delivered_at: datetime | None
    attempts: int
    last_error: str | None
    dead_at: datetime | None
    discarded_at: datetime | None

    @property
    def status(self) -> str:
        if self.delivered_at:
            return "delivered"
        if self.discarded_at:
            return "discarded"
        if self.dead_at:
            return "dead"
        return "retrying" if self.attempts else "pending"


@dataclass(frozen=True)
class ConsentGiven:
    kind: str
    version: str
    granted: bool
    at: datetime


@dataclass(frozen=True)
class ParentSession:
    id: int
    created_at: datetime
    expires_at: datetime
    last_used_at: datetime | None
    payload: str | None


@dataclass(frozen=True)
class TvLinkSeen:
    id: int
    claimed_at: datetime | None
    collected_at: datetime | None


@dataclass(frozen=True)
class Throttle:
    failures: int
    blocked_until: datetime | None
    last_attempt_at: datetime | None
    blocked: bool


@dataclass(frozen=True)
class ConsoleSubscription:
    """A subscription as the console shows it: the subscription, how the parent cancels it, and whether its
    time is up now."""

    subscription: Subscription
    cancel: dict[str, str]
    is_expired: bool


@dataclass(frozen=True)
class TimelineEvent:
    """One dated event of the parent page: kind and detail are data; `state`, when there is one, is a key
    the console translates."""

    at: datetime
    kind: str
    detail: str | None
    state: str | None = None


@dataclass(frozen=True)
class ParentPage:
    account: AccountRecord
    subscriptions: list[ConsoleSubscription]
    coupons_redeemed: list[RedeemedCoupon]
    emails: list[SentEmail]
    consents: list[ConsentGiven]
    sessions: list[ParentSession]
    tv_links: list[TvLinkSeen]
    child_profiles: int
    throttle: Throttle
    audit: list[AuditEntry]
    payments: list[Payment]
    payment_events: list[PaymentEvent]
    timeline: list[TimelineEvent]


@dataclass(frozen=True)
class DeadLetter:
    id: int
    kind: str
    topic: str
    account_id: int | None
    attempts: int
    last_error: str | None
    created_at: datetime
    dead_at: datetime


@dataclass(frozen=True)
class LoggedWebhook:
    """A gateway webhook of the log; `paid_through` and `next_billing_date` are what a replay applies."""

    id: int
    kind: str
    gateway_id: str
    occurred_at: datetime
    received_at: datetime | None
    transaction_id: str | None
    amount: Decimal | None
    currency: str | None
    outcome: str | None
    replays: int
    provider_kind: str | None
    paid_through: datetime | None = None
    next_billing_date: datetime | None = None


@dataclass(frozen=True)
class Replayed:
    subscription_id: int
    state: str
    end_date: datetime | None


@dataclass(frozen=True)
class ActivePlan:
    payment_plan_id: str | None
    subscription_type: str
    currency: str | None
    store_id: str
    payment_state_id: str
    count: int


@dataclass(frozen=True)
class RecurringSum:
    currency: str
    duration_code: str
    count: int
    total: Decimal


@dataclass(frozen=True)
class Mrr:
    currency: str
    amount: Decimal


@dataclass(frozen=True)
class ChurnMonth:
    month: str  # YYYY-MM, UTC
    cancellations: int
    expiries: int


@dataclass(frozen=True)
class PastDue:
    subscription_id: int
    account_id: int
    subscription_type: str
    amount: Decimal | None
    currency: str | None
    since: datetime
    access_ends: datetime


@dataclass(frozen=True)
class RecoveryMonth:
    month: str  # YYYY-MM of the failed charge, UTC
    currency: str | None
    went_past_due: int
    recovered: int
    recovered_amount: Decimal
    rate: Decimal  # recovered / went past due, 4 places


@dataclass(frozen=True)
class RevenueOverview:
    active_by_plan: list[ActivePlan]
    mrr: list[Mrr]
    trials_running: int
    churn_by_month: list[ChurnMonth]
    past_due: list[PastDue]
    recovery_by_month: list[RecoveryMonth]


@dataclass(frozen=True)
class FunnelDay:
    """One UTC day, origin and utm campaign of the analytics funnel."""

    day: date
    origin: str
    campaign: str
    start_free_trial: int = 0
    click_register: int = 0
    registered: int = 0
    payment_done: int = 0


@dataclass(frozen=True)
class CohortWeek:
    """Trials begun in one UTC week (from Monday), how many were then charged, and the rate."""

    week: date
    trials: int
    converted: int
    rate: Decimal  # converted / trials, 4 places


@dataclass(frozen=True)
class CampaignDay:
    day: date  # UTC
    redeemed: int
    converted: int


@dataclass(frozen=True)
class CampaignReport:
    issued: int
    redeemed: int
    converted: int
    by_day: list[CampaignDay]


@dataclass(frozen=True)
class StaffListed:
    id: int
    email: str
    role: str
    created_at: datetime
    disabled_at: datetime | None
    sessions: int  # live sessions


@dataclass(frozen=True)
class MaintenanceState:
    on: bool
    source: str  # stored | default


@dataclass(frozen=True)
class HolidayState:
    starts: date | None
    ends: date | None
    coupon: str | None
    active_today: bool
    source: str  # stored | default


@dataclass(frozen=True)
class SiteView:
    maintenance: MaintenanceState
    holiday_promo: HolidayState
    refresh_seconds: float
    history: list[dict[str, Any]]
