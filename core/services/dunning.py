"""Dunning, run by the beat (tasks.run_dunning): for each past-due web subscription, the retry and the e-mail
its schedule says are due (core.domain.dunning), and once a month the card-expiring e-mail
(docs/billing.md#failed-payments-and-dunning).

Each step is recorded once: its row in dunning_steps (subscription, step, episode) is inserted in the same
transaction as its e-mail, and the database refuses a second one, so a crashed worker or two ticks at once
never send twice. A retry's row is committed *before* the gateway is called: a worker that dies during the
call loses that retry rather than risk charging twice. Everything stops once the charge succeeds (the
subscription is no longer past due, or a charge was taken since the failure).
"""

from __future__ import annotations

import logging
from datetime import datetime

from core.domain import dunning as d
from core.domain import payments
from core.domain.ports.messaging import OutboxMessage
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.subscriptions import State, Subscription
from core.services import payment_recovery
from core.services.context import ServiceContext

log = logging.getLogger(__name__)
ACTOR = "dunning"  # who asked for the retry, in payment_recovery's log


def run_dunning(ctx: ServiceContext, page: int = 500) -> int:
    """Do every dunning step due now; answers how many were done (retries tried and e-mails written)."""
    now = ctx.clock.now()
    done, after = 0, 0
    while True:
        with ctx.uow() as uow:
            candidates = uow.dunning.past_due(page, after)
        for sub in candidates:
            done += _steps_due(ctx, sub, now)
        if len(candidates) < page:
            break
        after = candidates[-1].id or after
    close_episodes(ctx, page)
    done += remind_cards_expiring(ctx, page)
    if done:
        ctx.jobs.outbox_changed()
    return done


def _steps_due(ctx: ServiceContext, sub: Subscription, now: datetime) -> int:
    assert sub.id is not None and sub.end_date is not None  # stored; past due since its end date
    retry, email = ctx.dunning.due(sub.end_date, now)
    if retry is None and email is None:
        return 0  # its grace is over: the lapse is expire_past_due's
    episode = d.episode(sub.end_date).isoformat()
    with ctx.uow() as uow:
        if uow.dunning.claim(sub, d.OPENED, episode, now, d.SENT, sub.payment_plan_price):
            uow.commit()
    done = 0
    if retry is not None and _retry(ctx, sub, retry, episode, now):
        done += 1
    if email is not None and _email(ctx, sub, email, episode, now):
        done += 1
    return done


def still_owing(uow: UnitOfWork, sub: Subscription, since: datetime) -> bool:
    """The episode that began at `since` still runs: past due from that day, no charge taken since."""
    assert sub.id is not None
    return (
        sub.payment_state_id == State.PAST_DUE
        and sub.end_date == since
        and uow.dunning.charge_since(sub.id, since) is None
    )


def _retry(
    ctx: ServiceContext, sub: Subscription, step: d.DueStep, episode: str, now: datetime
) -> bool:
    assert sub.id is not None and sub.end_date is not None
    with ctx.uow() as uow:
        fresh = uow.subscriptions.get(sub.id)
        if fresh is None or not still_owing(uow, fresh, sub.end_date):
            return False
        if not uow.dunning.claim(
            fresh, step.name, episode, now, d.CLAIMED, fresh.payment_plan_price
        ):
            return False  # done already, or a concurrent tick has it
        uow.commit()
    outcome = retry_charge(ctx, sub.id)
    with ctx.uow() as uow:
        uow.dunning.settle(sub.id, step.name, episode, outcome)
        if outcome == d.CHARGED:
            _close(uow, sub, episode, now)
        uow.commit()
    return True


def retry_charge(ctx: ServiceContext, subscription_id: int) -> str:
    """The retry itself is the payment-method update's (core/services/payment_recovery.py): success makes the
    subscription Active through the domain, with its charge and receipt. Answers the step's outcome."""
    try:
        result = payment_recovery.retry_past_due(ctx, subscription_id, ACTOR)
    except Exception:  # one subscription's failure never stops the others' steps
        log.exception("dunning retry of subscription %s failed", subscription_id)
        return d.UNAVAILABLE
    if result.ok:
        return d.CHARGED
    if result.code in (payment_recovery.IN_PROGRESS, payments.UNAVAILABLE):
        return d.UNAVAILABLE  # the parent's own retry holds it, or the gateway did not answer
    return d.DECLINED


def _email(
    ctx: ServiceContext, sub: Subscription, step: d.DueStep, episode: str, now: datetime
) -> bool:
    assert sub.id is not None and sub.end_date is not None
    with ctx.uow() as uow:
        fresh = uow.subscriptions.get(sub.id)
        if fresh is None or not still_owing(uow, fresh, sub.end_date):
            return False  # paid meanwhile (perhaps by this tick's retry)
        if not uow.dunning.claim(fresh, step.name, episode, now, d.SENT):
            return False
        uow.outbox.add(d.dunning_email(fresh, step.topic, step.name))
        uow.commit()
    return True


def close_episodes(ctx: ServiceContext, limit: int = 500) -> int:
    """Close each episode whose subscription is no longer past due from that day: recovered when a charge
    was taken since the failure (the console's recovery rate), lost otherwise."""
    now = ctx.clock.now()
    with ctx.uow() as uow:
        opened = uow.dunning.open_episodes(limit)
    closed = 0
    for sub, episode, _ in opened:
        if (
            sub.payment_state_id == State.PAST_DUE
            and sub.end_date is not None
            and (d.episode(sub.end_date).isoformat() == episode)
        ):
            with ctx.read() as uow:
                if sub.id is None or uow.dunning.charge_since(sub.id, sub.end_date) is None:
                    continue  # still running
        with ctx.uow() as uow:
            _close(uow, sub, episode, now)
            uow.commit()
        closed += 1
    return closed


def _close(uow: UnitOfWork, sub: Subscription, episode: str, now: datetime) -> None:
    assert sub.id is not None
    since = datetime.fromisoformat(episode).replace(tzinfo=now.tzinfo)
    charge = uow.dunning.charge_since(sub.id, since)
    if charge is not None:
        uow.dunning.claim(sub, d.RECOVERED, episode, now, d.CHARGED, charge[0])
    else:
        uow.dunning.claim(sub, d.LOST, episode, now, d.LAPSED)


def remind_cards_expiring(ctx: ServiceContext, limit: int = 500) -> int:
    """The card on file expires next month: one e-mail, in the month before, per subscription and expiry."""
    now = ctx.clock.now()
    expiry, month = d.expiring_next_month(now.date())
    episode = month.isoformat()
    written = 0
    with ctx.uow() as uow:
        for sub in uow.dunning.cards_expiring(expiry, episode, limit):
            if not uow.dunning.claim(sub, d.StepKind.CARD_EXPIRING.value, episode, now, d.SENT):
                continue
            uow.outbox.add(
                OutboxMessage(
                    kind="email",
                    topic=d.CARD_EXPIRING_TOPIC,
                    payload={
                        "account_id": sub.account_id,
                        "subscription_id": sub.id,
                        "params": {
                            "brand": sub.payment_brand or "",
                            "last4": sub.payment_last4 or "",
                            "expiry": month.isoformat(),
                        },
                    },
                )
            )
            written += 1
        uow.commit()
    return written
