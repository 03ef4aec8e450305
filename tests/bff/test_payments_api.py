"""Payment answers: client token, declines, idempotency, plans and add-ons, change plan, webhooks."""

from datetime import timedelta
from decimal import Decimal

import pytest

from tests.helpers import bearer, pay, signed_up, subscriptions


def test_client_token(client):
    response = client.get("/v4/braintree/generate-token")
    assert response.status_code == 200 and response.json["clientToken"].startswith("sandbox_")


def test_client_token_for_a_currency(client):
    import base64
    import json

    token = client.get("/v4/braintree/generate-token?currency=CHF").json["clientToken"]
    assert json.loads(base64.b64decode(token.removeprefix("sandbox_")))["currency"] == "CHF"
    bad = client.get("/v4/braintree/generate-token?currency=GBP")
    assert (bad.status_code, bad.json["message"]) == (400, "parameterRequired")


def test_client_token_failure_is_code_1(client, container):
    def broken(*_):
        raise ConnectionError("down")

    container.gateway.client_token = broken
    response = client.get("/v4/braintree/generate-token")
    assert (response.status_code, response.json["code"], response.json["message"]) == (
        400,
        1,
        "tokenGeneration",
    )


@pytest.mark.parametrize(
    "nonce,error_message",
    [
        ("fake-processor-declined-visa-nonce", "paymentDeclined"),
        ("fake-gateway-rejected-fraud-nonce", "paymentNotValid"),
        ("fake-consumed-nonce", "paymentNotValid"),
        ("fake-luhn-invalid-nonce", "paymentNotValid"),
        ("fake-cvv-failed-nonce", "cvvFailed"),
        ("fake-brand-not-accepted-nonce", "cardBrandNotAccepted"),
        # Discover: no mark on the form, not one of Google Pay's networks, so not taken or saved
        ("fake-valid-discover-nonce", "cardBrandNotAccepted"),
        ("fake-android-pay-discover-nonce", "cardBrandNotAccepted"),
        ("not-a-nonce", "paymentNotValid"),
    ],
)
def test_failed_payment_is_400_with_error_message_and_leaves_no_subscription(
    client, nonce, error_message
):
    token = signed_up(client)
    response = pay(client, token, nonce=nonce)
    assert response.status_code == 400
    assert (response.json["message"], response.json["errorMessage"]) == (
        "paymentNotValid",
        error_message,
    )
    assert subscriptions(client, token) == []
    assert pay(client, token).status_code == 200  # a failed attempt does not use up the free trial


def test_payment_methods(client):
    for nonce, method in [
        ("fake-valid-nonce", "card"),
        ("fake-paypal-billing-agreement-nonce", "paypal"),
        ("fake-android-pay-nonce", "google_pay"),
    ]:
        token = signed_up(client, email=f"{method}@example.com")
        assert pay(client, token, nonce=nonce).status_code == 200
        assert subscriptions(client, token)[0]["paymentMethod"] == method


def test_unknown_plan_and_missing_login(client):
    token = signed_up(client)
    response = pay(client, token, plan="no_such_plan")
    assert (response.status_code, response.json["message"]) == (400, "selectPlan")
    assert client.post("/v5/braintree/subscription", json={}).status_code == 401
    bad = client.post("/v5/braintree/subscription", json={"plans": {}}, headers=bearer(token))
    assert bad.status_code == 400 and set(bad.json["errors"]) >= {"paymentNonce", "plans"}


@pytest.mark.parametrize(
    "plan,extra,expected_type,expected_price",
    [
        ("lumo_tv_monthly_eur", [], "lumo_tv", "4.99"),
        ("lumo_tv_monthly_eur", ["lumo_books"], "lumo_tv_books", "7.99"),
        ("lumo_tv_monthly_eur", ["lumo_books", "lumo_games"], "lumo_tv_books_games", "9.99"),
        ("lumo_tv_yearly_eur", ["lumo_books"], "lumo_tv_books", "55.90"),
        ("lumo_tv_books_games_yearly_usd", [], "lumo_tv_books_games", "70.90"),
        ("default_monthly_usd", [], None, None),
    ],
)
def test_add_ons_price_the_bundle(client, plan, extra, expected_type, expected_price, container):
    token = signed_up(client)
    response = pay(client, token, plan=plan, addOns=extra)
    if expected_type is None:
        assert response.status_code in (200, 400)
        return
    assert response.status_code == 200, response.json
    [sub] = subscriptions(client, token)
    assert (sub["subscriptionType"], sub["paymentPlanPrice"]) == (expected_type, expected_price)


