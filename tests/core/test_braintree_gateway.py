"""The Braintree adapter, through the real SDK, against a loopback stub of the gateway's XML API."""

from __future__ import annotations

import base64
import pathlib
import re
import socket
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import braintree
import pytest
from braintree.error_result import ErrorResult
from braintree.util.crypto import Crypto

from core.adapters.payments.braintree_gateway import (
    COUPON_DISCOUNT_ID,
    ERROR_CODE_TABLE,
    BraintreeGateway,
    build_braintree_gateway,
    classify_error,
)
from core.domain.payments import (
    BRAND_NOT_ACCEPTED,
    CARD,
    CONSUMED_NONCE,
    CVV_FAILED,
    DECLINED,
    DUPLICATE,
    GATEWAY_REJECTED,
    GOOGLE_PAY,
    INVALID_NONCE,
    MESSAGE_KEYS,
    PAYPAL,
    SETTLED,
    UNAVAILABLE,
    UNSETTLED,
    VOIDED,
    Discount,
    GatewayUnavailable,
    InvalidWebhookSignature,
    SubscriptionRequest,
    TransactionInfo,
)
from tests.core.braintree_stub import MERCHANT_ID, PRIVATE_KEY, PUBLIC_KEY, BraintreeStub

ROOT = pathlib.Path(__file__).resolve().parents[2]
PROVIDER_MESSAGES = ("Do Not Honor", "Gateway Rejected", "Cannot use", "is invalid", "Unknown")


@pytest.fixture(scope="module")
def server():
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("NO_PROXY", "127.0.0.1")
        stub = BraintreeStub().start()
        yield stub
        stub.stop()


@pytest.fixture
def stub(server):
    server.reset()
    return server


def environment(port: int) -> braintree.Environment:
    return braintree.Environment(
        "stub", "127.0.0.1", str(port), f"http://127.0.0.1:{port}", False, None
    )


@pytest.fixture
def gateway(stub):
    adapter = BraintreeGateway(
        MERCHANT_ID,
        PUBLIC_KEY,
        PRIVATE_KEY,
        environment(stub.port),
        merchant_accounts={"EUR": "lumo_eur"},
    )
    yield adapter
    adapter.close()


def request(**changes) -> SubscriptionRequest:
    values = dict(
        subscription_id="sub_42_1",
        customer_id="acct_42",
        email="parent@example.com",
        nonce="fake-valid-nonce",
        plan_id="lumo_monthly",
        price=Decimal("7.99"),
        currency="EUR",
        billing_name="Ada Parent",
        device_data='{"correlation_id":"abc"}',
    )
    return SubscriptionRequest(**values | changes)


def midnight(days_from_today: int) -> datetime:
    today = datetime.now(UTC).date() + timedelta(days=days_from_today)
    return datetime(today.year, today.month, today.day, tzinfo=UTC)


# -- subscriptions ---------------------------------------------------------------------------
def test_card_subscription_with_trial_and_coupon(gateway, stub):
    result = gateway.create_subscription(request(trial_days=7, discount=Discount(Decimal("2"), 3)))

    assert (result.ok, result.gateway_id, result.payment_method, result.error) == (
        True,
        "sub_42_1",
        CARD,
        None,
    )
    assert result.next_billing_date == midnight(7)
    assert stub.bodies("POST", "/customers") == [
        {"customer": {"id": "acct_42", "email": "parent@example.com"}}
    ]
    [vault] = stub.bodies("POST", "/payment_methods")
    assert vault["payment_method"] == {
        "customer_id": "acct_42",
        "payment_method_nonce": "fake-valid-nonce",
        "device_data": '{"correlation_id":"abc"}',
        "cardholder_name": "Ada Parent",
        "options": {
            "verify_card": True,
            "verification_amount": "1.00",
            "verification_merchant_account_id": "lumo_eur",
        },
    }
    [sent] = stub.bodies("POST", "/subscriptions")
    assert sent["subscription"] == {
        "id": "sub_42_1",
        "payment_method_token": vault_token(stub),
        "plan_id": "lumo_monthly",
        "price": "7.99",
        "trial_period": True,
        "trial_duration": 7,
        "trial_duration_unit": "day",
        "options": {"do_not_inherit_add_ons_or_discounts": True},
        "merchant_account_id": "lumo_eur",
        "discounts": {
            "add": [
                {
                    "inherited_from_id": COUPON_DISCOUNT_ID,
                    "amount": "2.00",
                    "number_of_billing_cycles": 3,
                }
            ]
        },
    }
    assert stub.subscriptions["sub_42_1"]["next_billing_period_amount"] == "5.99"
    # The brand and last four digits Braintree reports, for the profile; no full e-mail, no number.
    assert (result.card_brand, result.card_last4, result.payer_email) == ("Visa", "1881", None)
    assert (
        result.card_expiry == "12/2030"
    )  # the card-expiring e-mail (docs/billing.md#failed-payments-and-dunning)


