"""Telling partners when one of their users subscribes or unsubscribes.

The outbox row is written in the transaction of the change; the dispatcher signs the
body with the partner's secret and POSTs it to the partner's URL, with retries.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from core.domain import callbacks
from core.domain.ports.messaging import (
    ERASE_AFTER_DELIVERY,
    DeliveryError,
    HttpSender,
    OutboxMessage,
)
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.subscriptions import Subscription
from core.services.context import ServiceContext


def record_event(uow: UnitOfWork, event: str, sub: Subscription, now: datetime) -> bool:
    """Queue the callback if the subscription belongs to a partner user; call inside the change's unit of work."""
    account = uow.accounts.get(sub.account_id)
    partner = callbacks.partner_of(sub, account)
    if partner is None:
        return False
    uow.outbox.add(
        OutboxMessage(
            kind="partner",
            topic=event,
            account_id=sub.account_id,
            payload=callbacks.payload(event, sub, account, partner, now),
        )
    )
    return True


@dataclass
class PartnerEndpoints:
    endpoints: dict[str, tuple[str, str]]  # partner -> (url, secret)
    sender: HttpSender


def prepare_callback(
    ctx: ServiceContext, partners: PartnerEndpoints, uow: UnitOfWork, message: OutboxMessage
) -> Callable[[], None]:
    """The outbox handler of kind "partner". An unconfigured partner is dead-lettered at once,
    visible to operators, and re-queued once PARTNER_CALLBACKS names it."""
    partner = message.payload.get("partner") or message.payload.get("store")
    if partner not in partners.endpoints:
        raise DeliveryError(f"no callback URL configured for partner {partner!r}", permanent=True)
    url, secret = partners.endpoints[partner]
    assert message.id is not None  # claimed from the outbox
    data = {
        k: v for k, v in message.payload.items() if k != ERASE_AFTER_DELIVERY
    }  # ours, not the partner's
    raw = callbacks.body(message.id, {**data, "event": message.topic})
    headers = {
        callbacks.SIGNATURE_HEADER: callbacks.signature(raw, secret),
        "X-Lumo-Event": message.topic,
        "X-Lumo-Delivery": f"lumo-{message.id}",
    }
    return lambda: partners.sender.post(url, raw, headers)
