"""One price truth (docs/billing.md#one-price-truth): the profile's answer and the receipts say what the
parent really pays — a discount coupon's reduced price while it runs and from when the full price applies,
a trial's nothing today and what is charged when — equal to what the sandbox gateway charged."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal

import pytest

from core.adapters.db.seeding import seed_demo
from core.services import webhooks
from tests.bff.test_money_emails import parent, send
from tests.helpers import bearer, pay, signed_up, subscriptions


@pytest.fixture
def seeded(container):
    seed_demo(container.engine, container.services.hasher)


def day(iso: str):
    return datetime.fromisoformat(iso).date()


def renew(container, gateway_id, paid_through):
    """The sandbox bills the next cycle as Braintree does, then its charged webhook arrives."""
    gateway = container.gateway
    tx = gateway.renew(gateway_id)
    amount = gateway.find_transaction(tx).amount
    assert webhooks.receive(
        container.services,
        *gateway.sample_notification(
            "charged",
            gateway_id,
            occurred_at=paid_through - timedelta(days=31),  # the renewal day
            paid_through=paid_through,
            transaction_id=tx,
            amount=amount,
            currency="EUR",
        ),
    )
    return amount


def charged_amounts(container):
    from sqlalchemy import text

    with container.engine.connect() as c:
        return [str(a) for (a,) in c.execute(text("SELECT amount FROM payments ORDER BY id")).all()]


def test_the_profile_shows_the_discount_while_it_runs_and_the_full_price_after(
    client, container, mailbox, seeded
):
    token = signed_up(client)
    said = client.get(
        "/v5/braintree/quote",
        query_string={"planId": "lumo_tv_monthly_eur", "coupon": "LUMO-HALF"},
        headers=bearer(token),
    ).json
    assert pay(client, token, coupon="LUMO-HALF").status_code == 200
    [sub] = subscriptions(client, token)
    assert (sub["currentPrice"], sub["fullPrice"], sub["discountCyclesLeft"]) == ("2.99", "4.99", 3)
    assert day(sub["fullPriceFrom"]) == day(said["fullPriceFrom"])
    assert day(sub["nextBillingDate"]) == day(said["firstChargeDate"])

    gateway_id = next(iter(container.gateway.subscriptions))
    paid_through = datetime.fromisoformat(sub["nextBillingDate"])
    amounts = []
    for left in (2, 1, 0):
        paid_through += timedelta(days=31)
        amounts.append(renew(container, gateway_id, paid_through))
        [sub] = subscriptions(client, token)
        assert sub["discountCyclesLeft"] == left
    assert amounts == [Decimal("2.99")] * 3
    # the discount ran out: the full price now, and no date of a change to come
    assert (sub["currentPrice"], sub["fullPrice"], sub["fullPriceFrom"]) == ("4.99", "4.99", None)
    assert renew(container, gateway_id, paid_through + timedelta(days=31)) == Decimal("4.99")
    assert charged_amounts(container) == ["2.99", "2.99", "2.99", "4.99"]
    # each renewal's receipt says the charge taken and, while the discount runs, its terms
    container.deliver_outbox(("email",))
    receipts = [m.text for m in mailbox.sent if m.subject == "Your Lumo receipt"]
    assert [r.split("Charged today: ")[1].split(".\n")[0] for r in receipts] == [
        "€0.00",
        "€2.99",
        "€2.99",
        "€2.99",
        "€4.99",
    ]
    assert ["then €4.99 a month from" in r for r in receipts] == [True, True, True, False, False]


def test_a_plain_subscription_answers_its_price_and_no_discount(client):
    token = signed_up(client)
    assert pay(client, token).status_code == 200
    [sub] = subscriptions(client, token)
    assert (
        sub["currentPrice"],
        sub["fullPrice"],
        sub["fullPriceFrom"],
        sub["discountCyclesLeft"],
    ) == (
        "4.99",
        "4.99",
        None,
        0,
    )


TRIAL = {
    "product": "lumo_tv_books_games",
    "duration": "P1Y",
    "amount": "70.90",
    "charged": "0.00",
    "next_amount": "70.90",
    "currency": "EUR",
    "date": "2026-12-04",
}
DISCOUNT = {
    "product": "lumo_tv",
    "duration": "P1M",
    "amount": "4.99",
    "charged": "2.99",
    "next_amount": "2.99",
    "currency": "EUR",
    "date": "2026-12-27",
    "discount_price": "2.99",
    "discount_cycles": "3",
    "full_price_from": "2027-02-27",
}
# What each language says (Babel's formats), with the words around the figures.
TRIAL_SAYS = {
    "en": ["Charged today: €0.00.", "Next charge: €70.90 on December 4, 2026."],
    "de": ["Heute abgebucht: 0,00\xa0€.", "Nächste Abbuchung: 70,90\xa0€ am 4. Dezember 2026."],
    "fr": [
        "Prélevé aujourd'hui : 0,00\xa0€.",
        "Prochaine facturation : 70,90\xa0€ le 4 décembre 2026.",
    ],
    "ar": [
        "المبلغ المخصوم اليوم: \u200f0.00\xa0€.",
        "الدفعة التالية: \u200f70.90\xa0€ في 4 ديسمبر 2026.",
    ],
}
DISCOUNT_SAYS = {
    "en": "Your price: €2.99 a month for 3 months, then €4.99 a month from February 27, 2027.",
    "de": "Dein Preis: 2,99\xa0€ im Monat für 3 Monate, danach 4,99\xa0€ im Monat ab dem 27. Februar 2027.",
    "fr": "Votre prix : 2,99\xa0€ par mois pendant 3 mois, puis 4,99\xa0€ par mois à partir du 27 février 2027.",
    "ar": "سعرك: \u200f2.99\xa0€ شهريًا لمدة 3 أشهر، ثم \u200f4.99\xa0€ شهريًا اعتبارًا من 27 فبراير 2027.",
}


@pytest.mark.parametrize("language", sorted(TRIAL_SAYS))
def test_a_trial_receipt_says_nothing_was_charged_today_and_what_is_charged_when(
    container, mailbox, language
):
    email = send(container, mailbox, parent(container, language), "receipt", TRIAL)
    for line in TRIAL_SAYS[language]:
        assert line in email.text
    assert "{" not in email.text and "{" not in email.html
    assert "شهريًا" not in email.text  # no discount line without a discount


@pytest.mark.parametrize("language", sorted(DISCOUNT_SAYS))
@pytest.mark.parametrize("topic", ["receipt", "receipt_acknowledgement"])
def test_a_discount_receipt_says_the_reduced_price_and_from_when_the_full_price_applies(
    container, mailbox, language, topic
):
    email = send(container, mailbox, parent(container, language), topic, DISCOUNT)
    assert DISCOUNT_SAYS[language] in email.text
    assert DISCOUNT_SAYS[language].replace("\xa0", "&nbsp;") in email.html.replace("\xa0", "&nbsp;")
    assert "{" not in email.text


@pytest.mark.parametrize(
    ("language", "cycles", "says"),
    [
        ("en", "1", "for 1 month,"),
        ("ru", "1", "на 1 месяц,"),
        ("ru", "3", "на 3 месяца,"),
        ("ru", "5", "на 5 месяцев,"),
        ("ar", "2", "لمدة شهرين،"),
        ("ar", "11", "لمدة 11 شهرًا،"),
        ("fr", "2", "pendant 2 mois,"),
    ],
)
def test_the_number_of_discounted_months_in_the_languages_plural(
    container, mailbox, language, cycles, says
):
    email = send(
        container,
        mailbox,
        parent(container, language),
        "receipt",
        {**DISCOUNT, "discount_cycles": cycles},
    )
    assert says in email.text


def test_a_yearly_discount_counts_years(container, mailbox):
    email = send(
        container,
        mailbox,
        parent(container, "de"),
        "receipt",
        {**DISCOUNT, "duration": "P1Y", "discount_cycles": "1", "amount": "55.90"},
    )
    assert "2,99\xa0€ im Jahr für 1 Jahr, danach 55,90\xa0€ im Jahr ab dem 27. Februar 2027." in (
        email.text
    )


def test_the_trial_ending_email_says_the_discounted_first_charge(
    client, container, clock, mailbox, seeded
):
    from core.services.subscription_clock import remind_trials_ending

    token = signed_up(client)
    assert pay(client, token, coupon="LUMO-HALF").status_code == 200
    clock.advance(timedelta(days=5, hours=1))
    assert remind_trials_ending(container.services) == 1
    [reminder] = [e for e in mailbox.sent if e.subject.startswith("Your free trial")]
    assert "€2.99" in reminder.text and "€4.99" not in reminder.text


@pytest.mark.parametrize("language", ["ar", "de", "en", "es", "fr", "it", "nl", "pt", "ru"])
def test_the_trial_receipt_in_all_nine_languages(container, mailbox, language):
    """Today's €0.00 and the first charge's amount and date, each written the language's way."""
    templates = container.mail.templates
    email = send(container, mailbox, parent(container, language), "receipt", TRIAL)
    zero = templates.format_money(Decimal("0.00"), "EUR", language)
    price = templates.format_money(Decimal("70.90"), "EUR", language)
    day_ = templates.format_date(datetime(2026, 12, 4).date(), language)
    first_line, next_line = email.text.split("\n\n")[1:3]
    assert zero in first_line and price not in first_line  # charged today: nothing
    assert price in next_line and day_ in next_line  # then the plan's price, on that day


