"""The whole web billing story through HTTP: register, coupon, pay, cancel, resubscribe."""

from datetime import timedelta
from decimal import Decimal

from tests.helpers import add_coupon, bearer, pay, signed_up, subscriptions


def test_register_coupon_pay_cancel_cancel_again_resubscribe(client, container, clock):
    add_coupon(
        container,
        code="HALFOFF",
        coupon_type="DISCOUNT_COUPON",
        duration_code="P3M",
        product="lumo",
        discount_price=Decimal("2.99"),
        plan_type="P1M",
    )
    token = signed_up(client)
    checked = client.get(
        "/v5/coupon/validate/halfoff?product=lumo_tv&planType=P1M", headers=bearer(token)
    )
    assert checked.status_code == 201
    assert checked.json["discountDetails"] == {
        "discountPrice": "2.99",
        "isBundleDiscount": False,
        "planType": "P1M",
    }

    paid = pay(client, token, plan="lumo_tv_monthly_eur", coupon="HALFOFF")
    assert paid.status_code == 200 and paid.json["status"] is True
    sub_id = paid.json["data"]["subscriptionId"]
    request = container.gateway.subscriptions[f"lumo{sub_id}"]["request"]
    assert (request.price, request.trial_days) == (Decimal("4.99"), 7)
    assert (request.discount.amount, request.discount.cycles) == (Decimal("2.00"), 3)

    [sub] = subscriptions(client, token)
    assert (
        sub["paymentStateId"] == "Trial" and sub["isRenewing"] is True and sub["isExpired"] is False
    )
    assert (
        sub["subscriptionType"] == "lumo_tv"
        and sub["paymentPlanPrice"] == "4.99"
        and sub["currency"] == "EUR"
    )
    assert (
        sub["paymentMethod"] == "card" and sub["coupon"] == "HALFOFF" and sub["storeId"] == "lumo"
    )
    assert (
        sub["cancel"] == {"method": "in_app", "path": f"/unsubscribe/{sub_id}"}
        and sub["canChangePlan"] is True
    )
    trial_end = sub["endDate"]
    assert trial_end == (clock.now() + timedelta(days=7)).isoformat()

    cancelled = client.get(f"/v4/braintree/subscriptions/cancel?id={sub_id}", headers=bearer(token))
    assert cancelled.status_code == 200 and cancelled.json["endDate"] == trial_end
    [sub] = subscriptions(client, token)
    assert (sub["paymentStateId"], sub["isRenewing"], sub["isExpired"]) == (
        "Cancelled",
        False,
        False,
    )
    assert sub["cancel"] == {"method": "none"}
    again = client.get(f"/v4/braintree/subscriptions/cancel?id={sub_id}", headers=bearer(token))
    assert (again.status_code, again.json["code"], again.json["message"]) == (
        400,
        3,
        "alreadyCancelled",
    )

    clock.advance(timedelta(days=2))
    back = pay(
        client, token, plan="lumo_tv_monthly_eur", nonce="fake-paypal-billing-agreement-nonce"
    )
    assert back.status_code == 200
    new = container.gateway.subscriptions[f"lumo{back.json['data']['subscriptionId']}"]["request"]
    assert new.trial_days == 5  # no second free trial; billing starts when the cancelled one ends
    states = sorted((s["paymentStateId"], s["paymentMethod"]) for s in subscriptions(client, token))
    # The new one is not a second "Free trial": it is active, first charged when the old one ends.
    assert states == [("Active", "paypal"), ("Cancelled", "card")]
    newest = subscriptions(client, token)[-1]
    assert newest["nextBillingDate"] == trial_end


def test_resubscribe_after_expiry_is_charged_at_once(client, container, clock):
    token = signed_up(client)
    sub_id = pay(client, token).json["data"]["subscriptionId"]
    client.get(f"/v4/braintree/subscriptions/cancel?id={sub_id}", headers=bearer(token))
    clock.advance(timedelta(days=8))
    assert [s["isExpired"] for s in subscriptions(client, token)] == [True]
    again = pay(client, token, nonce="fake-android-pay-nonce")
    request = container.gateway.subscriptions[f"lumo{again.json['data']['subscriptionId']}"][
        "request"
    ]
    assert request.trial_days == 0
    newest = subscriptions(client, token)[-1]
    assert (newest["paymentStateId"], newest["paymentMethod"]) == ("Active", "google_pay")