def vault_token(stub) -> str:
    [token] = stub.payment_methods
    return token


@pytest.mark.parametrize(
    "nonce, kind",
    [("fake-paypal-billing-agreement-nonce", PAYPAL), ("fake-android-pay-nonce", GOOGLE_PAY)],
)
def test_wallet_subscription_without_trial(gateway, stub, nonce, kind):
    stub.customers["acct_42"] = {"id": "acct_42", "email": "parent@example.com"}

    result = gateway.create_subscription(request(nonce=nonce, currency="USD"))

    assert (result.ok, result.payment_method) == (True, kind)
    if kind == PAYPAL:  # The payer's e-mail, masked at once; no card, no expiry
        assert (result.payer_email, result.card_last4, result.card_expiry) == (
            "p•••@example.com",
            None,
            None,
        )
    else:
        assert (result.card_brand, result.card_last4, result.payer_email) == ("Visa", "1111", None)
    assert result.next_billing_date == midnight(30)  # the stub bills monthly as 30 days
    assert stub.bodies("POST", "/customers") == []  # found, not created again
    [sent] = stub.bodies("POST", "/subscriptions")
    assert sent["subscription"]["trial_period"] is False
    assert (
        "trial_duration" not in sent["subscription"]
        and "merchant_account_id" not in sent["subscription"]
    )


def test_add_ons_are_taken_out_of_the_price_braintree_adds_them(gateway, stub):
    result = gateway.create_subscription(
        request(price=Decimal("9.99"), add_ons=(("extra_child", Decimal("2")),))
    )

    assert result.ok
    [sent] = stub.bodies("POST", "/subscriptions")
    assert sent["subscription"]["price"] == "7.99"
    assert sent["subscription"]["add_ons"] == {
        "add": [{"inherited_from_id": "extra_child", "amount": "2.00"}]
    }
    assert stub.subscriptions["sub_42_1"]["next_billing_period_amount"] == "9.99"


@pytest.mark.parametrize(
    "nonce, error",
    [
        ("fake-processor-declined-visa-nonce", DECLINED),
        ("fake-cvv-failure-nonce", CVV_FAILED),
        ("fake-consumed-nonce", CONSUMED_NONCE),
        ("fake-luhn-invalid-nonce", INVALID_NONCE),
        ("no-such-nonce", INVALID_NONCE),
    ],
)
def test_refused_payment_methods_map_to_neutral_codes(gateway, stub, nonce, error):
    result = gateway.create_subscription(request(nonce=nonce))

    assert (result.ok, result.error, result.gateway_id) == (False, error, None)
    assert stub.subscriptions == {} and stub.bodies("POST", "/subscriptions") == []
    assert not any(message in repr(result) for message in PROVIDER_MESSAGES)


@pytest.mark.parametrize("nonce", ["fake-gateway-unavailable-nonce", "fake-gateway-error-nonce"])
def test_provider_errors_raise_unavailable(gateway, nonce):
    with pytest.raises(GatewayUnavailable):
        gateway.create_subscription(request(nonce=nonce))


def test_timeout_raises_unavailable(stub):
    impatient = BraintreeGateway(
        MERCHANT_ID, PUBLIC_KEY, PRIVATE_KEY, environment(stub.port), timeout=0.2
    )
    try:
        with pytest.raises(GatewayUnavailable):
            impatient.create_subscription(request(nonce="fake-gateway-timeout-nonce"))
    finally:
        stub.release.set()
        impatient.close()


def test_nobody_listening_raises_unavailable():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    nowhere = BraintreeGateway(MERCHANT_ID, PUBLIC_KEY, PRIVATE_KEY, environment(port), timeout=1)
    with pytest.raises(GatewayUnavailable):
        nowhere.client_token()


def test_wrong_credentials_are_not_mistaken_for_an_outage(stub):
    wrong = BraintreeGateway(MERCHANT_ID, PUBLIC_KEY, "not-the-key", environment(stub.port))
    with pytest.raises(braintree.exceptions.AuthenticationError):
        wrong.client_token()
    wrong.close()


def test_retry_with_the_same_id_returns_the_subscription_already_created(gateway, stub):
    first = gateway.create_subscription(request(trial_days=7))
    again = gateway.create_subscription(request(trial_days=7))

    assert first.ok and again.ok and first.gateway_id == again.gateway_id == "sub_42_1"
    assert again.payment_method == CARD and again.next_billing_date == first.next_billing_date
    assert list(stub.subscriptions) == ["sub_42_1"]
    assert (
        len(stub.bodies("POST", "/subscriptions")) == 2
    )  # the second was refused as a duplicate id


def test_retry_with_a_nonce_already_used_finds_the_subscription(gateway, stub):
    first = gateway.create_subscription(request(nonce="single-use-fake-valid-nonce"))
    again = gateway.create_subscription(request(nonce="single-use-fake-valid-nonce"))

    assert first.ok and again.ok and first.gateway_id == again.gateway_id
    assert (
        list(stub.subscriptions) == ["sub_42_1"] and len(stub.bodies("POST", "/subscriptions")) == 1
    )


