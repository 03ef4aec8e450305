"""Receipts and credit notes (docs/billing.md#receipts-and-credit-notes) and each charge's VAT split
(docs/billing.md#vat), through the API, against the sandbox gateway, on SQLite and PostgreSQL."""

from __future__ import annotations

import subprocess
import threading
from datetime import timedelta
from decimal import Decimal

import pytest

from core.domain.billing_documents import display_number, series_for
from core.services import refunds, webhooks
from tests.bff.test_refunds import command, rows
from tests.helpers import bearer, pay, signed_up, subscriptions

MONEY = Decimal("0.01")


def parent(client, container, email="parent@example.com", country="DE", language="de"):
    """A signed-up parent whose account is in `country` and speaks `language`: (token, account id)."""
    token = signed_up(client, email=email)
    with container.services.uow() as uow:
        account = uow.accounts.by_email(email)
        account.country_code, account.language = country, language
        uow.accounts.save(account)
        uow.commit()
    return token, account.id


def renew(client, container, token, amount="9.99", currency="EUR"):
    """The parent's trial subscription is charged (renewal webhook); its transaction id."""
    assert pay(client, token).status_code == 200
    gateway = container.gateway
    [sub] = subscriptions(client, token)
    gateway_id = _gateway_id(container, sub["id"])
    transaction = gateway.charge(gateway_id, Decimal(amount), currency)
    assert webhooks.receive(
        container.services,
        *gateway.sample_notification(
            "charged",
            gateway_id,
            paid_through=container.services.clock.now() + timedelta(days=30),
            transaction_id=transaction,
            amount=Decimal(amount),
            currency=currency,
        ),
    )
    return transaction


def _gateway_id(container, subscription_id):
    with container.services.uow() as uow:
        return uow.subscriptions.get(subscription_id).gateway_id


