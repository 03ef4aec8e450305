"""The sandbox gateway's charges are known to every API process (gunicorn workers each hold their own
sandbox): the transaction id carries when, how much and which currency; SANDBOX_SETTLE_SECONDS settles them."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

from core.adapters.payments.sandbox import SandboxGateway
from core.domain import payments as p


class Clock:
    def __init__(self):
        self.at = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)

    def now(self):
        return self.at


def test_another_process_knows_a_charge_and_ids_do_not_collide():
    clock = Clock()
    one, other = SandboxGateway(clock=clock), SandboxGateway(clock=clock)
    first, second = (
        one.charge("sub", Decimal("4.99"), "EUR"),
        other.charge("sub", Decimal("4.99"), "EUR"),
    )
    assert first != second and len(first) <= 64
    info = other.find_transaction(first)
    assert (info.status, info.amount, info.currency) == (p.UNSETTLED, Decimal("4.99"), "EUR")
    assert other.void(first).ok and other.find_transaction(first).status == p.VOIDED
    assert other.find_transaction("sandbox_tx_nothing") is None


def test_charges_settle_after_the_configured_delay_only():
    clock = Clock()
    never, later = SandboxGateway(clock=clock), SandboxGateway(clock=clock, settle_after=60)
    tx = never.charge("sub", Decimal("9.99"), "CHF")
    clock.at += timedelta(seconds=59)
    assert later.find_transaction(tx).status == p.UNSETTLED
    clock.at += timedelta(seconds=1)
    assert (
        later.find_transaction(tx).status == p.SETTLED
        and never.find_transaction(tx).status == p.UNSETTLED
    )
    assert later.refund(tx, Decimal("2.00")).ok and not later.void(tx).ok


def test_the_sandbox_models_a_failed_payment_fixed():
    """docs/billing.md#fixing-a-failed-payment: declining renewals, Braintree's decline nonces and test amounts."""
    import pytest

    gateway = SandboxGateway()
    created = gateway.create_subscription(
        p.SubscriptionRequest(
            subscription_id="lumo1",
            customer_id="1",
            email="a@example.com",
            nonce="fake-valid-nonce",
            plan_id="plan",
            price=Decimal("4.99"),
            currency="CHF",
            trial_days=7,
        )
    )
    assert created.ok
    gateway.decline_renewals("lumo1")
    assert gateway.retry_charge("lumo1", Decimal("4.99")).error == p.DECLINED
    refused = gateway.update_payment_method("lumo1", "1", "fake-processor-declined-visa-nonce")
    assert (refused.ok, refused.error) == (False, p.DECLINED)
    assert gateway.removed_methods == []  # nothing replaced, nothing removed
    assert gateway.retry_charge("lumo1", Decimal("4.99")).error == p.DECLINED  # still the old card
    updated = gateway.update_payment_method("lumo1", "1", "fake-valid-mastercard-nonce")
    assert (updated.ok, updated.card_brand, updated.card_last4) == (True, "MasterCard", "4444")
    assert gateway.removed_methods == [("lumo1", "fake-valid-nonce")]
    charged = gateway.retry_charge("lumo1", Decimal("4.99"))
    assert charged.ok and charged.transaction_id.endswith("499CHF")
    assert gateway.find_transaction(charged.transaction_id).status == p.UNSETTLED
    gateway.settle(charged.transaction_id)
    assert gateway.find_transaction(charged.transaction_id).status == p.SETTLED
    # Braintree's test amounts: 2000.00-2999.99 declined, 3000.00-3000.99 processor unavailable
    assert gateway.retry_charge("lumo1", Decimal("2001.00")).error == p.DECLINED
    assert gateway.retry_charge("lumo1", Decimal("3000.50")).error == p.UNAVAILABLE
    with pytest.raises(p.GatewayUnavailable):
        gateway.update_payment_method("lumo1", "1", "fake-gateway-unavailable-nonce")
    assert gateway.update_payment_method("lumo1", "1", "not-a-nonce").error == p.INVALID_NONCE
