"""Dunning (core/services/dunning.py) driven by the fake clock on a real database: the day-0 e-mail once
for the gateway's two events, retries on days 3 and 7, e-mails on days 0, 3 and 7 and the last notice,
nothing after a success, the lapse at the end of grace, nothing twice when the task runs twice or at
once, the card-expiring e-mail once (docs/billing.md#failed-payments-and-dunning)."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from decimal import Decimal

import pytest
from sqlalchemy import text

from core.domain.subscriptions import State
from core.services import dunning, webhooks
from core.services.subscription_clock import expire_past_due
from tests.helpers import pay, register, subscriptions

TOPICS = ("payment_failed", "payment_reminder", "payment_last_notice", "card_expiring")


def webhook(container, kind, sub_id, clock, **extra):
    assert webhooks.receive(
        container.services,
        *container.gateway.sample_notification(
            kind, f"lumo{sub_id}", occurred_at=clock.now(), **extra
        ),
    )


def went_past_due(client, container, clock, email="parent@example.com", language="en"):
    """A parent whose first charge, after the 7-day trial, failed: (token, sub id). Braintree sends two
    events for the failure; the clock stands on the failed billing day."""
    response = register(client, email=email, language=language)
    assert response.status_code == 200, response.json
    token = response.json["token"]
    assert pay(client, token).status_code == 200
    [sub] = subscriptions(client, token)
    clock.advance(timedelta(days=7))
    webhook(container, "charge_failed", sub["id"], clock)
    webhook(container, "past_due", sub["id"], clock)
    [sub] = subscriptions(client, token)
    assert sub["paymentStateId"] == State.PAST_DUE
    return token, sub["id"]


def dunning_mail(mailbox):
    return [e for e in mailbox.sent if _topic(e) in TOPICS]


def _topic(email) -> str | None:
    """The outbox topic the e-mail was composed from (its Message-ID names the outbox row)."""
    match = re.fullmatch(r"<outbox-(\d+)@lumo>", email.message_id or "")
    return _TOPICS_BY_ID.get(int(match.group(1))) if match else None


_TOPICS_BY_ID: dict[int, str] = {}


@pytest.fixture(autouse=True)
def _outbox_topics(container, monkeypatch):
    """Remember each outbox row's topic as it is delivered (in any language)."""
    from core.services import email_delivery

    compose = email_delivery._compose

    def remembering(ctx, setup, uow, message):
        if message.id is not None:
            _TOPICS_BY_ID[message.id] = message.topic
        return compose(ctx, setup, uow, message)

    _TOPICS_BY_ID.clear()
    monkeypatch.setattr(email_delivery, "_compose", remembering)


def steps(container, sub_id):
    with container.engine.connect() as c:
        return [
            (step, outcome)
            for step, outcome in c.execute(
                text(
                    "SELECT step, outcome FROM dunning_steps WHERE subscription_id = :s ORDER BY id"
                ),
                {"s": sub_id},
            )
        ]


class Retries:
    """The real retry (payment_recovery.retry_past_due over the sandbox gateway), watched: the day of each
    call. The card on file declines (the sandbox's decline_renewals) until `succeed_on`, then charges."""

    def __init__(self, container, clock, started, sub_id, succeed_on=None):
        self.clock, self.started, self.succeed_on = clock, started, succeed_on
        self.gateway = container.gateway
        self.gateway.decline_renewals(f"lumo{sub_id}")
        self.days: list[int] = []

    def __call__(self, ctx, subscription_id, actor):
        assert actor == dunning.ACTOR
        day = (self.clock.now() - self.started).days
        self.days.append(day)
        if self.succeed_on is not None and day >= self.succeed_on:
            self.gateway.declining.discard(f"lumo{subscription_id}")
        return _real_retry(ctx, subscription_id, actor)


_real_retry = dunning.payment_recovery.retry_past_due


def hourly(container, clock, until, grace_days=14):
    """The beat, hour by hour: dunning, then the lapse."""
    while clock.now() < until:
        clock.advance(timedelta(hours=1))
        dunning.run_dunning(container.services)
        expire_past_due(container.services, grace_days)


