"""What the domain needs from the outside world, as Protocols.

Adapters in core.adapters implement them; tests use in-memory fakes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from typing import Any, Protocol

from core.domain.accounts import Account
from core.domain.analytics import AnalyticsEvent, FunnelCount
from core.domain.billing_documents import BillingDocument
from core.domain.children import ChildProfile
from core.domain.consents import ConsentRecord
from core.domain.contact import ContactMessage
from core.domain.contract_cancellations import Declaration
from core.domain.coupons import Coupon
from core.domain.grants import GrantRequest
from core.domain.login_throttle import LoginState
from core.domain.newsletter import NewsletterSignup
from core.domain.ops_reads import (
    AccountRecord,
    ActivePlan,
    CampaignReport,
    ChurnMonth,
    ConsentGiven,
    DeadLetter,
    LoggedWebhook,
    ParentFound,
    ParentSession,
    RecurringSum,
    RedeemedCoupon,
    SentEmail,
    TvLinkSeen,
)
from core.domain.parental_settings import AppSettings
from core.domain.payment_history import Payment, PaymentEvent
from core.domain.purchases import AddResult
from core.domain.staff import AuditEntry, AuditFilter, StaffMember
from core.domain.subscriptions import Subscription
from core.domain.tokens import Purpose, StoredToken
from core.domain.tv_links import TvLink
from core.domain.withdrawals import PurchaseConsent, Withdrawal

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


class AccountRepository(Protocol):
    def add(self, account: Account) -> Account: ...
    def get(self, account_id: int) -> Account | None: ...
    def by_email(self, email: str) -> Account | None: ...
    def by_alias(self, alias: str) -> Account | None: ...
    def save(self, account: Account) -> None: ...
    def login_state(self, account_id: int) -> LoginState: ...
    def count_login_attempt(self, account_id: int, seen_failures: int, new: LoginState) -> bool:
        """Write `new` only if the count is still `seen_failures` (the database settles parallel logins)."""

    def logged_in(
        self, account_id: int, country_code: str, password_hash: str | None = None
    ) -> None:
        """A successful login: clear the failed-login count, note the country (and a re-hashed password)."""


class TokenRepository(Protocol):
    def add(self, token: StoredToken) -> None: ...
    def live(self, token_hash: str, purpose: Purpose, now: datetime) -> StoredToken | None: ...
    def live_session(
        self, token_hash: str, now: datetime, idle_since: datetime | None = None
    ) -> tuple[Account, datetime] | None:
        """(the account, last use) of a live session token used after `idle_since`, in one query."""

    def live_session_with_subscriptions(
        self, token_hash: str, now: datetime, idle_since: datetime | None = None
    ) -> tuple[Account, datetime, list[tuple[Subscription, str | None]]] | None:
        """As `live_session`, plus the account's subscriptions (by id), each with its coupon's duration
        code (None without a coupon), in the same single query."""

    def touch(self, token_hash: str, now: datetime, unless_since: datetime) -> None:
        """Note a use of the token now, unless one after `unless_since` is noted already."""

    def consume(self, token_hash: str, purpose: Purpose, now: datetime) -> StoredToken | None:
        """Atomically mark a live single-use token used; None if it was not live."""

    def revoke(self, token_hash: str, now: datetime) -> None: ...
    def revoke_all(
        self, account_id: int, purpose: Purpose, now: datetime, keep_hash: str | None = None
    ) -> None: ...


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
    def first_time(
        self,
        kind: str,
        gateway_id: str,
        occurred_at: datetime,
        now: datetime,
        details: dict[str, Any] | None = None,
    ) -> bool:
        """Record a webhook; False if the same one was already applied."""


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


class AnalyticsLog(Protocol):
    def add(self, event: AnalyticsEvent) -> AnalyticsEvent | None:
        """Store an event; None if the same one (transaction, event, timestamp) is stored already."""

    def get(self, event_id: int) -> AnalyticsEvent | None: ...
    def funnel_counts(self, start: datetime, end: datetime) -> list[FunnelCount]:
        """Distinct transactions per (country, utm source, event) received in [start, end)."""


class ChildRepository(Protocol):
    def for_account(self, account_id: int) -> list[ChildProfile]: ...
    def get(self, account_id: int, child_id: int) -> ChildProfile | None:
        """The profile only if it belongs to that account."""

    def add(self, child: ChildProfile, limit: int) -> ChildProfile | None:
        """Insert into a free slot (1..limit); None when every slot is taken (the database decides)."""

    def save(self, child: ChildProfile) -> None: ...
    def delete(self, child_id: int) -> None:
        """The profile and its settings."""

    def settings(self, child_ids: list[int]) -> dict[tuple[int, str], AppSettings]:
        """Saved settings by (child id, app); never-saved ones are absent."""

    def save_settings(self, child_id: int, app: str, settings: AppSettings) -> None: ...


class TvLinkRepository(Protocol):
    def add(self, link: TvLink, now: datetime) -> bool:
        """Insert; False if a live link holds the same PIN (the database decides). Expired links with
        that PIN, and any link expired for a day, are removed first."""

    def by_poll_hash(self, poll_hash: str) -> TvLink | None: ...
    def claim(self, pin_hash: str, account_id: int, now: datetime, collect_by: datetime) -> bool:
        """Atomically give a live, unclaimed PIN to an account and free the PIN; False otherwise."""

    def collect(self, link_id: int, now: datetime) -> bool:
        """Atomically mark a claimed link's token handed over; False if it already was."""