def test_used_nonce_without_a_subscription_is_consumed(gateway, stub):
    stub.used_nonces.add("single-use-fake-valid-nonce")
    result = gateway.create_subscription(request(nonce="single-use-fake-valid-nonce"))
    assert (result.ok, result.error) == (False, CONSUMED_NONCE)


def test_an_id_of_a_canceled_subscription_is_not_a_retry(gateway, stub):
    gateway.create_subscription(request())
    gateway.cancel_subscription("sub_42_1")

    result = gateway.create_subscription(request())

    assert (result.ok, result.error) == (False, DUPLICATE)


def test_cancel_is_idempotent(gateway, stub):
    gateway.create_subscription(request())

    assert gateway.cancel_subscription("sub_42_1").ok
    assert stub.subscriptions["sub_42_1"]["status"] == "Canceled"
    assert gateway.cancel_subscription("sub_42_1").ok
    assert gateway.cancel_subscription("sub_unknown") == gateway.cancel_subscription("sub_unknown")
    assert gateway.cancel_subscription("sub_unknown").error == GATEWAY_REJECTED


def test_delete_customer_removes_it_and_an_unknown_one_is_fine(gateway, stub):
    gateway.create_subscription(request())
    customer = next(iter(stub.customers))

    assert gateway.delete_customer(customer).ok
    assert customer not in stub.customers
    assert gateway.delete_customer(customer).ok  # already gone: nothing left to delete


def test_change_plan(gateway, stub):
    gateway.create_subscription(request())

    result = gateway.change_plan("sub_42_1", "lumo_monthly_family", Decimal("59.9"))

    assert (result.ok, result.gateway_id) == (
        True,
        "sub_42_1",
    ) and result.next_billing_date == midnight(30)
    assert stub.bodies("PUT", "/subscriptions/sub_42_1") == [
        {
            "subscription": {
                "plan_id": "lumo_monthly_family",
                "price": "59.90",
                "options": {"prorate_charges": False},
            }
        }
    ]
    assert gateway.change_plan("sub_42_1", "no_such_plan", Decimal(1)).error == GATEWAY_REJECTED
    assert gateway.change_plan("sub_unknown", "lumo_yearly", Decimal(1)).error == GATEWAY_REJECTED
    # Braintree refuses a plan of another billing frequency (91922): that is continue_on_plan.
    assert gateway.change_plan("sub_42_1", "lumo_yearly", Decimal(1)).error == GATEWAY_REJECTED


def test_continue_on_plan_lets_the_year_run_out_and_starts_a_monthly_one_when_it_ends(
    gateway, stub
):
    gateway.create_subscription(request(plan_id="lumo_yearly", price=Decimal("59.90")))
    yearly = stub.subscriptions["sub_42_1"]
    ends = datetime.now(UTC).date() + timedelta(days=30)
    yearly["next_billing_date"] = ends  # the paid year ends in 30 days
    charges = len(stub.transactions)

    result = gateway.continue_on_plan(
        "sub_42_1", "lumo42_m1", "lumo_monthly", Decimal("4.99"), ends
    )

    assert (result.ok, result.gateway_id) == (True, "lumo42_m1")
    assert result.next_billing_date == midnight(30)
    assert stub.bodies("PUT", "/subscriptions/sub_42_1") == [
        {"subscription": {"never_expires": False, "number_of_billing_cycles": 1}}
    ]
    [created] = stub.bodies("POST", "/subscriptions")[1:]
    assert created["subscription"] == {
        "id": "lumo42_m1",
        "payment_method_token": yearly["payment_method_token"],
        "plan_id": "lumo_monthly",
        "price": "4.99",
        "trial_period": False,
        "options": {"do_not_inherit_add_ons_or_discounts": True},
        "first_billing_date": f"{ends.isoformat()}T00:00:00Z",
        "merchant_account_id": "lumo_eur",
    }
    assert (yearly["never_expires"], yearly["number_of_billing_cycles"]) == (False, 1)
    assert stub.subscriptions["lumo42_m1"]["status"] == "Pending"
    assert len(stub.transactions) == charges  # nothing charged now: no double charge

    again = gateway.continue_on_plan("sub_42_1", "lumo42_m1", "lumo_monthly", Decimal("4.99"), ends)

    assert (again.ok, again.gateway_id) == (True, "lumo42_m1")  # a retry finds it
    assert len(stub.bodies("POST", "/subscriptions")) == 3  # tried once more, refused: id in use
    assert len(stub.bodies("PUT", "/subscriptions/sub_42_1")) == 1  # the limit stands already
    assert [k for k in stub.subscriptions if k.startswith("lumo42")] == ["lumo42_m1"]