def test_same_idempotency_key_gives_one_subscription(client, container):
    token = signed_up(client)
    first = pay(client, token, key="pay-123")
    second = pay(client, token, key="pay-123", nonce="fake-valid-visa-nonce")
    assert first.status_code == second.status_code == 200
    assert first.json["data"] == second.json["data"]
    assert len(subscriptions(client, token)) == 1
    assert len(container.gateway.subscriptions) == 1


def test_same_nonce_twice_is_one_subscription(client, container):
    token = signed_up(client)
    assert pay(client, token).json == pay(client, token).json
    assert len(subscriptions(client, token)) == 1


def test_retry_after_gateway_timeout_creates_one_subscription(client, container, clock):
    token = signed_up(client)
    timeout = pay(client, token, key="k1", nonce="fake-gateway-unavailable-nonce")
    assert (timeout.status_code, timeout.json["message"]) == (503, "subscriptionCreateFailed")
    assert subscriptions(client, token) == []  # pending is never shown
    assert pay(client, token, key="k1").status_code == 409  # too soon: still in progress
    clock.advance(timedelta(minutes=3))
    retried = pay(client, token, key="k1")
    assert retried.status_code == 200
    assert len(subscriptions(client, token)) == 1


def gateway_id(container, sub_id):
    with container.services.uow() as uow:
        return uow.subscriptions.get(sub_id).gateway_id


def test_change_plan_now_and_inside_the_24_hour_window(client, container, clock):
    token = signed_up(client)
    sub_id = pay(client, token).json["data"]["subscriptionId"]
    changed = client.post(
        "/v5/braintree/subscription/change-plan",
        headers=bearer(token),
        json={"subscriptionId": sub_id, "plans": {"planId": "lumo_tv_yearly_eur"}},
    )
    assert changed.status_code == 200
    assert (changed.json["paymentPlanId"], changed.json["paymentPlanPrice"]) == (
        "lumo_tv_yearly_eur",
        "34.90",
    )
    # Monthly -> yearly: the gateway refuses that plan change, so the trial's subscription is stopped and
    # a yearly one continues it from the trial's end (docs/consumer-law-renewal.md#at-the-gateway).
    gateway = container.gateway
    trial_ends = (clock.now() + timedelta(days=7)).date()
    continuing = f"lumo{sub_id}_y{trial_ends:%Y%m%d}"
    assert gateway.subscriptions[f"lumo{sub_id}"]["status"] == "Canceled"  # nothing billed yet
    assert (gateway.subscriptions[continuing]["plan_id"], gateway_id(container, sub_id)) == (
        "lumo_tv_yearly_eur",
        continuing,
    )
    clock.advance(timedelta(days=6, hours=1))  # trial ends in 23 hours
    late = client.post(
        "/v5/braintree/subscription/change-plan",
        headers=bearer(token),
        json={"plans": {"planId": "lumo_tv_books_yearly_eur"}},
    )
    assert (
        late.status_code == 200 and late.json["paymentPlanId"] == "lumo_tv_yearly_eur"
    )  # not billed yet
    sig, payload = gateway.sample_notification(
        "charged",
        continuing,
        occurred_at=clock.now() + timedelta(days=1),
        paid_through=clock.now() + timedelta(days=366),
    )
    assert (
        client.post(
            "/v5/braintree/webhooks", data={"bt_signature": sig, "bt_payload": payload}
        ).status_code
        == 200
    )
    [sub] = subscriptions(client, token)
    assert (sub["paymentPlanId"], sub["subscriptionType"], sub["paymentStateId"]) == (
        "lumo_tv_books_yearly_eur",
        "lumo_tv_books",
        "Active",
    )


