"""Braintree's documented test values the embedded gateway (core/adapters/payments/sandbox.py)
answers to: test nonces and what the sandbox reports for each, and the test amounts it declines or fails."""

from __future__ import annotations

from decimal import Decimal

from core.domain import payments as p

# Braintree's documented test nonces (braintree.test.nonces.Nonces); a test checks they match the SDK.
CARD_NONCES = {
    "fake-valid-nonce",
    "fake-valid-visa-nonce",
    "fake-valid-mastercard-nonce",
    "fake-valid-amex-nonce",
    "fake-valid-discover-nonce",
    "fake-valid-debit-nonce",
    "fake-valid-prepaid-nonce",
    "fake-valid-commercial-nonce",
}
PAYPAL_NONCES = {
    "fake-paypal-billing-agreement-nonce",
    "fake-paypal-one-time-nonce",
    "fake-paypal-future-nonce",
}
GOOGLE_PAY_NONCES = {
    "fake-android-pay-nonce",
    "fake-android-pay-visa-nonce",
    "fake-android-pay-mastercard-nonce",
    "fake-android-pay-amex-nonce",
    "fake-android-pay-discover-nonce",
}
FAILURES = {
    "fake-processor-declined-visa-nonce": p.DECLINED,
    "fake-processor-declined-mastercard-nonce": p.DECLINED,
    "fake-processor-declined-amex-nonce": p.DECLINED,
    "fake-processor-declined-discover-nonce": p.BRAND_NOT_ACCEPTED,  # refused before the bank sees it
    "fake-processor-failure-jcb-nonce": p.DECLINED,
    "fake-gateway-rejected-fraud-nonce": p.GATEWAY_REJECTED,
    "fake-consumed-nonce": p.CONSUMED_NONCE,
    "fake-luhn-invalid-nonce": p.INVALID_NONCE,
    # Our sandbox's own additions, for paths Braintree tests with card values rather than nonces:
    "fake-cvv-failed-nonce": p.CVV_FAILED,
    "fake-brand-not-accepted-nonce": p.BRAND_NOT_ACCEPTED,
}
UNAVAILABLE_NONCE = "fake-gateway-unavailable-nonce"  # the gateway times out: outcome unknown
APPLE_PAY_NONCES = {
    "fake-apple-pay-visa-nonce",
    "fake-apple-pay-mastercard-nonce",
    "fake-apple-pay-amex-nonce",
    "fake-apple-pay-mpan-nonce",
}
# Braintree's 3-D Secure test nonces (braintree.test.nonces.Nonces; a test checks the names) -> the
# three_d_secure_info PaymentMethodNonce.find gives for them: (status, liability shifted, shift possible),
# with the statuses of Braintree's 3-D Secure testing guide. All are Visa cards.
THREE_D_SECURE_NONCES = {
    "fake-three-d-secure-visa-full-authentication-nonce": ("authenticate_successful", True, True),
    "fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce": (
        "authenticate_successful",
        True,
        True,
    ),
    "fake-three-d-secure-two-visa-successful-step-up-authentication-nonce": (
        "authenticate_successful",
        True,
        True,
    ),
    "fake-three-d-secure-visa-attempts-non-participating-nonce": (
        "authenticate_attempt_successful",
        True,
        True,
    ),
    "fake-three-d-secure-visa-failed-authentication-nonce": ("authenticate_failed", False, True),
    "fake-three-d-secure-visa-failed-signature-nonce": (
        "authenticate_signature_verification_failed",
        False,
        True,
    ),
    "fake-three-d-secure-visa-authentication-unavailable-nonce": (
        "authenticate_unable_to_authenticate",
        False,
        True,
    ),
    "fake-three-d-secure-visa-mpi-authenticate-error-nonce": ("authenticate_error", False, True),
    "fake-three-d-secure-visa-unavailable-nonce": ("authentication_unavailable", False, False),
    "fake-three-d-secure-visa-not-enrolled-nonce": ("lookup_not_enrolled", False, False),
    "fake-three-d-secure-visa-lookup-timeout-nonce": ("lookup_error", False, False),
    "fake-three-d-secure-visa-mpi-lookup-error-nonce": ("lookup_error", False, False),
    "fake-three-d-secure-two-visa-error-on-lookup-nonce": ("lookup_error", False, False),
    "fake-three-d-secure-two-visa-timeout-on-lookup-nonce": (
        "lookup_failed_acs_error",
        False,
        False,
    ),
    "fake-three-d-secure-visa-bypassed-authentication-nonce": ("lookup_bypassed", False, False),
}
# What Braintree's sandbox reports for its test nonces (brand, last four digits; the PayPal test payer).
CARD_DETAILS = {
    "fake-valid-mastercard-nonce": ("MasterCard", "4444"),
    "fake-valid-amex-nonce": ("American Express", "0005"),
    "fake-valid-discover-nonce": ("Discover", "1117"),
    "fake-android-pay-mastercard-nonce": ("MasterCard", "4444"),
    "fake-android-pay-amex-nonce": ("American Express", "0005"),
    "fake-android-pay-discover-nonce": ("Discover", "1117"),
}
DEFAULT_CARD = ("Visa", "1881")
# The card's issuing country the sandbox answers per test nonce (VAT location evidence,
# docs/billing.md#vat); any other card: unknown, as Braintree's sandbox answers for most test cards.
CARD_COUNTRIES = {"fake-valid-mastercard-nonce": "DEU", "fake-valid-amex-nonce": "USA"}
# The sandbox's test cards do not expire soon; a test sets a stored expiry itself.
SANDBOX_CARD_EXPIRY = "12/2030"
SANDBOX_PAYER = "jane.doe@paypal.com"


def _method_details(method: str, nonce: str) -> dict:
    if method == p.PAYPAL:
        return {"payer_email": p.mask_payer_email(SANDBOX_PAYER)}
    brand, last4 = CARD_DETAILS.get(nonce, DEFAULT_CARD)
    return {
        "card_brand": brand,
        "card_last4": last4,
        "card_expiry": SANDBOX_CARD_EXPIRY,
        "card_country": CARD_COUNTRIES.get(nonce),
    }


def _method_of(nonce: str) -> str | None:
    """The kind of payment method a test nonce vaults; None for a nonce Braintree would not know."""
    if nonce in CARD_NONCES or nonce in THREE_D_SECURE_NONCES:
        return p.CARD
    if nonce in PAYPAL_NONCES:
        return p.PAYPAL
    if nonce in GOOGLE_PAY_NONCES:
        return p.GOOGLE_PAY
    if nonce in APPLE_PAY_NONCES:
        return p.APPLE_PAY
    return None


# Braintree's sandbox declines a transaction of 2000.00 to 2999.99 (processor declined, the response code
# is the amount) and fails one of 3000.00 to 3000.99 (processor unavailable): its documented test amounts.
DECLINED_AMOUNTS = (Decimal("2000.00"), Decimal("3000.00"))
FAILED_AMOUNTS = (Decimal("3000.00"), Decimal("3001.00"))
