"""Free time given by staff (docs/operator-console.md#grant-limits-and-four-eyes).

Each role may give one parent a number of free days over a rolling window (core/domain/grants.py
`GRANT_LIMITS`), counted across all the parent's subscriptions, new free ones included. The count and
the grant happen in one transaction that first locks the parent's account row (PostgreSQL: SELECT …
FOR UPDATE; SQLite: BEGIN IMMEDIATE), so parallel grants to one parent queue and the second one sees
the first one's ledger row: they cannot pass the limit together. Above the limit the grant is refused
(409 grantLimitReached); the member may store it as a request, which a second member of a higher role
approves or rejects. Every step is audited in the transaction that makes it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from core.domain import errors
from core.domain.coupons import add_duration, parse_duration
from core.domain.errors import DomainError
from core.domain.grants import (
    APPROVED,
    GRANT_PENDING,
    REJECTED,
    GrantRequest,
    limit_of,
    may_approve,
)
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.staff import MAX_GRANT_DAYS, StaffMember, max_grant_days
from core.domain.subscription_events import Event
from core.domain.subscriptions import State, Subscription
from core.services.context import ServiceContext
from core.services.ops.audit import clean_reason, record

GRANT_PRODUCTS = ("lumo_tv", "lumo_books", "lumo_tv_books_games")


@dataclass(frozen=True)
class _Plan:
    """What a grant would do: the subscription it extends (None: a new one) and the dates."""

    existing: Subscription | None
    start: datetime
    end: datetime

    @property
    def days(self) -> int:
        return max(1, (self.end - self.start).days)


def _duration(duration_code: str) -> str:
    code = (duration_code or "").strip().upper()
    try:
        parse_duration(code)
    except ValueError:
        raise DomainError(errors.PARAMETER_REQUIRED, field="duration") from None
    return code


def _lock(uow: UnitOfWork, account_id: int) -> None:
    if not uow.grants.lock_parent(account_id):
        raise DomainError(errors.PARENT_NOT_FOUND)
    account = uow.accounts.get(account_id)
    if account is None or account.deleted_at is not None:
        raise DomainError(errors.PARENT_NOT_FOUND)


def _plan(
    uow: UnitOfWork,
    now: datetime,
    account_id: int,
    code: str,
    subscription_id: int | None,
    max_days: int,
) -> _Plan:
    existing = None
    start = now
    if subscription_id is not None:
        existing = uow.subscriptions.get(subscription_id)
        if existing is None or existing.account_id != account_id or not existing.visible:
            raise DomainError(errors.SUBSCRIPTION_NOT_FOUND)
        if existing.is_renewing and existing.payment_state_id != State.EXPIRED:
            raise DomainError(errors.GRANT_RENEWING)
        start = max(existing.end_date or now, now)
    end = add_duration(start, code)
    if (end - start).days > max_days:
        raise DomainError(errors.GRANT_TOO_LONG, max=max_days)
    return _Plan(existing, start, end)


def _apply(
    uow: UnitOfWork, plan: _Plan, account_id: int, code: str, product: str, now: datetime
) -> tuple[Subscription, dict[str, Any] | None]:
    if plan.existing is None:
        sub = uow.subscriptions.add(
            Subscription.granted_free(
                account_id=account_id,
                subscription_type=product,
                duration_code=code,
                end_date=plan.end,
                payment_method="comp",
                at=now,
            )
        )
        return sub, None
    sub = plan.existing
    before = {
        "end_date": sub.end_date.isoformat() if sub.end_date else None,
        "state": sub.payment_state_id,
    }
    sub.apply(Event.FREE_TIME_GRANTED, now, paid_through=plan.end)  # an expired one: free again
    uow.subscriptions.save(sub)
    return sub, before


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
    if it already ended). Without one: a new free subscription of `product` from today. One call gives at
    most a month (support) or a year; the parent's total over the role's window at most its limit:
    409 grantLimitReached above it (ask for approval: `request`). 400 grantRenewing for a renewing
    subscription: its dates are the store's or gateway's (grant a free subscription beside it instead)."""
    code = _duration(duration_code)
    if product not in GRANT_PRODUCTS:
        raise DomainError(errors.PARAMETER_REQUIRED, field="product")
    reason = clean_reason("parent.grant", reason)
    now = ctx.clock.now()
    rule = limit_of(staff.role)
    with ctx.uow() as uow:
        _lock(uow, account_id)  # from here to the commit, grants to this parent wait for us
        plan = _plan(uow, now, account_id, code, subscription_id, max_grant_days(staff.role))
        already = uow.grants.granted_days(account_id, rule.window_start(now))
        if already + plan.days > rule.days:
            raise DomainError(
                errors.GRANT_LIMIT_REACHED,
                max=rule.days,
                window_days=rule.window_days,
                left=rule.left(already),
            )
        sub, before = _apply(uow, plan, account_id, code, product, now)
        uow.grants.record(
            account_id=account_id,
            staff_id=staff.id,
            role=staff.role,
            days=plan.days,
            subscription_id=sub.id,
            at=now,
        )
        record(
            ctx,
            uow,
            staff,
            "parent.grant",
            account_id=account_id,
            target=f"subscription:{sub.id}",
            before=before,
            after={
                "end_date": plan.end.isoformat(),
                "duration": code,
                "state": sub.payment_state_id,
                "days": plan.days,
            },
            reason=reason,
        )
        uow.commit()
    return sub