def pdf_text(data: bytes, tmp_path) -> str:
    path = tmp_path / "doc.pdf"
    path.write_bytes(data)
    return subprocess.run(
        ["pdftotext", "-layout", "-enc", "UTF-8", str(path), "-"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def test_a_charge_keeps_its_vat_split_and_evidence_and_gets_a_numbered_receipt(
    client, container, mailbox
):
    token, account_id = parent(client, container, country="DE")
    transaction = renew(client, container, token, "9.99")

    [(rate, net, vat, amount, country, card, conflict)] = rows(
        container,
        "SELECT vat_rate, net_amount, vat_amount, amount, billing_country, card_country, "
        "evidence_conflict FROM payments WHERE transaction_id = :t",
        t=transaction,
    )
    # 9.99 × 19/119 = 1.5950… -> 1.60; net = 9.99 − 1.60
    assert (Decimal(str(rate)), net, vat, amount) == (
        Decimal("19"),
        Decimal("8.39"),
        Decimal("1.60"),
        Decimal("9.99"),
    )
    assert (country, card, bool(conflict)) == ("DE", None, False)
    history = client.get("/v5/billing-history", headers=bearer(token)).json["entries"]
    [charge] = history
    year_series = series_for("receipt", container.services.clock.now())
    assert charge["kind"] == "charge" and charge["amount"] == "9.99"
    assert charge["document"]["number"] == display_number(year_series, 1)
    assert charge["method"]["type"] == "CARD" or charge["method"]["type"]
    page = client.get(
        f"/v5/billing-documents/{charge['document']['number']}", headers=bearer(token)
    ).json
    assert page["title"] == "Quittung" and page["language"] == "de"
    assert page["amounts"] == {
        "net": "8.39",
        "vatRate": "19",
        "vat": "1.60",
        "gross": "9.99",
        "currency": "EUR",
    }
    labels = dict(page["rows"])
    assert labels["MwSt.-Satz"] == "19 %" and labels["Land"] == "DE"
    assert "Lumo" in page["seller"][0] and page["seller"][2].startswith("USt-IdNr.: ")
    # The receipt e-mail names the receipt and links to its page
    receipt_mail = [m for m in mailbox.sent if charge["document"]["number"] in m.text]
    assert receipt_mail and f"/de/billing/{charge['document']['number']}" in receipt_mail[-1].text


def test_a_card_from_another_country_is_recorded_and_flagged_but_vat_follows_the_billing_country(
    client, container
):
    token, _ = parent(client, container, country="FR", language="fr")
    # No trial for this plan's second purchase: pay the first cycle at once with a German Mastercard
    with container.services.uow() as uow:
        account = uow.accounts.by_email("parent@example.com")
    assert account is not None
    payment_before = rows(container, "SELECT count(*) FROM payments")[0][0]
    transaction = renew(client, container, token, "9.99")
    assert rows(container, "SELECT count(*) FROM payments")[0][0] == payment_before + 1
    # The renewal webhook carries no card: no second piece, no conflict
    [(card, conflict)] = rows(
        container,
        "SELECT card_country, evidence_conflict FROM payments WHERE transaction_id = :t",
        t=transaction,
    )
    assert (card, bool(conflict)) == (None, False)
    with container.services.uow() as uow:
        sub = uow.subscriptions.for_account(account.id)[0]
        refunds.record_charge(
            uow,
            sub,
            "tx-card-de",
            Decimal("9.99"),
            "EUR",
            container.services.clock.now(),
            container.services.billing,
            card_country="DEU",
        )
        uow.commit()
    [(rate, vat, country, card, conflict)] = rows(
        container,
        "SELECT vat_rate, vat_amount, billing_country, card_country, evidence_conflict "
        "FROM payments WHERE transaction_id = 'tx-card-de'",
    )
    # France's 20 %: 9.99 × 20/120 = 1.665 -> 1.67 (half up)
    assert (Decimal(str(rate)), vat, country, card, bool(conflict)) == (
        Decimal("20"),
        Decimal("1.67"),
        "FR",
        "DE",
        True,
    )


def test_a_refund_gets_a_credit_note_that_corrects_the_receipt(client, container):
    token, _ = parent(client, container, country="DE")
    transaction = renew(client, container, token, "9.99")
    container.gateway.settle(transaction)
    refunds.refund(container.services, command(transaction, amount="5.00"))

    history = client.get("/v5/billing-history", headers=bearer(token)).json["entries"]
    refund, charge = history  # newest first
    assert refund["kind"] == "refund" and refund["amount"] == "5.00"
    note = client.get(
        f"/v5/billing-documents/{refund['document']['number']}?lang=en", headers=bearer(token)
    ).json
    assert note["kind"] == "credit_note" and note["title"] == "Credit note"
    assert note["number"].startswith("C-") and note["corrects"] == charge["document"]["number"]
    # 5.00 × 19/119 = 0.798… -> 0.80
    assert note["amounts"] == {
        "net": "4.20",
        "vatRate": "19",
        "vat": "0.80",
        "gross": "5.00",
        "currency": "EUR",
    }


def test_another_parents_document_is_not_found(client, container):
    token, _ = parent(client, container, email="one@example.com", country="DE")
    renew(client, container, token)
    [entry] = client.get("/v5/billing-history", headers=bearer(token)).json["entries"]
    number, doc_id = entry["document"]["number"], entry["document"]["id"]
    other, _ = parent(client, container, email="two@example.com", country="FR")

    for ident in (number, str(doc_id)):
        for suffix in ("", "/pdf"):
            answer = client.get(f"/v5/billing-documents/{ident}{suffix}", headers=bearer(other))
            assert (answer.status_code, answer.json["message"]) == (
                404,
                "billingDocumentNotFound",
            )
    assert client.get("/v5/billing-history", headers=bearer(other)).json["entries"] == []
    assert client.get(f"/v5/billing-documents/{number}").status_code == 401
    assert (
        client.get("/v5/billing-documents/not-a-number", headers=bearer(token)).status_code == 404
    )


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "de",
            ["Quittung", "Gutschrift", "MwSt.-Satz", "19 %", "Nettobetrag", "Korrigiert Quittung"],
        ),
        ("fr", ["Reçu", "Avoir", "Taux de TVA", "19 %", "Montant HT", "Corrige le reçu"]),
        ("ar", ["إيصال", "إشعار دائن", "ضريبة القيمة المضافة", "المبلغ الصافي", "البائع"]),
    ],
)
def test_pdf_receipt_and_credit_note_in_the_parents_language(
    client, container, tmp_path, language, expected
):
    token, _ = parent(client, container, country="DE", language=language)
    transaction = renew(client, container, token, "9.99")
    container.gateway.settle(transaction)
    refunds.refund(container.services, command(transaction))
    refund, charge = client.get("/v5/billing-history", headers=bearer(token)).json["entries"]
    texts = []
    for entry in (charge, refund):
        answer = client.get(
            f"/v5/billing-documents/{entry['document']['number']}/pdf", headers=bearer(token)
        )
        assert answer.status_code == 200 and answer.mimetype == "application/pdf"
        assert answer.data.startswith(b"%PDF-")
        texts.append(pdf_text(answer.data, tmp_path))
    both = "\n".join(texts)
    for word in expected:
        assert word in both, (word, both)
    assert charge["document"]["number"] in texts[0] and refund["document"]["number"] in texts[1]
    assert "Lumo" in texts[0]  # the seller
    assert ("8,39" if language in ("de", "fr") else "8.39") in texts[0] or "٨" in texts[0]


PARALLEL, ROLLED_BACK = 20, 5