def test_the_schedule_retries_mails_and_lapses_at_the_end_of_grace(
    client, container, clock, mailbox, monkeypatch
):
    token, sub_id = went_past_due(client, container, clock)
    failed_at = clock.now()
    retries = Retries(container, clock, failed_at, sub_id)
    monkeypatch.setattr(dunning.payment_recovery, "retry_past_due", retries)
    assert [_topic(e) for e in dunning_mail(mailbox)] == ["payment_failed"]  # one for two events
    sent_days: dict[str, list[int]] = {}
    seen = 1
    while clock.now() < failed_at + timedelta(days=16):
        clock.advance(timedelta(hours=1))
        dunning.run_dunning(container.services)
        expire_past_due(container.services, 14)
        mail = dunning_mail(mailbox)
        for e in mail[seen:]:
            sent_days.setdefault(_topic(e), []).append((clock.now() - failed_at).days)
        seen = len(mail)
    assert retries.days == [3, 7]
    assert sent_days == {"payment_reminder": [3, 7], "payment_last_notice": [11]}
    [sub] = subscriptions(client, token)
    assert sub["paymentStateId"] == State.EXPIRED  # lapsed on day 14, by expire_past_due
    assert steps(container, sub_id) == [
        ("opened", "sent"),
        ("email_0", "sent"),
        ("retry_3", "declined"),
        ("email_3", "sent"),
        ("retry_7", "declined"),
        ("email_7", "sent"),
        ("last_notice", "sent"),
        ("lost", "lapsed"),
    ]


def test_nothing_after_the_retry_succeeds(client, container, clock, mailbox, monkeypatch):
    token, sub_id = went_past_due(client, container, clock)
    failed_at = clock.now()
    retries = Retries(container, clock, failed_at, sub_id, succeed_on=3)
    monkeypatch.setattr(dunning.payment_recovery, "retry_past_due", retries)
    hourly(container, clock, failed_at + timedelta(days=16))
    assert retries.days == [3]
    assert [_topic(e) for e in dunning_mail(mailbox)] == ["payment_failed"]  # no day-3 e-mail
    assert subscriptions(client, token)[0]["paymentStateId"] == "Active"
    assert steps(container, sub_id)[-2:] == [("retry_3", "charged"), ("recovered", "charged")]


def test_nothing_after_the_parent_paid_another_way(client, container, clock, mailbox, monkeypatch):
    """A newer charge (the gateway's own retry, the update page) stops it even before the state moves."""
    _, sub_id = went_past_due(client, container, clock)
    failed_at = clock.now()
    retries = Retries(container, clock, failed_at, sub_id)
    monkeypatch.setattr(dunning.payment_recovery, "retry_past_due", retries)
    clock.advance(timedelta(days=1))
    with container.services.uow() as uow:  # a charge recorded, its state change not yet applied
        from core.services.refunds import record_charge

        sub = uow.subscriptions.get(sub_id)
        record_charge(uow, sub, "tx-later", Decimal("4.99"), "EUR", clock.now())
        uow.commit()
    hourly(container, clock, failed_at + timedelta(days=12))
    assert retries.days == []
    assert [_topic(e) for e in dunning_mail(mailbox)] == ["payment_failed"]


def test_two_runs_at_the_same_time_do_each_step_once(
    client, container, clock, mailbox, monkeypatch
):
    _, sub_id = went_past_due(client, container, clock)
    failed_at = clock.now()
    retries = Retries(container, clock, failed_at, sub_id)
    monkeypatch.setattr(dunning.payment_recovery, "retry_past_due", retries)
    clock.advance(timedelta(days=3, hours=1))
    with ThreadPoolExecutor(max_workers=4) as pool:
        done = list(pool.map(lambda _: dunning.run_dunning(container.services), range(4)))
    assert sum(done) == 2, done  # one retry and one e-mail, whichever worker did them
    assert dunning.run_dunning(container.services) == 0  # and again: nothing
    assert retries.days == [3]
    assert [_topic(e) for e in dunning_mail(mailbox)] == ["payment_failed", "payment_reminder"]
    names = [step for step, _ in steps(container, sub_id)]
    assert len(names) == len(set(names))