def test_a_deferred_change_takes_its_billing_period_at_the_charge_and_reaches_the_gateway_after_it(
    client, container, clock
):
    """Monthly -> yearly inside the 24-hour window: the coming charge is the monthly one; from it on the
    subscription is yearly (duration too), and only then is the gateway told to bill the yearly plan."""
    token = signed_up(client)
    sub_id = pay(client, token).json["data"]["subscriptionId"]  # monthly TV, 7-day trial
    gateway = container.gateway
    gid = f"lumo{sub_id}"
    clock.advance(timedelta(days=6, hours=1))  # the first charge is 23 hours away
    late = client.post(
        "/v5/braintree/subscription/change-plan",
        headers=bearer(token),
        json={"subscriptionId": sub_id, "plans": {"planId": "lumo_tv_yearly_eur"}},
    )
    assert late.status_code == 200
    assert (
        gateway.subscriptions[gid]["plan_id"] == "lumo_tv_monthly_eur"
    )  # the coming charge stays monthly
    clock.advance(timedelta(days=1))
    charge = gateway.charge(gid, Decimal("4.99"), "EUR")
    sig, payload = gateway.sample_notification(
        "charged",
        gid,
        paid_through=clock.now() + timedelta(days=30),
        transaction_id=charge,
        amount=Decimal("4.99"),
        currency="EUR",
    )
    assert (
        client.post(
            "/v5/braintree/webhooks", data={"bt_signature": sig, "bt_payload": payload}
        ).status_code
        == 200
    )
    [sub] = subscriptions(client, token)
    assert (
        sub["paymentPlanId"],
        sub["durationCode"],
        sub["currency"],
        sub["paymentPlanPrice"],
    ) == ("lumo_tv_yearly_eur", "P1Y", "EUR", "34.90")
    container.deliver_outbox(("gateway",))
    # Another billing frequency: the monthly one runs out after the month just charged, a yearly one
    # continues it on the same payment method from the next billing date.
    continuing = f"lumo{sub_id}_y{clock.now() + timedelta(days=30):%Y%m%d}"
    assert gateway.subscriptions[gid]["runs_out"] is True
    assert (
        gateway.subscriptions[continuing]["plan_id"],
        gateway.subscriptions[continuing]["price"],
        gateway.subscriptions[continuing]["first_billing_date"],
    ) == ("lumo_tv_yearly_eur", Decimal("34.90"), (clock.now() + timedelta(days=30)).date())
    assert gateway_id(container, sub_id) == continuing


def test_a_deferred_change_the_gateway_refuses_is_retried_not_lost(
    client, container, clock, monkeypatch
):
    from core.domain.payments import GatewayResult

    token = signed_up(client)
    sub_id = pay(client, token).json["data"]["subscriptionId"]
    gateway = container.gateway
    gid = f"lumo{sub_id}"
    clock.advance(timedelta(days=6, hours=1))
    client.post(
        "/v5/braintree/subscription/change-plan",
        headers=bearer(token),
        json={"subscriptionId": sub_id, "plans": {"planId": "lumo_tv_yearly_eur"}},
    )
    real_continue = gateway.continue_on_plan
    monkeypatch.setattr(
        gateway, "continue_on_plan", lambda *a: GatewayResult(ok=False, error="gatewayUnavailable")
    )
    sig, payload = gateway.sample_notification(
        "charged",
        gid,
        occurred_at=clock.now() + timedelta(days=1),
        paid_through=clock.now() + timedelta(days=31),
    )
    client.post("/v5/braintree/webhooks", data={"bt_signature": sig, "bt_payload": payload})
    assert gateway_id(container, sub_id) == gid and "runs_out" not in gateway.subscriptions[gid]
    monkeypatch.setattr(gateway, "continue_on_plan", real_continue)
    clock.advance(timedelta(hours=1))  # past the retry delay
    assert container.deliver_outbox(("gateway",)).delivered["gateway"] == 1
    continuing = gateway_id(container, sub_id)
    assert (
        continuing != gid and gateway.subscriptions[continuing]["plan_id"] == "lumo_tv_yearly_eur"
    )


def test_change_plan_refused_for_store_and_free_subscriptions(client, container, clock):
    from core.domain.subscriptions import Subscription

    token = signed_up(client)
    with container.services.uow() as uow:
        account_id = uow.accounts.by_email("parent@example.com").id
        sub = uow.subscriptions.add(
            Subscription(
                account_id=account_id,
                subscription_type="lumo_tv",
                duration_code="P1M",
                store_id="ios",
                payment_state_id="Active",
                end_date=clock.now() + timedelta(days=20),
                created_at=clock.now(),
            )
        )
        uow.commit()
    response = client.post(
        "/v5/braintree/subscription/change-plan",
        headers=bearer(token),
        json={"subscriptionId": sub.id, "plans": {"planId": "lumo_tv_yearly_eur"}},
    )
    assert (response.status_code, response.json["code"]) == (400, 8)
    missing = client.get("/v4/braintree/subscriptions/cancel?id=99999", headers=bearer(token))
    assert (missing.status_code, missing.json["message"]) == (404, "subscriptionNotFound")


def _hook(client, gateway, kind, gateway_id, at, paid_through=None):
    sig, payload = gateway.sample_notification(
        kind, gateway_id, occurred_at=at, paid_through=paid_through
    )
    return client.post("/v5/braintree/webhooks", data={"bt_signature": sig, "bt_payload": payload})


