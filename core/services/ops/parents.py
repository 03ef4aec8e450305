"""The console's reads about parents: search, and the parent page with its merged timeline.
Child profiles appear as a number only: never a nickname or an age band."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from core.domain import errors
from core.domain.errors import DomainError
from core.domain.ops_reads import (
    AccountRecord,
    ConsentGiven,
    ConsoleSubscription,
    ParentFound,
    ParentPage,
    ParentSession,
    RedeemedCoupon,
    SentEmail,
    Throttle,
    TimelineEvent,
    TvLinkSeen,
)
from core.domain.payment_history import PaymentEvent
from core.domain.staff import AuditEntry, AuditFilter, mask_email_for_audit
from core.domain.stores import cancel_route
from core.domain.subscriptions import Subscription
from core.domain.withdrawals import Withdrawal
from core.services.context import ServiceContext
from core.services.ops import money

SEARCH_KINDS = ("email", "name", "phone", "subscription", "gateway", "coupon")
PARTIAL_KINDS = ("email", "name", "phone")
MIN_PARTIAL = 3  # shorter text would match too much (and trigram indexes need three characters)
MAX_QUERY = 100


def search(ctx: ServiceContext, kind: str, text: str) -> list[ParentFound]:
    text = (text or "").strip()
    if kind not in SEARCH_KINDS or not text or len(text) > MAX_QUERY:
        raise DomainError(errors.PARAMETER_REQUIRED, field="q")
    if kind in PARTIAL_KINDS and len(text) < MIN_PARTIAL:
        raise DomainError(errors.PARAMETER_REQUIRED, field="q")
    if kind == "subscription" and not (text.isdigit() and int(text) < 2**31):
        raise DomainError(errors.PARAMETER_REQUIRED, field="q")
    with ctx.read() as uow:
        return uow.ops.search(kind, text)


def page(ctx: ServiceContext, account_id: int) -> ParentPage:
    now = ctx.clock.now()
    with ctx.read() as uow:
        account = uow.ops.account(account_id)
        if account is None:
            raise DomainError(errors.PARENT_NOT_FOUND)
        subscriptions = [
            subscription_view(s, now) for s in uow.subscriptions.for_account(account_id)
        ]
        coupons_redeemed = uow.ops.coupons_redeemed(account_id)
        emails = uow.ops.emails(account_id)
        consents = uow.ops.consents(account_id)
        sessions = uow.ops.sessions(account_id, now)
        tv_links = uow.ops.tv_links(account_id)
        child_profiles = uow.ops.child_profile_count(account_id)
        audit = uow.audit.entries(AuditFilter(account_id=account_id, limit=100))
        withdrawals = uow.withdrawals.for_account(account_id)
        dunning = uow.dunning.for_account(account_id)
        state = uow.accounts.login_state(account_id)
    payments, payment_events = money.payments_of(ctx, account_id)
    throttle = Throttle(
        failures=state.failures,
        blocked_until=state.blocked_until,
        last_attempt_at=state.last_attempt_at,
        blocked=bool(state.blocked_until and state.blocked_until > now),
    )
    events = timeline(
        account,
        subscriptions,
        coupons_redeemed,
        emails,
        consents,
        sessions,
        tv_links,
        payment_events,
        withdrawals,
        dunning,
        audit,
    )
    return ParentPage(
        account=account,
        subscriptions=subscriptions,
        coupons_redeemed=coupons_redeemed,
        emails=emails,
        consents=consents,
        sessions=sessions,
        tv_links=tv_links,
        child_profiles=child_profiles,
        throttle=throttle,
        audit=audit,
        payments=payments,
        payment_events=payment_events,
        timeline=events,
    )


def subscription_view(s: Subscription, now: datetime) -> ConsoleSubscription:
    return ConsoleSubscription(subscription=s, cancel=cancel_route(s), is_expired=s.is_expired(now))


def timeline(
    account: AccountRecord,
    subscriptions: list[ConsoleSubscription],
    coupons_redeemed: list[RedeemedCoupon],
    emails: list[SentEmail],
    consents: list[ConsentGiven],
    sessions: list[ParentSession],
    tv_links: list[TvLinkSeen],
    payment_events: list[PaymentEvent],
    withdrawals: list[Withdrawal],
    dunning: list[dict[str, Any]],
    audit: list[AuditEntry],
) -> list[TimelineEvent]:
    """Every dated event of the page, newest first: kind and detail are data (codes, ids, topics); `state`, when
    there is one, is a key the console translates (an e-mail's delivery status, a consent given or withdrawn)."""
    events: list[tuple[datetime | None, str, str | None, str | None]] = [
        (account.created_at, "account.created", account.env, None)
    ]
    if account.deleted_at:
        events.append((account.deleted_at, "account.erased", None, None))
    for view in subscriptions:
        s = view.subscription
        detail = f"#{s.id} {s.subscription_type} {s.store_id} {s.payment_state_id}"
        events.append((s.created_at, "subscription.created", detail, None))
        if s.cancelled_at:
            events.append((s.cancelled_at, "subscription.cancelled", f"#{s.id}", None))
    for c in coupons_redeemed:
        events.append((c.redeemed_at, "coupon.redeemed", c.code, None))
    for e in emails:
        events.append((e.created_at, "email", e.topic, e.status))
    for consent in consents:
        state = "granted" if consent.granted else "withdrawn"
        events.append((consent.at, "consent", f"{consent.kind} {consent.version}", state))
    for t in sessions:
        events.append((t.created_at, "session.started", "tv" if t.payload else None, None))
    for link in tv_links:
        if link.claimed_at:
            events.append((link.claimed_at, "tv.linked", None, None))
    for p in payment_events:
        amount = f"{p.amount} {p.currency or ''}".strip() if p.amount is not None else ""
        events.append((p.created_at, f"payment.{p.kind}", f"{p.transaction_id} {amount}", p.status))
    for w in withdrawals:  # docs/consumer-law-withdrawal.md
        detail = (
            f"#{w.subscription_id} {w.reference} {w.channel} {w.refund_amount} {w.currency}".strip()
        )
        events.append((w.at, "subscription.withdrawn", detail, None))
    for step in dunning:  # docs/billing.md#failed-payments-and-dunning
        amount = f"{step['amount']} {step['currency']}" if step["amount"] is not None else ""
        detail = f"#{step['subscription_id']} {step['episode']} {amount}".strip()
        events.append((step["done_at"], f"dunning.{step['step']}", detail, step["outcome"]))
    for a in audit:
        events.append(
            (
                a.at,
                f"staff.{a.action}" if a.staff_id is not None else a.action,
                # who, for staff; what, for the service's own entries (a switch missed, an early end)
                mask_email_for_audit(a.staff_email or "") if a.staff_id is not None else a.target,
                None,
            )
        )
    # Oldest first (equal times keep the order above: the account before what happened in it), then reversed.
    dated = [(at, kind, detail, state) for at, kind, detail, state in events if at is not None]
    return [
        TimelineEvent(at=at, kind=kind, detail=detail, state=state)
        for at, kind, detail, state in sorted(dated, key=lambda e: e[0])[::-1]
    ]
