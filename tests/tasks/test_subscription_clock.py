"""The subscription clock, driven by the injected clock: trial-ending reminders (once per
subscription) and past-due subscriptions lapsing after the grace period."""

from datetime import date, timedelta

import pytest

from core.services.subscription_clock import expire_past_due, remind_trials_ending
from tests.helpers import bearer, pay, pw, register, signed_up, subscriptions


def trial_endings(mailbox):
    return [
        e
        for e in mailbox.sent
        if e.subject.startswith(("Your free trial", "Ihr kostenloser", "Votre essai"))
    ]


def test_trial_reminder_goes_out_once_two_days_before_the_end(client, container, clock, mailbox):
    token = signed_up(client)
    assert pay(client, token).status_code == 200  # a 7-day trial
    [sub] = subscriptions(client, token)
    assert sub["paymentStateId"] == "Trial"
    ctx = container.services
    assert remind_trials_ending(ctx) == 0  # 7 days left
    clock.advance(timedelta(days=4, hours=23))
    assert remind_trials_ending(ctx) == 0  # 2 days and 1 hour left
    clock.advance(timedelta(hours=2))
    assert remind_trials_ending(ctx) == 1
    for _ in range(3):  # later ticks of the beat write nothing more
        clock.advance(timedelta(hours=1))
        assert remind_trials_ending(ctx) == 0
    [reminder] = trial_endings(mailbox)
    assert reminder.to == "parent@example.com"
    end = date.fromisoformat(sub["endDate"][:10])
    assert (
        f"{end:%B} {end.day}, {end.year}" in reminder.text
    )  # as English writes a date: "November 30, 2026"
    assert "TV · monthly" in reminder.text and "€4.99" in reminder.text
    assert "lumo_tv_monthly_eur" not in reminder.text  # the plan's name, not its id


def test_trial_reminder_in_the_parents_language(client, container, clock, mailbox):
    token = register(client, language="fr").json["token"]
    pay(client, token)
    clock.advance(timedelta(days=5, hours=1))
    assert remind_trials_ending(container.services) == 1
    [reminder] = trial_endings(mailbox)
    assert (
        reminder.language == "fr"
        and reminder.subject == "Votre essai gratuit se termine dans 2 jours"
    )
    assert "TV · mensuel" in reminder.text  # the plan name from locales/fr.json, namespace Plans


def test_a_reminder_is_written_once_even_by_two_concurrent_ticks(client, container, clock):
    token = signed_up(client)
    pay(client, token)
    clock.advance(timedelta(days=5, hours=1))
    with container.services.uow() as uow:
        [sub] = uow.subscriptions.trials_ending(
            clock.now() + timedelta(days=1), clock.now() + timedelta(days=2), 10
        )
        assert uow.subscriptions.mark_trial_reminded(sub.id, clock.now()) is True
        assert (
            uow.subscriptions.mark_trial_reminded(sub.id, clock.now()) is False
        )  # the database decides
        uow.rollback()


def test_no_reminder_when_it_is_too_late_to_cancel_or_the_trial_was_cancelled(
    client, container, clock, mailbox
):
    token = signed_up(client)
    pay(client, token)
    clock.advance(timedelta(days=6, hours=1))  # the beat was down: less than 24 hours left
    assert remind_trials_ending(container.services) == 0
    other = signed_up(client, email="other@example.com")
    other_id = pay(client, other).json["data"]["subscriptionId"]
    assert (
        client.get(
            f"/v4/braintree/subscriptions/cancel?id={other_id}", headers=bearer(other)
        ).status_code
        == 200
    )
    clock.advance(timedelta(days=5))
    assert remind_trials_ending(container.services) == 0 and trial_endings(mailbox) == []


def past_due(client, container, clock):
    from core.domain.subscriptions import State

    token = signed_up(client)
    sub_id = pay(client, token).json["data"]["subscriptionId"]
    gateway = container.gateway
    sig, payload = gateway.sample_notification(
        "past_due", f"lumo{sub_id}", occurred_at=clock.now() + timedelta(days=7)
    )
    assert (
        client.post(
            "/v5/braintree/webhooks", data={"bt_signature": sig, "bt_payload": payload}
        ).status_code
        == 200
    )
    [sub] = subscriptions(client, token)
    assert sub["paymentStateId"] == State.PAST_DUE
    return token, sub_id


@pytest.mark.parametrize("grace_days", [14, 3])
def test_past_due_expires_after_the_grace_period(client, container, clock, grace_days):
    token, sub_id = past_due(client, container, clock)
    clock.advance(
        timedelta(days=7 + grace_days) - timedelta(minutes=1)
    )  # the trial's end + grace, almost
    assert expire_past_due(container.services, grace_days) == 0
    clock.advance(timedelta(minutes=1))
    assert expire_past_due(container.services, grace_days) == 1
    [sub] = subscriptions(client, token)
    assert (sub["paymentStateId"], sub["isExpired"], sub["isRenewing"]) == ("Expired", True, False)
    assert (
        container.gateway.subscriptions[f"lumo{sub_id}"]["status"] == "Canceled"
    )  # no more card retries
    assert expire_past_due(container.services, grace_days) == 0


def test_past_due_waits_when_the_gateway_cannot_cancel(client, container, clock, monkeypatch):
    from core.domain.payments import GatewayResult

    token, _ = past_due(client, container, clock)
    monkeypatch.setattr(
        container.gateway, "cancel_subscription", lambda gid: GatewayResult(ok=False)
    )
    clock.advance(timedelta(days=30))
    assert expire_past_due(container.services, 14) == 0
    token = client.post(
        "/v4/accounts/login", json={"email": "parent@example.com", "password": pw()}
    ).json["token"]
    assert (
        subscriptions(client, token)[0]["paymentStateId"] == "Past_Due"
    )  # (30 days idle: a new session)


def test_the_clock_tasks_are_thin_wrappers(container, clock, monkeypatch, client):
    from tasks.subscriptions import expire_past_due_subscriptions, remind_trials

    monkeypatch.setattr("tasks.subscriptions.worker_container", lambda: container)
    token = signed_up(client)
    pay(client, token)
    clock.advance(timedelta(days=5, hours=1))
    assert remind_trials.apply().get() == 1
    assert expire_past_due_subscriptions.apply().get() == 0
