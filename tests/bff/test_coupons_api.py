"""GET /v5/coupon/validate/{code} and POST /v4/coupon/validate: every type and error code."""

from datetime import timedelta
from decimal import Decimal

import pytest

from core.adapters.db.seeding import seed_demo
from tests.helpers import add_coupon, bearer, pay, signed_up, subscriptions


@pytest.fixture
def seeded(container):
    seed_demo(container.engine, container.services.hasher)


def check(client, code, token=None, **query):
    qs = "&".join(f"{k}={v}" for k, v in query.items())
    return client.get(f"/v5/coupon/validate/{code}?{qs}", headers=bearer(token) if token else {})


@pytest.mark.parametrize(
    "code,coupon_type,duration,product",
    [
        ("LUMO-FREE-0001", "UNIQUE_ACCESS_COUPON", "P1M", "lumo"),
        ("LUMO-TV-0003", "UNIQUE_ACCESS_COUPON", "P3M", "lumo_TV"),
        ("LUMO-FAMILY", "FREE_ACCESS_COUPON", "P1M", "lumo"),
        ("LUMO-HALF", "DISCOUNT_COUPON", "P3M", "lumo"),
        ("LUMO-BUNDLE-0005", "UNIQUE_DISCOUNT_COUPON", "P12M", "lumo"),
        ("LUMO-STORIES", "STANDARD_COUPON", "P14D", "lumo_BOOKS"),
        ("YAJKM0", "STANDARD_COUPON", "P2M", "lumo"),
    ],
)
def test_every_type_answers_201_with_its_fields(
    client, seeded, code, coupon_type, duration, product
):
    response = check(client, code.lower())
    assert response.status_code == 201
    body = response.json
    assert (
        body["couponSerialNumber"],
        body["couponType"],
        body["couponDurationCode"],
        body["couponProduct"],
    ) == (code, coupon_type, duration, product)
    assert (body["discountDetails"] is not None) == ("DISCOUNT" in coupon_type)


def test_carrier_coupon_gives_two_months_free_before_billing(client, seeded, container):
    token = signed_up(client)
    assert pay(client, token, coupon="YAJKM0").status_code == 200
    request = next(iter(container.gateway.subscriptions.values()))["request"]
    assert request.trial_days in (59, 60, 61, 62)  # two calendar months
    assert subscriptions(client, token)[0]["coupon"] == "YAJKM0"


def test_unknown_expired_and_redeemed_are_code_3(client, seeded, container, clock):
    assert (check(client, "NOPE").status_code, check(client, "NOPE").json["message"]) == (
        400,
        "couponInvalid",
    )
    add_coupon(
        container,
        code="OLD",
        coupon_type="STANDARD_COUPON",
        duration_code="P1M",
        expires_at=clock.now() - timedelta(seconds=1),
    )
    old = check(client, "OLD")
    assert (old.json["code"], old.json["message"]) == (3, "couponExpired")
    client.post(
        "/v5/accounts",
        json={
            "email": "a@example.com",
            "password": "a" * 64,
            "isTcAccepted": True,
            "coupon": "LUMO-FREE-0001",
        },
    )
    spent = check(client, "LUMO-FREE-0001")
    assert (spent.status_code, spent.json["code"], spent.json["message"]) == (
        400,
        3,
        "couponRedeemed",
    )


@pytest.mark.parametrize(
    "code,product,expected_code,coupon_product",
    [
        ("TVONLY", "lumo_books", 4, "lumo_TV"),
        ("BOOKSONLY", "lumo_tv_games", 5, "lumo_BOOKS"),
        ("ALLAPPS", "lumo_tv_books", 6, "lumo_ALL"),
    ],
)
def test_product_mismatch_is_4_5_6_with_coupon_product(
    client, container, code, product, expected_code, coupon_product
):
    add_coupon(
        container,
        code=code,
        coupon_type="STANDARD_COUPON",
        duration_code="P1M",
        product=coupon_product,
    )
    response = check(client, code, product=product)
    assert (response.status_code, response.json["code"], response.json["couponProduct"]) == (
        400,
        expected_code,
        coupon_product,
    )
    assert response.json["message"] == "couponProductMismatch"
    fitting = {
        "TVONLY": "lumo_tv",
        "BOOKSONLY": "lumo_books_games",
        "ALLAPPS": "lumo_tv_books_games",
    }[code]
    assert check(client, code, product=fitting).status_code == 201


def test_monthly_only_and_only_two_products(client, seeded):
    monthly_only = check(client, "LUMO-HALF", product="lumo_tv", planType="P1Y")
    assert (monthly_only.json["code"], monthly_only.json["message"]) == (7, "monthlyOnly")
    assert check(client, "LUMO-HALF", product="lumo_tv", planType="P1M").status_code == 201
    single = check(client, "LUMO-BUNDLE-0005", product="lumo_tv", planType="P1Y")
    assert (single.json["code"], single.json["message"]) == (7, "onlyTwoProducts")
    assert (
        check(client, "LUMO-BUNDLE-0005", product="lumo_tv_books", planType="P1Y").status_code
        == 201
    )


