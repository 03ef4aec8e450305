"""The renewal reminders of the subscription clock (core/services/renewal_reminders.py), driven by the
fake clock: each goes out once, on its day, with the amount, the dates and the link to the public
cancellation page, in the parent's language; in Germany and the Netherlands the yearly plan switches
to monthly billing at the gateway (docs/consumer-law-renewal.md)."""

from __future__ import annotations

import re
from datetime import date, timedelta
from decimal import Decimal

import pytest

from core.domain.renewal_rules import months_before, refusal_deadline
from core.services import plan_continuation, webhooks
from core.services.renewal_reminders import may_leave_at_any_time, remind_renewals
from core.services.subscription_clock import remind_trials_ending
from tests.helpers import bearer, pay, register, subscriptions


def yearly(client, container, clock, country, language, currency="eur", email="parent@example.com"):
    """A parent in `country` whose yearly plan was charged after the 7-day trial: (token, sub id, renewal)."""
    response = register(client, email=email, countryCode=country, language=language)
    assert response.status_code == 200, response.json
    token = response.json["token"]
    assert pay(client, token, plan=f"lumo_tv_yearly_{currency}").status_code == 200
    [sub] = subscriptions(client, token)
    clock.advance(timedelta(days=7))
    renewal = charge(container, clock, sub["id"], Decimal("34.90"), currency.upper())
    [sub] = subscriptions(client, token)
    assert sub["paymentStateId"] == "Active"
    return token, sub["id"], renewal


def charge(container, clock, sub_id, amount, currency):
    """The gateway charges a year: answers the next renewal."""
    gateway = container.gateway
    gateway_id = f"lumo{sub_id}"
    paid_through = months_before(clock.now(), -12)
    transaction = gateway.charge(gateway_id, amount, currency)
    assert webhooks.receive(
        container.services,
        *gateway.sample_notification(
            "charged",
            gateway_id,
            paid_through=paid_through,
            transaction_id=transaction,
            amount=amount,
            currency=currency,
        ),
    )
    return paid_through


def move(clock, at):
    clock.advance(at - clock.now())


def cancel_link(container, language):
    return f"{container.settings.public_url}/{language}/cancel-contract"


def sent(mailbox, subject_part):
    return [e for e in mailbox.sent if subject_part in e.subject]


def reminder_rows(container, sub_id):
    from sqlalchemy import text

    with container.engine.connect() as c:
        return [
            (kind, period, bool(on_time))
            for kind, period, on_time in c.execute(
                text(
                    "SELECT kind, period, on_time FROM subscription_reminders "
                    "WHERE subscription_id = :s ORDER BY id"
                ),
                {"s": sub_id},
            )
        ]


# France: the L215-1 notice, two months before the deadline, with the deadline boxed.
NOTICE = {
    "fr": ("Date limite pour refuser la reconduction", "34,90\u00a0€", "sera reconduit"),
    "de": ("Letzter Tag, um der Verlängerung zu widersprechen", "34,90\u00a0€", "verlängert sich"),
    "ar": ("آخر موعد لرفض التجديد", "\u200f34.90\u00a0€", "يتجدد اشتراكك"),
}


@pytest.mark.parametrize("language", ["fr", "de", "ar"])
def test_france_sends_the_renewal_notice_once_two_months_before_the_deadline(
    client, container, clock, mailbox, language
):
    _, sub_id, renewal = yearly(client, container, clock, "FR", language)
    deadline = refusal_deadline(renewal)
    ctx = container.services
    move(clock, months_before(deadline, 2) - timedelta(hours=1))
    assert remind_renewals(ctx) == 0
    clock.advance(timedelta(hours=1))
    assert remind_renewals(ctx) == 1
    for _ in range(3):  # later ticks write nothing more
        clock.advance(timedelta(hours=1))
        assert remind_renewals(ctx) == 0
    box, amount, words = NOTICE[language]
    [notice] = [e for e in mailbox.sent if e.language == language and box in e.text]
    templates = container.mail.templates
    assert templates.format_date(renewal.date(), language) in notice.subject
    assert words in notice.text and amount in notice.text
    boxed = re.search(r'<p [^>]*data-box="deadline">([^<]*)</p>', notice.html)
    assert boxed is not None and boxed.group(1).startswith(box)
    assert templates.format_date(deadline.date(), language) in boxed.group(1)
    assert re.search(
        rf"=+\n{re.escape(boxed.group(1))}\n=+", notice.text
    )  # framed in the text part
    assert f'href="{cancel_link(container, language)}"' in notice.html
    assert cancel_link(container, language) in notice.text
    if language == "ar":
        assert 'dir="rtl"' in notice.html and "التلفاز · سنوي" in notice.text
    assert reminder_rows(container, sub_id) == [
        ("renewal_notice", renewal.date().isoformat(), True)
    ]


