"""3-D Secure rules (core/domain/three_d_secure.py), the THREE_D_SECURE setting, the sandbox's test nonces and the
Braintree adapter's documented nonce look-up (against the loopback stub of tests/core/braintree_stub.py)."""

from __future__ import annotations

import re
from decimal import Decimal

import braintree
import pytest
from braintree.test.nonces import Nonces

from core.adapters.payments import sandbox, sandbox_nonces
from core.adapters.payments.braintree_gateway import BraintreeGateway
from core.domain import three_d_secure as tds
from core.settings import ROOT, from_environment
from tests.core.braintree_stub import MERCHANT_ID, PRIVATE_KEY, PUBLIC_KEY, BraintreeStub
from tests.core.test_braintree_gateway import environment, request


# -- the rule --------------------------------------------------------------------------------
def facts(status=None, shifted=False, possible=False, kind=tds.CARD, tokenized=False):
    auth = tds.Authentication(status, shifted, possible) if status else None
    return tds.NonceFacts(kind=kind, authentication=auth, network_tokenized=tokenized)


@pytest.mark.parametrize(
    "nonce_facts,required,optional",
    [
        (facts("authenticate_successful", True, True), True, True),
        (facts("authenticate_attempt_successful", True, True), True, True),
        (facts("authenticate_failed", False, True), False, False),
        (facts("authenticate_frictionless_failed", False, True), False, False),
        (facts("authenticate_rejected", False, True), False, False),
        (facts("authenticate_unable_to_authenticate", False, True), False, True),
        (facts("lookup_error", False, False), False, True),
        (facts("some_status_braintree_adds_later", False, False), False, True),
        (facts(), False, True),  # a card that never went through 3-D Secure
        (facts(kind=tds.GOOGLE_PAY), False, True),  # a Google Pay PAN_ONLY card is a card
        (
            facts(kind=tds.GOOGLE_PAY, tokenized=True),
            True,
            True,
        ),  # CRYPTOGRAM_3DS: the device authenticated
        (facts(kind=tds.APPLE_PAY, tokenized=True), True, True),
        (facts(kind=tds.PAYPAL), True, True),
    ],
)
def test_decisions(nonce_facts, required, optional):
    assert tds.decide(tds.REQUIRED, nonce_facts).accepted is required
    assert tds.decide(tds.OPTIONAL, nonce_facts).accepted is optional
    assert tds.decide(tds.OFF, nonce_facts) == tds.Decision(accepted=True)


def test_message_keys_of_refusals():
    assert tds.decide(tds.REQUIRED, facts()).message_key == "threeDSecureRequired"
    assert (
        tds.decide(tds.REQUIRED, facts("authenticate_failed", False, True)).message_key
        == "threeDSecureFailed"
    )
    assert tds.decide(tds.REQUIRED, facts("lookup_error")).message_key == "threeDSecureUnavailable"
    assert tds.decide(tds.REQUIRED, None) == tds.Decision(
        accepted=True
    )  # unknown nonce: the gateway refuses it


# -- the setting -----------------------------------------------------------------------------
def test_setting_defaults_per_environment():
    assert from_environment({"LUMO_ENV": "production"}).three_d_secure == {"EUR": "required"}
    assert from_environment({"LUMO_ENV": "development"}).three_d_secure == {}
    assert from_environment({"LUMO_ENV": "test"}).three_d_secure == {}
    policy = tds.ThreeDSecurePolicy.of(from_environment({"LUMO_ENV": "production"}).three_d_secure)
    assert [policy.level_for(c) for c in ("EUR", "eur", "CHF", "USD")] == [
        "required",
        "required",
        "optional",
        "optional",
    ]


def test_setting_parses_and_refuses_nonsense():
    settings = from_environment({"THREE_D_SECURE": " eur=Required, CHF=off ,USD=optional"})
    assert settings.three_d_secure == {"EUR": "required", "CHF": "off", "USD": "optional"}
    for bad in ("EUR", "EUR=always", "EURO=required", "E1R=off"):
        with pytest.raises(ValueError, match="THREE_D_SECURE"):
            from_environment({"THREE_D_SECURE": bad})


def test_setting_is_in_the_readme_table():
    assert re.search(r"^\| `THREE_D_SECURE` \|", (ROOT / "README.md").read_text(), re.M)


def test_web_authenticates_a_trial_for_the_verification_amount_the_server_sends():
    source = (ROOT / "webapp/src/components/payment/threeDSecure.ts").read_text()
    web = re.search(r"CARD_VERIFICATION_AMOUNT = '([\d.]+)'", source).group(1)
    assert Decimal(web) == tds.CARD_VERIFICATION_AMOUNT