def test_continue_on_plan_cancels_one_in_its_trial_and_bills_the_new_one_from_the_trials_end(
    gateway, stub
):
    gateway.create_subscription(request(trial_days=7))  # monthly, nothing billed yet
    trial_ends = datetime.now(UTC).date() + timedelta(days=7)

    result = gateway.continue_on_plan(
        "sub_42_1", "lumo42_y1", "lumo_yearly", Decimal("34.90"), trial_ends
    )

    assert (result.ok, result.gateway_id) == (True, "lumo42_y1")
    assert stub.subscriptions["sub_42_1"]["status"] == "Canceled"  # no cycle to run out
    assert stub.bodies("PUT", "/subscriptions/sub_42_1") == []  # not limited: cancelled
    assert stub.subscriptions["lumo42_y1"]["next_billing_date"] == trial_ends
    again = gateway.continue_on_plan(
        "sub_42_1", "lumo42_y1", "lumo_yearly", Decimal("34.90"), trial_ends
    )
    assert (again.ok, again.gateway_id) == (True, "lumo42_y1")  # cancelled already, found


def test_continue_on_plan_of_an_unknown_subscription_is_refused(gateway, stub):
    result = gateway.continue_on_plan(
        "sub_unknown", "lumo42_m1", "lumo_monthly", Decimal("4.99"), datetime.now(UTC).date()
    )
    assert (result.ok, result.error) == (False, GATEWAY_REJECTED)
    assert "lumo42_m1" not in stub.subscriptions


def test_client_token(gateway, stub):
    stub.customers["acct_42"] = {"id": "acct_42"}

    assert gateway.client_token("acct_42") == "stub-client-token-acct_42"
    assert gateway.client_token("acct_new") == "stub-client-token-anonymous"  # not in the vault yet
    assert gateway.client_token() == "stub-client-token-anonymous"
    assert stub.bodies("POST", "/client_token")[0] == {
        "client_token": {"customer_id": "acct_42", "version": 2}
    }


# -- webhooks --------------------------------------------------------------------------------
@pytest.fixture
def signer():
    return braintree.BraintreeGateway(
        braintree.Configuration(
            environment=braintree.Environment.Sandbox,
            merchant_id=MERCHANT_ID,
            public_key=PUBLIC_KEY,
            private_key=PRIVATE_KEY,
        )
    )


@pytest.mark.parametrize(
    "provider_kind, kind",
    [
        ("subscription_charged_successfully", "charged"),
        ("subscription_charged_unsuccessfully", "charge_failed"),
        ("subscription_went_past_due", "past_due"),
        ("subscription_expired", "expired"),
        ("subscription_canceled", "canceled"),
        ("subscription_went_active", "went_active"),
        ("subscription_trial_ended", "other"),
        ("check", "other"),
    ],
)
def test_webhook_kinds(gateway, signer, provider_kind, kind):
    sample = signer.webhook_testing.sample_notification(provider_kind, "sub_42_1")

    event = gateway.parse_webhook(sample["bt_signature"], sample["bt_payload"].decode())

    assert (event.kind, event.extra) == (kind, {"provider_kind": provider_kind})
    assert event.gateway_id == ("" if provider_kind == "check" else "sub_42_1")
    assert event.occurred_at.tzinfo == UTC
    assert abs(event.occurred_at - datetime.now(UTC)) < timedelta(minutes=1)


def signed(xml: str) -> tuple[str, str]:
    payload = base64.encodebytes(xml.encode())
    return f"{PUBLIC_KEY}|{Crypto.sha1_hmac_hash(PRIVATE_KEY, payload)}", payload.decode()


def test_charged_webhook_dates_are_utc_midnights(gateway):
    signature, payload = signed(
        "<notification><timestamp type='datetime'>2026-02-06T09:30:00Z</timestamp>"
        "<kind>subscription_charged_successfully</kind><subject><subscription><id>sub_42_1</id>"
        "<paid-through-date type='date'>2026-03-05</paid-through-date>"
        "<next-billing-date type='date'>2026-03-06</next-billing-date>"
        "<transactions type='array'/><add-ons type='array'/><discounts type='array'/>"
        "</subscription></subject></notification>"
    )

    event = gateway.parse_webhook(signature, payload)

    assert event.occurred_at == datetime(2026, 2, 6, 9, 30, tzinfo=UTC)
    assert event.paid_through == datetime(2026, 3, 5, tzinfo=UTC)
    assert event.next_billing_date == datetime(2026, 3, 6, tzinfo=UTC)


def tampered(signature: str, payload: str):
    digest = signature.split("|")[1]
    flipped = payload[:10] + ("A" if payload[10] != "A" else "B") + payload[11:]
    yield "forged signature", f"{PUBLIC_KEY}|{'0' * len(digest)}", payload
    yield "modified payload", signature, flipped
    yield "another public key", f"someone_else|{digest}", payload
    yield "no signature pair", "garbage", payload
    yield "illegal characters", signature, "<notification/>"
    yield "not ascii", signature, payload + "é"


