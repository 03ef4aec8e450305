"""3-D Secure through the API (docs/taking-real-money.md): THREE_D_SECURE required / optional / off, against the
sandbox gateway's 3-D Secure test nonces (Braintree's), wallets and plain card nonces."""

from __future__ import annotations

import pytest

from core.domain.payments import GatewayUnavailable
from core.domain.three_d_secure import ThreeDSecurePolicy
from tests.helpers import pay, signed_up, subscriptions

AUTHENTICATED = "fake-three-d-secure-visa-full-authentication-nonce"
STEP_UP = "fake-three-d-secure-two-visa-successful-step-up-authentication-nonce"
FAILED = "fake-three-d-secure-visa-failed-authentication-nonce"
UNAVAILABLE = "fake-three-d-secure-visa-authentication-unavailable-nonce"
LOOKUP_ERROR = "fake-three-d-secure-two-visa-error-on-lookup-nonce"
LOOKUP_TIMEOUT = "fake-three-d-secure-visa-lookup-timeout-nonce"
PLAIN_CARD = "fake-valid-visa-nonce"

OK = None
# nonce -> (required, optional, off): None = paid, else the errorMessage of the 400.
EXPECTED = {
    AUTHENTICATED: (OK, OK, OK),
    STEP_UP: (OK, OK, OK),
    FAILED: ("threeDSecureFailed", "threeDSecureFailed", OK),
    UNAVAILABLE: ("threeDSecureUnavailable", OK, OK),
    LOOKUP_ERROR: ("threeDSecureUnavailable", OK, OK),
    LOOKUP_TIMEOUT: ("threeDSecureUnavailable", OK, OK),
    PLAIN_CARD: ("threeDSecureRequired", OK, OK),
    # Wallets: no 3-D Secure for PayPal; Apple Pay and network-tokenized Google Pay are device-authenticated.
    "fake-paypal-billing-agreement-nonce": (OK, OK, OK),
    "fake-android-pay-visa-nonce": (OK, OK, OK),
    "fake-apple-pay-visa-nonce": (OK, OK, OK),
}
# What is recorded on a paid subscription: (three_d_secure_status, liability_shifted) when the rule is not off.
RECORDED = {
    AUTHENTICATED: ("authenticate_successful", True),
    STEP_UP: ("authenticate_successful", True),
    UNAVAILABLE: ("authenticate_unable_to_authenticate", False),
    LOOKUP_ERROR: ("lookup_error", False),
    LOOKUP_TIMEOUT: ("lookup_error", False),
}
LEVELS = ("required", "optional", "off")


def _rule(container, level: str, currency: str = "EUR") -> None:
    container.services.three_d_secure = ThreeDSecurePolicy.of({currency: level})


def _rows(container, account_email: str):
    with container.services.uow() as uow:
        account = uow.accounts.by_email(account_email)
        return uow.subscriptions.for_account(account.id)


@pytest.mark.parametrize("level_index,level", list(enumerate(LEVELS)))
@pytest.mark.parametrize("nonce", list(EXPECTED))
def test_each_rule_and_nonce(client, container, level_index, level, nonce):
    _rule(container, level)
    email = "tds@example.com"
    token = signed_up(client, email=email)
    response = pay(client, token, nonce=nonce)
    refused = EXPECTED[nonce][level_index]
    if refused is None:
        assert response.status_code == 200, response.json
        [row] = _rows(container, email)
        if level == "off":
            assert (row.three_d_secure_status, row.liability_shifted) == (
                None,
                None,
            )  # nothing was looked up
        else:
            assert (row.three_d_secure_status, row.liability_shifted) == RECORDED.get(
                nonce, (None, None)
            )
    else:
        assert response.status_code == 400
        assert (response.json["code"], response.json["message"], response.json["errorMessage"]) == (
            0,
            refused,
            refused,
        )
        assert _rows(container, email) == []  # refused before anything was recorded or charged
        assert container.gateway.subscriptions == {}
        assert subscriptions(client, token) == []