def test_the_e_mails_carry_the_amount_the_date_access_ends_and_the_signed_link(
    client, container, clock, mailbox, monkeypatch
):
    went_past_due(client, container, clock)
    [first] = dunning_mail(mailbox)
    ends = (clock.now() + timedelta(days=14)).date()
    assert "€4.99" in first.text
    assert f"{ends:%B} {ends.day}, {ends.year}" in first.text
    assert re.search(
        r"http://lumo\.test/payment-method\?subscription=\d+&link=[\w-]{20,}", first.text
    )
    assert 'href="http://lumo.test/payment-method?subscription=' in first.html


@pytest.mark.parametrize(
    ("language", "amount", "date_of", "words"),
    [
        ("de", "4,99\xa0€", lambda d: f"{d.day}. {_DE[d.month]} {d.year}", "Zahlung über"),
        ("fr", "4,99\xa0€", lambda d: f"{d.day} {_FR[d.month]} {d.year}", "Votre paiement de"),
        ("ar", "\u200f4.99\xa0€", lambda d: f"{d.day} {_AR[d.month]} {d.year}", "دفعتك"),
    ],
)
def test_the_e_mails_in_german_french_and_arabic(
    client, container, clock, mailbox, monkeypatch, language, amount, date_of, words
):
    _, sub_id = went_past_due(client, container, clock, language=language)
    monkeypatch.setattr(
        dunning.payment_recovery, "retry_past_due", Retries(container, clock, clock.now(), sub_id)
    )
    clock.advance(timedelta(days=11, hours=1))
    dunning.run_dunning(container.services)  # day 11: the retry of day 7 done late, the last notice
    first, last = dunning_mail(mailbox)
    ends = (clock.now() - timedelta(days=11, hours=1) + timedelta(days=14)).date()
    for mail in (first, last):
        assert mail.language == language
        assert words in mail.text
        assert amount in mail.text
        assert date_of(ends) in mail.text
        assert (
            f"http://lumo.test/{language}/payment-method?subscription={sub_id}&link=" in mail.text
        )
    if language == "ar":
        assert 'dir="rtl"' in first.html
        assert "تحديث طريقة الدفع" in first.html  # the button
    assert ("last_notice", "sent") in steps(container, sub_id)


_DE = {
    1: "Januar",
    2: "Februar",
    3: "März",
    4: "April",
    5: "Mai",
    6: "Juni",
    7: "Juli",
    8: "August",
    9: "September",
    10: "Oktober",
    11: "November",
    12: "Dezember",
}
_AR = {
    1: "يناير",
    2: "فبراير",
    3: "مارس",
    4: "أبريل",
    5: "مايو",
    6: "يونيو",
    7: "يوليو",
    8: "أغسطس",
    9: "سبتمبر",
    10: "أكتوبر",
    11: "نوفمبر",
    12: "ديسمبر",
}
_FR = {
    1: "janvier",
    2: "février",
    3: "mars",
    4: "avril",
    5: "mai",
    6: "juin",
    7: "juillet",
    8: "août",
    9: "septembre",
    10: "octobre",
    11: "novembre",
    12: "décembre",
}


def test_a_card_expiring_next_month_gets_one_e_mail(client, container, clock, mailbox):
    response = register(client, email="card@example.com", language="de")
    token = response.json["token"]
    assert pay(client, token).status_code == 200
    [sub] = subscriptions(client, token)
    month = clock.now().date().replace(day=1) + timedelta(days=32)
    expiry = f"{month.month:02d}/{month.year}"
    with container.engine.begin() as c:
        c.execute(
            text("UPDATE subscriptions SET payment_expiry = :e WHERE id = :s"),
            {"e": expiry, "s": sub["id"]},
        )
    assert dunning.run_dunning(container.services) == 1
    assert dunning.run_dunning(container.services) == 0
    clock.advance(timedelta(hours=5))
    assert dunning.run_dunning(container.services) == 0
    [mail] = [e for e in mailbox.to("card@example.com") if "Karte" in e.subject]
    assert "Visa" in mail.text and "1881" in mail.text
    assert f"{_DE[month.month]} {month.year}" in mail.text
    assert f"http://lumo.test/de/payment-method?subscription={sub['id']}&link=" in mail.text
    assert steps(container, sub["id"]) == [("card_expiring", "sent")]


