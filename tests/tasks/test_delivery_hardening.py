"""A permanent SMTP refusal is dead at once and keeps no address; a sent message whose "delivered"
mark first fails (the database dropped the connection) is marked on a fresh connection, not sent twice."""

from __future__ import annotations

from sqlalchemy.exc import OperationalError

from core.adapters.mailers import SmtpMailer
from core.domain.ports.messaging import Email
from core.services import outbox_dispatch
from tests.helpers import register
from tests.loopback import free_port

REFUSED = "refused.parent@example.com"


class RefusingSmtp:
    """aiosmtpd answering every RCPT with `code`."""

    def __init__(self, code: int) -> None:
        from aiosmtpd.controller import Controller

        class Handler:
            async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
                return f"{code} 5.1.1 <{address}>: Recipient address rejected"

        self.port = free_port()
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)

    def __enter__(self):
        self.controller.start()
        return f"smtp://127.0.0.1:{self.port}"

    def __exit__(self, *exc):
        self.controller.stop()


def _email() -> Email:
    return Email(
        to=REFUSED,
        subject="s",
        text="t",
        html="<p>t</p>",
        language="en",
        message_id="<outbox-1@lumo>",
    )


def test_a_550_is_permanent_and_its_text_keeps_no_address():
    with RefusingSmtp(550) as url:
        try:
            SmtpMailer(url, "Lumo <hello@lumo.example>").send(_email())
        except Exception as error:  # noqa: BLE001
            refused = error
    assert refused.permanent and "550" in str(refused) and REFUSED not in str(refused)


def test_a_450_is_temporary():
    with RefusingSmtp(450) as url:
        try:
            SmtpMailer(url, "Lumo <hello@lumo.example>").send(_email())
        except Exception as error:  # noqa: BLE001
            refused = error
    assert not refused.permanent and "450" in str(refused)


def test_a_permanently_refused_email_is_dead_after_one_attempt(app, container):
    container.services.jobs.outbox_changed = lambda: None
    register(app.test_client(), email=REFUSED)
    with RefusingSmtp(550) as url:
        container.mail.mailer = SmtpMailer(url, "Lumo <hello@lumo.example>")
        report = container.deliver_outbox(("email",))
    assert (report.dead, report.retrying) == (2, 0)
    dead = outbox_dispatch.dead_letters(container.services, "email")
    assert [m.attempts for m in dead] == [1, 1]
    assert all("550" in m.last_error and REFUSED not in m.last_error for m in dead)


def test_the_delivered_mark_is_retried_on_a_fresh_connection(app, container, mailbox, monkeypatch):
    container.services.jobs.outbox_changed = lambda: None
    register(app.test_client())
    monkeypatch.setattr(outbox_dispatch, "MARK_RETRY_DELAYS", (0.01, 0.01, 0.01))
    real_factory, failures = container.services.uow, {"left": 2}

    def flaky_uow():
        uow = real_factory()
        original = uow.__class__.__enter__

        class Dropping(uow.__class__):
            def __enter__(self):
                entered = original(self)
                mark = entered.outbox.mark_delivered

                def dropping(*args):
                    if failures["left"]:
                        failures["left"] -= 1
                        raise OperationalError(
                            "UPDATE outbox", {}, Exception("server closed the connection")
                        )
                    return mark(*args)

                entered.outbox.mark_delivered = dropping
                return entered

        uow.__class__ = Dropping
        return uow

    container.services.uow = flaky_uow
    report = container.deliver_outbox(("email",))
    container.services.uow = real_factory
    assert report.total == 2 and failures["left"] == 0
    assert container.deliver_outbox(("email",)).total == 0  # nothing left to send again
    assert len(mailbox.to("parent@example.com")) == 2
