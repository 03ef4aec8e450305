"""Analytics: receive a record, keep it, forward it to the collector; the daily funnel."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from core.domain.analytics import AnalyticsEvent, FunnelRow, check, funnel, origin_for
from core.domain.ports.messaging import HttpSender, OutboxMessage
from core.domain.ports.unit_of_work import UnitOfWork
from core.services.context import ServiceContext


def record(ctx: ServiceContext, event: AnalyticsEvent, click_id: str | None = None) -> bool:
    """Store the record and its forwarding job in one transaction. False if the very same
    record (transaction, event, timestamp) arrived before: a client retry stores nothing twice."""
    now = ctx.clock.now()
    event.origin = origin_for(event.origin, click_id)
    event.received_at = now
    check(event, now)
    with ctx.uow() as uow:
        stored = uow.analytics.add(event)
        if stored is None:
            return False
        uow.outbox.add(
            OutboxMessage(kind="analytics", topic=event.event, payload={"event_id": stored.id})
        )
        uow.commit()
    ctx.jobs.outbox_changed()
    return True


@dataclass
class Collector:
    url: str  # empty: keep records, forward nothing
    sender: HttpSender


def prepare_forward(
    ctx: ServiceContext, collector: Collector, uow: UnitOfWork, message: OutboxMessage
) -> Callable[[], None] | None:
    """The outbox handler of kind "analytics"."""
    event_id = message.payload.get("event_id")
    event = uow.analytics.get(event_id) if collector.url and event_id is not None else None
    if event is None:
        return None
    assert event.received_at is not None  # stamped when stored
    body = json.dumps(
        {
            "id": f"lumo-{event.id}",
            "receivedAt": event.received_at.isoformat(),
            **event.as_record(),
        },
        separators=(",", ":"),
    ).encode()
    return lambda: collector.sender.post(
        collector.url, body, {"X-Lumo-Delivery": f"lumo-{message.id}"}
    )


def funnel_report(ctx: ServiceContext, day: date) -> tuple[list[FunnelRow], FunnelRow]:
    """One UTC day, by the time records were received (device clocks drift)."""
    start = datetime.combine(day, time(0), tzinfo=UTC)
    with ctx.uow() as uow:
        counts = uow.analytics.funnel_counts(start, start + timedelta(days=1))
    return funnel(counts)