def request(
    ctx: ServiceContext,
    staff: StaffMember,
    account_id: int,
    duration_code: str,
    reason: str | None,
    subscription_id: int | None = None,
    product: str = "lumo_tv_books_games",
) -> GrantRequest:
    """Store a grant above the asker's limit, pending a second member's decision (up to a year)."""
    code = _duration(duration_code)
    if product not in GRANT_PRODUCTS:
        raise DomainError(errors.PARAMETER_REQUIRED, field="product")
    why = clean_reason("parent.grant_request", reason)
    assert why is not None and staff.id is not None  # a reason is required; a stored member
    now = ctx.clock.now()
    with ctx.uow() as uow:
        _lock(uow, account_id)
        plan = _plan(uow, now, account_id, code, subscription_id, MAX_GRANT_DAYS)
        asked = uow.grants.add_request(
            GrantRequest(
                account_id=account_id,
                subscription_id=subscription_id,
                duration_code=code,
                days=plan.days,
                product=product,
                reason=why,
                requested_by=staff.id,
                requested_by_email=staff.email,
                requested_role=staff.role,
                created_at=now,
            )
        )
        record(
            ctx,
            uow,
            staff,
            "parent.grant_request",
            account_id=account_id,
            target=f"grant_request:{asked.id}",
            after={
                "duration": code,
                "days": plan.days,
                "subscription_id": subscription_id,
                "product": product,
                "status": GRANT_PENDING,
            },
            reason=why,
        )
        uow.commit()
    return asked


def requests(ctx: ServiceContext, status: str | None = GRANT_PENDING) -> list[GrantRequest]:
    with ctx.read() as uow:
        return uow.grants.requests(status)


def decide(
    ctx: ServiceContext, staff: StaffMember, request_id: int, approve: bool, reason: str | None
) -> tuple[GrantRequest, Subscription | None]:
    """A second member approves (the grant is made, past the limit) or rejects a pending request. Never
    the asker; a higher role, or another admin (403 grantApproverNeeded). Decided once: the request
    moves out of `pending` by a conditional UPDATE (409 grantRequestDecided for the second decider)."""
    action = "parent.grant_approve" if approve else "parent.grant_reject"
    why = clean_reason(action, reason)
    assert why is not None and staff.id is not None
    now = ctx.clock.now()
    with ctx.uow() as uow:
        asked = uow.grants.get_request(request_id)
        if asked is None:
            raise DomainError(errors.GRANT_REQUEST_NOT_FOUND)
        if not may_approve(staff.role, staff.id, asked):
            raise DomainError(errors.GRANT_APPROVER_NEEDED)
        _lock(uow, asked.account_id)
        status = APPROVED if approve else REJECTED
        if not uow.grants.decide(request_id, status, staff.id, staff.email, now, why):
            raise DomainError(errors.GRANT_REQUEST_DECIDED)
        sub, before, after = None, None, {"status": status, "request_id": request_id}
        if approve:
            plan = _plan(
                uow,
                now,
                asked.account_id,
                asked.duration_code,
                asked.subscription_id,
                MAX_GRANT_DAYS,
            )
            sub, before = _apply(
                uow, plan, asked.account_id, asked.duration_code, asked.product, now
            )
            uow.grants.record(
                account_id=asked.account_id,
                staff_id=staff.id,
                role=staff.role,
                days=plan.days,
                subscription_id=sub.id,
                at=now,
                request_id=request_id,
            )
            after |= {
                "end_date": plan.end.isoformat(),
                "duration": asked.duration_code,
                "days": plan.days,
                "state": sub.payment_state_id,
                "subscription_id": sub.id,
            }
        after |= {
            "requested_by": asked.requested_by_email,
            "requested_role": asked.requested_role,
            "request_reason": asked.reason,
        }
        record(
            ctx,
            uow,
            staff,
            action,
            account_id=asked.account_id,
            target=f"grant_request:{request_id}",
            before=before,
            after=after,
            reason=why,
        )
        uow.commit()
        decided = uow.grants.get_request(request_id)
    assert decided is not None
    return decided, sub
