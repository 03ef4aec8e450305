"""Operations screens: outbox dead letters (list, retry, discard with a reason) and the webhook log."""
from __future__ import annotations

from core.domain import errors
from core.domain.errors import DomainError
from core.domain.staff import StaffMember
from core.services.context import ServiceContext
from core.services.ops.audit import clean_reason, record


def dead_letters(ctx: ServiceContext, limit: int = 100) -> list[dict]:
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
        record(ctx, uow, staff, "outbox.discard", account_id=gone["account_id"], target=f"outbox:{message_id}",
               before={"kind": gone["kind"], "topic": gone["topic"], "lastError": (gone["last_error"] or "")[:200]},
               reason=reason)
        uow.commit()


def webhook_events(ctx: ServiceContext, limit: int = 100, before_id: int | None = None) -> list[dict]:
    with ctx.read() as uow:
        return uow.ops.webhook_events(limit, before_id)
