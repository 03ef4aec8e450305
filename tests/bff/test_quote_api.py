"""The order summary: GET /v5/braintree/quote says what subscribe will charge, and when."""

from datetime import datetime, timedelta

import pytest

from core.adapters.db.seeding import seed_demo
from tests.helpers import bearer, pay, signed_up, subscriptions


@pytest.fixture
def seeded(container):
    seed_demo(container.engine, container.services.hasher)


def quote(client, token, plan="lumo_tv_monthly_eur", **params):
    return client.get(
        "/v5/braintree/quote", query_string={"planId": plan, **params}, headers=bearer(token)
    )


def day(iso: str):
    return datetime.fromisoformat(iso).date()


def test_a_first_subscription_is_free_today_and_charged_after_the_trial(client, container):
    token = signed_up(client)
    now = container.services.clock.now()
    response = quote(client, token, addOns=["lumo_books", "lumo_games"])
    assert response.status_code == 200, response.json
    body = response.json
    assert body == {
        **body,
        "currency": "EUR",
        "period": "P1M",
        "price": "9.99",
        "todayAmount": "0.00",
        "firstChargeAmount": "9.99",
        "freeDays": 7,
        "freeReason": "trial",
        "discountPrice": None,
        "discountCycles": 0,
        "fullPriceFrom": None,
        "couponKind": None,
    }
    assert day(body["firstChargeDate"]) == (now + timedelta(days=7)).date()
    # What the quote said is what subscribe does.
    assert pay(client, token, addOns=["lumo_books", "lumo_games"]).status_code == 200
    [sub] = subscriptions(client, token)
    assert (sub["paymentPlanPrice"], day(sub["nextBillingDate"])) == (
        "9.99",
        day(body["firstChargeDate"]),
    )


def test_a_discount_coupon_charges_the_reduced_price_then_the_full_price(client, container, seeded):
    token = signed_up(client)
    now = container.services.clock.now()
    body = quote(client, token, plan="lumo_tv_monthly_eur", coupon="lumo-half").json
    assert (
        body["todayAmount"],
        body["firstChargeAmount"],
        body["discountPrice"],
        body["discountCycles"],
        body["price"],
        body["couponKind"],
    ) == ("0.00", "2.99", "2.99", 3, "4.99", "discount")
    first = day(body["firstChargeDate"])
    assert first == (now + timedelta(days=7)).date()
    # Three monthly charges at 2.99 (day 7, +1 month, +2 months), the full price from the third month on.
    full = day(body["fullPriceFrom"])
    assert (full.year * 12 + full.month) - (first.year * 12 + first.month) == 3


def test_a_yearly_bundle_discount(client, seeded):
    token = signed_up(client)
    body = quote(
        client, token, plan="lumo_tv_yearly_eur", addOns=["lumo_books"], coupon="LUMO-BUNDLE-0005"
    ).json
    assert (body["period"], body["price"], body["firstChargeAmount"], body["discountCycles"]) == (
        "P1Y",
        "55.90",
        "39.90",
        1,
    )


def test_a_promo_coupon_gives_its_free_time_instead_of_the_trial(client, container, seeded):
    token = signed_up(client)
    now = container.services.clock.now()
    body = quote(client, token, plan="lumo_tv_monthly_eur", coupon="LUMO-HOLIDAY").json
    assert (
        body["freeReason"],
        body["todayAmount"],
        body["firstChargeAmount"],
        body["couponKind"],
    ) == ("coupon", "0.00", "4.99", "promo")
    assert day(body["firstChargeDate"]) > (now + timedelta(days=27)).date()


def test_no_second_trial_means_a_charge_today(client):
    token = signed_up(client)
    assert pay(client, token).status_code == 200
    cancelled = subscriptions(client, token)[0]
    assert (
        client.get(
            f"/v4/braintree/subscriptions/cancel?id={cancelled['id']}", headers=bearer(token)
        ).status_code
        == 200
    )
    # Stories is not covered by the running TV subscription, and the trial was used.
    body = quote(client, token, plan="lumo_books_monthly_eur").json
    assert (body["todayAmount"], body["freeDays"], body["freeReason"]) == ("4.99", 0, None)
    # TV again while the cancelled one still runs: billing starts when it ends (no double billing).
    again = quote(client, token, plan="lumo_tv_monthly_eur").json
    assert (again["todayAmount"], again["freeReason"]) == ("0.00", "paidThrough")
    assert day(again["firstChargeDate"]) == day(cancelled["endDate"])


@pytest.mark.parametrize(
    "params,status,message",
    [
        ({"plan": "no_such_plan"}, 400, "selectPlan"),
        ({"coupon": "NOPE-NOPE"}, 400, "couponInvalid"),
        ({"plan": "lumo_tv_yearly_eur", "coupon": "LUMO-HALF"}, 400, "monthlyOnly"),
    ],
)
def test_bad_input_is_a_clear_400(client, seeded, params, status, message):
    token = signed_up(client)
    response = quote(client, token, **params)
    assert (response.status_code, response.json["message"]) == (status, message)


def test_nothing_is_stored_or_redeemed_and_login_is_needed(client, seeded):
    token = signed_up(client)
    assert quote(client, token, coupon="LUMO-HALF").status_code == 200
    assert subscriptions(client, token) == []
    assert (
        pay(client, token, coupon="LUMO-HALF").status_code == 200
    )  # the coupon is still there to use
    assert client.get("/v5/braintree/quote?planId=lumo_tv_monthly_eur").status_code == 401
    assert client.get("/v5/braintree/quote", headers=bearer(token)).status_code == 400
