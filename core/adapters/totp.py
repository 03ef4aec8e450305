"""TOTP (RFC 6238) with pyotp: 6 digits, 30 s steps, one step of clock drift either side."""

from __future__ import annotations

import hmac
from datetime import datetime

import pyotp

ISSUER = "Lumo operator console"


class PyotpTotp:
    def new_secret(self) -> str:
        return pyotp.random_base32()

    def provisioning_uri(self, secret: str, email: str) -> str:
        return pyotp.TOTP(secret).provisioning_uri(name=email, issuer_name=ISSUER)

    def matching_step(self, secret: str, code: str, at: datetime) -> int | None:
        code = (code or "").strip()
        if len(code) != 6 or not code.isdigit():
            return None
        totp = pyotp.TOTP(secret)
        step = totp.timecode(at)
        for offset in (0, -1, 1):
            if hmac.compare_digest(totp.generate_otp(step + offset), code):
                return step + offset
        return None