def test_tampered_webhooks_are_refused(gateway, signer):
    sample = signer.webhook_testing.sample_notification("subscription_canceled", "sub_42_1")
    cases = list(tampered(sample["bt_signature"], sample["bt_payload"].decode()))
    for name, signature, payload in cases:
        with pytest.raises(InvalidWebhookSignature):
            gateway.parse_webhook(signature, payload)
            pytest.fail(name)


# -- the error table and the factory ----------------------------------------------------------
def error_result(errors: dict | None = None, **outcome) -> ErrorResult:
    attributes = {"errors": {"errors": [], **(errors or {})}, "message": "Provider says no"}
    if "transaction" in outcome:
        attributes["transaction"] = {"amount": "7.99", **outcome["transaction"]}
    if "verification" in outcome:
        attributes["verification"] = outcome["verification"]
    return ErrorResult(None, attributes)


def codes(key: str, *values: str) -> dict:
    return {key: {"errors": [{"code": code, "attribute": "x", "message": "m"} for code in values]}}


@pytest.mark.parametrize(
    "result, expected",
    [
        (
            error_result(
                verification={"status": "processor_declined", "processor_response_code": "2000"}
            ),
            DECLINED,
        ),
        (error_result(verification={"processor_response_code": "2046"}), DECLINED),
        (
            error_result(
                transaction={"status": "processor_declined", "processor_response_code": "2001"}
            ),
            DECLINED,
        ),
        (
            error_result(
                verification={
                    "status": "gateway_rejected",
                    "gateway_rejection_reason": "cvv",
                    "processor_response_code": "1000",
                }
            ),
            CVV_FAILED,
        ),
        (
            error_result(
                transaction={
                    "status": "gateway_rejected",
                    "gateway_rejection_reason": "avs_and_cvv",
                }
            ),
            CVV_FAILED,
        ),
        (
            error_result(
                transaction={"status": "gateway_rejected", "gateway_rejection_reason": "duplicate"}
            ),
            DUPLICATE,
        ),
        (
            error_result(
                verification={"status": "gateway_rejected", "gateway_rejection_reason": "fraud"}
            ),
            GATEWAY_REJECTED,
        ),
        (
            error_result(verification={"status": "failed", "processor_response_code": "3000"}),
            UNAVAILABLE,
        ),
        (error_result(codes("payment_method", "93108")), INVALID_NONCE),
        (error_result(codes("credit_card", "81715")), INVALID_NONCE),
        (error_result(codes("payment_method", "93107")), CONSUMED_NONCE),
        (error_result(codes("paypal_account", "92909")), CONSUMED_NONCE),
        (error_result(codes("credit_card", "81703")), BRAND_NOT_ACCEPTED),
        (error_result(codes("subscription", "91924")), BRAND_NOT_ACCEPTED),
        (error_result(codes("credit_card", "81736")), CVV_FAILED),
        (error_result(codes("subscription", "91904")), GATEWAY_REJECTED),  # unlisted code
        (error_result(), GATEWAY_REJECTED),
    ],
)
def test_error_table(result, expected):
    assert classify_error(result) == expected


def test_error_table_speaks_only_neutral_codes():
    assert set(ERROR_CODE_TABLE.values()) <= set(MESSAGE_KEYS)
    assert all(re.fullmatch(r"\d{5}", code) for code in ERROR_CODE_TABLE)


@pytest.mark.parametrize("missing", ["merchant_id", "public_key", "private_key"])
@pytest.mark.parametrize("blank", [None, "", "  "])
def test_factory_refuses_missing_credentials(missing, blank):
    credentials = {"merchant_id": "m", "public_key": "pub", "private_key": "priv"} | {
        missing: blank
    }
    with pytest.raises(ValueError, match=f"Braintree is not configured: missing {missing}"):
        build_braintree_gateway(**credentials, environment_name="production")


@pytest.mark.parametrize("name", ["", None, "development", "staging"])
def test_factory_refuses_unknown_environments(name):
    with pytest.raises(ValueError, match="sandbox' or 'production"):
        build_braintree_gateway("m", "pub", "priv", name)


@pytest.mark.parametrize(
    "name, expected",
    [("sandbox", braintree.Environment.Sandbox), ("Production", braintree.Environment.Production)],
)
def test_factory_builds_without_calling_out(name, expected):
    adapter = build_braintree_gateway("m", "pub", "priv", name)
    assert adapter._sdk.config.environment is expected and adapter._sdk.config.wrap_http_exceptions


def test_only_the_adapter_imports_braintree():
    importers = {
        str(path.relative_to(ROOT))
        for package in ("core", "bff", "tasks")
        for path in (ROOT / package).rglob("*.py")
        if re.search(r"^\s*(import|from)\s+braintree\b", path.read_text(), re.M)
    }
    assert importers == {"core/adapters/payments/braintree_gateway.py"}


