"""The console's queue of public declarations (docs/operator-console.md#public-declarations): cancellations
(core/services/contract_cancellations.py) and withdrawals (core/services/withdrawals.py) in one list, by status and
kind; marking a withdrawal handled is audited as a cancellation's is."""

from __future__ import annotations

from core.domain import errors
from core.domain.contract_cancellations import CANCELLATION, DONE, MATCHED, WITHDRAWAL, Declaration
from core.domain.declaration_queue import from_withdrawal, newest_first
from core.domain.errors import DomainError
from core.domain.staff import StaffMember
from core.services.context import ServiceContext
from core.services.ops import audit

# A withdrawal names its subscription, so it is never unmatched: waiting (matched) or done.
_HANDLED = {MATCHED: False, DONE: True}


def queue(
    ctx: ServiceContext,
    status: str | None = None,
    kind: str | None = None,
    before_id: int | None = None,
    limit: int = 100,
) -> list[Declaration]:
    """Newest first. `before_id` pages within one kind (each kind numbers its own rows): give it with `kind`."""
    rows: list[Declaration] = []
    with ctx.read() as uow:
        if kind in (None, CANCELLATION):
            rows += uow.declarations.queue(status, CANCELLATION, before_id, limit)
        if kind in (None, WITHDRAWAL) and (status is None or status in _HANDLED):
            handled = _HANDLED[status] if status else None
            rows += [from_withdrawal(w) for w in uow.withdrawals.queue(handled, before_id, limit)]
    return newest_first(rows, limit)


def mark_withdrawal_handled(
    ctx: ServiceContext, staff: StaffMember, withdrawal_id: int, reason: str | None
) -> Declaration:
    """Close a withdrawal in the queue (audited with who and why, as declaration.handled); 409 if someone closed
    it first."""
    reason = audit.clean_reason("declaration.handled", reason)
    if not reason:
        raise DomainError(errors.REASON_REQUIRED)
    with ctx.uow() as uow:
        withdrawal = uow.withdrawals.get(withdrawal_id)
        if withdrawal is None:
            raise DomainError(errors.DECLARATION_NOT_FOUND)
        withdrawal.handled_at, withdrawal.handled_by = ctx.clock.now(), staff.email
        withdrawal.handled_reason = reason
        if not uow.withdrawals.mark_handled(withdrawal):
            raise DomainError(errors.DECLARATION_HANDLED)
        audit.record(
            ctx,
            uow,
            staff,
            "declaration.handled",
            account_id=withdrawal.account_id,
            target=f"withdrawal:{withdrawal_id}",
            before={"status": MATCHED},
            after={"status": DONE},
            reason=reason,
        )
        uow.commit()
    return from_withdrawal(withdrawal)
