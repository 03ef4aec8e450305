"""Cancelling: the parent's (renewal stops, access runs until endDate), a carrier store's in-app
unsubscribe, and the subscription clock that lapses what has run out."""

from __future__ import annotations

from collections.abc import Callable

from core.domain import errors
from core.domain.errors import DomainError
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.stores import switch_operator
from core.domain.subscription_events import Event
from core.domain.subscriptions import WEB_STORE, State, Subscription, visible
from core.services import early_end
from core.services.context import ServiceContext
from core.services.subscription_effects import carry_out


def owned(uow: UnitOfWork, account_id: int, subscription_id: int | None) -> Subscription:
    """The account's visible subscription of that id, else 404 subscriptionNotFound."""
    sub = uow.subscriptions.get(subscription_id) if subscription_id is not None else None
    if sub is None or sub.account_id != account_id or not sub.visible:
        raise DomainError(errors.SUBSCRIPTION_NOT_FOUND)
    return sub


AuditHook = Callable[[UnitOfWork, Subscription], None]


def cancel(
    ctx: ServiceContext,
    account_id: int,
    subscription_id: int | None,
    audit: AuditHook | None = None,
    channel: str = "profile",
) -> Subscription:
    """Stop renewal; access continues until endDate (code 3 if already cancelled). `audit(uow, sub)`: the
    operator console's entry (and its own change), in the transaction that marks it cancelled."""
    return cancel_with_terms(ctx, account_id, subscription_id, audit, channel)[0]


def cancel_with_terms(
    ctx: ServiceContext,
    account_id: int,
    subscription_id: int | None,
    audit: AuditHook | None = None,
    channel: str = "profile",
) -> tuple[Subscription, early_end.EarlyEnd | None]:
    """As `cancel`; where the parent may leave at any time (France, L215-1: core.services.early_end) the
    subscription ends now with the unused share refunded, and that early end is answered too."""
    with ctx.uow() as uow:
        sub = owned(uow, account_id, subscription_id)
        now = ctx.clock.now()
        if sub.is_cancelled() or sub.is_expired(now):
            raise DomainError(errors.ALREADY_CANCELLED)
        if sub.payment_state_id == State.FREE_CAMPAIGN:
            # nothing renews: there is nothing to cancel
            raise DomainError(errors.SUBSCRIPTION_NOT_FOUND)
        account = uow.accounts.get(account_id)
        free = sub.store_id == WEB_STORE and early_end.free_now(
            uow, sub, account.country_code if account else None, now
        )
    if sub.store_id == WEB_STORE and sub.gateway_id:
        result = ctx.gateway.cancel_subscription(sub.gateway_id)
        if not result.ok:
            raise DomainError(errors.GENERIC)
    assert sub.id is not None
    if free and audit is None:
        ended = early_end.end_now(ctx, sub.id, channel)
        with ctx.uow() as uow:
            fresh = uow.subscriptions.get(sub.id)
        assert fresh is not None
        return fresh, ended
    return _mark_cancelled(ctx, sub.id, audit), None


def _mark_cancelled(
    ctx: ServiceContext, subscription_id: int, audit: AuditHook | None = None
) -> Subscription:
    with ctx.uow() as uow:
        sub = uow.subscriptions.get(subscription_id)
        assert sub is not None
        now = ctx.clock.now()
        effects = sub.apply(Event.PARENT_CANCELLED, now)
        if effects:
            uow.subscriptions.save(sub)
            carry_out(uow, sub, effects, now)
        if audit is not None:
            audit(uow, sub)
        uow.commit()
    ctx.jobs.outbox_changed()
    return sub


def cancel_store(
    ctx: ServiceContext, account_id: int, store_id: str, subscription_id: int | None = None
) -> list[Subscription]:
    """In-app unsubscribe for carrier stores (swisscom, switch): the partner is told through the outbox."""
    with ctx.uow() as uow:
        subs = [
            s
            for s in visible(uow.subscriptions.for_account(account_id))
            if s.store_id == store_id and (subscription_id is None or s.id == subscription_id)
        ]
        now = ctx.clock.now()
        live = [s for s in subs if not s.is_expired(now)]
    if not live:
        raise DomainError(errors.SUBSCRIPTION_NOT_FOUND)
    if all(s.is_cancelled() for s in live):
        raise DomainError(errors.ALREADY_CANCELLED)
    return [_mark_cancelled(ctx, s.id) for s in live if not s.is_cancelled() and s.id is not None]


def switch_unsubscribe(ctx: ServiceContext, account_id: int, subscription_id: int) -> str:
    """The switch store's in-app unsubscribe; answers the operator whose site finishes it."""
    subs = cancel_store(ctx, account_id, "switch", subscription_id)
    return switch_operator(subs[0].platform_purchase_id)


def expire_due(ctx: ServiceContext, limit: int = 500) -> int:
    """The subscription clock: lapse cancelled, free and store subscriptions whose time is up."""
    now = ctx.clock.now()
    with ctx.uow() as uow:
        due = uow.subscriptions.due_to_expire(now, limit)
        for sub in due:
            sub.apply(Event.TIME_UP, now)
            uow.subscriptions.save(sub)
        uow.commit()
    return len(due)
