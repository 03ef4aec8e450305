"""What staff do to a parent's account. Each action and its audit entry share one transaction: where it
reuses a parent-side use case (cancel, change e-mail, erase) that use case writes the entry through its
`audit` hook just before it commits, so a failed action leaves no entry and a done one always has one.
E-mail addresses in the trail are masked."""

from __future__ import annotations

from datetime import datetime

from core.domain import errors
from core.domain.accounts import Account
from core.domain.coupons import add_duration, parse_duration
from core.domain.errors import DomainError
from core.domain.ports import OutboxMessage, UnitOfWork
from core.domain.staff import StaffMember, mask_email, max_grant_days
from core.domain.subscriptions import Event, State, Subscription
from core.domain.tokens import Purpose
from core.services import cancellation, data_rights, profile
from core.services.context import ServiceContext
from core.services.ops.audit import clean_reason, record
from core.services.subscription_effects import carry_out

GRANT_PRODUCTS = ("lumo_tv", "lumo_books", "lumo_tv_books_games")


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
    _email(ctx, staff, account_id, "reset_password", "parent.send_reset_link", reason)


def _email(
    ctx: ServiceContext,
    staff: StaffMember,
    account_id: int,
    topic: str,
    action: str,
    reason: str | None,
) -> None:
    with ctx.uow() as uow:
        account = _account(uow, account_id)
        if account.is_email_fake:
            raise DomainError(
                errors.FORGOT_UPDATE_FAILED
            )  # a placeholder address cannot receive it
        if topic == "confirm_email":
            uow.tokens.revoke_all(account_id, Purpose.CONFIRM_EMAIL, ctx.clock.now())
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
    """The parent-side change (confirmation to the new address, notice to the old one), then the entry."""
    clean_reason("parent.change_email", reason)
    with ctx.read() as uow:
        _account(uow, account_id)

    def audit(uow: UnitOfWork, old: str, new: str) -> None:
        record(
            ctx,
            uow,
            staff,
            "parent.change_email",
            account_id=account_id,
            target=f"account:{account_id}",
            before={"email": mask_email(old)},
            after={"email": mask_email(new)},
            reason=reason,
        )

    profile.change_email(ctx, account_id, new_email, audit)


def grant(
    ctx: ServiceContext,
    staff: StaffMember,
    account_id: int,
    duration_code: str,
    reason: str | None,
    subscription_id: int | None = None,
    product: str = "lumo_tv_books_games",
) -> Subscription:
    """Free time. With a subscription that does not renew: its end date moves on by the duration (from today
    if it already ended). Without one: a new free subscription of `product` from today. Support may give at
    most a month (MAX_SUPPORT_GRANT_DAYS), the other roles a year. 400 grantRenewing for a renewing
    subscription: its dates are the store's or gateway's (grant a free subscription beside it instead)."""
    code = (duration_code or "").strip().upper()
    try:
        parse_duration(code)
    except ValueError:
        raise DomainError(errors.PARAMETER_REQUIRED, field="duration") from None
    if product not in GRANT_PRODUCTS:
        raise DomainError(errors.PARAMETER_REQUIRED, field="product")
    now = ctx.clock.now()
    limit = max_grant_days(staff.role)
    clean_reason("parent.grant", reason)
    with ctx.uow() as uow:
        _account(uow, account_id)
        if subscription_id is None:
            end = add_duration(now, code)
            _check_length(now, end, limit)
            sub = uow.subscriptions.add(
                Subscription.granted_free(
                    account_id=account_id,
                    subscription_type=product,
                    duration_code=code,
                    end_date=end,
                    payment_method="comp",
                    at=now,
                )
            )
            before = None
        else:
            found = uow.subscriptions.get(subscription_id)
            if found is None or found.account_id != account_id or not found.visible:
                raise DomainError(errors.SUBSCRIPTION_NOT_FOUND)
            sub = found
            if sub.is_renewing and sub.payment_state_id not in (State.EXPIRED,):
                raise DomainError(errors.GRANT_RENEWING)
            start = max(sub.end_date or now, now)
            end = add_duration(start, code)
            _check_length(start, end, limit)
            before = {
                "end_date": sub.end_date.isoformat() if sub.end_date else None,
                "state": sub.payment_state_id,
            }
            sub.apply(Event.FREE_TIME_GRANTED, now, paid_through=end)  # an expired one: free again
            uow.subscriptions.save(sub)
        record(
            ctx,
            uow,
            staff,
            "parent.grant",
            account_id=account_id,
            target=f"subscription:{sub.id}",
            before=before,
            after={
                "end_date": end.isoformat(),
                "duration": code,
                "state": sub.payment_state_id,
            },
            reason=reason,
        )
        uow.commit()
    return sub


def _check_length(start: datetime, end: datetime, limit_days: int) -> None:
    if (end - start).days > limit_days:
        raise DomainError(errors.GRANT_TOO_LONG, max=limit_days)


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
            before={"email": mask_email(account.email)},
            reason=reason,
        )

    data_rights.erase_account(ctx, account_id, audit=audit)
