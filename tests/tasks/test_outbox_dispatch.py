"""The generic outbox dispatcher on a real database: leases, retries with backoff,
dead letters, the operator commands, and a worker that dies mid-message."""

from datetime import timedelta

from bff import create_app
from core.domain.ports.messaging import DeliveryError, OutboxMessage
from core.services import outbox_dispatch
from tests.helpers import register


class FlakyMailer:
    def __init__(self, failures: int) -> None:
        self.failures, self.sent = failures, []

    def send(self, email):
        if self.failures:
            self.failures -= 1
            raise ConnectionRefusedError("SMTP down")
        self.sent.append(email)


def add_message(container, kind="email", topic="welcome", payload=None) -> int:
    with container.services.uow() as uow:
        account_id = uow.accounts.by_email("parent@example.com").id
        uow.outbox.add(
            OutboxMessage(kind=kind, topic=topic, payload=payload or {"account_id": account_id})
        )
        uow.commit()
        return max(
            uow.outbox.pending_ids(
                (kind,), container.services.clock.now() + timedelta(days=999), 1000
            )
        )


def quiet(container):
    container.services.jobs.outbox_changed = lambda: (
        None
    )  # leave work pending; the test drives delivery


def test_failures_back_off_exponentially_then_dead_letter(app, container, clock):
    quiet(container)
    register(app.test_client())
    container.dispatcher.policy = outbox_dispatch.RetryPolicy(max_attempts=4, base_seconds=30)
    flaky = FlakyMailer(failures=100)
    container.mail.mailer = flaky
    waits = []
    for attempt in range(1, 5):
        report = container.deliver_outbox(("email",))
        if attempt < 4:
            assert (report.retrying, report.dead) == (2, 0)
            assert (
                container.deliver_outbox(("email",)).retrying == 0
            )  # not due yet: nothing is tried
            with container.services.uow() as uow:
                [first, *_] = uow.outbox.pending_ids(
                    ("email",), clock.now() + timedelta(days=1), 10
                )
            waits.append(_next_attempt(container, first) - clock.now())
            clock.advance(waits[-1])
        else:
            assert report.dead == 2
    assert waits == [timedelta(seconds=30), timedelta(seconds=60), timedelta(seconds=120)]
    assert flaky.sent == []
    dead = outbox_dispatch.dead_letters(container.services, "email")
    assert [(m.topic, m.attempts) for m in dead] == [("welcome", 4), ("confirm_email", 4)]
    assert "ConnectionRefusedError: SMTP down" in dead[0].last_error
    clock.advance(timedelta(days=1))
    assert container.deliver_outbox().total == 0  # dead letters wait for an operator


def _next_attempt(container, message_id):
    from sqlalchemy import select

    from core.adapters.db.models.operations import OutboxRow

    with container.engine.connect() as c:
        return c.execute(
            select(OutboxRow.next_attempt_at).where(OutboxRow.id == message_id)
        ).scalar_one()


def test_operator_lists_and_requeues_dead_letters(app, container, mailbox):
    quiet(container)
    register(app.test_client())
    container.dispatcher.policy = outbox_dispatch.RetryPolicy(max_attempts=1)
    container.mail.mailer = FlakyMailer(failures=2)
    assert container.deliver_outbox().dead == 2
    runner = app.test_cli_runner()
    listing = runner.invoke(args=["outbox", "dead"])
    assert listing.exit_code == 0 and "welcome" in listing.output and "SMTP down" in listing.output
    ids = [int(line.split()[0]) for line in listing.output.splitlines()[1:]]
    assert (
        runner.invoke(args=["outbox", "dead", "--kind", "partner"]).output.strip()
        == "no dead-lettered messages"
    )
    container.mail.mailer = mailbox
    retried = runner.invoke(args=["outbox", "retry", *map(str, ids)])
    assert retried.exit_code == 0 and retried.output.count("re-queued") == 2
    delivered = runner.invoke(args=["outbox", "deliver"])
    assert "delivered 2 e-mail(s), 0 analytics record(s), 0 partner callback(s)" in delivered.output
    assert sorted(e.subject for e in mailbox.sent) == [
        "Please confirm your e-mail address",
        "Welcome to Lumo!",
    ]
    again = runner.invoke(args=["outbox", "retry", str(ids[0]), "999999"])
    assert again.exit_code == 1 and "not dead-lettered" in again.output


