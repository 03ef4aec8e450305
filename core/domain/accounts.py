"""Accounts: who a parent is, and the rules about their e-mail and password."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

# The "simple e-mail pattern" of docs/product.md#validation, tightened to refuse spaces,
# double dots and a missing top-level domain.
_EMAIL = re.compile(
    r"^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$"
)
_CLIENT_HASH = re.compile(r"^[0-9a-f]{64}$")
MAX_EMAIL_LENGTH = 254
MAX_NAME_LENGTH = 100
LANGUAGES = ("ar", "de", "en", "es", "fr", "it", "nl", "pt", "ru")
DEFAULT_LANGUAGE = "en"


# The apps and the web site hash the password with this fixed salt before sending it
# (docs/product.md#entities). It is not a secret: it stops the raw password leaving the device.
CLIENT_PASSWORD_SALT = "lumo-world:pw:v1"


def client_password_hash(password: str) -> str:
    """What a client sends for `password`: SHA-256(password + salt), lowercase hex."""
    return hashlib.sha256((password + CLIENT_PASSWORD_SALT).encode("utf-8")).hexdigest()


def normalise_email(raw: str | None) -> str:
    return (raw or "").strip().lower()


def is_valid_email(email: str) -> bool:
    return (
        0 < len(email) <= MAX_EMAIL_LENGTH and ".." not in email and _EMAIL.match(email) is not None
    )


def is_client_password_hash(value: str) -> bool:
    """The client sends SHA-256(password + fixed salt) as 64 hex digits."""
    return _CLIENT_HASH.match(value) is not None


def pick_language(candidate: str | None) -> str:
    """First two letters of a language tag, if we speak it; English otherwise."""
    short = (candidate or "").strip()[:2].lower()
    return short if short in LANGUAGES else DEFAULT_LANGUAGE


_COUNTRY_CODE = re.compile(r"[A-Z]{2}")


def normalise_country(raw: str | None, default: str) -> str:
    code = (raw or "").strip().upper()
    return code if _COUNTRY_CODE.fullmatch(code) and code != "XX" else default


@dataclass
class Account:
    email: str
    password_hash: str
    name: str = ""
    language: str = DEFAULT_LANGUAGE  # of the e-mails
    country_code: str = "FR"
    is_email_confirmed: bool = False
    is_email_fake: bool = False
    partner: str | None = None
    env: str = "web"
    promo_accepted_at: datetime | None = None
    terms_accepted_at: datetime | None = None
    utm: dict[str, Any] = field(default_factory=dict)
    created_at: datetime | None = None
    partner_alias: str | None = None  # a partner user's login name, e.g. their phone number
    terms_version: str | None = None  # the terms version accepted at terms_accepted_at
    promo_consent_version: str | None = (
        None  # the promotional-consent wording agreed to at promo_accepted_at
    )
    deleted_at: datetime | None = (
        None  # erased at the parent's request; the row stays for billing records
    )
    language_chosen: bool = (
        False  # the parent picked the e-mail language; the site's language then leaves it
    )
    # An address staff asked for, in force only once it confirms (docs/operator-console.md#e-mail-changes-and-reset-links)
    pending_email: str | None = None
    pending_email_at: datetime | None = None
    id: int | None = None

    def follow_language(self, language: str, explicit: bool) -> bool:
        """The e-mail language follows the site language the parent uses when logged in, until
        the parent chooses one in the profile (explicit), which wins from then on. True when it changed."""
        if language not in LANGUAGES or (self.language_chosen and not explicit):
            return False
        changed = self.language != language or (explicit and not self.language_chosen)
        self.language = language
        self.language_chosen = self.language_chosen or explicit
        return changed

    def erase(self, now: datetime) -> None:
        """Keep only what billing records need (id, country, dates); nothing that identifies a person.
        The placeholder address has no "@", so it can never log in, receive mail or be registered."""
        self.email = f"deleted-{self.id}"
        self.password_hash = "!"  # no hash format: never verifies
        self.name, self.utm, self.partner_alias = "", {}, None
        self.pending_email = self.pending_email_at = None
        self.is_email_confirmed, self.is_email_fake = False, True
        self.promo_accepted_at = self.promo_consent_version = None
        self.deleted_at = now


@dataclass(frozen=True)
class AccountSummary:
    """What an authenticated request reads of its account with the session check, and what the account
    answer shows of it. The check reads only these columns: never the password hash, the login-throttle
    state or the sign-up's marketing data (docs/security.md, "Sessions";
    docs/benchmarks.md#python-calls-per-request)."""

    id: int
    email: str
    name: str
    language: str
    language_chosen: bool
    is_email_confirmed: bool
    is_email_fake: bool
    terms_version: str | None

    @classmethod
    def of(cls, account: Account) -> AccountSummary:
        assert account.id is not None  # a stored account
        return cls(
            id=account.id,
            email=account.email,
            name=account.name,
            language=account.language,
            language_chosen=account.language_chosen,
            is_email_confirmed=account.is_email_confirmed,
            is_email_fake=account.is_email_fake,
            terms_version=account.terms_version,
        )