def test_the_rule_is_per_currency(client, container):
    container.services.three_d_secure = ThreeDSecurePolicy.of(
        {"EUR": "required", "USD": "optional"}
    )
    token = signed_up(client)
    assert (
        pay(client, token, plan="lumo_tv_monthly_eur", nonce=PLAIN_CARD).json["errorMessage"]
        == "threeDSecureRequired"
    )
    assert pay(client, token, plan="lumo_tv_monthly_usd", nonce=PLAIN_CARD).status_code == 200
    # CHF is not named: optional
    other = signed_up(client, email="chf@example.com")
    assert pay(client, other, plan="lumo_tv_monthly_chf", nonce=PLAIN_CARD).status_code == 200


def test_a_refused_authentication_leaves_the_trial_and_the_key_usable(client, container):
    _rule(container, "required")
    token = signed_up(client)
    assert pay(client, token, nonce=FAILED, key="k-1").status_code == 400
    assert pay(client, token, nonce=AUTHENTICATED, key="k-1").status_code == 200
    [sub] = subscriptions(client, token)
    assert sub["paymentStateId"] == "Trial"


def test_the_legacy_calls_apply_the_rule_too(client, container):
    _rule(container, "required")
    token = signed_up(client)
    body = {
        "nonce": PLAIN_CARD,
        "name": "Ana",
        "device_data": None,
        "iap": "lumo_tv_monthly_eur",
        "coupon": None,
    }
    response = client.post(
        "/v4/braintree/subscriptions", json=body, headers={"Authorization": f"Bearer {token}"}
    )
    assert (response.status_code, response.json["errorMessage"]) == (400, "threeDSecureRequired")
    body["nonce"] = STEP_UP
    response = client.post(
        "/v4/braintree/subscriptions", json=body, headers={"Authorization": f"Bearer {token}"}
    )
    assert response.status_code == 200, response.json


def test_gateway_unreachable_during_the_lookup_is_503_and_nothing_is_recorded(client, container):
    _rule(container, "required")

    def down(nonce):
        raise GatewayUnavailable("timeout")

    container.gateway.inspect_nonce = down
    token = signed_up(client, email="down@example.com")
    response = pay(client, token, nonce=AUTHENTICATED)
    assert (response.status_code, response.json["message"]) == (503, "subscriptionCreateFailed")
    assert _rows(container, "down@example.com") == []


def test_the_rule_off_never_asks_the_gateway(client, container):
    _rule(container, "off")
    asked = []
    container.gateway.inspect_nonce = lambda nonce: asked.append(nonce)
    token = signed_up(client)
    assert pay(client, token, nonce=FAILED).status_code == 200
    assert asked == []


def test_apple_pay_is_shown_as_apple_pay(client, container):
    token = signed_up(client)
    assert pay(client, token, nonce="fake-apple-pay-visa-nonce").status_code == 200
    assert subscriptions(client, token)[0]["paymentMethod"] == "apple_pay"


def test_a_retry_after_a_lost_answer_is_answered_without_asking_the_gateway(client, container):
    # The nonce of a payment that went through is spent: the retry under the same key is answered from
    # the stored purchase, even while the gateway cannot be reached for the lookup.
    _rule(container, "required")
    token = signed_up(client)
    first = pay(client, token, nonce=AUTHENTICATED, key="lost-answer-1")
    assert first.status_code == 200, first.json

    def down(nonce):
        raise GatewayUnavailable("timeout")

    container.gateway.inspect_nonce = down
    again = pay(client, token, nonce=AUTHENTICATED, key="lost-answer-1")
    assert again.status_code == 200 and again.json == first.json
    other = pay(
        client, token, plan="lumo_games_monthly_eur", nonce=AUTHENTICATED, key="lost-answer-1"
    )
    assert (other.status_code, other.json["message"]) == (400, "idempotencyKeyReused")
    assert len(subscriptions(client, token)) == 1
