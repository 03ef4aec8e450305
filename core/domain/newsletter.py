"""Newsletter sign-ups: an address, its language and when (under which wording) it consented."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass
class NewsletterSignup:
    email: str
    language: str
    consented_at: datetime
    consent_version: str
    id: int | None = None
