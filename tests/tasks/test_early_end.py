"""France, art. L215-1 (docs/consumer-law-renewal.md#late-notice): a yearly plan renewed without its notice
sent in time ends at once when the parent cancels it (profile or public page), with the unused share of the
renewed year refunded through the refund service, and the confirmation says so; with the notice in time the
cancellation stops renewal only."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from sqlalchemy import text

from core.domain.renewal_rules import months_before, refusal_deadline
from core.services import webhooks
from core.services.renewal_reminders import remind_renewals
from tests.helpers import bearer, pay, pw, register, subscriptions

YEAR = Decimal("34.90")


def renewed_year(client, container, clock, notice_in_time: bool, language="fr"):
    """A French parent's yearly plan, charged after the trial, renewed a year later (its charge settled);
    the L215-1 notice sent in time or late. Answers (subscription id, renewal charge)."""
    response = register(client, email="parent@example.com", countryCode="FR", language=language)
    token = response.json["token"]
    assert pay(client, token, plan="lumo_tv_yearly_eur").status_code == 200
    [sub] = subscriptions(client, token)
    ctx = container.services
    clock.advance(timedelta(days=7))
    renewal = charge(container, sub["id"])[1]
    deadline = refusal_deadline(renewal)
    late = months_before(deadline, 1) + timedelta(days=2)  # the beat was down
    clock.advance((months_before(deadline, 2) if notice_in_time else late) - clock.now())
    assert remind_renewals(ctx) == 1
    clock.advance(renewal - clock.now())
    transaction, _ = charge(container, sub["id"])
    return sub["id"], transaction


def login(client):
    answer = client.post(
        "/v4/accounts/login", json={"email": "parent@example.com", "password": pw()}
    )
    assert answer.status_code == 200, answer.json
    return answer.json["token"]


def charge(container, sub_id):
    ctx, gateway = container.services, container.gateway
    paid_through = months_before(ctx.clock.now(), -12)
    transaction = gateway.charge(f"lumo{sub_id}", YEAR, "EUR")
    gateway.settle(transaction)
    assert webhooks.receive(
        ctx,
        *gateway.sample_notification(
            "charged",
            f"lumo{sub_id}",
            paid_through=paid_through,
            transaction_id=transaction,
            amount=YEAR,
            currency="EUR",
        ),
    )
    return transaction, paid_through


def refund_events(container, sub_id):
    with container.engine.connect() as c:
        return [
            (kind, Decimal(str(amount)).quantize(Decimal("0.01")), status, actor)
            for kind, amount, status, actor in c.execute(
                text(
                    "SELECT kind, amount, status, actor FROM payment_events "
                    "WHERE subscription_id = :s AND kind <> 'charge' ORDER BY id"
                ),
                {"s": sub_id},
            )
        ]


# Day 100 of the renewed year, which has 366 days (it holds 29 February 2028; the day under way counts as
# used): 34.90 × 266 / 366 = 25.3644… -> 25.36
UNUSED = Decimal("25.36")
EARLY_LINE = {
    "fr": "art. L215-1 du Code de la consommation",
    "de": "Art. L215-1 des französischen Verbrauchergesetzbuchs",
    "ar": "المادة L215-1",
}


@pytest.mark.parametrize("language", ["fr", "de", "ar"])
def test_a_late_notice_lets_the_profile_cancel_end_it_now_with_the_unused_share_refunded(
    client, container, clock, mailbox, language
):
    sub_id, transaction = renewed_year(client, container, clock, False, language)
    clock.advance(timedelta(days=99, hours=12))
    token = login(client)
    answer = client.get(f"/v4/braintree/subscriptions/cancel?id={sub_id}", headers=bearer(token))
    assert answer.status_code == 200, answer.json
    with container.services.uow() as uow:
        sub = uow.subscriptions.get(sub_id)
    assert sub.payment_state_id == "Expired" and sub.end_date == clock.now()
    assert refund_events(container, sub_id) == [("refund", UNUSED, "succeeded", "parent (L215-1)")]
    assert container.gateway.transactions[transaction]["refunds"] == [UNUSED]
    [mail] = [m for m in mailbox.sent if EARLY_LINE[language] in m.text]
    amount = container.mail.templates.format_money(UNUSED, "EUR", language)
    assert amount in mail.text and mail.language == language
    assert container.mail.templates.format_date(clock.now().date(), language) in mail.text
    # Asked again (a double click): nothing more is refunded.
    again = client.get(f"/v4/braintree/subscriptions/cancel?id={sub_id}", headers=bearer(token))
    assert again.status_code == 400
    assert container.gateway.transactions[transaction]["refunds"] == [UNUSED]


def test_with_the_notice_in_time_a_cancellation_only_stops_renewal(client, container, clock):
    sub_id, transaction = renewed_year(client, container, clock, True)
    clock.advance(timedelta(days=99, hours=12))
    token = login(client)
    answer = client.get(f"/v4/braintree/subscriptions/cancel?id={sub_id}", headers=bearer(token))
    assert answer.status_code == 200
    with container.services.uow() as uow:
        sub = uow.subscriptions.get(sub_id)
    assert sub.payment_state_id == "Cancelled" and sub.end_date > clock.now()
    assert refund_events(container, sub_id) == []


def test_a_late_notice_lets_the_public_page_end_it_now_and_its_confirmation_says_so(
    client, container, clock, mailbox
):
    sub_id, transaction = renewed_year(client, container, clock, False)
    clock.advance(timedelta(days=99, hours=12))
    form = {
        "termination": "ordinary",
        "name": "Ana Parent",
        "email": "parent@example.com",
        "reference": None,
        "endDate": None,
        "language": "fr",
    }
    answer = client.post("/v5/contract-cancellations", json=form)
    assert answer.status_code == 201, answer.json
    [contract] = answer.json["contracts"]
    assert contract["endDate"] == clock.now().date().isoformat()
    assert answer.json["endsOn"].startswith(clock.now().date().isoformat())
    with container.services.uow() as uow:
        sub = uow.subscriptions.get(sub_id)
    assert sub.payment_state_id == "Expired"
    assert refund_events(container, sub_id) == [("refund", UNUSED, "succeeded", "parent (L215-1)")]
    # The page's confirmation and the account's own cancellation e-mail both say it ends now, why, and
    # what comes back.
    confirmation = [m for m in mailbox.sent if "L215-1" in m.text and "Votre abonnement" in m.text]
    assert confirmation and "prend fin le" in confirmation[0].text
    assert "25,36\u00a0€" in confirmation[0].text
    [cancelled] = [m for m in mailbox.sent if "Faute de vous avoir adressé" in m.text]
    assert "25,36\u00a0€" in cancelled.text


def test_a_late_notice_lets_the_public_page_end_it_on_the_day_asked(
    client, container, clock, mailbox
):
    from core.services.contract_cancellations import carry_out_scheduled

    sub_id, transaction = renewed_year(client, container, clock, False)
    clock.advance(timedelta(days=89, hours=12))
    asked = (clock.now() + timedelta(days=10)).date()  # day 100 of the renewed year
    form = {
        "termination": "ordinary",
        "name": "Ana Parent",
        "email": "parent@example.com",
        "reference": f"lumo{sub_id}",
        "endDate": asked.isoformat(),
        "language": "fr",
    }
    answer = client.post("/v5/contract-cancellations", json=form)
    assert answer.status_code == 201, answer.json
    [contract] = answer.json["contracts"]
    assert (contract["action"], contract["endDate"], contract["earlyEnd"]) == (
        "scheduled",
        asked.isoformat(),
        True,
    )
    assert answer.json["endsOn"].startswith(asked.isoformat())
    ctx = container.services
    assert carry_out_scheduled(ctx) == 0  # not that day yet: it runs on, renewing as before
    with ctx.uow() as uow:
        assert uow.subscriptions.get(sub_id).payment_state_id == "Active"
    clock.advance(timedelta(days=10))
    assert carry_out_scheduled(ctx) == 1
    with ctx.uow() as uow:
        sub = uow.subscriptions.get(sub_id)
    assert sub.payment_state_id == "Expired" and sub.end_date == clock.now()
    assert refund_events(container, sub_id) == [("refund", UNUSED, "succeeded", "parent (L215-1)")]
    assert carry_out_scheduled(ctx) == 0  # once
    assert container.gateway.transactions[transaction]["refunds"] == [UNUSED]