# -- merchant accounts per currency (BRAINTREE_MERCHANT_ACCOUNTS) ----------------------------------
ACCOUNTS = {"EUR": "lumo_eur", "CHF": "lumo_chf", "USD": "lumo_usd"}


@pytest.fixture
def billing(stub):
    adapter = BraintreeGateway(
        MERCHANT_ID, PUBLIC_KEY, PRIVATE_KEY, environment(stub.port), merchant_accounts=ACCOUNTS
    )
    yield adapter
    adapter.close()


def test_the_client_token_of_a_currency_names_its_merchant_account(billing, stub):
    stub.customers["acct_42"] = {"id": "acct_42"}
    billing.client_token("acct_42", "CHF")
    billing.client_token(None, "USD")
    billing.client_token(None, "GBP")  # not sold: the default merchant account
    assert [
        b["client_token"].get("merchant_account_id") for b in stub.bodies("POST", "/client_token")
    ] == ["lumo_chf", "lumo_usd", None]


@pytest.mark.parametrize("currency", ["EUR", "CHF", "USD"])
@pytest.mark.parametrize("trial_days", [0, 7])
def test_every_request_carries_the_merchant_account_of_the_plans_currency(
    billing, stub, currency, trial_days
):
    result = billing.create_subscription(
        request(currency=currency, trial_days=trial_days, subscription_id=f"sub_{currency}")
    )

    assert result.ok
    [vault] = stub.bodies("POST", "/payment_methods")  # the card verification
    assert (
        vault["payment_method"]["options"]["verification_merchant_account_id"] == ACCOUNTS[currency]
    )
    [sent] = stub.bodies("POST", "/subscriptions")
    assert sent["subscription"]["merchant_account_id"] == ACCOUNTS[currency]
    charges = list(stub.transactions.values())
    if trial_days:
        assert charges == [] and result.transaction_id is None
    else:  # charged at once, through the same merchant account, in that currency
        [charge] = charges
        assert (charge["merchant_account_id"], charge["currency_iso_code"]) == (
            ACCOUNTS[currency],
            currency,
        )
        assert (result.transaction_id, result.amount) == (charge["id"], Decimal("7.99"))


def test_the_composition_root_wires_the_setting_into_the_adapter():
    from core.bootstrap import payment_gateway
    from core.domain.clock import SystemClock
    from core.settings import from_environment

    settings = from_environment(
        {
            "PAYMENT_GATEWAY": "braintree",
            "BRAINTREE_MERCHANT_ID": "m",
            "BRAINTREE_PUBLIC_KEY": "pub",
            "BRAINTREE_PRIVATE_KEY": "priv",
            "BRAINTREE_MERCHANT_ACCOUNTS": "EUR=lumo_eur, chf=lumo_chf;USD=lumo_usd",
        }
    )
    adapter = payment_gateway(settings, SystemClock())
    assert adapter._merchant_accounts == ACCOUNTS


@pytest.mark.parametrize("raw", ["EUR", "EUR=", "EURO=lumo_eur", "EUR=lumo eur", "EUR=a,EUR=b"])
def test_malformed_merchant_accounts_stop_the_start(raw):
    from core.settings import from_environment

    with pytest.raises(ValueError, match="BRAINTREE_MERCHANT_ACCOUNTS"):
        from_environment({"BRAINTREE_MERCHANT_ACCOUNTS": raw})


def test_the_production_check_knows_every_currency_the_catalogue_sells():
    from core.adapters.catalogue_file import FileCatalogue
    from core.settings import SOLD_CURRENCIES

    sold = {plan.currency for plan in FileCatalogue.load()._plans}  # every plan of the data file
    assert sold == set(SOLD_CURRENCIES)


# -- transactions: find, refund, void ------------------------------------------------------------
def test_refund_and_void_follow_the_settlement(billing, stub):
    charge = billing.create_subscription(request(currency="CHF")).transaction_id

    assert billing.find_transaction(charge) == TransactionInfo(
        charge, UNSETTLED, Decimal("7.99"), "CHF"
    )
    assert (
        billing.refund(charge, Decimal("1")).error == GATEWAY_REJECTED
    )  # not settled yet: void it
    stub.transactions[charge]["status"] = "settled"
    first = billing.refund(charge, Decimal("2.5"))
    assert (first.ok, first.amount) == (True, Decimal("2.50"))
    assert stub.bodies("POST", f"/transactions/{charge}/refund") == [
        {"transaction": {"amount": "1.00"}},
        {"transaction": {"amount": "2.50"}},
    ]
    assert stub.transactions[first.gateway_id]["refunded_transaction_id"] == charge
    assert billing.refund(charge, Decimal("5.50")).error == GATEWAY_REJECTED  # more than is left
    assert billing.find_transaction(charge) == TransactionInfo(
        charge, SETTLED, Decimal("7.99"), "CHF", refunded=Decimal("2.50")
    )
    assert billing.void(charge).error == GATEWAY_REJECTED  # settled: refund it instead
    assert billing.find_transaction("tx_unknown") is None
    assert (
        billing.refund("tx_unknown", Decimal(1)).error
        == billing.void("tx_unknown").error
        == GATEWAY_REJECTED
    )


