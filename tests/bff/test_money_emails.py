"""Receipt, trial-ending, cancellation and refund e-mails: the plan named as the profile names it (bundle and
period), the amount and the date as the parent's language writes them (Babel, CLDR; pt is European
Portuguese), greeted by name or neutrally, never by address. Rendered in all nine languages."""

from __future__ import annotations

from datetime import date

import pytest

from core.domain.ports.messaging import OutboxMessage
from core.services import accounts
from tests.helpers import bearer, pay, pw, signed_up, subscriptions

# A known date and amount, and how each language writes them (and the three-app yearly bundle's name).
KNOWN = {
    "product": "lumo_tv_books_games",
    "duration": "P1Y",
    "amount": "70.90",
    "currency": "EUR",
    "date": "2026-11-30",
}
EXPECTED = {
    "ar": ("30 نوفمبر 2026", "\u200f70.90\xa0€", "التطبيقات الثلاثة · سنوي", "مرحبًا،"),
    "de": ("30. November 2026", "70,90\xa0€", "Alle drei Apps · jährlich", "Hallo,"),
    "en": ("November 30, 2026", "€70.90", "All three apps · yearly", "Hello,"),
    "es": ("30 de noviembre de 2026", "70,90\xa0€", "Las tres apps · anual", "Hola:"),
    "fr": ("30 novembre 2026", "70,90\xa0€", "Les trois applis · annuel", "Bonjour,"),
    "it": ("30 novembre 2026", "70,90\xa0€", "Tutte e tre le app · annuale", "Ciao,"),
    "nl": ("30 november 2026", "€\xa070,90", "Alle drie de apps · jaarlijks", "Hallo,"),
    "pt": ("30 de novembro de 2026", "70,90\xa0€", "As três aplicações · anual", "Olá,"),
    "ru": ("30 ноября 2026\u202fг.", "70,90\xa0€", "Все три приложения · на год", "Здравствуйте!"),
}
NAMED = {
    "ar": "مرحبًا Mia،",
    "de": "Hallo Mia,",
    "en": "Hello Mia,",
    "es": "Hola, Mia:",
    "fr": "Bonjour Mia,",
    "it": "Ciao Mia,",
    "nl": "Hallo Mia,",
    "pt": "Olá Mia,",
    "ru": "Здравствуйте, Mia!",
}


def parent(container, language, name="", email=None):
    ctx = container.services
    ctx.jobs.outbox_changed = lambda: None  # deliver when the test says so
    accounts.register(
        ctx,
        accounts.Registration(
            email=email or f"parent-{language}@example.com",
            password=pw(),
            is_tc_accepted=True,
            display_name=name,
            language=language,
        ),
    )
    with ctx.uow() as uow:
        return uow.accounts.by_email(email or f"parent-{language}@example.com").id


def send(container, mailbox, account_id, topic, params):
    mailbox.sent.clear()
    with container.services.uow() as uow:
        uow.outbox.add(
            OutboxMessage(
                kind="email", topic=topic, payload={"account_id": account_id, "params": params}
            )
        )
        uow.commit()
    container.deliver_outbox(("email",))
    [email] = [
        m
        for m in mailbox.sent
        if m.subject != "" and topic_subject(container, topic, m.language) == m.subject
    ]
    return email


def topic_subject(container, topic, language):
    return container.mail.templates.text(f"Emails.{topic}.subject", language)


@pytest.mark.parametrize("language", sorted(EXPECTED))
@pytest.mark.parametrize("topic", ["receipt", "trial_ending", "refund"])
def test_money_emails_in_every_language(container, mailbox, language, topic):
    day, amount, plan, greeting = EXPECTED[language]
    account_id = parent(container, language)

    email = send(container, mailbox, account_id, topic, KNOWN)

    for text in (email.text, email.html):
        assert day in text and plan in text
        assert amount in text.replace("&nbsp;", "\xa0")
    assert email.text.startswith(greeting + "\n")  # no name given: the neutral greeting
    assert (
        "2026-11-30" not in email.text
        and "70.90 EUR" not in email.text
        and "@" not in email.text.split("\n")[0]
    )
    assert (
        "TV · " not in email.text and "lumo_" not in email.text
    )  # the bundle, not its base plan or a code
    assert ('dir="rtl"' in email.html) == (language == "ar")


@pytest.mark.parametrize("language", sorted(EXPECTED))
def test_cancellation_names_the_plan_and_the_last_day(container, mailbox, language):
    day, _, plan, _ = EXPECTED[language]
    email = send(
        container,
        mailbox,
        parent(container, language, name="Mia"),
        "cancellation",
        {"product": "lumo_tv_books_games", "duration": "P1Y", "date": "2026-11-30"},
    )
    assert day in email.text and email.text.startswith(NAMED[language] + "\n")


def test_a_name_greets_and_an_address_never_does(container, mailbox):
    named = send(
        container,
        mailbox,
        parent(container, "de", name="Mia", email="mia@example.com"),
        "receipt",
        KNOWN,
    )
    nameless = send(
        container, mailbox, parent(container, "de", email="no.name@example.com"), "receipt", KNOWN
    )
    assert named.text.startswith("Hallo Mia,\n")
    assert (
        nameless.text.startswith("Hallo,\n")
        and "no.name" not in nameless.text
        and "no.name" not in nameless.html
    )


def test_payloads_queued_before_this_change_come_out_formatted(container, mailbox):
    """Outbox rows written by the previous release carry a plan id and "9.99 EUR"."""
    email = send(
        container,
        mailbox,
        parent(container, "fr"),
        "receipt",
        {"plan": "lumo_tv_books_games_monthly_eur", "price": "9.99 EUR", "date": "2026-12-01"},
    )
    assert (
        "Les trois applis · mensuel" in email.text
        and "9,99\xa0€" in email.text
        and "1 décembre 2026" in email.text
    )


def test_a_bundle_purchase_is_named_as_the_bundle_in_its_receipt(client, container, mailbox):
    """The issue's case: all three apps yearly at 70.90 € must not read "TV · yearly"."""
    token = signed_up(client)
    mailbox.sent.clear()
    answer = client.post(
        "/v5/braintree/subscription",
        headers=bearer(token),
        json={
            "paymentNonce": "fake-valid-nonce",
            "billingName": "Ana P",
            "plans": {"planId": "lumo_tv_yearly_eur", "addOns": ["lumo_books", "lumo_games"]},
        },
    )
    assert answer.status_code == 200, answer.json
    [receipt] = [m for m in mailbox.sent if m.subject == "Your Lumo receipt"]
    assert "All three apps · yearly" in receipt.text and "€70.90" in receipt.text
    assert "TV · yearly" not in receipt.text
    [sub] = subscriptions(client, token)
    first_charge = date.fromisoformat(sub["nextBillingDate"][:10])
    assert f"{first_charge:%B} {first_charge.day}, {first_charge.year}" in receipt.text  # not ISO


def test_cancelling_sends_the_plan_and_the_last_day(client, container, mailbox):
    token = signed_up(client)
    assert pay(client, token).status_code == 200  # TV monthly, 7-day trial
    [sub] = subscriptions(client, token)
    mailbox.sent.clear()
    cancelled = client.get(
        f"/v4/braintree/subscriptions/cancel?id={sub['subscriptionId']}", headers=bearer(token)
    )
    assert cancelled.status_code == 200
    [email] = [m for m in mailbox.sent if m.subject == "Your Lumo subscription is cancelled"]
    end = date.fromisoformat(sub["endDate"][:10])
    assert f"{end:%B} {end.day}, {end.year}" in email.text and sub["endDate"][:10] not in email.text
