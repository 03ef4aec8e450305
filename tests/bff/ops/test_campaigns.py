"""Campaigns: a batch of codes, CSV import and export, and the report of issued / redeemed / converted by day."""

import csv
import io
from datetime import timedelta

from sqlalchemy import text

from tests.helpers import pay, register, signed_up


def _codes_csv(client, headers, prefix):
    answer = client.get("/ops/v1/campaigns/codes", query_string={"prefix": prefix}, headers=headers)
    assert answer.status_code == 200 and answer.mimetype == "text/csv"
    return list(csv.DictReader(io.StringIO(answer.get_data(as_text=True))))


def test_batch_export_redeem_and_report(client, clock, container, staff_members):
    admin = staff_members.headers("admin")
    made = client.post(
        "/ops/v1/campaigns",
        json={
            "prefix": "retail",
            "type": "UNIQUE_ACCESS_COUPON",
            "duration": "P1M",
            "count": 3,
            "reason": "shop launch",
        },
        headers=admin,
    )
    assert made.status_code == 200, made.json
    codes = made.json["codes"]
    assert len(codes) == 3 and all(c.startswith("RETAIL-") for c in codes)
    rows = _codes_csv(client, admin, "retail")
    assert sorted(r["code"] for r in rows) == sorted(codes) and {
        r["redeemed_at"] for r in rows
    } == {""}

    # day 1: two parents redeem; one of them later pays. day 2: a third redeems.
    first = register(client, email="r1@example.com", coupon=codes[0]).json["token"]
    register(client, email="r2@example.com", coupon=codes[1])
    assert pay(client, first, plan="lumo_books_monthly_eur").status_code == 200  # a trial first …
    with (
        container.engine.begin() as c
    ):  # … charged when it ends, as the gateway's webhook would say
        c.execute(
            text(
                "UPDATE subscriptions SET payment_state_id = 'Active' WHERE payment_state_id = 'Trial'"
            )
        )
    clock.advance(timedelta(days=1))
    register(client, email="r3@example.com", coupon=codes[2])
    signed_up(client, email="nobody@example.com")

    finance = staff_members.headers("finance")
    report = client.get("/ops/v1/campaigns/report?prefix=RETAIL", headers=finance).json
    day1, day2 = (
        (clock.now() - timedelta(days=1)).date().isoformat(),
        clock.now().date().isoformat(),
    )
    assert report == {
        "issued": 3,
        "redeemed": 3,
        "converted": 1,
        "byDay": [
            {"day": day1, "redeemed": 2, "converted": 1},
            {"day": day2, "redeemed": 1, "converted": 0},
        ],
    }
    assert {r["code"]: bool(r["redeemed_at"]) for r in _codes_csv(client, finance, "RETAIL")} == {
        c: True for c in codes
    }
    admin = staff_members.headers("admin")  # a day later: the morning session is long over
    entries = client.get("/ops/v1/audit?action=coupons.batch", headers=admin).json["entries"]
    assert entries[0]["after"]["count"] == 3 and entries[0]["reason"] == "shop launch"


def test_csv_import_is_all_or_nothing(client, staff_members):
    admin = staff_members.headers("admin")
    bad = "code,coupon_type,duration_code\nSHOP-1,UNIQUE_ACCESS_COUPON,P1M\nSHOP-2,NOPE,P1M\n"
    answer = client.post("/ops/v1/campaigns/import", json={"csv": bad}, headers=admin).json
    assert (
        answer["added"] == 0
        and len(answer["errors"]) == 1
        and answer["errors"][0].startswith("line 3")
    )
    good = (
        "code,coupon_type,duration_code,product\n"
        "SHOP-1,UNIQUE_ACCESS_COUPON,P1M,lumo_TV\nSHOP-2,UNIQUE_ACCESS_COUPON,P3M,lumo\n"
    )
    answer = client.post(
        "/ops/v1/campaigns/import", json={"csv": good, "reason": "partner file"}, headers=admin
    ).json
    assert answer == {"added": 2, "skipped": 0, "errors": []}
    again = client.post("/ops/v1/campaigns/import", json={"csv": good}, headers=admin).json
    assert again == {"added": 0, "skipped": 2, "errors": []}
    assert client.get("/ops/v1/campaigns/report?prefix=shop", headers=admin).json["issued"] == 2


def test_bad_batches_answer_400(client, staff_members):
    admin = staff_members.headers("admin")
    discount_without_price = {
        "prefix": "half",
        "type": "UNIQUE_DISCOUNT_COUPON",
        "duration": "P3M",
        "count": 2,
    }
    answer = client.post("/ops/v1/campaigns", json=discount_without_price, headers=admin)
    assert answer.status_code == 400 and answer.json["message"] == "parameterRequired"
    for body in (
        {**discount_without_price, "prefix": "a b"},
        {**discount_without_price, "count": 0},
        {**discount_without_price, "count": 10_001},
    ):
        assert client.post("/ops/v1/campaigns", json=body, headers=admin).status_code == 400
