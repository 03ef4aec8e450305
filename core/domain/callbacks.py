"""Partner callbacks: what we tell a partner when one of its users subscribes or
unsubscribes, and how the partner knows the message is ours (HMAC-SHA256 over the raw body)."""

from __future__ import annotations

import hashlib
import hmac
import json
from datetime import datetime
from typing import Any

from core.domain.accounts import Account
from core.domain.subscriptions import WEB_STORE, Subscription

SUBSCRIBED, UNSUBSCRIBED = "subscribed", "unsubscribed"
SIGNATURE_HEADER = "X-Lumo-Signature"
APP_STORES = (
    "ios",
    "playstore",
    "samsung",
)  # they bill through their own store: nobody to call back


def partner_of(sub: Subscription, account: Account | None) -> str | None:
    """The partner to tell: the subscription's partner, the account's, or its carrier store."""
    name = (
        sub.partner
        or (account.partner if account else None)
        or (sub.store_id if sub.store_id not in (WEB_STORE, *APP_STORES) else None)
    )
    return name.lower() if name else None


def payload(
    event: str, sub: Subscription, account: Account | None, partner: str, now: datetime
) -> dict[str, Any]:
    """What the outbox keeps. Identifies the user the way the partner knows them, never by e-mail."""
    return {
        "partner": partner,
        "event": event,
        "occurredAt": now.isoformat(),
        "subscriptionId": sub.id,
        "subscriptionType": sub.subscription_type,
        "storeId": sub.store_id,
        "platformPurchaseId": sub.platform_purchase_id,
        "userAlias": account.partner_alias if account else None,
        "endDate": sub.end_date.isoformat() if sub.end_date else None,
    }


def body(message_id: int, data: dict[str, Any]) -> bytes:
    """The exact bytes sent and signed; `id` lets the partner drop a redelivery."""
    return json.dumps(
        {"id": f"lumo-{message_id}", **data}, sort_keys=True, separators=(",", ":")
    ).encode()


def signature(raw_body: bytes, secret: str) -> str:
    return "sha256=" + hmac.new(secret.encode(), raw_body, hashlib.sha256).hexdigest()


def verify(raw_body: bytes, secret: str, header: str) -> bool:
    """What a partner runs on its side (and our tests do)."""
    return hmac.compare_digest(signature(raw_body, secret), header or "")
