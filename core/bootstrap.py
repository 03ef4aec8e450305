"""The one composition root: builds adapters and hands them to the services.

The Flask app, the Celery worker, the CLI and the tests all start here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial

from sqlalchemy.engine import Engine

from core.adapters.catalogue_file import FileCatalogue
from core.adapters.db.kept_connections import KeptConnections
from core.adapters.db.site_switches import SqlSiteSwitches
from core.adapters.db.unit_of_work import (
    POOL_RECYCLE_SECONDS,
    make_engine,
    read_uow_factory,
    uow_factory,
)
from core.adapters.email_templates import LocaleEmailTemplates
from core.adapters.http_sender import UrllibSender
from core.adapters.jobs import CeleryJobQueue, InlineJobQueue
from core.adapters.mailers import FileMailer, SmtpMailer
from core.adapters.metrics import MeteredGateway, observe_outbox
from core.adapters.passwords import Argon2Hasher
from core.adapters.payments.sandbox import SandboxGateway
from core.adapters.qr import SegnoQrEncoder
from core.adapters.rate_limit import MemoryRateLimiter, RedisRateLimiter, SqlRateLimiter
from core.adapters.totp import PyotpTotp
from core.domain.billing_documents import BillingPolicy, Seller
from core.domain.clock import Clock, SystemClock
from core.domain.dunning import Schedule
from core.domain.login_throttle import LoginThrottle
from core.domain.payments import PaymentGateway
from core.domain.ports.messaging import HttpSender, JobQueue, Mailer
from core.domain.ports.security import RateLimiter
from core.domain.site import HolidayPromo, SiteConfig
from core.domain.three_d_secure import ThreeDSecurePolicy
from core.services import (
    analytics,
    email_delivery,
    outbox_dispatch,
    partner_callbacks,
    plan_changes,
)
from core.services.context import (
    ClientPolicy,
    RateLimits,
    ServiceContext,
    TermsPolicy,
    TokenPolicy,
    TvLinkPolicy,
)
from core.services.site_switches import SiteSwitches
from core.settings import DEV_LINK_PIN_PEPPER, DEV_STAFF_TOTP_KEY, Settings


@dataclass
class Container:
    settings: Settings
    engine: Engine
    services: ServiceContext
    mail: email_delivery.MailSetup  # the same as services.mail
    rate_limiter: RateLimiter  # the same as services.rate_limits.limiter
    dispatcher: outbox_dispatch.Dispatcher  # the outbox's handlers and retry policy
    # The gateway adapter itself; the services get it wrapped in MeteredGateway (tests drive the sandbox here)
    gateway: PaymentGateway
    catalogue: FileCatalogue = field(default_factory=FileCatalogue.load)  # plans, prices, licenses
    read_engine: Engine | None = (
        None  # autocommit connections of the read-only units of work (PostgreSQL)
    )
    kept_reads: KeptConnections | None = None  # the read engine's connection each thread keeps

    def close(self) -> None:
        """Close every pooled database connection."""
        if self.kept_reads is not None:
            self.kept_reads.release_all()
        self.engine.dispose()
        if self.read_engine is not None and self.read_engine is not self.engine:
            self.read_engine.dispose()

    def deliver_outbox(
        self, kinds: tuple[str, ...] | None = None
    ) -> outbox_dispatch.DeliveryReport:
        """Deliver what is due: e-mails, analytics forwards, partner callbacks."""
        return outbox_dispatch.deliver_pending(self.services, self.dispatcher, kinds)

    def deliver_emails(self) -> int:
        return self.deliver_outbox(("email",)).total


def bootstrap(
    settings: Settings,
    clock: Clock | None = None,
    mailer: Mailer | None = None,
    jobs: JobQueue | None = None,
    rate_limiter: RateLimiter | None = None,
    catalogue: FileCatalogue | None = None,
    gateway: PaymentGateway | None = None,
    http: HttpSender | None = None,
    deliver_inline: bool = False,
) -> Container:
    """`jobs` None: Celery when REDIS_URL is set, else the outbox delivered in this process right after each
    commit; `deliver_inline` (tests): in this process even with a broker configured."""
    clock = clock or SystemClock()
    catalogue = catalogue or FileCatalogue.load()
    gateway = gateway or payment_gateway(settings, clock)
    engine = make_engine(settings.database_url)
    read_engine = (
        engine
        if engine.dialect.name == "sqlite"
        # No ping at checkout: a read found on a dropped connection is repeated on a new one instead
        # (ReadOnlyUnitOfWork.execute); the ping was as costly as the hot reads themselves.
        else make_engine(settings.database_url, read_only=True, pre_ping=False)
    )
    kept_reads = (
        None
        if read_engine is engine
        else KeptConnections(
            read_engine,
            limit=read_engine.pool.size(),  # type: ignore[attr-defined]
            recycle_seconds=POOL_RECYCLE_SECONDS,
        )
    )
    mail = email_delivery.MailSetup(
        mailer=mailer
        or (
            SmtpMailer(settings.smtp_url, settings.mail_from)
            if settings.smtp_url
            else FileMailer(settings.outbox_dir, settings.mail_from)
        ),
        templates=LocaleEmailTemplates(settings.locales_dir),
        public_url=settings.public_url,
        support_email=settings.support_email,
        support_language=settings.support_language,
    )
    switches = SiteSwitches(
        SqlSiteSwitches(engine),
        defaults=SiteConfig(
            maintenance=settings.maintenance_mode,
            holiday_promo=HolidayPromo(
                starts=settings.holiday_promo_from,
                ends=settings.holiday_promo_to,
                coupon_code=settings.holiday_promo_coupon,
            ),
        ),
        clock=clock,
        ttl_seconds=settings.site_cache_seconds,
    )
    dispatcher = outbox_dispatcher(
        settings, mail, http or UrllibSender(timeout=settings.callback_timeout_seconds)
    )
    if rate_limiter is None:
        rate_limiter = _rate_limiter(settings, engine)
    if jobs is None and settings.redis_url and not deliver_inline:
        jobs = CeleryJobQueue(settings.redis_url, settings.celery_queue)
    ctx = ServiceContext(
        uow=uow_factory(engine, clock),
        read_uow=read_uow_factory(read_engine, clock, kept_reads),
        hasher=Argon2Hasher(memory_kib=settings.argon2_memory_kib),
        clock=clock,
        # The queue given or Celery's; else the outbox is delivered in this process, right after the
        # commit, with the context being built (`services`)
        jobs_for=lambda services: (
            jobs or InlineJobQueue(partial(outbox_dispatch.deliver_pending, services, dispatcher))
        ),
        policy=TokenPolicy(
            session_days=settings.session_days,
            session_idle_days=settings.session_idle_days,
            reset_minutes=settings.reset_minutes,
            confirm_hours=settings.confirm_hours,
            redirect_key_seconds=settings.redirect_key_seconds,
            payment_link_days=settings.payment_link_days,
        ),
        default_country=settings.default_country,
        gateway=MeteredGateway(gateway),  # latency and outcome per call
        catalogue=catalogue,
        terms=TermsPolicy(
            terms_version=settings.terms_version,
            promo_consent_version=settings.promo_consent_version,
        ),
        tv_link=tv_link_policy(settings),
        qr=SegnoQrEncoder(),
        switches=switches,
        licenses=catalogue,
        mail=mail,
        totp=PyotpTotp(settings.staff_totp_key or DEV_STAFF_TOTP_KEY),
        rate_limits=rate_limits(settings, rate_limiter),
        clients=ClientPolicy(
            trusted_country_header=settings.trusted_country_header,
            analytics_api_keys=settings.analytics_api_keys,
        ),
        login_throttle=LoginThrottle(
            free_failures=settings.login_free_failures,
            max_delay_seconds=settings.login_max_delay_seconds,
        ),
        three_d_secure=ThreeDSecurePolicy.of(settings.three_d_secure),
        billing=BillingPolicy(
            seller=Seller(
                settings.seller_name, settings.seller_address, settings.seller_vat_number
            ),
            vat_rates={**catalogue.vat_rates(), **settings.vat_extra_rates},
        ),
        dunning=Schedule(
            retry_days=settings.dunning_retry_days,
            email_days=settings.dunning_email_days,
            last_notice_days=settings.dunning_last_notice_days,
            grace_days=settings.past_due_grace_days,
        ),
    )
    return Container(
        settings=settings,
        engine=engine,
        services=ctx,
        mail=mail,
        rate_limiter=rate_limiter,
        catalogue=catalogue,
        dispatcher=dispatcher,
        gateway=gateway,
        read_engine=read_engine,
        kept_reads=kept_reads,
    )


def outbox_dispatcher(
    settings: Settings, mail: email_delivery.MailSetup, http: HttpSender
) -> outbox_dispatch.Dispatcher:
    """One handler per outbox kind, and the retry policy they share."""
    collector = analytics.Collector(url=settings.analytics_collector_url, sender=http)
    partners = partner_callbacks.PartnerEndpoints(endpoints=settings.partner_callbacks, sender=http)
    return outbox_dispatch.Dispatcher(
        handlers={
            "email": lambda ctx, uow, m: email_delivery.prepare(ctx, mail, uow, m),
            "analytics": lambda ctx, uow, m: analytics.prepare_forward(ctx, collector, uow, m),
            "partner": lambda ctx, uow, m: partner_callbacks.prepare_callback(
                ctx, partners, uow, m
            ),
            "gateway": lambda ctx, uow, m: plan_changes.send_plan_change(ctx, m),
        },
        policy=outbox_dispatch.RetryPolicy(
            max_attempts=settings.outbox_max_attempts,
            base_seconds=settings.outbox_retry_seconds,
            lease_seconds=settings.outbox_lease_seconds,
        ),
        observer=observe_outbox,
    )


def rate_limits(settings: Settings, limiter: RateLimiter) -> RateLimits:
    return RateLimits(
        limiter=limiter,
        rate_limit_per_minute=settings.rate_limit_per_minute,
        register_rate_limit_per_minute=settings.register_rate_limit_per_minute,
        forgot_password_rate_limit_per_minute=settings.forgot_password_rate_limit_per_minute,
        coupon_rate_limit_per_minute=settings.coupon_rate_limit_per_minute,
        analytics_rate_limit_per_minute=settings.analytics_rate_limit_per_minute,
        link_poll_rate_limit_per_minute=settings.link_poll_rate_limit_per_minute,
        link_claim_attempts=settings.link_claim_attempts,
        contact_rate_limit_per_hour=settings.contact_rate_limit_per_hour,
    )


def tv_link_policy(settings: Settings) -> TvLinkPolicy:
    """Production refuses the public development pepper: with it, PIN hashes would be reversible."""
    if settings.is_production and settings.link_pin_pepper in ("", DEV_LINK_PIN_PEPPER):
        raise RuntimeError("LUMO_ENV=production needs LINK_PIN_PEPPER (a long random secret)")
    return TvLinkPolicy(pin_pepper=settings.link_pin_pepper, public_url=settings.public_url)


def payment_gateway(settings: Settings, clock: Clock) -> PaymentGateway:
    """Braintree when configured; the sandbox otherwise, which production refuses at start-up."""
    if settings.payment_gateway == "braintree":
        from core.adapters.payments.braintree_gateway import build_braintree_gateway

        return build_braintree_gateway(
            settings.braintree_merchant_id,
            settings.braintree_public_key,
            settings.braintree_private_key,
            settings.braintree_environment,
            merchant_accounts=settings.braintree_merchant_accounts,
        )
    if settings.is_production:
        raise RuntimeError(
            "LUMO_ENV=production needs PAYMENT_GATEWAY=braintree and BRAINTREE_* credentials"
        )
    return SandboxGateway(
        webhook_secret=settings.sandbox_webhook_secret or None,
        clock=clock,
        settle_after=settings.sandbox_settle_seconds,
    )


def _rate_limiter(settings: Settings, engine: Engine) -> RateLimiter:
    if settings.redis_url:
        import redis

        return RedisRateLimiter(
            redis.Redis.from_url(
                settings.redis_url, socket_timeout=0.5, socket_connect_timeout=0.5
            ),
            fallback=SqlRateLimiter(engine),
        )  # Redis lost: counted in the database
    return MemoryRateLimiter()
