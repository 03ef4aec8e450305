"""TOTP (RFC 6238) with pyotp: 6 digits, 30 s steps, one step of clock drift either side.

The shared secrets are encrypted at rest (Fernet, from the `cryptography` package: AES-128-CBC + HMAC-SHA256)
with STAFF_TOTP_KEY; what the rest of the code holds and stores (`StaffMember.totp_secret`) is the sealed
form, opened only here to check a code or draw the provisioning URI. STAFF_TOTP_KEY may list several keys
(comma-separated): the first seals, all open, so a new key goes first and an old one stays listed while
secrets sealed with it are stored."""

from __future__ import annotations

import hmac
import logging
from datetime import datetime

import pyotp
from cryptography.fernet import Fernet, InvalidToken, MultiFernet

from core.settings import DEV_STAFF_TOTP_KEY

ISSUER = "Lumo operator console"
log = logging.getLogger(__name__)


def sealing(keys: str) -> MultiFernet:
    """The Fernet of a STAFF_TOTP_KEY value (one key, or several comma-separated: the first seals)."""
    parts = [k.strip() for k in (keys or "").split(",") if k.strip()]
    if not parts:
        raise ValueError("STAFF_TOTP_KEY is empty")
    return MultiFernet([Fernet(k.encode()) for k in parts])


def is_sealed(value: str) -> bool:
    """A Fernet token (version byte 0x80: base64 'gAAAAA…'), as opposed to a bare base32 secret."""
    return (value or "").startswith("gAAAAA")


class PyotpTotp:
    def __init__(self, keys: str = DEV_STAFF_TOTP_KEY) -> None:
        self._fernet = sealing(keys)

    def seal(self, secret: str) -> str:
        return self._fernet.encrypt(secret.encode()).decode()

    def reveal(self, sealed: str) -> str:
        return self._fernet.decrypt(sealed.encode()).decode()

    def new_secret(self) -> str:
        """A fresh secret, sealed."""
        return self.seal(pyotp.random_base32())

    def provisioning_uri(self, secret: str, email: str) -> str:
        return pyotp.TOTP(self.reveal(secret)).provisioning_uri(name=email, issuer_name=ISSUER)

    def matching_step(self, secret: str, code: str, at: datetime) -> int | None:
        code = (code or "").strip()
        if len(code) != 6 or not code.isdigit():
            return None
        try:
            totp = pyotp.TOTP(self.reveal(secret))
        except InvalidToken:
            log.error("a staff TOTP secret does not open with STAFF_TOTP_KEY")
            return None
        step = totp.timecode(at)
        for offset in (0, -1, 1):
            if hmac.compare_digest(totp.generate_otp(step + offset), code):
                return step + offset
        return None
