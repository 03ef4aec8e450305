"""Everything a use case needs, handed in by the composition root."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import InitVar, dataclass, field
from typing import TYPE_CHECKING

from core.domain.billing_documents import BillingPolicy
from core.domain.catalogue import Catalogue
from core.domain.clock import Clock
from core.domain.dunning import DEFAULT_SCHEDULE, Schedule
from core.domain.licenses import LicenseShelf
from core.domain.login_throttle import LoginThrottle
from core.domain.payments import PaymentGateway
from core.domain.ports.family import QrEncoder
from core.domain.ports.messaging import JobQueue
from core.domain.ports.security import PasswordHasher, RateLimiter
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.site import SiteConfig
from core.domain.staff import Totp
from core.domain.three_d_secure import ThreeDSecurePolicy
from core.services.site_switches import SiteSwitches

if TYPE_CHECKING:  # email_delivery itself takes a ServiceContext
    from core.services.email_delivery import MailSetup


@dataclass(frozen=True)
class TokenPolicy:
    session_days: int = 90
    session_idle_days: int = 30  # unused this long, a session token is dead (last use noted hourly)
    reset_minutes: int = 60
    confirm_hours: int = 72
    redirect_key_seconds: int = 60
    payment_link_days: int = 7  # a payment-update link (PAYMENT_LINK_DAYS)


@dataclass(frozen=True)
class TermsPolicy:
    """The terms and the promotional consent wording in force (settings TERMS_VERSION, PROMO_CONSENT_VERSION)."""

    terms_version: str = "2026-11"
    promo_consent_version: str = "2026-11"


@dataclass(frozen=True)
class TvLinkPolicy:
    """What TV linking needs: the pepper of the PIN hashes and the web app's address, where /link lives."""

    pin_pepper: str = "lumo-development-pin-pepper"
    public_url: str = "http://127.0.0.1:3000"


@dataclass(frozen=True)
class RateLimits:
    """How many requests an address (or an e-mail, an account) may make, per action, and where they are
    counted (Redis, else the database; memory without Redis). The names are the settings' (RATE_LIMIT_PER_MINUTE…)."""

    limiter: RateLimiter
    rate_limit_per_minute: int
    register_rate_limit_per_minute: int
    forgot_password_rate_limit_per_minute: int
    coupon_rate_limit_per_minute: int
    analytics_rate_limit_per_minute: int
    link_poll_rate_limit_per_minute: int
    link_claim_attempts: int
    contact_rate_limit_per_hour: int


@dataclass(frozen=True)
class ClientPolicy:
    """Who is asking: the trusted proxy's country header (TRUSTED_COUNTRY_HEADER) and the keys of the
    analytics API's callers (ANALYTICS_API_KEYS)."""

    trusted_country_header: str
    analytics_api_keys: tuple[str, ...]


@dataclass
class ServiceContext:
    uow: Callable[[], UnitOfWork]
    hasher: PasswordHasher
    clock: Clock
    policy: TokenPolicy
    gateway: PaymentGateway
    catalogue: Catalogue
    qr: QrEncoder
    switches: SiteSwitches  # maintenance and holiday promotion: the configuration's, and the operators' switches
    licenses: LicenseShelf  # the license texts and promotional cards (the catalogue's file today)
    mail: MailSetup  # the texts of e-mails, bills and PDF copies, in every language, and who sends them
    totp: Totp  # the operator console's second factor (secrets sealed with STAFF_TOTP_KEY)
    rate_limits: RateLimits
    clients: ClientPolicy
    # Tells a worker there is outbox work. `jobs_for` instead: the queue made from this context itself
    # (in-process delivery needs the context it delivers with), once, while the context is built.
    jobs: JobQueue = field(default=None)  # type: ignore[assignment]  # given, or made by jobs_for
    jobs_for: InitVar[Callable[[ServiceContext], JobQueue] | None] = None
    default_country: str = "FR"
    terms: TermsPolicy = field(default_factory=TermsPolicy)
    tv_link: TvLinkPolicy = field(default_factory=TvLinkPolicy)
    login_throttle: LoginThrottle = field(default_factory=LoginThrottle)
    read_uow: Callable[[], UnitOfWork] | None = None  # reads only; None: the ordinary unit of work
    three_d_secure: ThreeDSecurePolicy = field(default_factory=ThreeDSecurePolicy)  # THREE_D_SECURE
    billing: BillingPolicy = field(
        default_factory=BillingPolicy
    )  # seller and VAT rates: SELLER_*, VAT_*
    # DUNNING_* and PAST_DUE_GRACE_DAYS (docs/billing.md#failed-payments-and-dunning)
    dunning: Schedule = DEFAULT_SCHEDULE

    def __post_init__(self, jobs_for: Callable[[ServiceContext], JobQueue] | None) -> None:
        if (self.jobs is None) == (jobs_for is None):
            raise TypeError("ServiceContext needs one of jobs and jobs_for")
        if jobs_for is not None:
            self.jobs = jobs_for(self)

    def site_config(self) -> SiteConfig:
        """Maintenance and holiday promotion in force: the runtime switches, else the configuration."""
        return self.switches.current()

    def read(self) -> UnitOfWork:
        """A unit of work for reads alone (cheaper where the adapter allows); never commit it."""
        return (self.read_uow or self.uow)()