def test_a_permanent_refusal_is_dead_lettered_at_once(app, container):
    quiet(container)
    register(app.test_client())

    def refuse(ctx, uow, message):
        raise DeliveryError("HTTP 400 from http://collector", permanent=True)

    container.dispatcher.handlers["analytics"] = refuse
    message_id = add_message(container, kind="analytics", topic="OPEN_APP", payload={"event_id": 1})
    assert container.deliver_outbox(("analytics",)).dead == 1
    [dead] = outbox_dispatch.dead_letters(container.services, "analytics")
    assert (dead.id, dead.attempts) == (message_id, 1)


def test_a_message_leased_by_a_dead_worker_is_redelivered_after_the_lease_and_sent_once(
    app, container, clock, mailbox
):
    quiet(container)
    register(app.test_client())
    with (
        container.services.uow() as uow
    ):  # a worker leases both e-mails, then is killed before sending
        ids = uow.outbox.pending_ids(("email",), clock.now(), 10)
        assert all(uow.outbox.claim(i, clock.now(), outbox_dispatch.LEASE_SECONDS) for i in ids)
        uow.commit()
    assert container.deliver_outbox().total == 0  # still leased: another worker must not send it
    clock.advance(timedelta(seconds=outbox_dispatch.LEASE_SECONDS - 1))
    assert container.deliver_outbox().total == 0
    clock.advance(timedelta(seconds=2))
    assert container.deliver_outbox().total == 2  # the lease expired: the re-drive sends it
    assert container.deliver_outbox().total == 0
    clock.advance(timedelta(hours=1))
    assert container.deliver_outbox().total == 0
    assert len(mailbox.sent) == 2 and len({e.message_id for e in mailbox.sent}) == 2


def test_a_message_whose_workers_keep_dying_is_dead_lettered_unsent(app, container, clock, mailbox):
    quiet(container)
    register(app.test_client())
    container.dispatcher.policy = outbox_dispatch.RetryPolicy(max_attempts=2)
    for _ in range(2):  # two workers die holding the lease
        with container.services.uow() as uow:
            for i in uow.outbox.pending_ids(("email",), clock.now(), 10):
                uow.outbox.claim(i, clock.now(), outbox_dispatch.LEASE_SECONDS)
            uow.commit()
        clock.advance(timedelta(seconds=outbox_dispatch.LEASE_SECONDS + 1))
    assert container.deliver_outbox().dead == 2 and mailbox.sent == []
    assert "leased 3 times" in outbox_dispatch.dead_letters(container.services)[0].last_error


def test_the_embedded_mode_delivers_every_kind_after_the_commit(settings, clock, mailbox):
    from core.bootstrap import bootstrap
    from tests.bff.test_analytics_api import KEY, record

    c = bootstrap(
        settings.replace(redis_url=""), clock=clock, mailer=mailbox
    )  # no Redis: in-process jobs, memory limits
    try:
        client = create_app(container=c).test_client()
        register(client)
        assert len(mailbox.sent) == 2
        assert (
            client.post("/v4/analytics", json=record(), headers={"X-Api-Key": KEY}).status_code
            == 200
        )
        with c.engine.connect() as conn:
            pending = conn.exec_driver_sql(
                "SELECT count(*) FROM outbox WHERE delivered_at IS NULL"
            ).scalar()
        assert pending == 0  # no collector configured: the record is kept, its job done
    finally:
        c.close()