class ConsentLog(Protocol):
    def add(self, record: ConsentRecord) -> None: ...
    def for_account(self, account_id: int) -> list[ConsentRecord]: ...


class ContactMessages(Protocol):
    def add(self, message: ContactMessage) -> ContactMessage: ...
    def get(self, message_id: int) -> ContactMessage | None: ...
    def for_account(self, account_id: int, email: str) -> list[ContactMessage]:
        """Sent while logged in, or from the account's address."""


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


class NewsletterList(Protocol):
    def add(self, signup: NewsletterSignup) -> bool:
        """Insert; False if the address is saved already (the database decides)."""

    def by_email(self, email: str) -> NewsletterSignup | None: ...


class PersonalData(Protocol):
    """Reads and erasure across tables, for the parent's data rights."""

    def coupons_redeemed(self, account_id: int) -> list[tuple[str, datetime]]: ...
    def sessions(self, account_id: int, now: datetime) -> list[StoredToken]: ...
    def erase(self, account_id: int, email: str, keep_consent_proof: bool = False) -> None:
        """Delete child profiles and their settings, tokens, TV links, consent history, contact messages
        (the account's or from its address), newsletter rows of the address and the account's outbox rows.
        `keep_consent_proof`: the consent history stays (it names no one; the account is a stub after
        erasure) until the retention purge may delete it (core.services.retention)."""


class Retention(Protocol):
    """Deletes rows past their retention period; each returns how many went."""

    def purge_analytics(self, received_before: datetime) -> int: ...
    def purge_outbox(self, delivered_before: datetime) -> int: ...
    def purge_tokens(self, ended_before: datetime, idle_before: datetime) -> int: ...
    def purge_contact_messages(self, received_before: datetime) -> int: ...
    def purge_declarations(self, received_before: datetime, ended_before: datetime) -> int: ...
    def purge_withdrawals(self, received_before: datetime, ended_before: datetime) -> int: ...
    def kept_consent_proofs(
        self, limit: int
    ) -> list[tuple[int, str, datetime, datetime | None, datetime | None]]:
        """Erased accounts whose consent history was kept as proof: (account id, country, erased at,
        first web purchase, latest end of a web subscription)."""

    def purge_consents(self, account_ids: list[int]) -> int: ...


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


class QrEncoder(Protocol):
    def svg(self, text: str) -> str:
        """A QR code of `text` as a standalone SVG document."""


# The operator console's repositories (docs/operator-console.md).


class StaffRepository(Protocol):
    def add(self, member: StaffMember) -> StaffMember: ...
    def by_email(self, email: str) -> StaffMember | None: ...
    def get(self, staff_id: int) -> StaffMember | None: ...
    def all(self) -> list[StaffMember]: ...
    def login_state(self, email_hash: str) -> LoginState: ...
    def count_login_attempt(self, email_hash: str, seen_failures: int, new: LoginState) -> bool: ...
    def clear_login_failures(self, email_hash: str) -> None: ...
    def logged_in(self, staff_id: int, totp_step: int) -> bool: ...
    def add_session(
        self, staff_id: int, token_hash: str, now: datetime, expires_at: datetime
    ) -> None: ...
    def live_session(
        self, token_hash: str, now: datetime, idle_since: datetime
    ) -> tuple[StaffMember, datetime] | None: ...
    def touch(self, token_hash: str, now: datetime) -> None: ...
    def revoke(self, token_hash: str, now: datetime) -> None: ...
    def revoke_all(self, staff_id: int, now: datetime) -> None: ...
    def set_fields(self, staff_id: int, **values: Any) -> None: ...
    def live_session_counts(self, now: datetime) -> dict[int, int]: ...


