"""Names on the wire: core names everything in snake_case, the API answers in camelCase."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from typing import Any


def camel(name: str) -> str:
    """The wire's name of a snake_case attribute: subscription_id -> subscriptionId."""
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def camel_keys(value: Any) -> Any:
    """A free-form JSON value (an audit entry's before and after, a declaration's outcome) with the keys of
    its objects, at every depth, in camelCase."""
    if isinstance(value, Mapping):
        return {camel(k) if "_" in k else k: camel_keys(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [camel_keys(v) for v in value]
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value
