"""Withdrawing from a contract: the public page and the profile (docs/consumer-law-withdrawal.md).

The declaration is stored with the subscription's transition (Event.WITHDRAWN: access ends now, the gateway
stops renewing it), its acknowledgement e-mail and the audit entry, in one transaction; the unique index on
the subscription makes a repeated declaration (ten sent at once) find the first. Then the refund goes through
the refund service under one operation key, as a `withdrawal_refund`: the database allows one per
subscription.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from core.domain import errors
from core.domain.accounts import is_valid_email, normalise_email, pick_language
from core.domain.errors import DomainError
from core.domain.payment_history import CHARGED, EVENT_SUCCEEDED, Payment
from core.domain.ports.messaging import OutboxMessage
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.staff import AuditEntry
from core.domain.subscription_events import Event
from core.domain.subscriptions import Subscription
from core.domain.withdrawals import (
    DECLARATION_VERSION,
    PROFILE,
    PUBLIC,
    Withdrawal,
    contract_reference,
    deadline,
    parse_reference,
    refund_due,
    refund_retry_after,
    withdrawable,
)
from core.services import refunds
from core.services.context import ServiceContext
from core.services.subscription_effects import carry_out

log = logging.getLogger(__name__)
MAX_NAME = 100
AUDIT_ACTION = "parent.withdrawal"
REFUND_ACTOR = "parent (withdrawal)"


@dataclass
class WithdrawCommand:
    name: str
    email: str
    reference: str
    language: str
    country: str | None = None  # the client's, from the trusted header
    account_id: int | None = None  # the signed-in parent (the profile); None: the public page


@dataclass
class WithdrawalAnswer:
    withdrawal: Withdrawal
    refund_status: str  # none, succeeded, pending


def withdraw(ctx: ServiceContext, cmd: WithdrawCommand) -> WithdrawalAnswer:
    name, email = " ".join((cmd.name or "").split()), normalise_email(cmd.email)
    public = cmd.account_id is None  # the profile's parent is known by the session
    if len(name) > MAX_NAME or (public and (not name or not is_valid_email(email))):
        raise DomainError(errors.WITHDRAWAL_INVALID)
    subscription_id = parse_reference(cmd.reference)
    now = ctx.clock.now()
    with ctx.uow() as uow:
        sub = _contract(uow, subscription_id, email, cmd.account_id)
        assert sub.id is not None  # stored
        earlier = uow.withdrawals.for_subscription(sub.id)
        if earlier is None:
            if not withdrawable(sub, now):
                raise DomainError(errors.WITHDRAWAL_PERIOD_OVER)
            withdrawal = _declare(uow, sub, cmd, name or _account_name(uow, sub), email, now)
            if withdrawal is not None:
                uow.commit()
                ctx.jobs.outbox_changed()
                return WithdrawalAnswer(withdrawal, _refund(ctx, withdrawal, first=True))
            uow.rollback()  # the same contract withdrawn from at the same moment: answer that one
            earlier = uow.withdrawals.for_subscription(sub.id)
            assert earlier is not None  # the other declaration, committed
    return WithdrawalAnswer(earlier, _refund(ctx, earlier, first=False))


def open_for(ctx: ServiceContext, account_id: int) -> dict[int, datetime]:
    """The account's contracts that can be withdrawn from now, with the end of their period: the profile."""
    now = ctx.clock.now()
    with ctx.read() as uow:
        subs = uow.subscriptions.for_account(account_id)
        done = {w.subscription_id for w in uow.withdrawals.for_account(account_id)}
    return {
        s.id: ends
        for s in subs
        if s.id is not None
        and s.id not in done
        and withdrawable(s, now)
        and (ends := deadline(s)) is not None
    }


def retry_refunds(ctx: ServiceContext, limit: int = 100) -> int:
    """The beat's retry of withdrawal refunds the gateway did not answer (docs/consumer-law-withdrawal.md#retried-refunds):
    each due one is taken by a conditional UPDATE (one worker per attempt), its next try set with backoff,
    then resumed under its operation key, so the gateway is asked once and the database keeps one refund.
    Answers how many were finished."""
    now = ctx.clock.now()
    with ctx.uow() as uow:
        due = uow.withdrawals.refunds_to_retry(now - refunds.STALE_PENDING, now, limit)
    finished = 0
    for w in due:
        assert w.id is not None
        attempts = w.refund_attempts + 1
        with ctx.uow() as uow:
            taken = uow.withdrawals.claim_refund_retry(
                w.id, w.refund_attempts, now + refund_retry_after(attempts)
            )
            uow.commit()
        if taken and _refund(ctx, w, first=False) == "succeeded":
            log.info("withdrawal %s: refund finished at retry %d", w.id, attempts)
            finished += 1
    return finished


