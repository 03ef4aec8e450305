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


JOINERS = "-'\u2019"  # between two letters only: Jean-Luc, N'Golo, N’Golo


def normalise_name(raw: str | None) -> str | None:
    """The name as stored: trimmed, inner spaces collapsed; None if empty, too long or not letters and spaces
    (docs/product.md#entities): letters of any script with their accents (Unicode L and M), a space between
    words, a hyphen or apostrophe between two letters. So no digit, no `=1+1`, no control or bidirectional
    character."""
    name = _SPACES.sub(" ", unicodedata.normalize("NFC", raw or "")).strip()
    if not name or len(name) > MAX_NAME_LENGTH:
        return None
    for i, ch in enumerate(name):
        if ch in JOINERS:
            if not (0 < i < len(name) - 1 and _letter(name[i - 1]) and _letter(name[i + 1])):
                return None
        elif ch != " " and not _letter(ch):
            return None
    return name


def _letter(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "LM"


def is_age_band(value: str | None) -> bool:
    return value in AGE_BANDS
