"""The console's reads about parents: search, and the parent page with its merged timeline.
Child profiles appear as a number only: never a nickname or an age band."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from core.domain import errors
from core.domain.errors import DomainError
from core.domain.staff import AuditFilter, mask_email_for_audit
from core.domain.stores import cancel_route
from core.domain.subscriptions import Subscription
from core.services.context import ServiceContext
from core.services.ops import money

SUBSCRIPTION_FIELDS = (
    "id",
    "subscription_type",
    "duration_code",
    "store_id",
    "payment_state_id",
    "end_date",
    "next_billing_date",
    "payment_plan_id",
    "payment_plan_price",
    "currency",
    "is_renewing",
    "payment_method",
    "coupon",
    "gateway_id",
    "platform_purchase_id",
    "cancelled_at",
    "created_at",
    "partner",
)

SEARCH_KINDS = ("email", "name", "phone", "subscription", "gateway", "coupon")
PARTIAL_KINDS = ("email", "name", "phone")
MIN_PARTIAL = 3  # shorter text would match too much (and trigram indexes need three characters)
MAX_QUERY = 100


def search(ctx: ServiceContext, kind: str, text: str) -> list[dict[str, Any]]:
    text = (text or "").strip()
    if kind not in SEARCH_KINDS or not text or len(text) > MAX_QUERY:
        raise DomainError(errors.PARAMETER_REQUIRED, field="q")
    if kind in PARTIAL_KINDS and len(text) < MIN_PARTIAL:
        raise DomainError(errors.PARAMETER_REQUIRED, field="q")
    if kind == "subscription" and not (text.isdigit() and int(text) < 2**31):
        raise DomainError(errors.PARAMETER_REQUIRED, field="q")
    with ctx.read() as uow:
        return uow.ops.search(kind, text)


def page(ctx: ServiceContext, account_id: int) -> dict[str, Any]:
    now = ctx.clock.now()
    with ctx.read() as uow:
        account = uow.ops.account(account_id)
        if account is None:
            raise DomainError(errors.PARENT_NOT_FOUND)
        subscriptions = [
            subscription_view(s, now) for s in uow.subscriptions.for_account(account_id)
        ]
        view = {
            "account": account,
            "subscriptions": subscriptions,
            "coupons_redeemed": uow.ops.coupons_redeemed(account_id),
            "emails": [dict(e, status=email_status(e)) for e in uow.ops.emails(account_id)],
            "consents": uow.ops.consents(account_id),
            "sessions": uow.ops.sessions(account_id, now),
            "tv_links": uow.ops.tv_links(account_id),
            "child_profiles": uow.ops.child_profile_count(account_id),
            "audit": uow.audit.entries(AuditFilter(account_id=account_id, limit=100)),
            "withdrawals": uow.withdrawals.for_account(account_id),
            "dunning": uow.dunning.for_account(account_id),
        }
        state = uow.accounts.login_state(account_id)
    view["payments"], view["payment_events"] = money.payments_of(ctx, account_id)
    view["throttle"] = {
        "failures": state.failures,
        "blocked_until": state.blocked_until,
        "last_attempt_at": state.last_attempt_at,
        "blocked": bool(state.blocked_until and state.blocked_until > now),
    }
    view["timeline"] = timeline(view)
    return view


def subscription_view(s: Subscription, now: datetime) -> dict[str, Any]:
    view = {k: getattr(s, k) for k in SUBSCRIPTION_FIELDS}
    view.update(cancel=cancel_route(s), is_expired=s.is_expired(now), visible=s.visible)
    return view


def email_status(e: dict[str, Any]) -> str:
    if e["delivered_at"]:
        return "delivered"
    if e["discarded_at"]:
        return "discarded"
    if e["dead_at"]:
        return "dead"
    return "retrying" if e["attempts"] else "pending"


def timeline(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every dated event of the page, newest first: kind and detail are data (codes, ids, topics); `state`, when
    there is one, is a key the console translates (an e-mail's delivery status, a consent given or withdrawn)."""
    events = [
        {
            "at": view["account"]["created_at"],
            "kind": "account.created",
            "detail": view["account"]["env"],
        }
    ]
    if view["account"].get("deleted_at"):
        events.append(
            {"at": view["account"]["deleted_at"], "kind": "account.erased", "detail": None}
        )
    for s in view["subscriptions"]:
        events.append(
            {
                "at": s["created_at"],
                "kind": "subscription.created",
                "detail": f"#{s['id']} {s['subscription_type']} {s['store_id']} {s['payment_state_id']}",
            }
        )
        if s["cancelled_at"]:
            events.append(
                {"at": s["cancelled_at"], "kind": "subscription.cancelled", "detail": f"#{s['id']}"}
            )
    for c in view["coupons_redeemed"]:
        events.append({"at": c["redeemed_at"], "kind": "coupon.redeemed", "detail": c["code"]})
    for e in view["emails"]:
        events.append(
            {"at": e["created_at"], "kind": "email", "detail": e["topic"], "state": e["status"]}
        )
    for c in view["consents"]:
        events.append(
            {
                "at": c["at"],
                "kind": "consent",
                "detail": f"{c['kind']} {c['version']}",
                "state": "granted" if c["granted"] else "withdrawn",
            }
        )
    for t in view["sessions"]:
        events.append(
            {
                "at": t["created_at"],
                "kind": "session.started",
                "detail": "tv" if t["payload"] else None,
            }
        )
    for link in view["tv_links"]:
        if link["claimed_at"]:
            events.append({"at": link["claimed_at"], "kind": "tv.linked", "detail": None})
    for p in view["payment_events"]:
        amount = f"{p.amount} {p.currency or ''}".strip() if p.amount is not None else ""
        events.append(
            {
                "at": p.created_at,
                "kind": f"payment.{p.kind}",
                "detail": f"{p.transaction_id} {amount}",
                "state": p.status,
            }
        )
    for w in view["withdrawals"]:  # docs/consumer-law-withdrawal.md
        events.append(
            {
                "at": w.at,
                "kind": "subscription.withdrawn",
                "detail": f"#{w.subscription_id} {w.reference} {w.channel} "
                f"{w.refund_amount} {w.currency}".strip(),
            }
        )
    for step in view["dunning"]:  # docs/billing.md#failed-payments-and-dunning
        amount = f"{step['amount']} {step['currency']}" if step["amount"] is not None else ""
        events.append(
            {
                "at": step["done_at"],
                "kind": f"dunning.{step['step']}",
                "detail": f"#{step['subscription_id']} {step['episode']} {amount}".strip(),
                "state": step["outcome"],
            }
        )
    for a in view["audit"]:
        events.append(
            {
                "at": a.at,
                "kind": f"staff.{a.action}" if a.staff_id is not None else a.action,
                # who, for staff; what, for the service's own entries (a switch missed, an early end)
                "detail": mask_email_for_audit(a.staff_email or "")
                if a.staff_id is not None
                else a.target,
            }
        )
    # Oldest first (equal times keep the order above: the account before what happened in it), then reversed.
    return sorted((e for e in events if e["at"] is not None), key=lambda e: e["at"])[::-1]