def test_france_a_late_notice_still_goes_out_and_frees_the_parent_after_the_renewal(
    client, container, clock, mailbox
):
    token, sub_id, renewal = yearly(client, container, clock, "FR", "fr")
    ctx = container.services
    move(
        clock, months_before(refusal_deadline(renewal), 1) + timedelta(days=2)
    )  # the beat was down
    assert remind_renewals(ctx) == 1
    assert reminder_rows(container, sub_id) == [
        ("renewal_notice", renewal.date().isoformat(), False)
    ]
    move(clock, renewal)
    charge(container, clock, sub_id, Decimal("34.90"), "EUR")  # renewed for another year
    clock.advance(timedelta(days=40))
    with ctx.uow() as uow:
        sub = uow.subscriptions.get(sub_id)
        country = uow.accounts.get(sub.account_id).country_code
    assert may_leave_at_any_time(ctx, sub, country) is True


def test_france_a_notice_in_time_leaves_the_renewed_year_binding(client, container, clock):
    _, sub_id, renewal = yearly(client, container, clock, "FR", "fr")
    ctx = container.services
    move(clock, months_before(refusal_deadline(renewal), 2))
    assert remind_renewals(ctx) == 1
    with ctx.uow() as uow:
        sub = uow.subscriptions.get(sub_id)
    assert may_leave_at_any_time(ctx, sub, "FR") is False  # the first year: no renewal yet
    move(clock, renewal)
    charge(container, clock, sub_id, Decimal("34.90"), "EUR")
    clock.advance(timedelta(days=40))
    with ctx.uow() as uow:
        sub = uow.subscriptions.get(sub_id)
    assert may_leave_at_any_time(ctx, sub, "FR") is False


# Germany and the Netherlands: the yearly plan continues monthly, announced 30 days before.
SWITCH = {
    "de": ("läuft monatlich weiter", "4,99\u00a0€", "TV · monatlich"),
    "fr": ("se poursuivra au mois", "4,99\u00a0€", "TV · mensuel"),
    "ar": ("شهرًا بشهر", "\u200f4.99\u00a0€", "التلفاز · شهري"),
    "nl": ("loopt maandelijks door", "€\u00a04,99", "TV · maandelijks"),
}


@pytest.mark.parametrize(
    ("country", "language"), [("DE", "de"), ("DE", "fr"), ("DE", "ar"), ("NL", "nl")]
)
def test_a_german_or_dutch_yearly_plan_switches_to_monthly_billing_before_its_renewal(
    client, container, clock, mailbox, country, language
):
    token, sub_id, renewal = yearly(client, container, clock, country, language)
    ctx = container.services
    move(clock, refusal_deadline(renewal) - timedelta(days=30, hours=1))
    assert remind_renewals(ctx) == 0
    clock.advance(timedelta(hours=1))
    assert remind_renewals(ctx) == 1
    clock.advance(timedelta(days=1))
    assert remind_renewals(ctx) == 0  # once
    with ctx.uow() as uow:
        stored = uow.subscriptions.get(sub_id)
    assert (stored.duration_code, stored.payment_plan_id, stored.payment_plan_price) == (
        "P1M",
        "lumo_tv_monthly_eur",
        Decimal("4.99"),
    )
    assert stored.next_billing_date == renewal and stored.is_renewing  # the paid year runs on
    # Told through the outbox: the yearly one runs out, a monthly one continues it (no plan change
    # across billing frequencies, which the gateway refuses), and its id is recorded.
    yearly_sub = container.gateway.subscriptions[f"lumo{sub_id}"]
    monthly_id = f"lumo{sub_id}_m{renewal:%Y%m%d}"
    monthly_sub = container.gateway.subscriptions[monthly_id]
    assert (yearly_sub["plan_id"], yearly_sub["runs_out"]) == ("lumo_tv_yearly_eur", True)
    assert (monthly_sub["plan_id"], monthly_sub["price"], monthly_sub["method"]) == (
        "lumo_tv_monthly_eur",
        Decimal("4.99"),
        yearly_sub["method"],
    )
    assert stored.gateway_id == monthly_id and switch_done(container, sub_id)
    words, amount, plan = SWITCH[language]
    [mail] = sent(mailbox, words)
    assert mail.language == language and amount in mail.text and plan in mail.text
    assert container.mail.templates.format_date(renewal.date(), language) in mail.text
    assert cancel_link(container, language) in mail.text
    assert reminder_rows(container, sub_id) == [
        ("renewal_continues_monthly", renewal.date().isoformat(), True)
    ]


