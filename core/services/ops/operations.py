"""Operations screens: outbox dead letters (list, retry, discard with a reason) and the webhook log."""

from __future__ import annotations

from typing import Any

from core.domain import errors, payments
from core.domain.errors import DomainError
from core.domain.ops_reads import DeadLetter, LoggedWebhook, Replayed
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.staff import StaffMember
from core.domain.subscriptions import Subscription
from core.services import gateway_events
from core.services.context import ServiceContext
from core.services.ops.audit import clean_reason, record


def dead_letters(ctx: ServiceContext, limit: int = 100) -> list[DeadLetter]:
    with ctx.read() as uow:
        return uow.ops.dead_letters(limit)


def retry(ctx: ServiceContext, staff: StaffMember, message_id: int, reason: str | None) -> None:
    with ctx.uow() as uow:
        if not uow.outbox.requeue(message_id):
            raise DomainError(errors.DEAD_LETTER_NOT_FOUND)
        record(ctx, uow, staff, "outbox.retry", target=f"outbox:{message_id}", reason=reason)
        uow.commit()
    ctx.jobs.outbox_changed()


def discard(ctx: ServiceContext, staff: StaffMember, message_id: int, reason: str | None) -> None:
    clean_reason("outbox.discard", reason)
    with ctx.uow() as uow:
        gone = uow.ops.discard_dead_letter(message_id, ctx.clock.now())
        if gone is None:
            raise DomainError(errors.DEAD_LETTER_NOT_FOUND)
        record(
            ctx,
            uow,
            staff,
            "outbox.discard",
            account_id=gone["account_id"],
            target=f"outbox:{message_id}",
            before={
                "kind": gone["kind"],
                "topic": gone["topic"],
                "last_error": (gone["last_error"] or "")[:200],
            },
            reason=reason,
        )
        uow.commit()


def replay_webhook(
    ctx: ServiceContext, staff: StaffMember, event_id: int, reason: str | None
) -> Replayed:
    """Apply a logged gateway event again (admin), with a reason; audited with the subscription before and
    after, in the transaction that changes it. Only subscription events are logged (disputes live in the
    payment history)."""
    clean_reason("webhook.replay", reason)
    with ctx.read() as uow:
        row = uow.ops.webhook_event(event_id)
    # an `other` event has nothing to apply (docs/billing.md#webhook-kinds)
    if row is None or row.kind == payments.OTHER_KIND:
        raise DomainError(errors.WEBHOOK_EVENT_NOT_FOUND)
    kind = row.kind
    event = payments.WebhookEvent(
        kind=row.kind,
        gateway_id=row.gateway_id,
        occurred_at=row.occurred_at,
        paid_through=row.paid_through,
        next_billing_date=row.next_billing_date,
        transaction_id=row.transaction_id,
        amount=row.amount,
        currency=row.currency,
    )

    def audit(uow: UnitOfWork, before: dict[str, Any], sub: Subscription) -> None:
        uow.ops.count_replay(event_id)
        record(
            ctx,
            uow,
            staff,
            "webhook.replay",
            account_id=sub.account_id,
            target=f"webhook:{event_id}",
            before=before,
            after={
                "state": sub.payment_state_id,
                "end_date": sub.end_date.isoformat() if sub.end_date else None,
                "renewing": sub.is_renewing,
                "kind": kind,
                "subscription_id": sub.id,
            },
            reason=reason,
        )

    sub = gateway_events.replay_webhook(ctx, event, audit)
    assert sub.id is not None  # a stored subscription
    return Replayed(subscription_id=sub.id, state=sub.payment_state_id, end_date=sub.end_date)


def webhook_events(
    ctx: ServiceContext, limit: int = 100, before_id: int | None = None
) -> list[LoggedWebhook]:
    with ctx.read() as uow:
        return uow.ops.webhook_events(limit, before_id)
