"""Linking a TV app without typing a password: the TV shows a PIN (and a QR code of the
link page), a logged-in parent enters it on the web, and the TV, polling, receives its
own session token.

The PIN is six digits (0-9 only, so nothing to confuse on a TV font: no O/0, I/1/l).
A million PINs is a small space, so the PIN is stored as HMAC-SHA256 under a server-side
pepper (LINK_PIN_PEPPER): a copy of the database alone cannot turn hashes back into PINs,
yet the claim can still look the PIN up by its hash. Guessing is made hopeless by the
claim's rate limits (per account and per address) and the 10-minute life of a PIN.
The poll token is 256 random bits, stored as SHA-256 like every other token.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

PIN_LENGTH = 6
LINK_LIFETIME = timedelta(
    minutes=10
)  # to claim a PIN; then again to collect the token once claimed
POLL_INTERVAL_SECONDS = 5  # what the TV is told to wait between polls
_PIN = re.compile(rf"^[0-9]{{{PIN_LENGTH}}}$")


@dataclass
class TvLink:
    pin_hash: str | None  # None once claimed: the PIN is free again and cannot be claimed twice
    poll_hash: str
    created_at: datetime
    expires_at: datetime  # before claim: claim by then; after claim: collect by then
    account_id: int | None = None
    claimed_at: datetime | None = None
    collected_at: datetime | None = None
    id: int | None = None


def new_pin() -> str:
    return "".join(secrets.choice("0123456789") for _ in range(PIN_LENGTH))


def new_poll_token() -> str:
    # Hex, so every character is masked by the access log's long-secret filter (it travels in the path).
    return secrets.token_hex(32)


def normalise_pin(raw: str | None) -> str | None:
    """What a parent typed, without spaces or dashes ("123 456"); None if it cannot be a PIN."""
    pin = re.sub(r"[\s-]", "", raw or "")
    return pin if _PIN.match(pin) else None


def pin_hash(pin: str, pepper: str) -> str:
    return hmac.new(pepper.encode(), pin.encode(), hashlib.sha256).hexdigest()
