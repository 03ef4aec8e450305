"""Configuration: every environment variable declared once — its name, type, bounds, default and meaning —
as a field of `Settings` (pydantic-settings). `from_environment` is the one place that reads them; the README's
configuration table is generated from these declarations (`make settings-doc`; a test fails when it is stale).

An empty variable counts as unset (its default applies), so `FOO=` in a `.env` file never means "the empty
value" by accident. `Settings(...)` itself never reads the process environment: tests build one from a dict.

This module is long on purpose and stays one file: `Settings` is one declaration per variable, in the order
the README's table lists them, and one file is where a reader looks for any setting (and the only place that
reads the environment). The parsers above the class and the production checks below it are about those same
fields.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from datetime import date
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, JsonValue, field_validator, model_validator
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

from core.domain import consents, three_d_secure
from core.domain.catalogue import CURRENCY_SYMBOLS
from core.domain.dunning import DEFAULT_SCHEDULE

ROOT = Path(__file__).resolve().parent.parent
SOLD_CURRENCIES = tuple(
    CURRENCY_SYMBOLS
)  # the catalogue prices every plan in each of them (catalogue_file)

DEV_ANALYTICS_KEY = "lumo-web-dev"  # public: the web app ships it; production must set its own keys
DEV_LINK_PIN_PEPPER = "lumo-development-pin-pepper"  # public; production must set LINK_PIN_PEPPER
# Public (it is in the repository): seals staff TOTP secrets in development and tests only; production
# must set STAFF_TOTP_KEY to its own Fernet key(s) (core/adapters/totp.py).
DEV_STAFF_TOTP_KEY = "L3-lILf3ziUOQ7AMrI6XBqziBS_36jtmI3VryKe8GXY="

# Bounds that keep ASVS 2.2.1 true whatever is configured: at most 20 free failures, then delays
# that grow to at least a minute, so no account sees 100 failed logins in an hour (a property test
# in tests/core/test_properties.py checks the worst case).
MAX_LOGIN_FREE_FAILURES = 20
MIN_LOGIN_MAX_DELAY_SECONDS = 60


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


def parse_vat_rates(raw: str) -> dict[str, Decimal]:
    """VAT_EXTRA_RATES="US=0,NO=25" -> {"US": Decimal("0"), "NO": Decimal("25")} (percent, 0 to 100)."""
    rates: dict[str, Decimal] = {}
    for entry in filter(None, (part.strip() for part in raw.replace(";", ",").split(","))):
        country, _, value = (piece.strip() for piece in entry.partition("="))
        try:
            rate = Decimal(value)
        except InvalidOperation:
            rate = Decimal(-1)
        if not re.fullmatch(r"[A-Za-z]{2}", country) or not rate.is_finite() or not 0 <= rate < 100:
            raise ValueError(f"VAT_EXTRA_RATES entry {entry!r} needs COUNTRY=percent, e.g. US=0")
        rates[country.upper()] = rate
    return rates


def setting(
    default: Any, env: str, meaning: str, *, shown: str | None = None, **bounds: Any
) -> Any:
    """One variable: its default, its name in the environment, what it means (the README's table) and,
    where the default is computed or secret, how the table shows it."""
    extra: dict[str, JsonValue] | None = {"shown": shown} if shown is not None else None
    return Field(default, alias=env, description=meaning, json_schema_extra=extra, **bounds)


RATE_LIMIT_DEFAULTED = (
    "register_rate_limit_per_minute",
    "forgot_password_rate_limit_per_minute",
    "coupon_rate_limit_per_minute",
)


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        frozen=True,
        extra="forbid",
        validate_by_name=True,  # Settings(env="test") in code and tests
        validate_by_alias=True,  # Settings(LUMO_ENV="test"): what from_environment passes
        str_strip_whitespace=True,
    )

    # --- where things are ---
    env: Literal["development", "test", "production"] = setting(
        "development", "LUMO_ENV", "`development`, `test` or `production`"
    )
    database_url: str = setting(
        f"sqlite:///{ROOT / 'var' / 'lumo.db'}",
        "DATABASE_URL",
        "SQLAlchemy URL, e.g. `postgresql+psycopg://postgres@127.0.0.1:5432/test`",
    )
    redis_url: str = setting(
        "",
        "REDIS_URL",
        "Celery broker and shared rate limits, e.g. `redis://127.0.0.1:6379/0`; empty = in-process jobs, "
        "memory limits",
    )
    public_url: str = setting(
        "http://127.0.0.1:3000", "PUBLIC_URL", "address of the web app, used in e-mail links"
    )
    smtp_url: str = setting(
        "",
        "SMTP_URL",
        "`smtp://user:pass@host:port` (`smtps://…`, `?starttls=1`); empty = `.eml` files",
    )
    mail_from: str = setting("Lumo <hello@lumo.example>", "MAIL_FROM", "sender of every e-mail")
    outbox_dir: str = setting(
        str(ROOT / "var" / "outbox"), "OUTBOX_DIR", "where `.eml` files go without SMTP"
    )
    locales_dir: str = setting(str(ROOT / "locales"), "LOCALES_DIR", "the nine message catalogues")

    # --- jobs ---
    celery_queue: str = setting(
        "celery",
        "CELERY_QUEUE",
        "the Celery queue the API enqueues to and the worker consumes",
    )
    celery_broker_url: str = setting(
        "",
        "CELERY_BROKER_URL",
        "the worker's broker (kombu's SQLAlchemy transport over a file when there is no Redis)",
        shown="`REDIS_URL`, else `sqla+sqlite:///<repo>/var/celery-broker.sqlite`",
    )
    outbox_max_attempts: int = setting(
        10,
        "OUTBOX_MAX_ATTEMPTS",
        "attempts per outbox message (e-mail, analytics, partner callback) before it is dead-lettered",
        ge=1,
    )
    outbox_retry_seconds: int = setting(
        30,
        "OUTBOX_RETRY_SECONDS",
        "first retry delay; doubled after each failed attempt, at most 6 hours "
        "(30 s, 1 min, 2 min, … ≈ 8.5 h for 10 tries)",
        ge=0,
    )
    outbox_lease_seconds: int = setting(
        300,
        "OUTBOX_LEASE_SECONDS",
        "a message a worker took and did not finish (it died) is retried after this",
        ge=1,
    )
    outbox_redrive_seconds: float = setting(
        60.0,
        "OUTBOX_REDRIVE_SECONDS",
        "how often beat re-drives the outbox (retries, rows a lost broker missed)",
        gt=0,
    )
    clock_seconds: float = setting(
        3600.0,
        "CLOCK_SECONDS",
        "how often beat runs the subscription clock (expiry, trial reminders, past due)",
        gt=0,
    )
    callback_timeout_seconds: float = setting(
        5.0,
        "CALLBACK_TIMEOUT_SECONDS",
        "HTTP timeout of analytics forwards and partner callbacks",
        gt=0,
    )

    # --- observability ---
    metrics_token: str = setting(
        "",
        "METRICS_TOKEN",
        "also serve `GET /metrics` on the API's own port to `Authorization: Bearer <token>` "
        "(404 otherwise)",
    )
    metrics_host: str = setting(
        "127.0.0.1",
        "METRICS_HOST",
        "where the separate metrics ports listen (never the public one)",
    )
    metrics_port: int = setting(
        0,
        "METRICS_PORT",
        "Prometheus `/metrics` of the API, served by gunicorn's master on its own port; "
        "0 = none (`make run`: 9100)",
        ge=0,
        le=65535,
    )
    worker_metrics_port: int = setting(
        0,
        "WORKER_METRICS_PORT",
        "Prometheus `/metrics` of the Celery worker on its own port; 0 = none (`make run`: 9101)",
        ge=0,
        le=65535,
    )
    prometheus_multiproc_dir: str = setting(
        "",
        "PROMETHEUS_MULTIPROC_DIR",
        "one folder per API or worker, emptied at its start (the launcher and the Procfile set it)",
    )
    sentry_dsn: str = setting(
        "",
        "SENTRY_DSN",
        "optional error tracking of the API and the worker; events are redacted like the logs "
        "(docs/operations.md)",
    )

    # --- analytics and partners ---
    analytics_api_keys: tuple[str, ...] = setting(
        (),
        "ANALYTICS_API_KEYS",
        "comma-separated keys accepted in `X-Api-Key` by `POST /v4/analytics`; production refuses to "
        "start without its own keys or with the development key",
        shown=f"`{DEV_ANALYTICS_KEY}` (none in production)",
    )
    analytics_collector_url: str = setting(
        "",
        "ANALYTICS_COLLECTOR_URL",
        "where analytics records are forwarded (JSON POST, retried); empty = stored only",
    )
    analytics_rate_limit_per_minute: int = setting(
        120,
        "ANALYTICS_RATE_LIMIT_PER_MINUTE",
        "analytics records per client address per minute",
        ge=1,
    )
    partner_callbacks: dict[str, tuple[str, str]] = setting(
        {},
        "PARTNER_CALLBACKS",
        "`partner=URL|secret;partner2=URL|secret`, e.g. `swisscom=https://partner.example/lumo|s3cret`: "
        "signed callbacks on subscribe/unsubscribe of that partner's users",
        shown="*(empty)*",
    )

    # --- the product's rules ---
    past_due_grace_days: int = setting(
        DEFAULT_SCHEDULE.grace_days,
        "PAST_DUE_GRACE_DAYS",
        "a past-due subscription lapses this many days after its paid time ended "
        "(the gateway subscription is cancelled first)",
        ge=0,
    )
    dunning_retry_days: tuple[int, ...] = setting(
        DEFAULT_SCHEDULE.retry_days,
        "DUNNING_RETRY_DAYS",
        "comma-separated days after a charge failed on which the charge is retried "
        "(docs/billing.md#failed-payments-and-dunning)",
    )
    dunning_email_days: tuple[int, ...] = setting(
        DEFAULT_SCHEDULE.email_days,
        "DUNNING_EMAIL_DAYS",
        "comma-separated days after a charge failed on which the parent is e-mailed (day 0 is the "
        "payment-failed e-mail)",
    )
    dunning_last_notice_days: int = setting(
        DEFAULT_SCHEDULE.last_notice_days,
        "DUNNING_LAST_NOTICE_DAYS",
        "the last notice goes out this many days before the grace period ends",
        ge=1,
    )
    terms_version: str = setting(
        "2026-11",
        "TERMS_VERSION",
        "terms of use in force (`YYYY-MM` or `YYYY-MM-DD`); an account that accepted an older version "
        "gets 403 code 9 `termsUpdate` until it accepts this one",
    )
    promo_consent_version: str = setting(
        "2026-11",
        "PROMO_CONSENT_VERSION",
        "wording of the promotional-e-mail consent, recorded with each consent given",
    )
    support_email: str = setting(
        "support@lumo.example", "SUPPORT_EMAIL", "where contact messages are e-mailed"
    )
    support_language: str = setting(
        "en",
        "SUPPORT_LANGUAGE",
        "the language of the e-mails to support (the parent's language is in the e-mail)",
    )

    # --- secrets ---
    link_pin_pepper: str = setting(
        "",
        "LINK_PIN_PEPPER",
        "secret key of the HMAC-SHA256 that stores TV-link PINs; production refuses to start "
        "without its own",
        shown="a public development value (required in production)",
    )
    staff_totp_key: str = setting(
        "",
        "STAFF_TOTP_KEY",
        "Fernet key(s), comma-separated (the first seals), that encrypt the operator console's TOTP "
        "secrets at rest; production refuses to start without its own",
        shown="a public development key (required in production)",
    )

    # --- runtime switches' defaults ---
    maintenance_mode: bool = setting(
        False,
        "MAINTENANCE_MODE",
        "`true`: every API call but `/healthz`, `/readyz`, `/v4/site` and the OpenAPI pages answers 503 "
        "`maintenance`, and the web app its maintenance page. The default of the runtime switch "
        "(`flask --app bff site set maintenance on|off --by … --reason …`, or the console); "
        "see docs/operations.md",
    )
    holiday_promo_from: date | None = setting(
        None,
        "HOLIDAY_PROMO_FROM",
        "first day (ISO date, UTC) of the holiday modal's month free; with `HOLIDAY_PROMO_TO` and "
        "`HOLIDAY_PROMO_COUPON`, the default of the runtime switch "
        "(`flask --app bff site set holiday-promo …`, or the console)",
        shown="*(empty)*",
    )
    holiday_promo_to: date | None = setting(
        None,
        "HOLIDAY_PROMO_TO",
        "last day (ISO date, UTC, included) of the holiday promotion",
        shown="*(empty)*",
    )
    holiday_promo_coupon: str = setting(
        "",
        "HOLIDAY_PROMO_COUPON",
        "the coupon the holiday modal's button opens (`/promo/{coupon}`); the demo seed has "
        "`LUMO-HOLIDAY`",
    )
    site_cache_seconds: float = setting(
        10.0,
        "SITE_CACHE_SECONDS",
        "how long a process keeps the runtime switches (maintenance, holiday promotion) before "
        "reading them again",
        ge=0,
    )

    # --- visitors, sessions and links ---
    trusted_country_header: str = setting(
        "X-Country-Code",
        "TRUSTED_COUNTRY_HEADER",
        "header set by the edge proxy/CDN with the visitor's country (`GET /v4/country`)",
    )
    default_country: str = setting(
        "FR", "DEFAULT_COUNTRY", "country when the header is missing or malformed"
    )
    trusted_proxy_hops: int = setting(
        1,
        "TRUSTED_PROXY_HOPS",
        "proxies in front of the API that append the address they see to `X-Forwarded-For`: "
        "`1` = the web app's `/api` proxy (`npm run start`, the Procfile); `2` = a load balancer in "
        "front of the web app; `0` = the API is reached directly (the header is ignored). "
        "See docs/security.md",
        ge=0,
        le=5,
    )
    session_days: int = setting(
        90,
        "SESSION_DAYS",
        "lifetime of a bearer token (absolute: however much it is used)",
        ge=1,
    )
    session_idle_days: int = setting(
        30,
        "SESSION_IDLE_DAYS",
        "a bearer token unused this long is dead (its last use is noted at most once an hour)",
        ge=1,
    )
    reset_minutes: int = setting(
        60, "RESET_LINK_MINUTES", "lifetime of a password-reset link (single use)", ge=1
    )
    confirm_hours: int = setting(
        72, "CONFIRM_LINK_HOURS", "lifetime of an e-mail confirmation link (single use)", ge=1
    )
    redirect_key_seconds: int = setting(
        60, "REDIRECT_KEY_SECONDS", "lifetime of a redirect key (single use)", ge=1
    )
    payment_link_days: int = setting(
        7,
        "PAYMENT_LINK_DAYS",
        "lifetime of the link a payment-failed e-mail carries to update the payment method of that one "
        "subscription without a password (single use: spent by the update that succeeds)",
        ge=1,
    )

    # --- limits ---
    rate_limit_per_minute: int = setting(
        20,
        "RATE_LIMIT_PER_MINUTE",
        "attempts per client address per minute on login (also per e-mail), reset password, "
        "verify-key, newsletter, TV link start; the default of the three below",
        ge=1,
    )
    register_rate_limit_per_minute: int = setting(
        20,
        "REGISTER_RATE_LIMIT_PER_MINUTE",
        "registrations per client address per minute",
        shown="`RATE_LIMIT_PER_MINUTE`",
        ge=1,
    )
    forgot_password_rate_limit_per_minute: int = setting(
        20,
        "FORGOT_PASSWORD_RATE_LIMIT_PER_MINUTE",
        "forgotten-password e-mails asked per client address per minute",
        shown="`RATE_LIMIT_PER_MINUTE`",
        ge=1,
    )
    coupon_rate_limit_per_minute: int = setting(
        20,
        "COUPON_RATE_LIMIT_PER_MINUTE",
        "coupon validations and redemptions per client address per minute",
        shown="`RATE_LIMIT_PER_MINUTE`",
        ge=1,
    )
    login_free_failures: int = setting(
        5,
        "LOGIN_FREE_FAILURES",
        "wrong passwords in a row on one account before the delays start",
        ge=1,
        le=MAX_LOGIN_FREE_FAILURES,
    )
    login_max_delay_seconds: int = setting(
        300,
        "LOGIN_MAX_DELAY_SECONDS",
        "the delays after each further wrong password double from 2 s up to this; "
        "see docs/security.md",
        ge=MIN_LOGIN_MAX_DELAY_SECONDS,
        le=3600,
    )
    link_claim_attempts: int = setting(
        10,
        "LINK_CLAIM_ATTEMPTS",
        "PIN claims per account and per client address in 10 minutes",
        ge=1,
    )
    link_poll_rate_limit_per_minute: int = setting(
        60,
        "LINK_POLL_RATE_LIMIT_PER_MINUTE",
        "TV-link polls per client address per minute (a TV polls every 5 s)",
        ge=1,
    )
    contact_rate_limit_per_hour: int = setting(
        10,
        "CONTACT_RATE_LIMIT_PER_HOUR",
        "contact messages per client address per hour",
        ge=1,
    )
    argon2_memory_kib: int = setting(
        19 * 1024,
        "ARGON2_MEMORY_KIB",
        "argon2id memory cost (OWASP minimum: 19 MiB, t=2, p=1)",
        ge=1024,
    )

    # --- retention ---
    retention_analytics_days: int = setting(
        395,
        "RETENTION_ANALYTICS_DAYS",
        "analytics records are deleted this long (13 months) after they were received",
        ge=1,
    )
    retention_outbox_days: int = setting(
        30,
        "RETENTION_OUTBOX_DAYS",
        "delivered outbox rows (e-mails, forwards, callbacks) are deleted after this; "
        "pending and dead ones stay",
        ge=1,
    )
    retention_tokens_days: int = setting(
        7,
        "RETENTION_TOKENS_DAYS",
        "tokens and single-use links are deleted this long after they expired, were used or revoked "
        "(sessions: after `SESSION_IDLE_DAYS` unused)",
        ge=1,
    )
    retention_contact_days: int = setting(
        365,
        "RETENTION_CONTACT_DAYS",
        "contact messages are deleted this long after they were sent",
        ge=1,
    )

    # --- payments ---
    payment_gateway: Literal["sandbox", "braintree"] = setting(
        "sandbox",
        "PAYMENT_GATEWAY",
        "`sandbox` (Braintree's test nonces, no network) or `braintree`; production refuses to start "
        "on the sandbox",
    )
    braintree_environment: Literal["sandbox", "production"] = setting(
        "sandbox",
        "BRAINTREE_ENVIRONMENT",
        "`sandbox` or `production` (with `PAYMENT_GATEWAY=braintree`)",
    )
    braintree_merchant_id: str = setting(
        "", "BRAINTREE_MERCHANT_ID", "Braintree credential; missing, it stops the start-up"
    )
    braintree_public_key: str = setting(
        "", "BRAINTREE_PUBLIC_KEY", "Braintree credential; missing, it stops the start-up"
    )
    braintree_private_key: str = setting(
        "", "BRAINTREE_PRIVATE_KEY", "Braintree credential; missing, it stops the start-up"
    )
    braintree_merchant_accounts: dict[str, str] = setting(
        {},
        "BRAINTREE_MERCHANT_ACCOUNTS",
        "`EUR=lumo_eur,CHF=lumo_chf,USD=lumo_usd`: the merchant account of each currency, on every "
        "verification, subscription and charge; production refuses to start without one per "
        "currency sold (docs/billing-refunds.md)",
        shown="*(empty)*",
    )
    seller_name: str = setting(
        "Lumo Kids Media GmbH (placeholder)",
        "SELLER_NAME",
        "the seller's legal name on every receipt and credit note (docs/billing.md#receipts-and-credit-notes); "
        "production refuses to start with any of the three placeholders",
    )
    seller_address: str = setting(
        "Musterstrasse 1, 8000 Zürich, Switzerland (placeholder)",
        "SELLER_ADDRESS",
        "the seller's postal address on every receipt and credit note",
    )
    seller_vat_number: str = setting(
        "EU000000000 (placeholder)",
        "SELLER_VAT_NUMBER",
        "the seller's VAT identification number (the OSS number for EU sales) on every billing document",
    )
    vat_extra_rates: dict[str, Decimal] = setting(
        {},
        "VAT_EXTRA_RATES",
        "`US=0,NO=25`: VAT rates (percent) for countries the catalogue gives none (no VAT by default, "
        "e.g. the US), or to override one (docs/billing.md#vat)",
        shown="*(empty)*",
    )
    three_d_secure: dict[str, str] = setting(
        {},
        "THREE_D_SECURE",
        "3-D Secure per currency, `EUR=required,CHF=optional,USD=optional`: `required` refuses a card "
        "whose issuer did not authenticate it (liability not shifted), `optional` refuses only a "
        "failed authentication, `off` checks nothing; wallets follow Braintree "
        "(docs/taking-real-money.md)",
        shown="production: `EUR=required` (others `optional`); development and test: every currency "
        "`optional`",
    )
    sandbox_webhook_secret: str = setting(
        "",
        "SANDBOX_WEBHOOK_SECRET",
        "HMAC key of the sandbox gateway's webhooks",
        shown="*(random per process)*",
    )
    sandbox_settle_seconds: int | None = setting(
        None,
        "SANDBOX_SETTLE_SECONDS",
        "the sandbox settles a charge this many seconds old (the browser journeys set 0); unset: "
        "only an explicit settle does",
        shown="*(never by itself)*",
        ge=0,
    )

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        # Only what the caller passes: the environment is read by from_environment, from the mapping
        # it is given (os.environ in the processes, a dict in tests), never behind a test's back.
        return (init_settings,)

    # --- defaults that depend on other settings ---
    @model_validator(mode="before")
    @classmethod
    def _derived_defaults(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        values = dict(data)

        def given(name: str) -> Any:
            alias = cls.model_fields[name].alias or name
            return values.get(name, values.get(alias))

        production = given("env") == "production"
        rate_limit = given("rate_limit_per_minute")
        defaults: dict[str, Any] = {
            "analytics_api_keys": () if production else (DEV_ANALYTICS_KEY,),
            "three_d_secure": dict(
                three_d_secure.PRODUCTION_DEFAULT
                if production
                else three_d_secure.DEVELOPMENT_DEFAULT
            ),
            "link_pin_pepper": "" if production else DEV_LINK_PIN_PEPPER,
            "staff_totp_key": "" if production else DEV_STAFF_TOTP_KEY,
        }
        if rate_limit is not None:
            defaults.update(dict.fromkeys(RATE_LIMIT_DEFAULTED, rate_limit))
        for name, value in defaults.items():
            if given(name) is None:
                values[name] = value
        return values

    # --- the variables' own formats ---
    @field_validator("analytics_api_keys", mode="before")
    @classmethod
    def _comma_separated(cls, raw: Any) -> Any:
        if isinstance(raw, str):
            return tuple(key.strip() for key in raw.split(",") if key.strip())
        return raw

    @field_validator("dunning_retry_days", "dunning_email_days", mode="before")
    @classmethod
    def _days(cls, raw: Any) -> Any:
        if isinstance(raw, str):
            raw = [part.strip() for part in raw.split(",") if part.strip()]
        days = tuple(sorted({int(day) for day in raw}))
        if any(day < 0 for day in days):
            raise ValueError("days after the failed charge are 0 or more")
        return days

    @field_validator("partner_callbacks", mode="before")
    @classmethod
    def _partners(cls, raw: Any) -> Any:
        return parse_partner_callbacks(raw) if isinstance(raw, str) else raw

    @field_validator("braintree_merchant_accounts", mode="before")
    @classmethod
    def _merchant_accounts(cls, raw: Any) -> Any:
        return parse_merchant_accounts(raw) if isinstance(raw, str) else raw

    @field_validator("vat_extra_rates", mode="before")
    @classmethod
    def _vat_extra_rates(cls, raw: Any) -> Any:
        return parse_vat_rates(raw) if isinstance(raw, str) else raw

    @field_validator("three_d_secure", mode="before")
    @classmethod
    def _three_d_secure(cls, raw: Any) -> Any:
        return three_d_secure.parse_setting(raw) if isinstance(raw, str) else raw

    @field_validator("terms_version", "promo_consent_version")
    @classmethod
    def _consent_version(cls, raw: str) -> str:
        if not consents.is_version(raw):
            raise ValueError(f"must be an ISO date like 2026-11 or 2026-11-15, not {raw!r}")
        return raw

    @field_validator("public_url")
    @classmethod
    def _no_trailing_slash(cls, raw: str) -> str:
        return raw.rstrip("/")

    @model_validator(mode="after")
    def _promo_window(self) -> Settings:
        starts, ends = self.holiday_promo_from, self.holiday_promo_to
        if (starts is None) != (ends is None):
            raise ValueError(
                "HOLIDAY_PROMO_FROM and HOLIDAY_PROMO_TO go together (ISO dates, both included)"
            )
        if starts and ends and starts > ends:
            raise ValueError("HOLIDAY_PROMO_FROM is after HOLIDAY_PROMO_TO")
        return self

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

    def replace(self, **changes: Any) -> Settings:
        """A copy with some settings changed (tests, the scale run's clock), checked like the original."""
        return type(self).model_validate({**self.model_dump(), **changes})


def variable_names() -> dict[str, str]:
    """Field name -> its environment variable, in declaration order."""
    return {name: field.alias or name for name, field in Settings.model_fields.items()}


def from_environment(environ: Mapping[str, str] | None = None) -> Settings:
    """The settings the environment gives (os.environ unless a mapping is passed); an empty value is unset.
    Anything out of type or bounds stops here with the variable's name (pydantic's ValidationError, a
    ValueError)."""
    e = os.environ if environ is None else environ
    given = {
        alias: e[alias]
        for alias in variable_names().values()
        if alias in e and e[alias] is not None and str(e[alias]).strip()
    }
    return Settings.model_validate(given)


PLACEHOLDER = "(placeholder)"  # marks the development defaults of the seller's details


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
    for name in ("seller_name", "seller_address", "seller_vat_number"):
        if PLACEHOLDER in getattr(settings, name):  # on every receipt and credit note
            problems.append(f"{name.upper()} must be the seller's own, not the placeholder")
    return problems


def check_production(settings: Settings, sold_currencies: Iterable[str] = SOLD_CURRENCIES) -> None:
    """The one start-up check of production mode, run by the API (create_app) and the worker."""
    problems = production_problems(settings, sold_currencies)
    if problems:
        raise RuntimeError("LUMO_ENV=production refuses to start: " + "; ".join(problems))
