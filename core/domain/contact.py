"""Contact messages (docs/product.md#entities): stored, then e-mailed to support by the outbox job."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

SUBJECTS = (
    "subscription",
    "hello",
    "subscription_trouble",
    "need_help",
    "work_with_us",
    "suggestions",
)
MAX_NAME, MAX_MESSAGE = 100, 2000
_PHONE = re.compile(r"^\+?[0-9 ()./-]{4,30}$")


@dataclass
class ContactMessage:
    name: str
    email: str
    subject: str
    message: str
    language: str
    created_at: datetime
    phone: str | None = None
    account_id: int | None = None  # when the sender was logged in
    id: int | None = None


def is_phone(value: str) -> bool:
    return _PHONE.match(value) is not None and sum(ch.isdigit() for ch in value) >= 4