def test_void_before_settlement(billing, stub):
    charge = billing.create_subscription(request(currency="USD")).transaction_id

    result = billing.void(charge)

    assert (result.ok, result.gateway_id) == (True, charge)
    assert billing.find_transaction(charge).status == VOIDED


def test_transaction_calls_raise_unavailable_when_the_gateway_is_down(stub):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    nowhere = BraintreeGateway(MERCHANT_ID, PUBLIC_KEY, PRIVATE_KEY, environment(port), timeout=1)
    for call in (
        lambda: nowhere.find_transaction("tx1"),
        lambda: nowhere.refund("tx1", Decimal(1)),
        lambda: nowhere.void("tx1"),
    ):
        with pytest.raises(GatewayUnavailable):
            call()


@pytest.mark.parametrize(
    "provider_kind, kind",
    [
        ("dispute_opened", "dispute_opened"),
        ("dispute_won", "dispute_won"),
        ("dispute_lost", "dispute_lost"),
    ],
)
def test_dispute_webhooks_name_the_disputed_charge(gateway, signer, provider_kind, kind):
    sample = signer.webhook_testing.sample_notification(provider_kind, "dp_7")

    event = gateway.parse_webhook(sample["bt_signature"], sample["bt_payload"].decode())

    # The SDK's samples give the dispute and its transaction the same id; amounts are Decimal.
    assert (event.kind, event.gateway_id, event.transaction_id) == (kind, "dp_7", "dp_7")
    assert (event.amount, event.currency) == (Decimal("100.00"), "USD")


def test_a_charged_webhook_names_its_transaction(gateway, signer):
    sample = signer.webhook_testing.sample_notification(
        "subscription_charged_successfully", "sub_42_1"
    )

    event = gateway.parse_webhook(sample["bt_signature"], sample["bt_payload"].decode())

    assert (event.kind, event.gateway_id, event.transaction_id, event.amount) == (
        "charged",
        "sub_42_1",
        "sub_42_1",
        Decimal("49.99"),
    )


# -- payment method updates and retries (docs/billing.md#fixing-a-failed-payment) -----------
def test_update_payment_method_vaults_then_points_the_subscription_then_removes_the_old(
    gateway, stub
):
    gateway.create_subscription(request())
    old_token = stub.subscriptions["sub_42_1"]["payment_method_token"]

    result = gateway.update_payment_method(
        "sub_42_1",
        None,  # the subscription's own customer
        "fake-paypal-billing-agreement-nonce",
        device_data='{"correlation_id":"def"}',
        currency="EUR",
    )

    assert (result.ok, result.gateway_id, result.payment_method, result.payer_email) == (
        True,
        "sub_42_1",
        PAYPAL,
        "p•••@example.com",
    )
    [vault] = stub.bodies("POST", "/payment_methods")[1:]  # after the purchase's own
    assert vault["payment_method"]["customer_id"] == "acct_42"
    assert vault["payment_method"]["options"] == {
        "verify_card": True,
        "verification_amount": "1.00",  # the amount the web's 3-D Secure authenticated
        "verification_merchant_account_id": "lumo_eur",
    }
    assert vault["payment_method"]["device_data"] == '{"correlation_id":"def"}'
    new_token = stub.subscriptions["sub_42_1"]["payment_method_token"]
    assert new_token != old_token and new_token in stub.payment_methods
    assert old_token not in stub.payment_methods  # removed, and only after the switch
    calls = [(m, p.rsplit("/", 2)[-2:]) for m, p, _ in stub.received]
    switched = calls.index(("PUT", ["subscriptions", "sub_42_1"]))
    deleted = calls.index(("DELETE", ["any", old_token]))
    assert switched < deleted


def test_a_refused_new_method_leaves_the_subscription_and_its_method(gateway, stub):
    gateway.create_subscription(request())
    old_token = stub.subscriptions["sub_42_1"]["payment_method_token"]

    result = gateway.update_payment_method(
        "sub_42_1", "acct_42", "fake-processor-declined-visa-nonce"
    )

    assert (result.ok, result.error) == (False, DECLINED)
    assert stub.subscriptions["sub_42_1"]["payment_method_token"] == old_token
    assert old_token in stub.payment_methods
    assert stub.bodies("PUT", "/subscriptions/sub_42_1") == []
    assert gateway.update_payment_method("sub_unknown", "acct_42", "fake-valid-nonce").error == (
        GATEWAY_REJECTED
    )


