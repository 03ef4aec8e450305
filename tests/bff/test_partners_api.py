"""Carrier and store unsubscribes, the publisher sign-up and partner sign-in."""

from datetime import timedelta

import pytest

from core.domain.accounts import client_password_hash
from core.domain.subscriptions import Subscription
from tests.helpers import add_coupon, bearer, signed_up, subscriptions


def store_subscription(container, clock, store, platform=None):
    with container.services.uow() as uow:
        account_id = uow.accounts.by_email("parent@example.com").id
        sub = uow.subscriptions.add(
            Subscription(
                account_id=account_id,
                subscription_type="lumo_tv_books_games",
                duration_code="P1M",
                store_id=store,
                payment_state_id="Active",
                end_date=clock.now() + timedelta(days=20),
                platform_purchase_id=platform,
                created_at=clock.now(),
            )
        )
        uow.commit()
    return sub


def test_swisscom_unsubscribe(client, container, clock):
    token = signed_up(client)
    missing = client.get("/v4/swisscom/unsubscribe", headers=bearer(token))
    assert (missing.status_code, missing.json["message"]) == (404, "subscriptionNotFound")
    store_subscription(container, clock, "swisscom")
    assert client.get("/v4/swisscom/unsubscribe", headers=bearer(token)).json == {"status": True}
    [sub] = subscriptions(client, token)
    assert (sub["isRenewing"], sub["paymentStateId"], sub["isExpired"]) == (
        False,
        "Cancelled",
        False,
    )
    again = client.get("/v4/swisscom/unsubscribe", headers=bearer(token))
    assert (again.status_code, again.json["code"]) == (400, 3)
    with container.engine.connect() as c:
        partner_calls = (
            c.exec_driver_sql("SELECT topic FROM outbox WHERE kind = 'partner'").scalars().all()
        )
    assert partner_calls == ["unsubscribed"]
    assert client.get("/v4/swisscom/unsubscribe").status_code == 401


@pytest.mark.parametrize(
    "platform,operator", [("zong", "ZONG"), ("JAZZ", "JAZZ"), ("ufone", "UFONE"), (None, "UFONE")]
)
def test_switch_unsubscription_answers_the_operator(client, container, clock, platform, operator):
    token = signed_up(client)
    sub = store_subscription(container, clock, "switch", platform)
    response = client.put(f"/v5/notification/unsubscription?id={sub.id}", headers=bearer(token))
    assert response.status_code == 200 and response.json == {"sub_partner": operator}
    again = client.put(f"/v5/notification/unsubscription?id={sub.id}", headers=bearer(token))
    assert (again.status_code, again.json["code"]) == (400, 3)
    assert (
        client.put("/v5/notification/unsubscription?id=999", headers=bearer(token)).status_code
        == 404
    )


def test_store_subscriptions_show_their_own_cancel_route(client, container, clock):
    token = signed_up(client)
    for store in ("ios", "playstore", "virgo", "salt"):
        store_subscription(container, clock, store)
    routes = {s["storeId"]: s["cancel"]["method"] for s in subscriptions(client, token)}
    assert routes == {
        "ios": "store_page",
        "playstore": "store_page",
        "virgo": "help",
        "salt": "none",
    }


def test_publisher_phone_and_coupon_then_login_with_the_coupon_hash(client, container):
    add_coupon(
        container,
        code="SEVA-1234",
        coupon_type="UNIQUE_ACCESS_COUPON",
        duration_code="P6M",
        partner="sevamedia",
    )
    response = client.post(
        "/v4/sevamedia/subscription", json={"phone": "0612 345 678", "coupon": "seva-1234"}
    )
    assert response.status_code == 200
    email = response.json["email"]
    assert email == "0612345678@sevamedia.partner.lumo.example"
    login = client.post(
        "/v4/accounts/login", json={"email": email, "password": client_password_hash("SEVA-1234")}
    )
    assert login.status_code == 200
    me = client.get("/v5/subscriptions", headers=bearer(login.json["token"])).json
    assert me["isEmailFake"] is True
    assert [(s["paymentStateId"], s["durationCode"]) for s in me["subscriptions"]] == [
        ("Free_Campaign", "P6M")
    ]
    by_phone = client.post(
        "/v4/accounts/login",
        json={"email": "0612 345 678", "password": client_password_hash("SEVA-1234")},
    )
    assert (
        by_phone.status_code == 200
    )  # partner sign-in: phone as username, access code as password


@pytest.mark.parametrize(
    "body,status,code,message_code",
    [
        ({"phone": "", "coupon": "SEVA-1"}, 400, 0, "SEVAMEDIA_PARAMETER_REQUIRED"),
        ({"phone": "06-12", "coupon": "SEVA-1"}, 400, 0, "SEVAMEDIA_PARAMETER_REQUIRED"),
        ({"phone": "0612345678", "coupon": ""}, 400, 0, "SEVAMEDIA_PARAMETER_REQUIRED"),
        ({"phone": "0612345678", "coupon": "NOPE"}, 400, 3, "SEVAMEDIA_INVALID_COUPON"),
        ({"phone": "0612345678", "coupon": "WEB-ONLY"}, 400, 3, "SEVAMEDIA_INVALID_COUPON"),
    ],
)
def test_publisher_errors_carry_a_message_code(client, container, body, status, code, message_code):
    add_coupon(container, code="WEB-ONLY", coupon_type="STANDARD_COUPON", duration_code="P1M")
    response = client.post("/v4/sevamedia/subscription", json=body)
    assert (response.status_code, response.json["code"], response.json["messageCode"]) == (
        status,
        code,
        message_code,
    )


def test_publisher_coupon_is_single_use(client, container):
    add_coupon(container, code="SEVA-9", coupon_type="UNIQUE_ACCESS_COUPON", duration_code="P1M")
    assert (
        client.post(
            "/v4/sevamedia/subscription", json={"phone": "0600000001", "coupon": "SEVA-9"}
        ).status_code
        == 200
    )
    second = client.post(
        "/v4/sevamedia/subscription", json={"phone": "0600000002", "coupon": "SEVA-9"}
    )
    assert (second.status_code, second.json["messageCode"]) == (400, "SEVAMEDIA_INVALID_COUPON")
