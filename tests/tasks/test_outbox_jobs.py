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
    assert celery.conf.task_always_eager and celery.conf.task_acks_late
    container.services.jobs.outbox_changed = lambda: None  # leave mail pending
    register(container_client(container))
    assert mailbox.sent == []
    from tasks.outbox import deliver_outbox
    monkeypatch.setattr("tasks.outbox.worker_container", lambda: container)
    assert deliver_outbox.apply().get() == 2
    assert sorted(e.subject for e in mailbox.sent) == ["Please confirm your e-mail address", "Welcome to Lumo!"]
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
