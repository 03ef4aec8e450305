"""Declarations (public cancellations and withdrawals) are kept three years from receipt and at least a year
after the contract ended, then purged by the daily job; a parent's own are in the data export
(docs/consumer-law.md#what-is-kept)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import update

from core.adapters.db.models.consumer_law import DeclarationRow
from core.domain.contract_cancellations import declaration_purge_cutoffs
from tasks.retention import purge_expired_data
from tests.helpers import bearer, pay, signed_up

FORM = {
    "termination": "ordinary",
    "name": "Ana Parent",
    "email": "parent@example.com",
    "reference": None,
    "endDate": None,
}


def count(container, table):
    with container.engine.connect() as c:
        return c.exec_driver_sql(f"SELECT count(*) FROM {table}").scalar()


def test_the_cutoffs_keep_three_years_from_receipt_and_a_year_after_the_end():
    now = datetime(2030, 3, 31, 12, tzinfo=UTC)
    assert declaration_purge_cutoffs(now) == (
        datetime(2027, 3, 31, 12, tzinfo=UTC),
        datetime(2029, 3, 31, 12, tzinfo=UTC),
    )
    leap = datetime(2028, 2, 29, tzinfo=UTC)  # no 29 February three years earlier: the 28th
    assert declaration_purge_cutoffs(leap)[0] == datetime(2025, 2, 28, tzinfo=UTC)


def test_a_declaration_and_a_withdrawal_go_after_three_years_not_before(
    app, container, clock, monkeypatch
):
    monkeypatch.setattr("tasks.retention.worker_container", lambda: container)
    client = app.test_client()
    token = signed_up(client)
    assert pay(client, token).status_code == 200
    assert client.post("/v5/contract-cancellations", json=FORM).status_code == 201
    withdrawer = signed_up(client, email="other@example.com")
    answer = client.post(
        "/v5/braintree/subscription",
        json={
            "paymentNonce": "fake-valid-nonce",
            "plans": {"planId": "lumo_tv_monthly_eur"},
            "billingName": "O P",
        },
        headers={**bearer(withdrawer), "X-Country-Code": "DE"},
    )
    assert answer.status_code == 200, answer.json
    sid = answer.json["data"]["subscriptionId"]
    withdrawn = client.post(
        "/v5/withdrawals",
        json={"name": "O P", "email": "other@example.com", "reference": f"LUMO-{sid}"},
    )
    assert withdrawn.status_code == 200, withdrawn.json
    received = clock.now()
    assert (count(container, "declarations"), count(container, "withdrawals")) == (1, 1)

    clock.advance(timedelta(days=3 * 365))  # a day short of three years (2028 has 366 days)
    report = purge_expired_data.apply().get()
    assert (report["declarations"], report["withdrawals"]) == (0, 0)
    clock.advance(received + timedelta(days=3 * 366) - clock.now())
    report = purge_expired_data.apply().get()
    assert (report["declarations"], report["withdrawals"]) == (1, 1)
    assert (count(container, "declarations"), count(container, "withdrawals")) == (0, 0)


def test_a_declaration_whose_contract_ends_later_waits_a_year_after_that_end(
    app, container, clock, monkeypatch
):
    monkeypatch.setattr("tasks.retention.worker_container", lambda: container)
    client = app.test_client()
    token = signed_up(client)
    assert pay(client, token).status_code == 200
    assert client.post("/v5/contract-cancellations", json=FORM).status_code == 201
    ends = clock.now() + timedelta(days=2 * 365 + 200)  # say the contract ran on that long
    with container.engine.begin() as c:
        c.execute(update(DeclarationRow).values(ends_on=ends))
    clock.advance(timedelta(days=3 * 366))
    assert purge_expired_data.apply().get()["declarations"] == 0  # its end is not a year old
    clock.advance(ends + timedelta(days=366) - clock.now())
    assert purge_expired_data.apply().get()["declarations"] == 1


def test_the_parents_own_declarations_are_in_the_data_export(client, container):
    token = signed_up(client)
    assert pay(client, token).status_code == 200
    assert client.post("/v5/contract-cancellations", json=FORM).status_code == 201
    data = client.get("/v5/account/export", headers=bearer(token)).json
    [declared] = data["declarations"]
    assert (declared["name"], declared["email"], declared["termination"], declared["status"]) == (
        "Ana Parent",
        "parent@example.com",
        "ordinary",
        "matched",
    )
    assert declared["receivedAt"].startswith(container.services.clock.now().date().isoformat())
    assert "receiptHash" not in declared and "receipt_hash" not in str(declared)
    other = signed_up(client, email="other@example.com")
    assert client.get("/v5/account/export", headers=bearer(other)).json["declarations"] == []
