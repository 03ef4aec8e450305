"""The audit trail: appended in the same transaction as the action it records; read, never changed."""

from __future__ import annotations

from typing import Any

from core.domain import errors
from core.domain.errors import DomainError
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.staff import REASON_REQUIRED, AuditEntry, AuditFilter, StaffMember
from core.services.context import ServiceContext

MAX_REASON = 500


def clean_reason(action: str, reason: str | None) -> str | None:
    """The reason given, trimmed; 400 reasonRequired when the action is a money or erasure one and has none."""
    reason = (reason or "").strip()[:MAX_REASON] or None
    if reason is None and action in REASON_REQUIRED:
        raise DomainError(errors.REASON_REQUIRED)
    return reason


def record(
    ctx: ServiceContext,
    uow: UnitOfWork,
    staff: StaffMember,
    action: str,
    *,
    account_id: int | None = None,
    target: str | None = None,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    reason: str | None = None,
    outcome: str = "done",
) -> None:
    uow.audit.append(
        AuditEntry(
            action=action,
            outcome=outcome,
            staff_id=staff.id,
            staff_email=staff.email,
            account_id=account_id,
            target=target,
            before=before,
            after=after,
            reason=clean_reason(action, reason),
            at=ctx.clock.now(),
        )
    )


def entries(ctx: ServiceContext, where: AuditFilter) -> list[AuditEntry]:
    with ctx.read() as uow:
        return uow.audit.entries(where)
