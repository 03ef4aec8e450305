"""The public cancellation page's API (docs/consumer-law.md#cancellation-page): no login, the declaration stored at
once, the matched account's web subscription stops renewing at the period's end, confirmations in the outbox."""

from __future__ import annotations

import re
import shutil
import subprocess
from datetime import timedelta

import pytest

from core.adapters.rate_limit import MemoryRateLimiter
from tests.helpers import limit_requests, pay, signed_up, subscriptions

FORM = {
    "termination": "ordinary",
    "name": "Ana Parent",
    "email": "parent@example.com",
    "reference": None,
    "endDate": None,
}


def declare(client, headers=None, **fields):
    return client.post("/v5/contract-cancellations", json={**FORM, **fields}, headers=headers or {})


def stored(container):
    with container.services.read() as uow:
        return uow.declarations.queue(None, None, None, 50)


def mails(mailbox, to):
    return [m for m in mailbox.sent if m.to == to]


def test_a_matched_declaration_stops_renewal_at_the_period_end_and_confirms_it(
    client, container, clock, mailbox
):
    token = signed_up(client)
    sub_id = pay(client, token).json["data"]["subscriptionId"]
    [before] = subscriptions(client, token)
    mailbox.sent.clear()

    answer = declare(
        client,
        headers={"X-Country-Code": "de", "Accept-Language": "fr"},
        email="Parent@Example.com ",
        language="de",
        reference=f"lumo{sub_id}",
    )
    assert answer.status_code == 201, answer.json
    body = answer.json
    assert body["status"] == "matched" and body["language"] == "de"
    assert body["receivedAt"] == clock.now().isoformat()
    assert body["endsOn"] == before["endDate"]
    assert [(c["subscriptionId"], c["action"]) for c in body["contracts"]] == [
        (sub_id, "cancelled")
    ]
    [after] = subscriptions(client, token)
    assert (after["paymentStateId"], after["isRenewing"], after["endDate"]) == (
        "Cancelled",
        False,
        before["endDate"],
    )
    [row] = stored(container)
    assert (row.country, row.language, row.wording_version, row.email, row.account_id) == (
        "DE",
        "de",
        "2026-11-27",
        "parent@example.com",
        1,
    )
    assert row.receipt_hash != body["receipt"] and len(row.receipt_hash) == 64
    [confirmation] = [m for m in mails(mailbox, "parent@example.com") if "Kündigung" in m.subject]
    assert confirmation.language == "de"
    assert "Ordentlich" in confirmation.text and "Ana Parent" in confirmation.text
    assert f"lumo{sub_id}" in confirmation.text
    assert "http://lumo.test/de/resubscribe" in confirmation.text  # the account's own copy


def test_a_declaration_with_no_account_is_received_and_waits_in_the_queue(
    client, container, mailbox
):
    answer = declare(client, email="nobody@example.com", language="fr")
    assert answer.status_code == 201
    assert (answer.json["status"], answer.json["contracts"], answer.json["endsOn"]) == (
        "unmatched",
        [],
        None,
    )
    [mail] = mails(mailbox, "nobody@example.com")
    assert "résiliation" in mail.subject
    assert "Nous n’avons pas encore pu rattacher" in mail.text
    assert "resubscribe" not in mail.text
    [row] = stored(container)
    assert (row.status, row.account_id, row.country) == ("unmatched", None, "ZZ")


def test_a_reference_that_names_none_of_the_accounts_contracts_leaves_it_to_a_person(
    client, container
):
    token = signed_up(client)
    pay(client, token)
    answer = declare(client, reference="lumo99999", language="en")
    assert answer.json["status"] == "unmatched"
    assert [s["isRenewing"] for s in subscriptions(client, token)] == [True]


def test_a_later_end_date_waits_for_the_period_holding_it(client, container, clock):
    token = signed_up(client)
    pay(client, token)
    [sub] = subscriptions(client, token)
    later = (clock.now() + timedelta(days=20)).date()
    answer = declare(client, endDate=later.isoformat())
    assert [c["action"] for c in answer.json["contracts"]] == ["scheduled"]
    assert [s["isRenewing"] for s in subscriptions(client, token)] == [True]