def test_a_3ds_nonce_is_vaulted_with_card_verification(gateway, stub):
    gateway.create_subscription(request())

    result = gateway.update_payment_method(
        "sub_42_1", "acct_42", "fake-three-d-secure-visa-full-authentication-nonce"
    )

    assert (result.ok, result.payment_method, result.card_brand, result.card_last4) == (
        True,
        CARD,
        "Visa",
        "1091",
    )
    vault = stub.bodies("POST", "/payment_methods")[-1]["payment_method"]
    assert vault["payment_method_nonce"] == "fake-three-d-secure-visa-full-authentication-nonce"
    assert vault["options"]["verify_card"] is True


def test_retry_charge_of_a_past_due_subscription_is_submitted_for_settlement(gateway, stub):
    gateway.create_subscription(request(trial_days=7))
    stub.subscriptions["sub_42_1"]["status"] = "Past Due"

    result = gateway.retry_charge("sub_42_1", Decimal("7.99"))

    assert (result.ok, result.gateway_id, result.amount) == (True, "sub_42_1", Decimal("7.99"))
    assert stub.transactions[result.transaction_id]["status"] == "submitted_for_settlement"
    assert stub.bodies("POST", "/transactions") == [
        {
            "transaction": {
                "amount": "7.99",
                "subscription_id": "sub_42_1",
                "type": "sale",
                "options": {"submit_for_settlement": True},
            }
        }
    ]
    assert result.next_billing_date == midnight(7)
    # Active again: Braintree refuses a second retry, so nothing is charged twice
    again = gateway.retry_charge("sub_42_1", Decimal("7.99"))
    assert (again.ok, again.error) == (False, GATEWAY_REJECTED)
    assert len(stub.transactions) == 1


def test_a_declined_retry_maps_to_declined_and_an_unknown_subscription_is_rejected(gateway, stub):
    gateway.create_subscription(request(trial_days=7))
    stub.subscriptions["sub_42_1"]["status"] = "Past Due"

    declined = gateway.retry_charge("sub_42_1", Decimal("2001"))

    assert (declined.ok, declined.error, declined.transaction_id) == (False, DECLINED, None)
    assert gateway.retry_charge("sub_unknown", Decimal("7.99")).error == GATEWAY_REJECTED


def test_the_metered_wrapper_passes_updates_and_retries_through():
    from core.adapters.metrics import MeteredGateway
    from core.adapters.payments.sandbox import SandboxGateway

    sandbox = SandboxGateway()
    metered = MeteredGateway(sandbox)
    sandbox.decline_renewals("g1")
    assert metered.retry_charge("g1", Decimal("4.99")).error == DECLINED
    assert metered.update_payment_method("g1", "1", "fake-valid-visa-nonce").ok
    assert metered.retry_charge("g1", Decimal("4.99")).ok
    assert sandbox.retry_calls == [("g1", Decimal("4.99")), ("g1", Decimal("4.99"))]


def _gateway_calls(operation: str, outcome: str) -> float:
    from core.adapters.metrics import REGISTRY

    value = REGISTRY.get_sample_value(
        "lumo_gateway_call_duration_seconds_count", {"operation": operation, "outcome": outcome}
    )
    return value or 0.0


def test_the_metered_wrapper_times_the_calls_that_change_something_and_passes_the_rest():
    import inspect

    from core.adapters.metrics import MeteredGateway
    from core.adapters.payments.sandbox import SandboxGateway
    from core.domain.payments import GatewayUnavailable, PaymentGateway

    sandbox = SandboxGateway()
    metered = MeteredGateway(sandbox)
    port = {n for n, f in inspect.getmembers(PaymentGateway, inspect.isfunction) if n[0] != "_"}
    assert port <= set(vars(MeteredGateway))  # each method of the port written out, none found late
    assert "inspect_nonce" in port

    before = _gateway_calls("create_subscription", "declined")
    declined = metered.create_subscription(request(nonce="fake-processor-declined-visa-nonce"))
    assert not declined.ok
    assert _gateway_calls("create_subscription", "declined") == before + 1

    before = _gateway_calls("delete_customer", "ok")
    assert metered.delete_customer("42").ok and sandbox.deleted_customers == ["42"]
    assert _gateway_calls("delete_customer", "ok") == before + 1

    def down(*args, **kwargs):
        raise GatewayUnavailable("timeout")

    sandbox.cancel_subscription = down  # type: ignore[method-assign]
    before = _gateway_calls("cancel_subscription", "unavailable")
    with pytest.raises(GatewayUnavailable):
        metered.cancel_subscription("g1")
    assert _gateway_calls("cancel_subscription", "unavailable") == before + 1

    sandbox.void = down  # type: ignore[method-assign]
    with pytest.raises(GatewayUnavailable):
        metered.void("t1")
    assert _gateway_calls("void", "unavailable") == 0  # look-ups, refunds and voids: not metered
    assert metered.inspect_nonce("fake-paypal-billing-agreement-nonce") == sandbox.inspect_nonce(
        "fake-paypal-billing-agreement-nonce"
    )