def switch_done(container, sub_id):
    from sqlalchemy import text

    with container.engine.connect() as c:
        return (
            c.execute(
                text(
                    "SELECT gateway_done_at FROM subscription_reminders WHERE subscription_id = :s"
                ),
                {"s": sub_id},
            ).scalar()
            is not None
        )


def test_the_gateway_refuses_a_plan_change_across_billing_frequencies(client, container, clock):
    """The sandbox refuses as Braintree does (91922), so a switch made as a plan change would fail here."""
    _, sub_id, _ = yearly(client, container, clock, "DE", "de")
    gateway = container.gateway
    refused = gateway.change_plan(f"lumo{sub_id}", "lumo_tv_monthly_eur", Decimal("4.99"))
    assert not refused.ok and refused.error == "gateway_rejected"
    assert gateway.change_plan(f"lumo{sub_id}", "lumo_tv_yearly_eur", Decimal("39.90")).ok


def test_a_retried_switch_creates_one_monthly_subscription(client, container, clock):
    _, sub_id, renewal = yearly(client, container, clock, "NL", "nl")
    ctx = container.services
    period = renewal.date()
    move(clock, refusal_deadline(renewal) - timedelta(days=30))
    assert remind_renewals(ctx) == 1
    before = set(container.gateway.subscriptions)
    for _ in range(3):  # the outbox retried after a lost answer; the clock's retry too
        assert plan_continuation.continue_at_gateway(ctx, sub_id, period)
    assert set(container.gateway.subscriptions) == before
    assert [k for k in before if k.startswith(f"lumo{sub_id}_m")] == [
        f"lumo{sub_id}_m{renewal:%Y%m%d}"
    ]


def test_a_switch_missing_on_the_renewal_day_is_counted_shown_and_retried(client, container, clock):
    from core.adapters import metrics
    from core.domain.staff import AuditFilter

    _, sub_id, renewal = yearly(client, container, clock, "DE", "de")
    ctx = container.services
    container.gateway.fail_continue_on_plan = (
        True  # the gateway is down for the switch: the outbox retries
    )
    move(clock, refusal_deadline(renewal) - timedelta(days=30))
    assert remind_renewals(ctx) == 1
    with ctx.uow() as uow:
        assert uow.subscriptions.get(sub_id).gateway_id == f"lumo{sub_id}"
    assert not switch_done(container, sub_id)
    assert plan_continuation.check_missed_switches(ctx) == 0  # not the renewal day yet: no alert
    move(clock, renewal - timedelta(hours=2))
    assert plan_continuation.check_missed_switches(ctx) == 1
    assert plan_continuation.check_missed_switches(ctx) == 1  # still failing, written once
    counts = metrics.refresh_gauges(container.engine, clock.now())
    assert counts["switches_missed"] == 1
    assert metrics.SWITCHES_MISSED._value.get() == 1
    with ctx.uow() as uow:
        account_id = uow.subscriptions.get(sub_id).account_id
        entries = uow.audit.entries(
            AuditFilter(account_id=account_id, action="renewal.switch_missed")
        )
    assert [(e.outcome, e.target) for e in entries] == [("failed", f"subscription:{sub_id}")]
    container.gateway.fail_continue_on_plan = False  # back: the next hourly look makes the switch
    assert plan_continuation.check_missed_switches(ctx) == 0
    assert switch_done(container, sub_id)
    assert metrics.refresh_gauges(container.engine, clock.now())["switches_missed"] == 0