def test_the_account_owner_is_told_and_resubscribes_without_losing_paid_time(
    client, container, clock, mailbox
):
    """Someone else names the parent's address: the confirmation goes to the parent, whose new subscription is
    billed only when the paid time ends."""
    token = signed_up(client)
    pay(client, token)
    [before] = subscriptions(client, token)
    mailbox.sent.clear()
    declare(client, name="Somebody Else", language="en")
    [mail] = [
        m
        for m in mails(mailbox, "parent@example.com")
        if m.subject == "We received your cancellation"
    ]
    link = re.search(r"http://lumo.test/en/resubscribe", mail.text)
    assert link and "Resubscribe in one click" in mail.text
    clock.advance(timedelta(days=1))
    again = pay(client, token, nonce="fake-paypal-billing-agreement-nonce")
    assert again.status_code == 200
    new = container.gateway.subscriptions[f"lumo{again.json['data']['subscriptionId']}"]["request"]
    assert new.trial_days == 6  # billing starts when the paid (trial) time ends: nothing lost
    newest = subscriptions(client, token)[-1]
    assert newest["nextBillingDate"] == before["endDate"]


@pytest.mark.parametrize(
    "fields, bad",
    [
        ({"termination": "whenever"}, "termination"),
        ({"termination": "extraordinary", "reason": "  "}, "reason"),
        ({"name": ""}, "name"),
        ({"email": "not-an-address"}, "email"),
        ({"endDate": "2001-01-01"}, "endDate"),
        ({"endDate": "31.12.2030"}, "endDate"),
        ({"reference": "x" * 41}, "reference"),
    ],
)
def test_bad_input_answers_the_catalogues_error(client, container, fields, bad):
    answer = declare(client, **fields)
    assert (answer.status_code, answer.json["code"], answer.json["message"]) == (
        400,
        0,
        "parameterRequired",
    )
    assert bad in answer.json["errors"]
    assert stored(container) == []


def test_rate_limited_per_client_address(client, container):
    limit_requests(
        container, MemoryRateLimiter(now=lambda: 0.0)
    )  # a window that does not roll over mid-test (a CI run once crossed a minute's boundary)
    limit = container.settings.rate_limit_per_minute
    codes = [declare(client, email=f"p{i}@example.com").status_code for i in range(limit + 1)]
    assert codes[:limit] == [201] * limit
    assert codes[-1] == 429


