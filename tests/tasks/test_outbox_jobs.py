"""The outbox job: delivery once, retry after failure, nothing lost when the broker is down."""

import pytest

from core.adapters.jobs import CeleryJobQueue
from tests.helpers import register


class FlakyMailer:
    def __init__(self) -> None:
        self.sent, self.fail = [], True

    def send(self, email):
        if self.fail:
            raise ConnectionRefusedError("SMTP down")
        self.sent.append(email)


def test_eager_celery_task_delivers_pending_mail(settings, container, mailbox, monkeypatch):
    from tasks.celery_app import create_celery

    celery = create_celery(settings.replace(redis_url=""))
    assert celery.conf.broker_url.startswith("sqla+sqlite:///") and celery.conf.task_acks_late
    container.services.jobs.outbox_changed = lambda: None  # leave mail pending
    register(container_client(container))
    assert mailbox.sent == []
    from tasks.outbox import deliver_outbox

    monkeypatch.setattr("tasks.outbox.worker_container", lambda: container)
    assert deliver_outbox.apply().get() == 2
    assert sorted(e.subject for e in mailbox.sent) == [
        "Please confirm your e-mail address",
        "Welcome to Lumo!",
    ]
    assert deliver_outbox.apply().get() == 0  # nothing is sent twice


def test_failed_delivery_stays_pending_and_is_redriven(container, clock):
    from datetime import timedelta

    flaky = FlakyMailer()
    container.mail.mailer = flaky
    response = register(container_client(container))
    assert response.status_code == 200  # the registration is kept although mail failed
    assert container.deliver_emails() == 0  # still leased
    clock.advance(timedelta(minutes=6))
    flaky.fail = False
    assert container.deliver_emails() == 2
    assert len(flaky.sent) == 2


def test_registration_succeeds_with_the_broker_down(settings, container, mailbox, clock):
    from datetime import timedelta

    container.services.jobs = CeleryJobQueue("redis://127.0.0.1:1/0")  # nothing listens there
    response = register(container_client(container))
    assert response.status_code == 200
    assert mailbox.sent == []
    clock.advance(timedelta(minutes=1))
    assert container.deliver_emails() == 2  # the beat re-drive finds it


def container_client(container):
    from bff import create_app

    return create_app(container=container).test_client()


@pytest.mark.parametrize("language", ["en", "ar"])
def test_mail_is_in_the_account_language(container, mailbox, language):
    client = container_client(container)
    register(client, language=language)
    texts = {e.language for e in mailbox.sent}
    assert texts == {language}
    if language == "ar":
        assert all('dir="rtl"' in e.html for e in mailbox.sent)


def test_beat_runs_the_outbox_redrive_and_the_subscription_clock(settings):
    from tasks.celery_app import create_celery

    schedule = create_celery(
        settings.replace(redis_url="redis://127.0.0.1:6379/0")
    ).conf.beat_schedule
    assert {entry["task"] for entry in schedule.values()} == {
        "tasks.deliver_outbox",
        "tasks.expire_subscriptions",
        "tasks.remind_trials_ending",
        "tasks.remind_renewals",
        "tasks.expire_past_due",
        "tasks.purge_expired_data",
        "tasks.resolve_stale_purchases",
        "tasks.refresh_metrics",
        "tasks.roll_up_funnel",
        "tasks.carry_out_scheduled_cancellations",  # docs/consumer-law.md#cancellation-page
        "tasks.check_monthly_switches",  # docs/consumer-law-renewal.md#at-the-gateway
        "tasks.retry_withdrawal_refunds",  # docs/consumer-law-withdrawal.md#retried-refunds
        "tasks.run_dunning",  # docs/billing.md#failed-payments-and-dunning
    }


def test_the_funnel_roll_up_task_rolls_every_finished_day_once_then_the_last_two(
    container, monkeypatch
):
    from core.services.ops.revenue import MAX_DAYS, REROLL_DAYS
    from tasks.reports import roll_up_funnel_task

    monkeypatch.setattr("tasks.reports.worker_container", lambda: container)
    assert roll_up_funnel_task.apply().get() == MAX_DAYS
    assert roll_up_funnel_task.apply().get() == REROLL_DAYS


def test_expire_task_lapses_due_subscriptions(container, clock, monkeypatch):
    from datetime import timedelta

    from core.domain.subscriptions import Subscription
    from tasks.subscriptions import expire_subscriptions
    from tests.helpers import signed_up

    signed_up(container_client(container))
    with container.services.uow() as uow:
        account_id = uow.accounts.by_email("parent@example.com").id
        uow.subscriptions.add(
            Subscription(
                account_id=account_id,
                subscription_type="lumo_tv",
                duration_code="P1M",
                store_id="lumo",
                payment_state_id="Free_Campaign",
                is_renewing=False,
                end_date=clock.now() + timedelta(days=1),
                created_at=clock.now(),
            )
        )
        uow.commit()
    monkeypatch.setattr("tasks.subscriptions.worker_container", lambda: container)
    assert expire_subscriptions.apply().get() == 0
    clock.advance(timedelta(days=1))
    assert expire_subscriptions.apply().get() == 1


def test_the_scheduled_cancellations_task_runs_the_service(container, monkeypatch):
    from tasks.subscriptions import scheduled_cancellations

    monkeypatch.setattr("tasks.subscriptions.worker_container", lambda: container)
    assert scheduled_cancellations.apply().get() == 0  # nothing waits
