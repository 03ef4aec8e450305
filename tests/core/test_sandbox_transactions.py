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
