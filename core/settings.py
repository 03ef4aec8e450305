"""Configuration, read from the environment once. Nothing else reads os.environ.

Every variable, its default and its meaning is listed in README.md.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from datetime import date
from pathlib import Path

from core.domain import consents, three_d_secure
from core.domain.catalogue import CURRENCY_SYMBOLS

ROOT = Path(__file__).resolve().parent.parent
SOLD_CURRENCIES = tuple(
    CURRENCY_SYMBOLS
)  # the catalogue prices every plan in each of them (catalogue_file)


DEV_ANALYTICS_KEY = "lumo-web-dev"  # public: the web app ships it; production must set its own keys


def parse_partner_callbacks(raw: str) -> dict[str, tuple[str, str]]:
    """PARTNER_CALLBACKS="swisscom=https://a.example/cb|secret1;switch=https://b.example/cb|secret2"
    -> {"swisscom": ("https://a.example/cb", "secret1"), …}"""
    partners = {}
    for entry in filter(None, (part.strip() for part in raw.split(";"))):
        name, _, rest = entry.partition("=")
        url, _, secret = rest.rpartition("|")
        if not name.strip() or not url.startswith(("http://", "https://")) or not secret:
            raise ValueError(
                f"PARTNER_CALLBACKS entry for {name.strip() or '?'!r} needs name=URL|secret"
            )
        partners[name.strip().lower()] = (url.strip(), secret)
    return partners


def parse_merchant_accounts(raw: str) -> dict[str, str]:
    """BRAINTREE_MERCHANT_ACCOUNTS="EUR=lumo_eur,CHF=lumo_chf" -> {"EUR": "lumo_eur", "CHF": "lumo_chf"}:
    the Braintree merchant account that bills in each currency (docs/billing-refunds.md)."""
    accounts: dict[str, str] = {}
    for entry in filter(None, (part.strip() for part in raw.replace(";", ",").split(","))):
        currency, _, account = (piece.strip() for piece in entry.partition("="))
        if not re.fullmatch(r"[A-Za-z]{3}", currency) or not re.fullmatch(r"[\w-]+", account):
            raise ValueError(
                f"BRAINTREE_MERCHANT_ACCOUNTS entry {entry!r} needs CURRENCY=merchant_account_id"
            )
        if currency.upper() in accounts:
            raise ValueError(f"BRAINTREE_MERCHANT_ACCOUNTS names {currency.upper()} twice")
        accounts[currency.upper()] = account
    return accounts


DEV_LINK_PIN_PEPPER = "lumo-development-pin-pepper"  # public; production must set LINK_PIN_PEPPER
# Public (it is in the repository): seals staff TOTP secrets in development and tests only; production
# must set STAFF_TOTP_KEY to its own Fernet key(s) (core/adapters/totp.py).
DEV_STAFF_TOTP_KEY = "L3-lILf3ziUOQ7AMrI6XBqziBS_36jtmI3VryKe8GXY="


def _bool(raw: str | None, default: bool = False) -> bool:
    if raw is None or raw.strip() == "":
        return default
    return raw.strip().lower() in ("1", "true", "yes", "on")


def _version(name: str, raw: str) -> str:
    if not consents.is_version(raw):
        raise ValueError(f"{name} must be an ISO date like 2026-11 or 2026-11-15, not {raw!r}")
    return raw


def _promo_dates(raw_from: str, raw_to: str) -> tuple[date | None, date | None]:
    if not raw_from and not raw_to:
        return None, None
    if not (raw_from and raw_to):
        raise ValueError(
            "HOLIDAY_PROMO_FROM and HOLIDAY_PROMO_TO go together (ISO dates, both included)"
        )
    starts, ends = date.fromisoformat(raw_from), date.fromisoformat(raw_to)
    if starts > ends:
        raise ValueError("HOLIDAY_PROMO_FROM is after HOLIDAY_PROMO_TO")
    return starts, ends


# Bounds that keep ASVS 2.2.1 true whatever is configured: at most 20 free failures, then delays
# that grow to at least a minute, so no account sees 100 failed logins in an hour (a property test
# in tests/core/test_properties.py checks the worst case).
MAX_LOGIN_FREE_FAILURES = 20
MIN_LOGIN_MAX_DELAY_SECONDS = 60


def _bounded(name: str, raw: str | None, default: int, low: int, high: int) -> int:
    value = default if raw is None or raw.strip() == "" else int(raw)
    if not low <= value <= high:
        raise ValueError(f"{name} must be between {low} and {high}, not {value}")
    return value


def _analytics_keys(raw: str | None, env: str) -> tuple[str, ...]:
    if raw is None:
        return () if env == "production" else (DEV_ANALYTICS_KEY,)
    return tuple(key.strip() for key in raw.split(",") if key.strip())


def _three_d_secure(raw: str | None, env: str) -> dict[str, str]:
    """THREE_D_SECURE, else production's default (EUR required) or development's (every currency optional)."""
    if raw is None or not raw.strip():
        return dict(
            three_d_secure.PRODUCTION_DEFAULT
            if env == "production"
            else three_d_secure.DEVELOPMENT_DEFAULT
        )
    return three_d_secure.parse_setting(raw)


@dataclass(frozen=True)
class Settings:
    env: str = "development"  # LUMO_ENV: development | test | production
    database_url: str = f"sqlite:///{ROOT / 'var' / 'lumo.db'}"
    redis_url: str = ""
    public_url: str = "http://127.0.0.1:3000"
    smtp_url: str = ""
    mail_from: str = "Lumo <hello@lumo.example>"
    outbox_dir: str = str(ROOT / "var" / "outbox")
    locales_dir: str = str(ROOT / "locales")
    trusted_country_header: str = "X-Country-Code"
    default_country: str = "FR"
    session_days: int = 90
    session_idle_days: int = 30  # a token unused this long is dead, however young it is
    reset_minutes: int = 60
    confirm_hours: int = 72
    redirect_key_seconds: int = 60
    rate_limit_per_minute: int = 20
    trusted_proxy_hops: int = (
        1  # proxies that append to X-Forwarded-For: the web app's /api proxy (README)
    )
    register_rate_limit_per_minute: int = 20  # default: RATE_LIMIT_PER_MINUTE
    forgot_password_rate_limit_per_minute: int = 20  # default: RATE_LIMIT_PER_MINUTE
    coupon_rate_limit_per_minute: int = 20  # default: RATE_LIMIT_PER_MINUTE
    login_free_failures: int = 5  # failed logins per account before the growing delays start
    login_max_delay_seconds: int = 300  # cap of the delay (2, 4, 8, … s) after each further failure
    argon2_memory_kib: int = 19 * 1024
    payment_gateway: str = "sandbox"  # sandbox | braintree
    braintree_environment: str = "sandbox"  # sandbox | production
    braintree_merchant_id: str = ""
    braintree_public_key: str = ""
    braintree_private_key: str = ""
    braintree_merchant_accounts: dict = field(
        default_factory=dict
    )  # currency -> merchant account id
    sandbox_webhook_secret: str = ""
    sandbox_settle_seconds: int | None = (
        None  # the sandbox settles charges this old (None: never by itself)
    )
    three_d_secure: dict = field(
        default_factory=dict
    )  # currency -> required|optional|off (others: optional)
    celery_queue: str = "celery"
    outbox_max_attempts: int = 10
    outbox_retry_seconds: int = 30
    callback_timeout_seconds: float = 5.0
    analytics_api_keys: tuple[str, ...] = (DEV_ANALYTICS_KEY,)
    analytics_collector_url: str = ""
    analytics_rate_limit_per_minute: int = 120
    partner_callbacks: dict = field(default_factory=dict)  # partner -> (url, secret)
    past_due_grace_days: int = 14
    terms_version: str = "2026-11"
    promo_consent_version: str = "2026-11"
    support_email: str = "support@lumo.example"
    support_language: str = "en"
    link_pin_pepper: str = DEV_LINK_PIN_PEPPER
    link_claim_attempts: int = 10  # PIN claims per account and per address in 10 minutes
    link_poll_rate_limit_per_minute: int = 60
    contact_rate_limit_per_hour: int = 10
    maintenance_mode: bool = False
    holiday_promo_from: date | None = None
    holiday_promo_to: date | None = None
    holiday_promo_coupon: str = ""
    retention_analytics_days: int = 395  # 13 months
    retention_outbox_days: int = 30  # delivered outbox rows
    retention_tokens_days: int = 7  # tokens and links after they expired, were used or revoked
    retention_contact_days: int = 365
    celery_broker_url: str = (
        ""  # CELERY_BROKER_URL; empty = REDIS_URL, else a SQLite file under var/ (embedded)
    )
    outbox_lease_seconds: int = (
        300  # OUTBOX_LEASE_SECONDS: a message a dead worker had is retried after this
    )
    outbox_redrive_seconds: float = (
        60.0  # how often beat re-drives the outbox (retries, rows a lost broker missed)
    )
    clock_seconds: float = (
        3600.0  # how often beat runs the subscription clock (expiry, reminders, past due)
    )
    metrics_token: str = ""  # METRICS_TOKEN: bearer token of GET /metrics on the public port; empty = not served there
    metrics_host: str = (
        "127.0.0.1"  # METRICS_HOST: where the separate metrics ports listen (never the public one)
    )
    metrics_port: int = (
        0  # METRICS_PORT: the API's metrics port (gunicorn's master serves it); 0 = none
    )
    worker_metrics_port: int = 0  # WORKER_METRICS_PORT: the Celery worker's metrics port; 0 = none
    prometheus_multiproc_dir: str = (
        ""  # PROMETHEUS_MULTIPROC_DIR: one per API or worker, emptied at its start
    )
    sentry_dsn: str = ""  # SENTRY_DSN: optional error tracking, events redacted like the logs
    site_cache_seconds: float = (
        10.0  # SITE_CACHE_SECONDS: how long runtime switches (maintenance, promo) are cached
    )
    staff_totp_key: str = (
        DEV_STAFF_TOTP_KEY  # STAFF_TOTP_KEY: Fernet key(s) sealing staff TOTP secrets, first seals
    )

    @property
    def is_production(self) -> bool:
        return self.env == "production"

    @property
    def broker_url(self) -> str:
        """Celery's broker: Redis in production; without it, kombu's SQLAlchemy transport over a SQLite
        file beside the database, so the embedded mode runs a real worker and beat with no server."""
        return (
            self.celery_broker_url
            or self.redis_url
            or f"sqla+sqlite:///{ROOT / 'var' / 'celery-broker.sqlite'}"
        )

    def replace(self, **changes) -> Settings:
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        values.update(changes)
        return Settings(**values)


def from_environment(environ=None) -> Settings:
    e = os.environ if environ is None else environ
    d = Settings()
    env = e.get("LUMO_ENV", d.env)
    rate_limit = int(e.get("RATE_LIMIT_PER_MINUTE", d.rate_limit_per_minute))
    promo_from, promo_to = _promo_dates(
        e.get("HOLIDAY_PROMO_FROM", "").strip(), e.get("HOLIDAY_PROMO_TO", "").strip()
    )
    return Settings(
        env=env,
        database_url=e.get("DATABASE_URL") or d.database_url,
        redis_url=e.get("REDIS_URL", d.redis_url),
        public_url=e.get("PUBLIC_URL", d.public_url).rstrip("/"),
        smtp_url=e.get("SMTP_URL", d.smtp_url),
        mail_from=e.get("MAIL_FROM", d.mail_from),
        outbox_dir=e.get("OUTBOX_DIR", d.outbox_dir),
        locales_dir=e.get("LOCALES_DIR", d.locales_dir),
        trusted_country_header=e.get("TRUSTED_COUNTRY_HEADER", d.trusted_country_header),
        default_country=e.get("DEFAULT_COUNTRY", d.default_country),
        session_days=int(e.get("SESSION_DAYS", d.session_days)),
        session_idle_days=int(e.get("SESSION_IDLE_DAYS", d.session_idle_days)),
        reset_minutes=int(e.get("RESET_LINK_MINUTES", d.reset_minutes)),
        confirm_hours=int(e.get("CONFIRM_LINK_HOURS", d.confirm_hours)),
        redirect_key_seconds=int(e.get("REDIRECT_KEY_SECONDS", d.redirect_key_seconds)),
        rate_limit_per_minute=rate_limit,
        trusted_proxy_hops=_bounded(
            "TRUSTED_PROXY_HOPS", e.get("TRUSTED_PROXY_HOPS"), d.trusted_proxy_hops, 0, 5
        ),
        register_rate_limit_per_minute=int(e.get("REGISTER_RATE_LIMIT_PER_MINUTE", rate_limit)),
        forgot_password_rate_limit_per_minute=int(
            e.get("FORGOT_PASSWORD_RATE_LIMIT_PER_MINUTE", rate_limit)
        ),
        coupon_rate_limit_per_minute=int(e.get("COUPON_RATE_LIMIT_PER_MINUTE", rate_limit)),
        login_free_failures=_bounded(
            "LOGIN_FREE_FAILURES",
            e.get("LOGIN_FREE_FAILURES"),
            d.login_free_failures,
            1,
            MAX_LOGIN_FREE_FAILURES,
        ),
        login_max_delay_seconds=_bounded(
            "LOGIN_MAX_DELAY_SECONDS",
            e.get("LOGIN_MAX_DELAY_SECONDS"),
            d.login_max_delay_seconds,
            MIN_LOGIN_MAX_DELAY_SECONDS,
            3600,
        ),
        argon2_memory_kib=int(e.get("ARGON2_MEMORY_KIB", d.argon2_memory_kib)),
        payment_gateway=e.get("PAYMENT_GATEWAY", d.payment_gateway),
        braintree_environment=e.get("BRAINTREE_ENVIRONMENT", d.braintree_environment),
        braintree_merchant_id=e.get("BRAINTREE_MERCHANT_ID", d.braintree_merchant_id),
        braintree_public_key=e.get("BRAINTREE_PUBLIC_KEY", d.braintree_public_key),
        braintree_private_key=e.get("BRAINTREE_PRIVATE_KEY", d.braintree_private_key),
        braintree_merchant_accounts=parse_merchant_accounts(
            e.get("BRAINTREE_MERCHANT_ACCOUNTS", "")
        ),
        sandbox_webhook_secret=e.get("SANDBOX_WEBHOOK_SECRET", d.sandbox_webhook_secret),
        sandbox_settle_seconds=int(e["SANDBOX_SETTLE_SECONDS"])
        if e.get("SANDBOX_SETTLE_SECONDS")
        else None,
        three_d_secure=_three_d_secure(e.get("THREE_D_SECURE"), env),
        celery_queue=e.get("CELERY_QUEUE") or d.celery_queue,
        outbox_max_attempts=int(e.get("OUTBOX_MAX_ATTEMPTS", d.outbox_max_attempts)),
        outbox_retry_seconds=int(e.get("OUTBOX_RETRY_SECONDS", d.outbox_retry_seconds)),
        callback_timeout_seconds=float(
            e.get("CALLBACK_TIMEOUT_SECONDS", d.callback_timeout_seconds)
        ),
        analytics_api_keys=_analytics_keys(e.get("ANALYTICS_API_KEYS"), env),
        analytics_collector_url=e.get("ANALYTICS_COLLECTOR_URL", d.analytics_collector_url),
        analytics_rate_limit_per_minute=int(
            e.get("ANALYTICS_RATE_LIMIT_PER_MINUTE", d.analytics_rate_limit_per_minute)
        ),
        partner_callbacks=parse_partner_callbacks(e.get("PARTNER_CALLBACKS", "")),
        past_due_grace_days=int(e.get("PAST_DUE_GRACE_DAYS", d.past_due_grace_days)),
        terms_version=_version("TERMS_VERSION", e.get("TERMS_VERSION") or d.terms_version),
        promo_consent_version=_version(
            "PROMO_CONSENT_VERSION", e.get("PROMO_CONSENT_VERSION") or d.promo_consent_version
        ),
        support_email=e.get("SUPPORT_EMAIL") or d.support_email,
        support_language=e.get("SUPPORT_LANGUAGE") or d.support_language,
        link_pin_pepper=e.get("LINK_PIN_PEPPER")
        or ("" if env == "production" else d.link_pin_pepper),
        link_claim_attempts=int(e.get("LINK_CLAIM_ATTEMPTS", d.link_claim_attempts)),
        link_poll_rate_limit_per_minute=int(
            e.get("LINK_POLL_RATE_LIMIT_PER_MINUTE", d.link_poll_rate_limit_per_minute)
        ),
        contact_rate_limit_per_hour=int(
            e.get("CONTACT_RATE_LIMIT_PER_HOUR", d.contact_rate_limit_per_hour)
        ),
        maintenance_mode=_bool(e.get("MAINTENANCE_MODE")),
        holiday_promo_from=promo_from,
        holiday_promo_to=promo_to,
        holiday_promo_coupon=e.get("HOLIDAY_PROMO_COUPON", d.holiday_promo_coupon).strip(),
        retention_analytics_days=int(e.get("RETENTION_ANALYTICS_DAYS", d.retention_analytics_days)),
        retention_outbox_days=int(e.get("RETENTION_OUTBOX_DAYS", d.retention_outbox_days)),
        retention_tokens_days=int(e.get("RETENTION_TOKENS_DAYS", d.retention_tokens_days)),
        retention_contact_days=int(e.get("RETENTION_CONTACT_DAYS", d.retention_contact_days)),
        celery_broker_url=e.get("CELERY_BROKER_URL", d.celery_broker_url).strip(),
        outbox_lease_seconds=int(e.get("OUTBOX_LEASE_SECONDS") or d.outbox_lease_seconds),
        outbox_redrive_seconds=float(e.get("OUTBOX_REDRIVE_SECONDS") or d.outbox_redrive_seconds),
        clock_seconds=float(e.get("CLOCK_SECONDS") or d.clock_seconds),
        metrics_token=e.get("METRICS_TOKEN", d.metrics_token).strip(),
        metrics_host=e.get("METRICS_HOST") or d.metrics_host,
        metrics_port=int(e.get("METRICS_PORT") or d.metrics_port),
        worker_metrics_port=int(e.get("WORKER_METRICS_PORT") or d.worker_metrics_port),
        prometheus_multiproc_dir=e.get(
            "PROMETHEUS_MULTIPROC_DIR", d.prometheus_multiproc_dir
        ).strip(),
        sentry_dsn=e.get("SENTRY_DSN", d.sentry_dsn).strip(),
        site_cache_seconds=float(e.get("SITE_CACHE_SECONDS") or d.site_cache_seconds),
        staff_totp_key=(e.get("STAFF_TOTP_KEY") or "").strip()
        or ("" if env == "production" else d.staff_totp_key),
    )


def production_problems(
    settings: Settings, sold_currencies: Iterable[str] = SOLD_CURRENCIES
) -> list[str]:
    """What stops LUMO_ENV=production from starting: development values, the sandbox, missing secrets,
    a currency the catalogue sells without a merchant account to bill it."""
    if not settings.is_production:
        return []
    problems = []
    keys = set(settings.analytics_api_keys)
    if not keys or DEV_ANALYTICS_KEY in keys:
        problems.append("ANALYTICS_API_KEYS must hold the production keys, not the development key")
    if settings.link_pin_pepper in ("", DEV_LINK_PIN_PEPPER):
        problems.append("LINK_PIN_PEPPER must be a long random secret")
    if not settings.staff_totp_key or DEV_STAFF_TOTP_KEY in settings.staff_totp_key:
        problems.append(
            "STAFF_TOTP_KEY must be the production's own Fernet key (not the development key)"
        )
    if settings.payment_gateway != "braintree":
        problems.append("PAYMENT_GATEWAY must be braintree (the sandbox takes no money)")
    else:
        if settings.braintree_environment != "production":
            problems.append("BRAINTREE_ENVIRONMENT must be production")
        for name in ("merchant_id", "public_key", "private_key"):
            if not getattr(settings, f"braintree_{name}").strip():
                problems.append(f"BRAINTREE_{name.upper()} is missing")
        unbilled = sorted(set(sold_currencies) - set(settings.braintree_merchant_accounts))
        if unbilled:
            problems.append(
                f"BRAINTREE_MERCHANT_ACCOUNTS has no merchant account for {', '.join(unbilled)}"
            )
    if not settings.public_url.startswith("https://"):
        problems.append("PUBLIC_URL must be an https:// address (it is in every e-mail link)")
    return problems


def check_production(settings: Settings, sold_currencies: Iterable[str] = SOLD_CURRENCIES) -> None:
    """The one start-up check of production mode, run by the API (create_app) and the worker."""
    problems = production_problems(settings, sold_currencies)
    if problems:
        raise RuntimeError("LUMO_ENV=production refuses to start: " + "; ".join(problems))