def test_a_discount_that_lowers_nothing_is_not_for_this_plan(client, container):
    """A coupon price at or above the plan's would show a figure no purchase charges: refused by the
    quote and by the purchase alike, nothing charged."""
    from core.domain.coupons import DISCOUNT
    from tests.helpers import add_coupon

    add_coupon(
        container,
        code="LUMO-NOT-LOWER",
        coupon_type=DISCOUNT,
        duration_code="P3M",
        discount_price=Decimal("4.99"),
        plan_type="P1M",
    )
    token = signed_up(client)
    said = client.get(
        "/v5/braintree/quote",
        query_string={"planId": "lumo_tv_monthly_eur", "coupon": "LUMO-NOT-LOWER"},
        headers=bearer(token),
    )
    assert (said.status_code, said.json["message"]) == (400, "couponPlanMismatch")
    bought = pay(client, token, coupon="LUMO-NOT-LOWER")
    assert (bought.status_code, bought.json["message"]) == (400, "couponPlanMismatch")
    assert subscriptions(client, token) == []
    # on a dearer bundle it does lower the price: accepted
    said = client.get(
        "/v5/braintree/quote",
        query_string={
            "planId": "lumo_tv_monthly_eur",
            "coupon": "LUMO-NOT-LOWER",
            "addOns": "lumo_books",
        },
        headers=bearer(token),
    )
    assert (said.status_code, said.json["discountPrice"]) == (200, "4.99")