class GrantLedger(Protocol):
    def lock_parent(self, account_id: int) -> bool: ...
    def granted_days(self, account_id: int, since: datetime) -> int: ...
    def record(
        self,
        *,
        account_id: int,
        staff_id: int | None,
        role: str,
        days: int,
        subscription_id: int | None,
        at: datetime,
        request_id: int | None = None,
    ) -> None: ...
    def add_request(self, request: GrantRequest) -> GrantRequest: ...
    def get_request(self, request_id: int) -> GrantRequest | None: ...
    def requests(self, status: str | None, limit: int = 100) -> list[GrantRequest]: ...
    def decide(
        self,
        request_id: int,
        status: str,
        staff_id: int,
        staff_email: str,
        at: datetime,
        reason: str,
    ) -> bool: ...


class AuditLog(Protocol):
    def append(self, entry: AuditEntry) -> None: ...
    def entries(self, where: AuditFilter) -> list[AuditEntry]: ...


class OpsReads(Protocol):
    def search(self, kind: str, text: str, limit: int = 50) -> list[ParentFound]: ...
    def account(self, account_id: int) -> AccountRecord | None: ...
    def coupons_redeemed(self, account_id: int) -> list[RedeemedCoupon]: ...
    def emails(self, account_id: int, limit: int = 100) -> list[SentEmail]: ...
    def consents(self, account_id: int) -> list[ConsentGiven]: ...
    def sessions(self, account_id: int, now: datetime) -> list[ParentSession]: ...
    def revoke_session(self, account_id: int, session_id: int, now: datetime) -> bool: ...
    def tv_links(self, account_id: int) -> list[TvLinkSeen]: ...
    def child_profile_count(self, account_id: int) -> int: ...
    def dead_letters(self, limit: int) -> list[DeadLetter]: ...
    def discard_dead_letter(self, message_id: int, now: datetime) -> dict[str, Any] | None: ...
    def webhook_events(self, limit: int, before_id: int | None = None) -> list[LoggedWebhook]: ...
    def webhook_event(self, event_id: int) -> LoggedWebhook | None: ...
    def count_replay(self, event_id: int) -> None: ...


class RevenueReads(Protocol):
    def active_by_plan(self, now: datetime) -> list[ActivePlan]: ...
    def recurring_by_currency(self, now: datetime) -> list[RecurringSum]: ...
    def trials_running(self, now: datetime) -> int: ...
    def trial_cohorts(
        self, since: datetime, now: datetime, trial_gap_seconds: int
    ) -> list[dict[str, Any]]: ...
    def funnel(
        self, since: datetime, now: datetime, events: tuple[str, ...]
    ) -> list[dict[str, Any]]: ...
    def registrations(self, since: datetime, now: datetime) -> list[dict[str, Any]]: ...
    def churn_by_month(self, since: datetime, now: datetime) -> list[ChurnMonth]: ...
    def rolled_days(self, since_day: str) -> set[str]: ...
    def rolled_funnel(self, since_day: str, before_day: str) -> list[dict[str, Any]]: ...
    def store_rollup(self, day: str, rows: list[dict[str, Any]], at: datetime) -> None: ...


class CampaignReads(Protocol):
    def coupons(self, prefix: str, limit: int) -> list[dict[str, Any]]: ...
    def report(self, prefix: str) -> CampaignReport: ...


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


class UnitOfWork(Protocol):
    accounts: AccountRepository
    tokens: TokenRepository
    subscriptions: SubscriptionRepository
    coupons: CouponRepository
    outbox: Outbox
    webhooks: WebhookLog
    analytics: AnalyticsLog
    children: ChildRepository
    tv_links: TvLinkRepository
    consents: ConsentLog
    contact_messages: ContactMessages
    declarations: Declarations
    newsletter: NewsletterList
    personal_data: PersonalData
    retention: Retention
    payments: PaymentHistory
    billing_documents: BillingDocuments
    withdrawals: WithdrawalLog
    staff: StaffRepository
    grants: GrantLedger
    audit: AuditLog
    ops: OpsReads
    revenue: RevenueReads
    campaigns: CampaignReads
    site_switches: SiteSwitchStore
    reminders: ReminderLog
    dunning: DunningLog
    payment_method_updates: PaymentMethodUpdates

    def __enter__(self) -> UnitOfWork: ...
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

    def retry_after(self, window_seconds: int) -> int:
        """Seconds until the current window ends: when a refused attempt may be tried again."""


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
