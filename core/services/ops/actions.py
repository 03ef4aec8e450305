"""What staff do to a parent's account. Each action and its audit entry share one transaction: where it
reuses a parent-side use case (cancel, change e-mail, erase) that use case writes the entry through its
`audit` hook just before it commits, so a failed action leaves no entry and a done one always has one.
E-mail addresses in the trail are masked."""

from __future__ import annotations

from datetime import datetime, timedelta

from core.domain import errors
from core.domain.accounts import Account, is_valid_email, normalise_email
from core.domain.errors import DomainError
from core.domain.ports.messaging import OutboxMessage
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.staff import SENIOR_ROLES, AuditFilter, StaffMember, mask_email_for_audit
from core.domain.subscription_events import Event
from core.domain.subscriptions import State, Subscription
from core.domain.tokens import Purpose
from core.services import cancellation, data_rights
from core.services.context import ServiceContext
from core.services.ops.audit import clean_reason, record
from core.services.subscription_effects import carry_out


def _account(uow: UnitOfWork, account_id: int) -> Account:
    account = uow.accounts.get(account_id)
    if account is None or account.deleted_at is not None:
        raise DomainError(errors.PARENT_NOT_FOUND)
    return account


def resend_confirmation(
    ctx: ServiceContext, staff: StaffMember, account_id: int, reason: str | None
) -> None:
    _email(ctx, staff, account_id, "confirm_email", "parent.resend_confirmation", reason)


def send_reset_link(
    ctx: ServiceContext, staff: StaffMember, account_id: int, reason: str | None
) -> None:
    """To the account's address, which a console e-mail change leaves as it was until the new address
    confirms it; each new link revokes the earlier ones (core/services/email_delivery.py)."""
    _email(ctx, staff, account_id, "reset_password", "parent.send_reset_link", reason)


# The takeover pair (docs/operator-console.md#e-mail-changes-and-reset-links): an e-mail change and a
# reset link for one parent within a day need a finance or admin member, whichever came first.
TAKEOVER_WINDOW = timedelta(days=1)
_EMAIL_CHANGES = ("parent.change_email", "parent.email_change_confirmed")


def _check_takeover(
    uow: UnitOfWork, staff: StaffMember, account_id: int, earlier: tuple[str, ...], now: datetime
) -> None:
    if staff.role in SENIOR_ROLES:
        return
    for action in earlier:
        for entry in uow.audit.entries(AuditFilter(account_id=account_id, action=action, limit=5)):
            if (
                entry.outcome == "done"
                and entry.at is not None
                and now - entry.at < TAKEOVER_WINDOW
            ):
                raise DomainError(errors.SENIOR_STAFF_NEEDED)


def _email(
    ctx: ServiceContext,
    staff: StaffMember,
    account_id: int,
    topic: str,
    action: str,
    reason: str | None,
) -> None:
    now = ctx.clock.now()
    with ctx.uow() as uow:
        uow.grants.lock_parent(account_id)  # an e-mail change and a reset link for a parent queue
        account = _account(uow, account_id)
        if account.is_email_fake:
            raise DomainError(
                errors.FORGOT_UPDATE_FAILED
            )  # a placeholder address cannot receive it
        if topic == "confirm_email":
            uow.tokens.revoke_all(account_id, Purpose.CONFIRM_EMAIL, now)
        else:
            _check_takeover(uow, staff, account_id, _EMAIL_CHANGES, now)
        uow.outbox.add(OutboxMessage(kind="email", topic=topic, payload={"account_id": account_id}))
        record(
            ctx,
            uow,
            staff,
            action,
            account_id=account_id,
            target=f"account:{account_id}",
            reason=reason,
        )
        uow.commit()
    ctx.jobs.outbox_changed()


def change_email(
    ctx: ServiceContext, staff: StaffMember, account_id: int, new_email: str, reason: str | None
) -> None:
    """A change asked for by staff waits for the new address: the account keeps its address (and its
    reset links go there) until the link mailed to the new address is opened (`profile.confirm_email`),
    which then tells the old address. Support may not change the address within a day of a reset link
    sent by staff (403 seniorStaffNeeded)."""
    clean_reason("parent.change_email", reason)
    email = normalise_email(new_email)
    if not is_valid_email(email):
        raise DomainError(errors.INVALID_EMAIL)
    now = ctx.clock.now()
    with ctx.uow() as uow:
        uow.grants.lock_parent(account_id)
        account = _account(uow, account_id)
        if email == account.email:
            return
        if uow.accounts.by_email(email) is not None:
            raise DomainError(errors.EMAIL_TAKEN)
        _check_takeover(uow, staff, account_id, ("parent.send_reset_link",), now)
        account.pending_email, account.pending_email_at = email, now
        uow.accounts.save(account)
        uow.outbox.add(
            OutboxMessage(
                kind="email",
                topic="confirm_email_change",
                payload={"account_id": account_id, "to": email},
            )
        )
        record(
            ctx,
            uow,
            staff,
            "parent.change_email",
            account_id=account_id,
            target=f"account:{account_id}",
            before={"email": mask_email_for_audit(account.email)},
            after={"pending_email": mask_email_for_audit(email)},
            reason=reason,
        )
        uow.commit()
    ctx.jobs.outbox_changed()