def _contract(
    uow: UnitOfWork, subscription_id: int | None, email: str, account_id: int | None
) -> Subscription:
    """The subscription the declaration names: the signed-in parent's own, or one whose account has the
    address given (public page). Any mismatch is the same 404, so the page reveals nothing."""
    sub = uow.subscriptions.get(subscription_id) if subscription_id is not None else None
    if sub is None or not sub.visible:
        raise DomainError(errors.WITHDRAWAL_NOT_FOUND)
    if account_id is not None:
        if sub.account_id != account_id:
            raise DomainError(errors.WITHDRAWAL_NOT_FOUND)
        return sub
    account = uow.accounts.get(sub.account_id)
    if account is None or account.deleted_at is not None or normalise_email(account.email) != email:
        raise DomainError(errors.WITHDRAWAL_NOT_FOUND)
    return sub


def _account_name(uow: UnitOfWork, sub: Subscription) -> str:
    account = uow.accounts.get(sub.account_id)
    return ((account.name if account else "") or "").strip()[:MAX_NAME] or "-"


def _charge(uow: UnitOfWork, sub: Subscription) -> Payment | None:
    """The charge a withdrawal gives back: the latest one of the subscription (none during a free trial)."""
    assert sub.id is not None
    charges = [p for p in uow.payments.for_subscription(sub.id) if p.status == CHARGED]
    return charges[-1] if charges else None


def _declare(
    uow: UnitOfWork,
    sub: Subscription,
    cmd: WithdrawCommand,
    name: str,
    email: str,
    now: datetime,
) -> Withdrawal | None:
    """Store the declaration with its effects; None when another one of the same contract got there first."""
    assert sub.id is not None
    consent = uow.withdrawals.consent_for(sub.id)
    express = consent.express_request if consent is not None else False
    charge = _charge(uow, sub)
    period_end = sub.end_date or now
    amount = Decimal("0.00")
    if charge is not None:
        due = refund_due(charge.amount, charge.created_at, period_end, now, express)
        amount = min(due, charge.refundable)
    withdrawal = Withdrawal(
        subscription_id=sub.id,
        account_id=sub.account_id,
        name=name,
        email=email,
        reference=contract_reference(sub.id),
        channel=PROFILE if cmd.account_id is not None else PUBLIC,
        language=pick_language(cmd.language),
        version=DECLARATION_VERSION,
        country=(cmd.country or "").upper()[:2] or None,
        express_request=express,
        refund_amount=amount,
        currency=(charge.currency if charge else sub.currency) or "",
        at=now,
    )
    if not uow.withdrawals.add(withdrawal):
        return None
    effects = sub.apply(Event.WITHDRAWN, now)
    uow.subscriptions.save(sub)
    carry_out(uow, sub, effects, now)
    uow.outbox.add(_acknowledgement(withdrawal, sub))
    uow.audit.append(
        AuditEntry(
            action=AUDIT_ACTION,
            account_id=sub.account_id,
            target=f"subscription:{sub.id}",
            after={
                "channel": withdrawal.channel,
                "expressRequest": express,
                "refund": str(amount),
                "currency": withdrawal.currency,
                "version": withdrawal.version,
            },
            reason="withdrawal declaration received",
            at=now,
        )
    )
    return withdrawal


def _acknowledgement(w: Withdrawal, sub: Subscription) -> OutboxMessage:
    """The acknowledgement on a durable medium: what was declared, when it was received, what follows; to
    the address given, in the page's language."""
    return OutboxMessage(
        kind="email",
        topic="withdrawal",
        account_id=w.account_id,
        payload={
            "account_id": w.account_id,
            "to": w.email,
            "language": w.language,
            "params": {
                "product": sub.subscription_type,
                "duration": sub.duration_code,
                "name": w.name,
                "declared_email": w.email,
                "reference": w.reference,
                "received": w.at.isoformat(),
                "amount": str(w.refund_amount),
                "refund_amount": str(w.refund_amount),
                "currency": w.currency,
            },
        },
    )


def _refund(ctx: ServiceContext, w: Withdrawal, first: bool) -> str:
    """Give back what the declaration says, once (the operation key and the unique index); a repeated
    declaration resumes a refund the gateway did not finish."""
    if w.refund_amount <= 0:
        return "none"
    key = f"withdrawal:{w.subscription_id}"
    with ctx.uow() as uow:
        done = uow.payments.event_by_key(key)
        payments = uow.payments.for_subscription(w.subscription_id)
    if done is not None and done.status == EVENT_SUCCEEDED:
        return "succeeded"
    charge = next((p for p in reversed(payments) if p.status == CHARGED), None) or (
        payments[-1] if payments else None
    )
    if charge is None:
        return "none"
    try:
        refunds.refund(
            ctx,
            refunds.RefundCommand(
                transaction_id=charge.transaction_id,
                actor=REFUND_ACTOR,
                reason=f"withdrawal {w.reference} ({w.channel})",
                amount=w.refund_amount,
                operation_key=key,
                withdrawal=True,
            ),
        )
    except (
        DomainError
    ) as exc:  # the gateway is down or busy: the declaration stands, retried on resend
        log.warning(
            "withdrawal %s: refund not finished (%s)%s",
            w.id,
            exc.error.message,
            "" if first else " on a repeated declaration",
        )
        return "pending"
    return "succeeded"