def test_the_pdf_copy_carries_the_declaration(client, container, tmp_path):
    if shutil.which("pdftotext") is None:
        pytest.fail("pdftotext is missing: apt-get install -y poppler-utils")
    signed_up(client)
    receipt = declare(
        client, termination="extraordinary", reason="Umzug ins Ausland", language="de"
    ).json["receipt"]
    answer = client.post("/v5/contract-cancellations/pdf", json={"receipt": receipt})
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    path = tmp_path / "copy.pdf"
    path.write_bytes(answer.data)
    text = subprocess.run(
        ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    for expected in (
        "Bestätigung deiner Kündigung",
        "Außerordentlich",
        "Umzug ins Ausland",
        "Ana Parent",
        "parent@example.com",
        "UTC",
    ):
        assert expected in text, text
    missing = client.post("/v5/contract-cancellations/pdf", json={"receipt": "x" * 24})
    assert (missing.status_code, missing.json["message"]) == (404, "declarationNotFound")


def test_the_arabic_pdf_is_shaped_right_to_left(client, container, tmp_path):
    receipt = declare(client, email="nobody@example.com", language="ar", name="أحمد").json[
        "receipt"
    ]
    path = tmp_path / "ar.pdf"
    path.write_bytes(client.post("/v5/contract-cancellations/pdf", json={"receipt": receipt}).data)
    text = subprocess.run(
        ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "تأكيد طلب" in text and "أحمد" in text and "nobody@example.com" in text, text
    assert "\ufe8d" not in text  # no presentation forms left unshaped by a missing shaper


def test_the_clock_stops_renewal_once_the_period_holding_the_asked_date_runs(
    client, container, clock
):
    from core.services.contract_cancellations import carry_out_scheduled

    token = signed_up(client)
    sub_id = pay(client, token).json["data"]["subscriptionId"]
    later = (clock.now() + timedelta(days=20)).date()
    declare(client, endDate=later.isoformat())
    assert carry_out_scheduled(container.services) == 0  # the first period ends before that date
    with container.services.uow() as uow:  # the trial ran out and the first month was charged
        sub = uow.subscriptions.get(sub_id)
        sub.end_date = sub.next_billing_date = clock.now() + timedelta(days=37)
        uow.subscriptions.save(sub)
        uow.commit()
    assert carry_out_scheduled(container.services) == 1
    [after] = subscriptions(client, token)
    assert (after["isRenewing"], after["paymentStateId"]) == (False, "Cancelled")
    [row] = stored(container)
    assert [i["action"] for i in row.outcome] == ["cancelled"]
    assert carry_out_scheduled(container.services) == 0  # done once


@pytest.mark.parametrize("language", ["de", "fr", "ar"])
def test_the_confirmation_email_is_rendered_in_the_pages_language(
    client, container, mailbox, language
):
    import json
    from pathlib import Path

    catalogue = json.loads(
        (Path(__file__).resolve().parents[2] / "locales" / f"{language}.json").read_text()
    )
    texts = catalogue["CancelContract"]["confirmation"]
    token = signed_up(client)
    pay(client, token)
    mailbox.sent.clear()
    body = declare(
        client,
        language=language,
        termination="extraordinary",
        reason="Umzug",
        endDate=None,
    ).json
    [mail] = [
        m
        for m in mails(mailbox, "parent@example.com")
        if m.subject == catalogue["Emails"]["contract_cancellation"]["subject"]
    ]
    assert mail.language == language
    for expected in (
        texts["received"],
        texts["terminations"]["extraordinary"],
        "Umzug",
        "Ana Parent",
        texts["earliest"],
        texts["none"],
        catalogue["Emails"]["contract_cancellation"]["action"],
    ):
        assert expected in mail.text or expected in mail.html, (expected, mail.text)
    ends = texts["ends"].split("{plan}")[0].strip()
    assert ends in mail.text
    assert "UTC" in mail.text and body["receivedAt"][:4] in mail.text
    assert f"http://lumo.test/{language}/cancel-contract" in mail.text  # the footer link
    assert catalogue["CancelContract"]["link"] in mail.html
    assert f'dir="{"rtl" if language == "ar" else "ltr"}"' in mail.html
    assert "<br>" in mail.html  # the declaration's lines, one a line


def test_every_email_footer_links_to_the_cancellation_page(client, mailbox):
    signed_up(client)  # the welcome / confirm e-mails
    assert mailbox.sent
    for mail in mailbox.sent:
        assert "/cancel-contract" in mail.text and "/cancel-contract" in mail.html, mail.subject


def test_a_store_subscriber_is_told_where_the_contract_is_ended(client, container, clock, mailbox):
    from core.domain.stores import APPLE_SUBSCRIPTIONS
    from core.domain.subscriptions import Subscription

    signed_up(client)
    with container.services.uow() as uow:
        account = uow.accounts.by_email("parent@example.com")
        uow.subscriptions.add(
            Subscription(
                account_id=account.id,
                subscription_type="lumo_tv",
                duration_code="P1M",
                store_id="ios",
                payment_state_id="Active",
                end_date=clock.now() + timedelta(days=12),
                created_at=clock.now(),
            )
        )
        uow.commit()
    mailbox.sent.clear()
    answer = declare(client, language="en")
    assert answer.json["status"] == "matched"
    [contract] = answer.json["contracts"]
    assert (contract["store"], contract["action"], contract["where"]) == (
        "ios",
        "elsewhere",
        APPLE_SUBSCRIPTIONS,
    )
    [mail] = [m for m in mailbox.sent if m.subject == "We received your cancellation"]
    assert APPLE_SUBSCRIPTIONS in mail.text and "billed by another company" in mail.text
