"""France, art. L215-1 Code de la consommation: a yearly plan renewed without its notice sent in time may be
ended by the parent at any time after the renewal (docs/consumer-law-renewal.md#late-notice). A cancellation
of such a subscription (profile or public page) ends it at once, or on the later day the public page asked,
and gives back the unused share of the renewed year through the refund service, under its own actor and
reason and one operation key (a retry never refunds twice).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from core.domain.errors import DomainError
from core.domain.payment_history import CHARGED, Payment
from core.domain.ports.messaging import OutboxMessage
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.renewal_rules import ReminderKind, free_to_leave, months_before, rule_for
from core.domain.staff import AuditEntry
from core.domain.subscription_events import Effect, Event
from core.domain.subscriptions import Subscription
from core.domain.withdrawals import refund_due
from core.services import refunds
from core.services.context import ServiceContext
from core.services.subscription_effects import carry_out

log = logging.getLogger(__name__)

FIRST_YEAR_DAYS = 300  # a yearly charge this long after the purchase is a renewal
ACTOR = "parent (L215-1)"
AUDIT_ACTION = "parent.early_end"
EMAIL_TOPIC = (
    "cancellation_early_end"  # the cancellation e-mail that says why it ends now, and the refund
)


@dataclass(frozen=True)
class EarlyEnd:
    """What ending a subscription early gives back: the unused share of its last charge."""

    charge: Payment | None
    refund: Decimal
    currency: str


def free_now(uow: UnitOfWork, sub: Subscription, country: str | None, now: datetime) -> bool:
    """The renewing subscription renewed without the L215-1 notice sent in its window, so the parent may
    end it at any time (docs/consumer-law-renewal.md#late-notice)."""
    rule = rule_for(country)
    if not rule.late_notice_frees or sub.id is None or sub.next_billing_date is None:
        return False
    renewed_at = months_before(sub.next_billing_date, 12)  # the charge that began this year
    if sub.created_at is None or (renewed_at - sub.created_at).days < FIRST_YEAR_DAYS:
        return False  # that charge was the first one, not a renewal
    kind = rule.renewal_reminder_kind() or ReminderKind.RENEWAL_NOTICE
    on_time = uow.reminders.on_time(sub.id, kind, renewed_at.date())
    return free_to_leave(rule, sub.duration_code, renewed_at, bool(on_time), now)


def terms(uow: UnitOfWork, sub: Subscription, ends_at: datetime) -> EarlyEnd:
    """The refund of an early end at `ends_at`: the days of the renewed period not used, pro rata as a
    withdrawal with the express request counts them (core.domain.withdrawals.refund_due: whole days, the
    day under way used, half-even to the cent, never more than what the charge has left)."""
    assert sub.id is not None
    charges = [p for p in uow.payments.for_subscription(sub.id) if p.status == CHARGED]
    charge = charges[-1] if charges else None
    if charge is None or charge.created_at is None or sub.end_date is None:
        return EarlyEnd(None, Decimal("0.00"), sub.currency or "")
    due = refund_due(charge.amount, charge.created_at, sub.end_date, ends_at, True)
    return EarlyEnd(charge, min(due, charge.refundable), charge.currency or sub.currency or "")


def end_now(ctx: ServiceContext, subscription_id: int, channel: str) -> EarlyEnd:
    """Renewal stops and access ends now (Event.PARENT_CANCELLED, then Event.ACCESS_ENDED) with the
    confirmation e-mail saying why and what comes back, in one transaction; then the refund."""
    now = ctx.clock.now()
    with ctx.uow() as uow:
        sub = uow.subscriptions.get(subscription_id)
        assert sub is not None
        if sub.is_cancelled():  # a second request at the same moment: the first ends it and refunds
            return EarlyEnd(None, Decimal("0.00"), sub.currency or "")
        early = terms(uow, sub, now)
        effects = sub.apply(Event.PARENT_CANCELLED, now)
        effects += sub.apply(Event.ACCESS_ENDED, now)
        uow.subscriptions.save(sub)
        carry_out(uow, sub, tuple(e for e in effects if e is not Effect.CANCELLATION_EMAIL), now)
        uow.outbox.add(
            OutboxMessage(
                kind="email",
                topic=EMAIL_TOPIC,
                payload={
                    "account_id": sub.account_id,
                    "params": {
                        "product": sub.subscription_type,
                        "duration": sub.duration_code,
                        "date": now.date().isoformat(),
                        "amount": str(early.refund),
                        "currency": early.currency,
                    },
                },
            )
        )
        uow.audit.append(
            AuditEntry(
                action=AUDIT_ACTION,
                account_id=sub.account_id,
                target=f"subscription:{subscription_id}",
                after={"channel": channel, "refund": str(early.refund), "currency": early.currency},
                reason="art. L215-1 Code de la consommation: renewal notice not sent in time",
                at=now,
            )
        )
        uow.commit()
    ctx.jobs.outbox_changed()
    _refund(ctx, subscription_id, early, channel)
    return early


def _refund(ctx: ServiceContext, subscription_id: int, early: EarlyEnd, channel: str) -> None:
    if early.charge is None or early.refund <= 0:
        return
    try:
        refunds.refund(
            ctx,
            refunds.RefundCommand(
                transaction_id=early.charge.transaction_id,
                actor=ACTOR,
                reason=f"early end of subscription {subscription_id} ({channel}): "
                "art. L215-1 Code de la consommation",
                amount=early.refund,
                operation_key=f"l215:{subscription_id}",
            ),
        )
    except DomainError as exc:  # the gateway is down or busy: the same key resumes it
        log.warning("early end %s: refund not finished (%s)", subscription_id, exc.error.message)
