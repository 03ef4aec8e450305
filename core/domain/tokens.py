"""Opaque tokens: random, stored only as a hash, expiring, revocable.

One mechanism serves five purposes: the bearer session token, the single-use
password-reset and e-mail-confirmation links, the one-minute redirect key
that hands a session over to a web app, and the payment-update link of one
subscription.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum


class Purpose(StrEnum):
    SESSION = "session"
    RESET_PASSWORD = "reset_password"
    CONFIRM_EMAIL = "confirm_email"
    REDIRECT_KEY = "redirect_key"
    # The link of a payment-failed e-mail: opens the payment-method update of one subscription (its id is
    # the payload) and nothing else; never a session (docs/billing.md#fixing-a-failed-payment).
    PAYMENT_UPDATE = "payment_update"


def new_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    # Tokens carry 256 bits of entropy, so a fast hash is enough: nothing to brute-force.
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class StoredToken:
    account_id: int
    purpose: Purpose
    token_hash: str
    expires_at: datetime
    created_at: datetime
    used_at: datetime | None = None
    revoked_at: datetime | None = None
    payload: str | None = None
    last_used_at: datetime | None = None  # sessions: noted at most hourly, for the idle expiry
    id: int | None = None

    def is_live(self, now: datetime) -> bool:
        return self.used_at is None and self.revoked_at is None and now < self.expires_at
