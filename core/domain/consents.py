"""Terms versions and consents, with their history.

Versions are ISO dates ("2026-11" or "2026-11-15"), so the older of two versions sorts
first: an account must accept the terms in force when its accepted version is older (or
missing). A version newer than the one in force (a rolling deploy) is not asked again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

TERMS, PROMOTIONAL, NEWSLETTER = "terms", "promotional", "newsletter"
KINDS = (TERMS, PROMOTIONAL, NEWSLETTER)
_VERSION = re.compile(r"^[0-9]{4}-[0-9]{2}(-[0-9]{2})?$")


@dataclass
class ConsentRecord:
    """One change of mind: what was agreed to (or withdrawn), which wording, when."""

    account_id: int
    kind: str
    version: str
    granted: bool
    at: datetime
    id: int | None = None


def is_version(value: str | None) -> bool:
    return value is not None and _VERSION.fullmatch(value) is not None


def must_accept_terms(accepted_version: str | None, current_version: str) -> bool:
    return accepted_version is None or accepted_version < current_version
