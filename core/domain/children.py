"""Child profiles: a first name or nickname and an age band, nothing more about a child.

No birth date, no photo, no school, no gender: the apps need only a name to show on the
profile picker and an age band to choose sensible default filters (see parental_settings).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime

MAX_CHILDREN = 6  # per account; the database enforces it too (one of six slots per profile)
MAX_NAME_LENGTH = 30
AGE_BANDS = (
    "3-5",
    "6-8",
    "9-10",
)  # together they cover the product's ages 3 to 10, without overlap
_SPACES = re.compile(r"\s+")


@dataclass
class ChildProfile:
    account_id: int
    name: str
    age_band: str
    created_at: datetime | None = None
    slot: int | None = None  # 1..MAX_CHILDREN, unique per account
    id: int | None = None


def normalise_name(raw: str | None) -> str | None:
    """The name as stored: trimmed, inner spaces collapsed; None if empty, too long or with control characters."""
    name = _SPACES.sub(" ", unicodedata.normalize("NFC", raw or "")).strip()
    if not name or len(name) > MAX_NAME_LENGTH:
        return None
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        return None
    return name


def is_age_band(value: str | None) -> bool:
    return value in AGE_BANDS