def test_the_card_expiry_is_stored_from_the_gateway(client, container):
    token = register(client, email="stored@example.com").json["token"]
    assert pay(client, token).status_code == 200
    [sub] = subscriptions(client, token)
    with container.services.uow() as uow:
        assert uow.subscriptions.get(sub["id"]).payment_expiry == "12/2030"


def test_a_past_due_parent_keeps_access_through_the_grace_period(client, container, clock):
    token, _ = went_past_due(client, container, clock)
    clock.advance(timedelta(days=13, hours=23))
    [sub] = subscriptions(client, token)
    assert (sub["paymentStateId"], sub["isExpired"]) == ("Past_Due", False)
    clock.advance(timedelta(hours=1))
    expire_past_due(container.services, 14)
    [sub] = subscriptions(client, token)
    assert (sub["paymentStateId"], sub["isExpired"]) == ("Expired", True)


def test_the_dunning_task_is_a_thin_wrapper(client, container, clock, monkeypatch):
    from tasks.subscriptions import dunning as dunning_task

    monkeypatch.setattr("tasks.subscriptions.worker_container", lambda: container)
    token, _ = went_past_due(client, container, clock)
    clock.advance(timedelta(days=3, hours=1))
    assert dunning_task.apply().get() == 1  # the retry of day 3: the sandbox's card pays this time
    assert subscriptions(client, token)[0]["paymentStateId"] == "Active"
    assert dunning_task.apply().get() == 0


def test_every_past_due_subscription_is_reached_page_by_page(client, container, clock, mailbox):
    """More past-due subscriptions than one page: each still gets its step."""
    for i in range(3):
        went_past_due(client, container, clock, email=f"page{i}@example.com")
        clock.advance(timedelta(days=-7))  # the next one fails on the same day
    clock.advance(timedelta(days=7, hours=1))
    for i in range(3):
        container.gateway.decline_renewals(f"lumo{i + 1}")
    assert dunning.run_dunning(container.services, page=2) == 0  # day 0: e-mails already sent
    clock.advance(timedelta(days=3))
    assert dunning.run_dunning(container.services, page=2) == 6  # three retries, three e-mails


def test_a_retry_that_breaks_is_recorded_and_the_others_go_on(
    client, container, clock, mailbox, monkeypatch
):
    _, first = went_past_due(client, container, clock, email="broken@example.com")
    clock.advance(timedelta(days=-7))
    _, second = went_past_due(client, container, clock, email="fine@example.com")
    container.gateway.decline_renewals(f"lumo{second}")

    def retry(ctx, subscription_id, actor):
        if subscription_id == first:
            raise RuntimeError("the gateway adapter broke")
        return _real_retry(ctx, subscription_id, actor)

    monkeypatch.setattr(dunning.payment_recovery, "retry_past_due", retry)
    clock.advance(timedelta(days=3, hours=1))
    assert dunning.run_dunning(container.services) == 4
    assert ("retry_3", "unavailable") in steps(container, first)
    assert ("retry_3", "declined") in steps(container, second)
    assert ("email_3", "sent") in steps(container, first)


def test_the_gateways_two_events_at_once_write_one_payment_failed_e_mail(
    client, container, clock, mailbox
):
    """Braintree's charge-failed and went-past-due events for one failure, received at the same moment by
    two workers: the day-0 row lets one e-mail through (PostgreSQL waits on the unique key)."""
    token = register(client, email="twice@example.com").json["token"]
    assert pay(client, token).status_code == 200
    [sub] = subscriptions(client, token)
    clock.advance(timedelta(days=7))
    gateway = container.gateway
    events = [
        gateway.sample_notification(kind, f"lumo{sub['id']}", occurred_at=clock.now())
        for kind in ("charge_failed", "past_due", "past_due", "charge_failed")
    ]
    with ThreadPoolExecutor(max_workers=4) as pool:
        list(pool.map(lambda event: webhooks.receive(container.services, *event), events))
    assert [_topic(e) for e in dunning_mail(mailbox)] == ["payment_failed"]
    assert steps(container, sub["id"]) == [("opened", "sent"), ("email_0", "sent")]
