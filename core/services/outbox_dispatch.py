"""Delivering the outbox: one dispatcher for every kind (email, analytics, partner).

A message is leased to one worker by a conditional UPDATE, prepared by the handler
of its kind in a short transaction (an e-mail's single-use link is minted there),
sent with no transaction open (so a slow SMTP or HTTP peer holds no database lock),
then marked delivered. A failure releases the lease and schedules the next attempt
with exponential backoff; after `max_attempts` the message is dead-lettered until an
operator re-queues it. A worker that dies mid-message leaves a lease that expires,
and the beat re-drive picks the message up again.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta

from core.domain.ports.messaging import ERASE_AFTER_DELIVERY, DeliveryError, OutboxMessage
from core.domain.ports.unit_of_work import UnitOfWork
from core.services.context import ServiceContext

log = logging.getLogger(__name__)

LEASE_SECONDS = 300

Send = Callable[[], None]
# Prepare a message inside a unit of work; answer what sends it (None: nothing to send).
Handler = Callable[[ServiceContext, UnitOfWork, OutboxMessage], "Send | None"]


@dataclass(frozen=True)
class RetryPolicy:
    max_attempts: int = 10
    base_seconds: int = 30
    cap_seconds: int = 6 * 3600
    lease_seconds: int = (
        LEASE_SECONDS  # a worker that died mid-message holds it this long (OUTBOX_LEASE_SECONDS)
    )

    def backoff(self, attempts: int) -> timedelta:
        """30 s, 1 min, 2 min, 4 min, … after the 1st, 2nd, 3rd, … failed attempt; at most 6 hours."""
        return timedelta(
            seconds=min(self.cap_seconds, self.base_seconds * 2 ** max(0, attempts - 1))
        )


# Told of each attempt's outcome: (kind, "delivered" | "retrying" | "dead", seconds since the message was
# written, for delivered ones). The metrics adapter listens here (core/adapters/metrics.py).
Observer = Callable[[str, str, "float | None"], None]


@dataclass
class Dispatcher:
    handlers: dict[str, Handler]
    policy: RetryPolicy = field(default_factory=RetryPolicy)
    observer: Observer | None = None


@dataclass
class DeliveryReport:
    delivered: Counter[str] = field(default_factory=Counter)  # kind -> messages delivered
    retrying: int = 0
    dead: int = 0

    @property
    def total(self) -> int:
        return sum(self.delivered.values())


def deliver_pending(
    ctx: ServiceContext,
    dispatcher: Dispatcher,
    kinds: tuple[str, ...] | None = None,
    limit: int = 100,
) -> DeliveryReport:
    kinds = tuple(kinds or dispatcher.handlers)
    with ctx.uow() as uow:
        ids = uow.outbox.pending_ids(kinds, ctx.clock.now(), limit)
    report = DeliveryReport()
    for message_id in ids:
        outcome, kind = deliver_one(ctx, dispatcher, message_id)
        if outcome == "delivered" and kind is not None:
            report.delivered[kind] += 1
        elif outcome == "retrying":
            report.retrying += 1
        elif outcome == "dead":
            report.dead += 1
    return report


def deliver_one(
    ctx: ServiceContext, dispatcher: Dispatcher, message_id: int
) -> tuple[str, str | None]:
    """("delivered" | "retrying" | "dead" | "taken", kind)"""
    outcome, message = _attempt(ctx, dispatcher, message_id)
    if message is None:
        return outcome, None
    if dispatcher.observer is not None:
        latency = None
        if outcome == "delivered" and message.created_at is not None:
            latency = max(0.0, (ctx.clock.now() - message.created_at).total_seconds())
        try:
            dispatcher.observer(message.kind, outcome, latency)
        except Exception:  # counting never stops a delivery
            log.exception("outbox observer failed")
    return outcome, message.kind


def _attempt(
    ctx: ServiceContext, dispatcher: Dispatcher, message_id: int
) -> tuple[str, OutboxMessage | None]:
    policy = dispatcher.policy
    with ctx.uow() as uow:
        message = uow.outbox.claim(message_id, ctx.clock.now(), policy.lease_seconds)
        uow.commit()
    if message is None:
        return "taken", None  # another worker has it, or it is done
    handler = dispatcher.handlers.get(message.kind)
    if message.attempts > policy.max_attempts or handler is None:
        last = message.last_error or "lease expired"
        reason = (
            f"no handler for kind {message.kind!r}"
            if handler is None
            else f"gave up: leased {message.attempts} times without an answer ({last})"
        )
        return _dead(ctx, message, reason), message
    try:
        with ctx.uow() as uow:
            send = handler(ctx, uow, message)
            uow.commit()
        if send is not None:
            send()
    except Exception as exc:
        error = f"{type(exc).__name__}: {exc}"[:500]
        if (
            isinstance(exc, DeliveryError) and exc.permanent
        ) or message.attempts >= policy.max_attempts:
            return _dead(ctx, message, error), message
        retry_at = ctx.clock.now() + policy.backoff(message.attempts)
        with ctx.uow() as uow:
            uow.outbox.mark_failed(message_id, error, retry_at)
            uow.commit()
        log.warning(
            "outbox %s %s/%s attempt %d failed, next at %s: %s",
            message.id,
            message.kind,
            message.topic,
            message.attempts,
            retry_at.isoformat(),
            error,
        )
        return "retrying", message
    _mark_delivered(ctx, message)
    return "delivered", message


MARK_RETRY_DELAYS = (0.2, 0.5, 1.0, 2.0, 4.0, 8.0)  # about 16 s in all, far inside the lease


def _mark_delivered(
    ctx: ServiceContext, message: OutboxMessage, sleep: Callable[[float], None] = time.sleep
) -> None:
    """The message went out: record it, on a fresh connection each try (the pool replaces a dropped
    one), so a database blip right after the send does not get the message sent a second time when its
    lease expires. Only a database down for longer than MARK_RETRY_DELAYS leaves it to the lease."""
    assert message.id is not None  # claimed from the outbox
    for attempt, delay in enumerate((*MARK_RETRY_DELAYS, None)):
        try:
            with ctx.uow() as uow:
                uow.outbox.mark_delivered(message.id, ctx.clock.now())
                if message.payload.get(ERASE_AFTER_DELIVERY):
                    uow.outbox.forget(message.id)
                uow.commit()
            if attempt:
                log.warning("outbox %s marked delivered at try %d", message.id, attempt + 1)
            return
        except Exception as exc:
            if delay is None:
                log.error(
                    "outbox %s sent but not marked delivered (%s): it will be sent again after its lease",
                    message.id,
                    type(exc).__name__,
                )
                raise
            sleep(delay)


def _dead(ctx: ServiceContext, message: OutboxMessage, error: str) -> str:
    assert message.id is not None  # claimed from the outbox
    with ctx.uow() as uow:
        uow.outbox.mark_dead(message.id, error[:500], ctx.clock.now())
        uow.commit()
    log.error(
        "outbox %s %s/%s dead-lettered after %d attempt(s): %s",
        message.id,
        message.kind,
        message.topic,
        message.attempts,
        error,
    )
    return "dead"


def dead_letters(
    ctx: ServiceContext, kind: str | None = None, limit: int = 100
) -> list[OutboxMessage]:
    with ctx.uow() as uow:
        return uow.outbox.dead(kind, limit)


def requeue(ctx: ServiceContext, message_ids: list[int]) -> list[int]:
    """Give dead messages a fresh set of attempts; answers the ids that were dead."""
    with ctx.uow() as uow:
        done = [message_id for message_id in message_ids if uow.outbox.requeue(message_id)]
        uow.commit()
    if done:
        ctx.jobs.outbox_changed()
    return done