def test_the_same_rules_hold_at_payment(client, seeded):
    token = signed_up(client)
    yearly = pay(client, token, plan="lumo_tv_yearly_eur", coupon="LUMO-HALF")
    assert (yearly.status_code, yearly.json["message"]) == (400, "monthlyOnly")
    assert subscriptions(client, token) == []


def test_code_7_for_free_time_on_apps_the_family_already_has(client, seeded, container):
    token = signed_up(client)
    assert pay(client, token, plan="lumo_books_monthly_eur").status_code == 200
    response = check(client, "LUMO-STORIES", token=token)
    assert (response.status_code, response.json["code"]) == (400, 7)
    assert (
        check(client, "LUMO-STORIES").status_code == 201
    )  # without a bearer the account rules do not apply


def test_campaign_code_once_per_account(client, seeded):
    token = signed_up(client)
    assert pay(client, token, coupon="LUMO-HALF").status_code == 200
    again = check(client, "LUMO-HALF", token=token)
    assert (again.json["code"], again.json["message"]) == (3, "couponRedeemed")
    other = signed_up(client, email="other@example.com")
    assert check(client, "LUMO-HALF", token=other).status_code == 201


def test_access_coupon_at_payment_needs_no_payment(client, seeded, container):
    token = signed_up(client)
    response = pay(client, token, coupon="LUMO-TV-0003", nonce="fake-processor-declined-visa-nonce")
    assert response.status_code == 200
    [sub] = subscriptions(client, token)
    assert (sub["paymentStateId"], sub["subscriptionType"], sub["paymentMethod"]) == (
        "Free_Campaign",
        "lumo_tv",
        "coupon",
    )
    assert container.gateway.subscriptions == {}


def test_failed_payment_gives_the_single_use_coupon_back(client, container):
    add_coupon(container, code="ONCE", coupon_type="UNIQUE_COUPON", duration_code="P1M")
    token = signed_up(client)
    assert (
        pay(client, token, coupon="ONCE", nonce="fake-processor-declined-visa-nonce").status_code
        == 400
    )
    assert check(client, "ONCE").status_code == 201
    assert pay(client, token, coupon="ONCE").status_code == 200
    assert check(client, "ONCE").json["message"] == "couponRedeemed"


def test_v4_post_validate(client, seeded):
    assert client.post("/v4/coupon/validate", json={"coupon": "lumo-half"}).status_code == 201
    response = client.post("/v4/coupon/validate", json={"coupon": "NOPE"})
    assert (response.status_code, response.json["code"]) == (400, 3)
    assert client.post("/v4/coupon/validate", json={}).status_code == 400


def test_discount_price_reaches_the_gateway(client, container):
    add_coupon(
        container,
        code="YEAR",
        coupon_type="UNIQUE_DISCOUNT_COUPON",
        duration_code="P12M",
        product="lumo",
        discount_price=Decimal("39.90"),
        is_bundle_discount=True,
        plan_type="P1Y",
    )
    token = signed_up(client)
    assert pay(client, token, plan="lumo_tv_books_yearly_eur", coupon="YEAR").status_code == 200
    request = next(iter(container.gateway.subscriptions.values()))["request"]
    assert (request.price, request.discount.amount, request.discount.cycles) == (
        Decimal("55.90"),
        Decimal("16.00"),
        1,
    )


def test_logged_in_parent_redeems_an_access_coupon(client, seeded, container):
    token = signed_up(client)
    response = client.post(
        "/v5/coupon/redeem", json={"coupon": "lumo-tv-0003"}, headers=bearer(token)
    )
    assert response.status_code == 200 and response.json["status"] is True
    [sub] = subscriptions(client, token)
    assert (
        sub["paymentStateId"],
        sub["subscriptionType"],
        sub["coupon"],
        sub["couponDurationCode"],
    ) == ("Free_Campaign", "lumo_tv", "LUMO-TV-0003", "P3M")
    again = client.post("/v5/coupon/redeem", json={"coupon": "LUMO-TV-0003"}, headers=bearer(token))
    assert (again.status_code, again.json["code"]) == (400, 3)
    discount = client.post("/v5/coupon/redeem", json={"coupon": "LUMO-HALF"}, headers=bearer(token))
    assert (discount.status_code, discount.json["code"]) == (400, 7)
    assert client.post("/v5/coupon/redeem", json={"coupon": "LUMO-FAMILY"}).status_code == 401
    assert container.gateway.subscriptions == {}