def test_parallel_charges_get_distinct_consecutive_numbers_and_a_rollback_leaves_no_gap(
    client, container
):
    token, account_id = parent(client, container, country="DE")
    renew(client, container, token)  # the first receipt: number 1
    [sub] = subscriptions(client, token)
    ctx = container.services
    now = ctx.clock.now()
    start = threading.Barrier(PARALLEL + ROLLED_BACK + 1)
    failures: list[BaseException] = []

    def charge(i: int, commit: bool) -> None:
        try:
            start.wait(timeout=30)  # all at once: each its own transaction
            with ctx.uow() as uow:
                stored = uow.subscriptions.get(sub["id"])
                refunds.record_charge(
                    uow, stored, f"tx-par-{i}-{commit}", Decimal("9.99"), "EUR", now, ctx.billing
                )
                if commit:
                    uow.commit()
                else:
                    uow.rollback()
        except BaseException as exc:  # noqa: BLE001 - reported below
            failures.append(exc)

    threads = [
        threading.Thread(target=charge, args=(i, i % 5 != 4)) for i in range(PARALLEL + ROLLED_BACK)
    ]  # every fifth rolls back
    for t in threads:
        t.start()
    start.wait(timeout=30)
    for t in threads:
        t.join(timeout=60)
    assert not failures, failures
    committed = PARALLEL
    series = series_for("receipt", now)
    numbers = [
        r[0]
        for r in rows(
            container,
            "SELECT number FROM billing_documents WHERE series = :s ORDER BY number",
            s=series,
        )
    ]
    assert numbers == list(range(1, committed + 2))  # distinct, consecutive: no gap, no duplicate
    assert rows(
        container, "SELECT last_number FROM billing_series WHERE series = :s", s=series
    ) == [(committed + 1,)]
    # And more, one after another, in parallel with nothing: the next number follows on
    with ctx.uow() as uow:
        refunds.record_charge(
            uow,
            uow.subscriptions.get(sub["id"]),
            "tx-after",
            Decimal("4.99"),
            "EUR",
            now,
            ctx.billing,
        )
        uow.commit()
    assert rows(
        container,
        "SELECT number FROM billing_documents WHERE transaction_id = 'tx-after'",
    ) == [(committed + 2,)]


def test_the_database_refuses_a_second_receipt_and_a_duplicate_number(client, container):
    from sqlalchemy import text
    from sqlalchemy.exc import IntegrityError

    token, _ = parent(client, container)
    renew(client, container, token)
    with container.engine.connect() as c:
        row = c.execute(text("SELECT * FROM billing_documents")).mappings().one()
    with pytest.raises(IntegrityError), container.engine.begin() as c:
        values = dict(row) | {"id": 999, "number": 2}  # a second receipt of the same charge
        c.execute(
            text(
                f"INSERT INTO billing_documents ({', '.join(values)}) "
                f"VALUES ({', '.join(':' + k for k in values)})"
            ),
            values,
        )
    with pytest.raises(IntegrityError), container.engine.begin() as c:
        c.execute(text("UPDATE billing_documents SET gross = gross + 1"))  # net + VAT ≠ gross


def test_the_account_export_holds_the_receipts(client, container):
    token, _ = parent(client, container, country="DE")
    renew(client, container, token)
    [document] = client.get("/v5/account/export", headers=bearer(token)).json["billingDocuments"]
    assert document["number"].startswith("R-") and document["kind"] == "receipt"
    assert (document["gross"], document["vatAmount"], document["customerCountry"]) == (
        "9.99",
        "1.60",
        "DE",
    )


def test_a_purchase_records_the_cards_issuing_country_from_the_gateway(client, container):
    token, _ = parent(client, container, country="FR", language="fr")
    assert pay(client, token).status_code == 200  # TV: the free trial, nothing charged
    paid = pay(
        client, token, plan="lumo_games_monthly_eur", nonce="fake-valid-mastercard-nonce", key="g1"
    )
    assert paid.status_code == 200, paid.json  # no second trial: charged at once
    [(country, card, conflict, rate)] = rows(
        container, "SELECT billing_country, card_country, evidence_conflict, vat_rate FROM payments"
    )
    # The sandbox's Mastercard is issued in Germany (DEU): both kept, VAT by France, flagged
    assert (country, card, bool(conflict), Decimal(str(rate))) == ("FR", "DE", True, Decimal("20"))


def test_braintree_issuing_country_is_read_as_evidence_or_unknown():
    from core.adapters.payments.braintree_gateway import issuing_country

    assert issuing_country("DEU") == "DEU" and issuing_country("usa") == "USA"
    assert issuing_country("Unknown") is None and issuing_country(None) is None


def test_a_retried_past_due_charge_gets_its_receipt_with_vat_once(
    client, container, clock, mailbox
):
    from tests.bff.test_payment_method_api import go_past_due, put

    token, _ = parent(client, container, country="AT", language="de")
    sub_id = go_past_due(client, container, clock, token)
    answer = put(client, sub_id, key="retry-1", **bearer(token))
    assert answer.status_code == 200 and answer.json["paymentStateId"] == "Active"
    [charge] = client.get("/v5/billing-history", headers=bearer(token)).json["entries"]
    number = charge["document"]["number"]
    page = client.get(f"/v5/billing-documents/{number}", headers=bearer(token)).json
    # Austria's 20 %: 4.99 × 20/120 = 0.8316… -> 0.83
    assert page["amounts"] == {
        "net": "4.16",
        "vatRate": "20",
        "vat": "0.83",
        "gross": "4.99",
        "currency": "EUR",
    }
    linked = [m for m in mailbox.sent if f"/de/billing/{number}" in m.text]
    assert len(linked) == 1  # one receipt e-mail, with its link, for the retried charge