def test_webhooks_move_the_state_and_ignore_redelivery_and_old_news(
    client, container, clock, mailbox
):
    gateway = container.gateway
    token = signed_up(client)
    gid = f"lumo{pay(client, token).json['data']['subscriptionId']}"
    t0 = clock.now()
    paid_through = t0 + timedelta(days=37)
    assert (
        _hook(client, gateway, "charged", gid, t0 + timedelta(days=7), paid_through).status_code
        == 200
    )
    assert subscriptions(client, token)[0]["paymentStateId"] == "Active"
    assert subscriptions(client, token)[0]["endDate"] == paid_through.isoformat()
    receipts = len([e for e in mailbox.sent if "receipt" in e.message_id or True])
    _hook(client, gateway, "charged", gid, t0 + timedelta(days=7), paid_through)  # redelivery
    assert len(mailbox.sent) == receipts
    _hook(client, gateway, "past_due", gid, t0 + timedelta(days=37))
    assert subscriptions(client, token)[0]["paymentStateId"] == "Past_Due"
    _hook(client, gateway, "went_active", gid, t0 + timedelta(days=38))
    assert subscriptions(client, token)[0]["paymentStateId"] == "Active"
    _hook(
        client, gateway, "past_due", gid, t0 + timedelta(days=37, hours=1)
    )  # older than what we know
    assert subscriptions(client, token)[0]["paymentStateId"] == "Active"
    _hook(client, gateway, "canceled", gid, t0 + timedelta(days=40))
    assert subscriptions(client, token)[0]["paymentStateId"] == "Cancelled"
    _hook(client, gateway, "expired", gid, t0 + timedelta(days=67))
    [sub] = subscriptions(client, token)
    assert (sub["paymentStateId"], sub["isExpired"]) == ("Expired", True)


def test_webhook_with_bad_signature_is_403_and_changes_nothing(client, container):
    gateway = container.gateway
    token = signed_up(client)
    gid = f"lumo{pay(client, token).json['data']['subscriptionId']}"
    sig, payload = gateway.sample_notification("canceled", gid)
    response = client.post(
        "/v5/braintree/webhooks", data={"bt_signature": "0" * 64, "bt_payload": payload}
    )
    assert response.status_code == 403
    assert (
        client.post(
            "/v5/braintree/webhooks", data={"bt_signature": sig, "bt_payload": payload + "x"}
        ).status_code
        == 403
    )
    assert subscriptions(client, token)[0]["paymentStateId"] == "Trial"
    assert client.post("/v5/braintree/webhooks", data={}).status_code == 400


def test_failed_charge_mails_the_parent(client, container, mailbox, clock):
    token = signed_up(client)
    gid = f"lumo{pay(client, token).json['data']['subscriptionId']}"
    before = len(mailbox.sent)
    _hook(client, container.gateway, "charge_failed", gid, clock.now() + timedelta(days=7))
    assert len(mailbox.sent) == before + 1
    assert subscriptions(client, token)[0]["paymentStateId"] == "Past_Due"


def test_expiry_job_lapses_cancelled_and_free_subscriptions(client, container, clock):
    from core.services import cancellation

    token = signed_up(client)
    sub_id = pay(client, token).json["data"]["subscriptionId"]
    client.get(f"/v4/braintree/subscriptions/cancel?id={sub_id}", headers=bearer(token))
    assert cancellation.expire_due(container.services) == 0
    clock.advance(timedelta(days=7, seconds=1))
    assert cancellation.expire_due(container.services) == 1
    assert subscriptions(client, token)[0]["paymentStateId"] == "Expired"
    assert Decimal(subscriptions(client, token)[0]["paymentPlanPrice"]) == Decimal("4.99")


@pytest.mark.parametrize(
    "nonce,card,email",
    [
        ("fake-valid-nonce", {"brand": "Visa", "last4": "1881"}, None),
        ("fake-valid-amex-nonce", {"brand": "American Express", "last4": "0005"}, None),
        ("fake-android-pay-mastercard-nonce", {"brand": "MasterCard", "last4": "4444"}, None),
        ("fake-paypal-billing-agreement-nonce", None, "j•••@paypal.com"),
    ],
)
def test_the_profile_shows_the_card_brand_and_last_four_or_a_masked_paypal_email(
    client, nonce, card, email
):
    """Stored from what the gateway answered; never a full number or e-mail."""
    token = signed_up(client)
    assert pay(client, token, nonce=nonce).status_code == 200
    [sub] = subscriptions(client, token)
    assert (sub["paymentCard"], sub["paymentEmail"]) == (card, email)
    assert (sub["paymentPlanPrice"], sub["currency"]) == ("4.99", "EUR")


def test_mask_email_keeps_one_letter_and_the_domain():
    from core.domain.payments import mask_payer_email

    assert mask_payer_email("jane.doe@paypal.com") == "j•••@paypal.com"
    assert mask_payer_email("") is None and mask_payer_email("no-at-sign") is None