# -- the sandbox gateway ---------------------------------------------------------------------
def test_sandbox_three_d_secure_nonces_are_braintree_test_nonces():
    documented = {value for name, value in vars(Nonces).items() if name.startswith("ThreeDSecure")}
    assert set(sandbox_nonces.THREE_D_SECURE_NONCES) == documented
    assert sandbox_nonces.APPLE_PAY_NONCES == {
        v for n, v in vars(Nonces).items() if n.startswith("ApplePay")
    }
    assert Nonces.ThreeDSecureVisaFullAuthentication in sandbox_nonces.THREE_D_SECURE_NONCES
    assert (
        Nonces.ThreeDSecureTwoVisaSuccessfulStepUpAuthentication
        in sandbox_nonces.THREE_D_SECURE_NONCES
    )


def test_sandbox_inspects_nonces_as_braintree_does():
    gateway = sandbox.SandboxGateway()
    found = gateway.inspect_nonce(Nonces.ThreeDSecureVisaFullAuthentication)
    assert found == tds.NonceFacts(
        kind=tds.CARD, authentication=tds.Authentication("authenticate_successful", True, True)
    )
    assert (
        gateway.inspect_nonce(
            Nonces.ThreeDSecureVisaFailedAuthentication
        ).authentication.liability_shifted
        is False
    )
    assert gateway.inspect_nonce(Nonces.Transactable) == tds.NonceFacts(kind=tds.CARD)
    assert gateway.inspect_nonce(Nonces.PayPalBillingAgreement).kind == tds.PAYPAL
    assert gateway.inspect_nonce(Nonces.AndroidPayCardVisa) == tds.NonceFacts(
        kind=tds.GOOGLE_PAY, network_tokenized=True
    )
    assert gateway.inspect_nonce(Nonces.ApplePayVisa).kind == tds.APPLE_PAY
    assert gateway.inspect_nonce("no-such-nonce") is None


# -- the Braintree adapter -------------------------------------------------------------------
@pytest.fixture(scope="module")
def stub():
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("NO_PROXY", "127.0.0.1")
        server = BraintreeStub().start()
        yield server
        server.stop()


@pytest.fixture
def gateway(stub):
    stub.reset()
    adapter = BraintreeGateway(MERCHANT_ID, PUBLIC_KEY, PRIVATE_KEY, environment(stub.port))
    yield adapter
    adapter.close()


def test_adapter_reads_three_d_secure_info_with_payment_method_nonce_find(gateway, stub):
    found = gateway.inspect_nonce(Nonces.ThreeDSecureVisaFullAuthentication)
    assert found == tds.NonceFacts(
        kind=tds.CARD, authentication=tds.Authentication("authenticate_successful", True, True)
    )
    assert stub.received[-1][:2] == (
        "GET",
        f"/merchants/{MERCHANT_ID}/payment_method_nonces/"
        f"{Nonces.ThreeDSecureVisaFullAuthentication}",
    )
    failed = gateway.inspect_nonce(Nonces.ThreeDSecureVisaFailedAuthentication)
    assert failed.authentication == tds.Authentication("authenticate_failed", False, True)
    assert gateway.inspect_nonce("fake-valid-nonce") == tds.NonceFacts(
        kind=tds.CARD
    )  # not 3-D Secured


def test_adapter_tells_wallets_and_google_pay_tokenization_apart(gateway):
    assert gateway.inspect_nonce("fake-paypal-billing-agreement-nonce").kind == tds.PAYPAL
    assert gateway.inspect_nonce("fake-apple-pay-visa-nonce").kind == tds.APPLE_PAY
    assert gateway.inspect_nonce("fake-android-pay-nonce") == tds.NonceFacts(
        kind=tds.GOOGLE_PAY, network_tokenized=True
    )
    assert gateway.inspect_nonce("fake-android-pay-pan-only-nonce") == tds.NonceFacts(
        kind=tds.GOOGLE_PAY
    )
    assert gateway.inspect_nonce("no-such-nonce") is None


def test_adapter_vaults_with_card_verification_so_the_authentication_is_kept(gateway, stub):
    result = gateway.create_subscription(
        request(nonce=Nonces.ThreeDSecureVisaFullAuthentication, trial_days=7)
    )
    assert result.ok and result.payment_method == "card"
    [vaulted] = stub.bodies("POST", "/payment_methods")
    options = vaulted["payment_method"]["options"]
    assert options["verify_card"] is True and options["verification_amount"] == "1.00"
    assert (
        gateway.create_subscription(
            request(subscription_id="s2", nonce="fake-apple-pay-visa-nonce")
        ).payment_method
        == "apple_pay"
    )


def test_adapter_is_the_only_module_reading_braintree_objects():
    assert braintree.ApplePayCard  # the SDK names Apple Pay cards so (the adapter maps them)