# US: the yearly reminder 30 days before the deadline, and the acknowledgement receipt.
@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_us_yearly_reminder_goes_out_once_30_days_before_the_deadline(
    client, container, clock, mailbox, language
):
    _, sub_id, renewal = yearly(client, container, clock, "US", language, currency="usd")
    ctx = container.services
    deadline = refusal_deadline(renewal)
    move(clock, deadline - timedelta(days=30, minutes=1))
    assert remind_renewals(ctx) == 0
    clock.advance(timedelta(minutes=1))
    assert remind_renewals(ctx) == 1
    clock.advance(timedelta(days=20))
    assert remind_renewals(ctx) == 0
    templates = container.mail.templates
    [mail] = [
        e for e in mailbox.sent if templates.format_date(renewal.date(), language) in e.subject
    ]
    if language == "en":
        assert mail.subject.startswith("Reminder: your Lumo subscription renews on")
        assert "$34.90" in mail.text and "TV · yearly" in mail.text
    assert templates.format_date(deadline.date(), language) in mail.text
    assert cancel_link(container, language) in mail.text
    assert reminder_rows(container, sub_id) == [
        ("renewal_yearly_reminder", renewal.date().isoformat(), True)
    ]


def test_the_us_receipt_acknowledges_the_terms_and_how_to_cancel(client, container, mailbox):
    token = register(client, countryCode="US").json["token"]
    assert pay(client, token, plan="lumo_tv_monthly_usd").status_code == 200
    [ack] = sent(mailbox, "Your Lumo receipt and subscription terms")
    assert "renews automatically" in ack.text and "$4.99" in ack.text
    assert "How to cancel: online at any time" in ack.text
    assert cancel_link(container, "en") in ack.text
    french = register(client, email="fr@example.com", countryCode="FR").json["token"]
    assert pay(client, french).status_code == 200
    assert len(sent(mailbox, "Your Lumo receipt")) == 2  # the French parent gets the plain receipt
    assert len(sent(mailbox, "subscription terms")) == 1


def test_no_renewal_reminder_for_a_cancelled_plan_nor_where_no_rule_asks_one(
    client, container, clock, mailbox
):
    token, sub_id, renewal = yearly(client, container, clock, "FR", "fr")
    _, italian, _ = yearly(client, container, clock, "IT", "it", email="it@example.com")
    assert (
        client.get(
            f"/v4/braintree/subscriptions/cancel?id={sub_id}", headers=bearer(token)
        ).status_code
        == 200
    )
    for days in (95, 60, 45, 30, 10, 2):
        move(clock, renewal - timedelta(days=days))
        assert remind_renewals(container.services) == 0
    assert reminder_rows(container, sub_id) == [] and reminder_rows(container, italian) == []


def test_a_reminder_is_recorded_once_even_by_two_concurrent_ticks(client, container, clock):
    _, sub_id, renewal = yearly(client, container, clock, "US", "en", currency="usd")
    with container.services.uow() as uow:
        assert uow.reminders.claim(
            sub_id, "renewal_yearly_reminder", renewal.date(), clock.now(), True
        )
        assert not uow.reminders.claim(
            sub_id, "renewal_yearly_reminder", renewal.date(), clock.now(), True
        )  # the database decides
        uow.rollback()


# The trial-ending reminder, too, carries the date, the amount and the cancellation link.
TRIAL = {"de": "4,99\u00a0€", "fr": "4,99\u00a0€", "ar": "\u200f4.99\u00a0€", "en": "€4.99"}


@pytest.mark.parametrize("language", ["de", "fr", "ar", "en"])
def test_the_trial_reminder_links_the_cancellation_page(
    client, container, clock, mailbox, language
):
    token = register(client, language=language).json["token"]
    pay(client, token)
    [sub] = subscriptions(client, token)
    clock.advance(timedelta(days=5, hours=1))
    assert remind_trials_ending(container.services) == 1
    subject = container.mail.templates.text("Emails.trial_ending.subject", language)
    [mail] = [e for e in mailbox.sent if e.subject == subject]
    assert TRIAL[language] in mail.text
    end = container.mail.templates.format_date(date.fromisoformat(sub["endDate"][:10]), language)
    assert end in mail.text
    assert f'href="{cancel_link(container, language)}"' in mail.html