def cancel(
    ctx: ServiceContext,
    staff: StaffMember,
    account_id: int,
    subscription_id: int,
    at_period_end: bool,
    reason: str | None,
) -> Subscription:
    """At period end: as the parent's own cancel (gateway, e-mail, partner told). Now: that, then access ends today."""
    clean_reason("parent.cancel", reason)
    now = ctx.clock.now()
    with ctx.read() as uow:
        _account(uow, account_id)
        current = uow.subscriptions.get(subscription_id)
    if current is None or current.account_id != account_id:
        raise DomainError(errors.SUBSCRIPTION_NOT_FOUND)
    before = {
        "state": current.payment_state_id,
        "end_date": current.end_date.isoformat() if current.end_date else None,
    }

    # The change "now" adds and the entry, in one transaction.
    def audit(uow: UnitOfWork, sub: Subscription) -> None:
        if not at_period_end and not sub.is_expired(now):
            effects = sub.apply(Event.ACCESS_ENDED, now)
            uow.subscriptions.save(sub)
            carry_out(uow, sub, effects, now)
        record(
            ctx,
            uow,
            staff,
            "parent.cancel",
            account_id=account_id,
            target=f"subscription:{sub.id}",
            before=before,
            after={
                "state": sub.payment_state_id,
                "end_date": sub.end_date.isoformat() if sub.end_date else None,
                "when": "period_end" if at_period_end else "now",
            },
            reason=reason,
        )

    if not current.is_cancelled() and current.payment_state_id != State.FREE_CAMPAIGN:
        return cancellation.cancel(ctx, account_id, subscription_id, audit)
    if at_period_end:
        raise DomainError(errors.ALREADY_CANCELLED)
    with ctx.uow() as uow:  # already cancelled (or a comp): only "now" is left to do
        sub = uow.subscriptions.get(subscription_id)
        assert sub is not None  # found above; subscriptions are not deleted
        audit(uow, sub)
        uow.commit()
    return sub


def revoke_sessions(
    ctx: ServiceContext,
    staff: StaffMember,
    account_id: int,
    reason: str | None,
    session_id: int | None = None,
) -> None:
    """Sign the parent out: every session (and TV), or one."""
    now = ctx.clock.now()
    with ctx.uow() as uow:
        _account(uow, account_id)
        if session_id is None:
            uow.tokens.revoke_all(account_id, Purpose.SESSION, now)
        elif not uow.ops.revoke_session(account_id, session_id, now):
            raise DomainError(errors.NOT_FOUND)
        record(
            ctx,
            uow,
            staff,
            "parent.revoke_sessions",
            account_id=account_id,
            target=f"session:{session_id}" if session_id else f"account:{account_id}",
            reason=reason,
        )
        uow.commit()


def export(
    ctx: ServiceContext, staff: StaffMember, account_id: int, reason: str | None
) -> data_rights.AccountExport:
    with ctx.read() as uow:
        _account(uow, account_id)
    document = data_rights.export(ctx, account_id)
    with ctx.uow() as uow:
        record(
            ctx,
            uow,
            staff,
            "parent.export",
            account_id=account_id,
            target=f"account:{account_id}",
            reason=reason,
        )
        uow.commit()
    return document


def erase(
    ctx: ServiceContext, staff: StaffMember, account_id: int, confirmation: str, reason: str | None
) -> None:
    """Admin only (checked at the edge). The typed confirmation must be the account's e-mail address."""
    clean_reason("parent.erase", reason)
    with ctx.read() as uow:
        account = _account(uow, account_id)
    if (confirmation or "").strip().lower() != account.email.lower():
        raise DomainError(errors.CONFIRMATION_MISMATCH)

    def audit(uow: UnitOfWork) -> None:
        record(
            ctx,
            uow,
            staff,
            "parent.erase",
            account_id=account_id,
            target=f"account:{account_id}",
            before={"email": mask_email_for_audit(account.email)},
            reason=reason,
        )

    data_rights.erase_account(ctx, account_id, audit=audit)
