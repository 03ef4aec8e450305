"""The subscription clock: lapse subscriptions whose time is up, remind trials ending,
end the grace period of past-due subscriptions, settle purchases whose answer was lost."""

from __future__ import annotations

from celery import shared_task

from core.services.cancellation import expire_due
from core.services.contract_cancellations import carry_out_scheduled
from core.services.dunning import run_dunning
from core.services.plan_continuation import check_missed_switches
from core.services.purchase_settlement import resolve_stale_purchases
from core.services.renewal_reminders import remind_renewals
from core.services.subscription_clock import expire_past_due, remind_trials_ending
from core.services.withdrawals import retry_refunds
from tasks.container import worker_container

EXPIRE_TASK = "tasks.expire_subscriptions"
TRIAL_REMINDERS_TASK = "tasks.remind_trials_ending"
PAST_DUE_TASK = "tasks.expire_past_due"
STALE_PURCHASES_TASK = "tasks.resolve_stale_purchases"
RENEWAL_REMINDERS_TASK = "tasks.remind_renewals"
SCHEDULED_CANCELLATIONS_TASK = "tasks.carry_out_scheduled_cancellations"
MONTHLY_SWITCHES_TASK = "tasks.check_monthly_switches"
WITHDRAWAL_REFUNDS_TASK = "tasks.retry_withdrawal_refunds"
DUNNING_TASK = "tasks.run_dunning"


@shared_task(name=EXPIRE_TASK, acks_late=True)
def expire_subscriptions() -> int:
    return expire_due(worker_container().services)


@shared_task(name=TRIAL_REMINDERS_TASK, acks_late=True)
def remind_trials() -> int:
    return remind_trials_ending(worker_container().services)


@shared_task(name=PAST_DUE_TASK, acks_late=True)
def expire_past_due_subscriptions() -> int:
    container = worker_container()
    return expire_past_due(container.services, container.settings.past_due_grace_days)


@shared_task(name=STALE_PURCHASES_TASK, acks_late=True)
def resolve_stale() -> int:
    return resolve_stale_purchases(worker_container().services)


@shared_task(name=RENEWAL_REMINDERS_TASK, acks_late=True)
def remind_renewal() -> int:
    return remind_renewals(worker_container().services)


@shared_task(name=SCHEDULED_CANCELLATIONS_TASK, acks_late=True)
def scheduled_cancellations() -> int:
    """docs/consumer-law.md#cancellation-page: renewal stops once the period holding the asked end runs."""
    return carry_out_scheduled(worker_container().services)


@shared_task(name=MONTHLY_SWITCHES_TASK, acks_late=True)
def monthly_switches() -> int:
    """docs/consumer-law-renewal.md#at-the-gateway: a switch to monthly billing missing on its renewal day
    is shown on the parent's timeline and tried again; answers how many are still missing."""
    return check_missed_switches(worker_container().services)


@shared_task(name=WITHDRAWAL_REFUNDS_TASK, acks_late=True)
def withdrawal_refunds() -> int:
    """docs/consumer-law-withdrawal.md#retried-refunds: refunds the gateway did not answer, with backoff."""
    return retry_refunds(worker_container().services)


@shared_task(name=DUNNING_TASK, acks_late=True)
def dunning() -> int:
    """docs/billing.md#failed-payments-and-dunning: retries and e-mails of past-due subscriptions."""
    return run_dunning(worker_container().services)
