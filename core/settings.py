"""Configuration, read from the environment once. Nothing else reads os.environ.

Every variable, its default and its meaning is listed in README.md.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field, fields
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _int(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


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
    reset_minutes: int = 60
    confirm_hours: int = 72
    redirect_key_seconds: int = 60
    rate_limit_per_minute: int = 20
    argon2_memory_kib: int = 19 * 1024
    payment_gateway: str = "sandbox"  # sandbox | braintree
    braintree_environment: str = "sandbox"  # sandbox | production
    braintree_merchant_id: str = ""
    braintree_public_key: str = ""
    braintree_private_key: str = ""
    sandbox_webhook_secret: str = ""
    extra: dict = field(default_factory=dict)

    @property
    def is_production(self) -> bool:
        return self.env == "production"

    def replace(self, **changes) -> "Settings":
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        values.update(changes)
        return Settings(**values)


def from_environment(environ=None) -> Settings:
    e = os.environ if environ is None else environ
    d = Settings()
    return Settings(
        env=e.get("LUMO_ENV", d.env),
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
        reset_minutes=int(e.get("RESET_LINK_MINUTES", d.reset_minutes)),
        confirm_hours=int(e.get("CONFIRM_LINK_HOURS", d.confirm_hours)),
        redirect_key_seconds=int(e.get("REDIRECT_KEY_SECONDS", d.redirect_key_seconds)),
        rate_limit_per_minute=int(e.get("RATE_LIMIT_PER_MINUTE", d.rate_limit_per_minute)),
        argon2_memory_kib=int(e.get("ARGON2_MEMORY_KIB", d.argon2_memory_kib)),
        payment_gateway=e.get("PAYMENT_GATEWAY", d.payment_gateway),
        braintree_environment=e.get("BRAINTREE_ENVIRONMENT", d.braintree_environment),
        braintree_merchant_id=e.get("BRAINTREE_MERCHANT_ID", d.braintree_merchant_id),
        braintree_public_key=e.get("BRAINTREE_PUBLIC_KEY", d.braintree_public_key),
        braintree_private_key=e.get("BRAINTREE_PRIVATE_KEY", d.braintree_private_key),
        sandbox_webhook_secret=e.get("SANDBOX_WEBHOOK_SECRET", d.sandbox_webhook_secret),
    )
