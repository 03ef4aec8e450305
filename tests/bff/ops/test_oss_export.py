"""The quarter's OSS figures as CSV for finance (docs/billing.md#vat): equal to the sum of the receipts
less the credit notes, per country and rate; finance and admin only."""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from decimal import Decimal

from core.services import refunds
from tests.bff.test_billing_documents import parent, renew
from tests.bff.test_refunds import command, rows


def test_the_oss_csv_equals_the_sum_of_the_documents(client, container, staff_members):
    charges = [("de@example.com", "DE", "9.99"), ("de2@example.com", "DE", "70.90")]
    charges += [("fr@example.com", "FR", "9.99"), ("at@example.com", "AT", "7.99")]
    transactions = []
    for email, country, amount in charges:
        token, _ = parent(client, container, email=email, country=country)
        transactions.append(renew(client, container, token, amount))
    container.gateway.settle(transactions[1])
    refunds.refund(container.services, command(transactions[1], amount="20.00"))
    refunds.refund(container.services, command(transactions[2]))  # unsettled: voided whole

    now = container.services.clock.now()
    quarter = (now.month - 1) // 3 + 1
    url = f"/ops/v1/revenue/oss?year={now.year}&quarter={quarter}"
    answer = client.get(url, headers=staff_members.headers("finance"))
    assert answer.status_code == 200 and answer.mimetype == "text/csv"
    assert f"lumo-oss-{now.year}-q{quarter}.csv" in answer.headers["Content-Disposition"]
    lines = list(csv.DictReader(io.StringIO(answer.get_data(as_text=True))))

    expected: dict[tuple, list] = defaultdict(lambda: [Decimal(0)] * 3 + [0, 0])
    for kind, country, rate, net, vat, gross in rows(
        container,
        "SELECT kind, customer_country, vat_rate, net, vat_amount, gross FROM billing_documents",
    ):
        sign = 1 if kind == "receipt" else -1
        line = expected[(country, Decimal(str(rate)).normalize())]
        line[0] += sign * net
        line[1] += sign * vat
        line[2] += sign * gross
        line[3 if kind == "receipt" else 4] += 1
    got = {
        (row["country"], Decimal(row["vat_rate"]).normalize()): [
            Decimal(row["net"]),
            Decimal(row["vat"]),
            Decimal(row["gross"]),
            int(row["receipts"]),
            int(row["credit_notes"]),
        ]
        for row in lines
    }
    assert got == dict(expected)
    assert got[("DE", Decimal("19"))] == [
        Decimal("8.39") + Decimal("59.58") - Decimal("16.81"),
        Decimal("1.60") + Decimal("11.32") - Decimal("3.19"),
        Decimal("60.89"),
        2,
        1,
    ]
    assert got[("FR", Decimal("20"))][2] == 0  # charged and voided
    assert {row["country"]: row["oss"] for row in lines} == {"AT": "1", "DE": "1", "FR": "1"}
    # Another quarter: nothing
    other = client.get(
        f"/ops/v1/revenue/oss?year={now.year - 1}&quarter={quarter}",
        headers=staff_members.headers("admin"),
    )
    assert other.status_code == 200 and other.get_data(as_text=True).count("\n") == 1


def test_only_finance_and_admin_download_it(client, staff_members):
    url = "/ops/v1/revenue/oss?year=2026&quarter=1"
    assert client.get(url, headers=staff_members.headers("support")).status_code == 403
    assert client.get(url, headers=staff_members.headers("admin")).status_code == 200
    assert client.get(url).status_code == 401
    bad = client.get(
        "/ops/v1/revenue/oss?year=2026&quarter=5", headers=staff_members.headers("finance")
    )
    assert bad.status_code == 400
