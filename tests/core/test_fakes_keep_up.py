"""The in-memory unit of work keeps up with the UnitOfWork protocol (core/domain/ports/unit_of_work.py): a repository
added to the protocol needs a fake in tests/core/fakes.py, or a line in its NOT_FAKED list."""

from typing import get_type_hints

from core.domain.ports.unit_of_work import UnitOfWork
from tests.core.fakes import NOT_FAKED, NOT_FAKED_METHODS, FakeStore, FakeUnitOfWork


def _protocol_repositories() -> set[str]:
    return set(get_type_hints(UnitOfWork))


def _faked() -> set[str]:
    with FakeUnitOfWork(FakeStore()) as uow:
        return {name for name in vars(uow) if not name.startswith("_")} - {"store", "committed"}


def test_every_repository_of_the_unit_of_work_has_a_fake_or_is_listed_as_not_faked():
    missing = _protocol_repositories() - _faked() - set(NOT_FAKED)
    assert not missing, (
        f"add a fake to tests/core/fakes.py (or to NOT_FAKED) for: {sorted(missing)}"
    )


def test_the_fake_has_no_repository_the_protocol_lost_and_the_not_faked_list_is_current():
    protocol = _protocol_repositories()
    assert _faked() - protocol == set(), "a fake for a repository the UnitOfWork no longer has"
    assert set(NOT_FAKED) - protocol == set(), "NOT_FAKED names a repository the UnitOfWork lost"
    assert set(NOT_FAKED) & _faked() == set(), "a repository is faked now: drop it from NOT_FAKED"


def _missing_methods() -> dict[str, set[str]]:
    """Per faked repository, the methods of its protocol the fake lacks."""
    missing = {}
    with FakeUnitOfWork(FakeStore()) as uow:
        for name, protocol in get_type_hints(UnitOfWork).items():
            fake = getattr(uow, name, None)
            if fake is None:
                continue
            methods = {
                m for m, v in vars(protocol).items() if callable(v) and not m.startswith("_")
            }
            if gaps := {m for m in methods if not hasattr(fake, m)}:
                missing[name] = gaps
    return missing


def test_every_method_of_a_faked_repository_has_a_fake_or_is_listed_as_not_faked():
    listed = {name: set(methods) for name, methods in NOT_FAKED_METHODS.items()}
    assert _missing_methods() == listed, (
        "fake the new method in tests/core/fakes.py (or list it in NOT_FAKED_METHODS); "
        "drop a method from NOT_FAKED_METHODS once it is faked"
    )


def test_the_fakes_cover_the_repositories_of_payments_refunds_cancellation_and_the_console():
    needed = {
        "accounts",
        "subscriptions",
        "coupons",
        "outbox",
        "webhooks",
        "payments",
        "billing_documents",
        "withdrawals",
        "payment_method_updates",
        "dunning",
        "reminders",
        "audit",
        "grants",
    }
    assert needed <= _faked()


# The conditional writes answer as the SQL repositories' conditional UPDATEs and unique inserts do.
def _store_with_charge():
    from datetime import UTC, datetime
    from decimal import Decimal

    from core.domain.payment_history import Payment

    store = FakeStore()
    with FakeUnitOfWork(store) as uow:
        payment = Payment(
            transaction_id="tx1",
            account_id=1,
            subscription_id=2,
            amount=Decimal("10.00"),
            currency="EUR",
            created_at=datetime(2026, 1, 1, tzinfo=UTC),
        )
        assert uow.payments.record_charge(payment)
        assert not uow.payments.record_charge(payment)  # one row per transaction
        uow.commit()
    return store, payment.id


def test_a_reservation_never_exceeds_the_charge_and_a_voided_charge_takes_none():
    from decimal import Decimal

    store, payment_id = _store_with_charge()
    with FakeUnitOfWork(store) as uow:
        assert uow.payments.reserve(payment_id, Decimal("6.00"))
        assert not uow.payments.reserve(payment_id, Decimal("4.01"))
        assert uow.payments.reserve(payment_id, Decimal("4.00"))
        uow.payments.release(payment_id, Decimal("4.00"))
        assert uow.payments.by_transaction("tx1").refunded_amount == Decimal("6.00")
        uow.payments.mark_voided(payment_id)
        assert not uow.payments.reserve(payment_id, Decimal("0.01"))
    # nothing was committed: the store still has the charge as recorded
    assert store.payments[payment_id].refunded_amount == Decimal(0)


def test_a_retry_claim_is_taken_once_until_released_or_stale():
    from datetime import UTC, datetime, timedelta

    from core.domain.subscriptions import State, Subscription

    now = datetime(2026, 1, 1, tzinfo=UTC)
    store = FakeStore()
    with FakeUnitOfWork(store) as uow:
        due = uow.subscriptions.add(
            Subscription(
                account_id=1,
                subscription_type="lumo_tv",
                duration_code="P1M",
                store_id="lumo",
                payment_state_id=State.PAST_DUE,
            )
        )
        active = uow.subscriptions.add(
            Subscription(
                account_id=1,
                subscription_type="lumo_books",
                duration_code="P1M",
                store_id="lumo",
                payment_state_id=State.ACTIVE,
            )
        )
        assert not uow.subscriptions.claim_retry(active.id, now, now)  # not past due
        assert uow.subscriptions.claim_retry(due.id, now, now - timedelta(minutes=10))
        later = now + timedelta(minutes=5)
        assert not uow.subscriptions.claim_retry(due.id, later, later - timedelta(minutes=10))
        stale = now + timedelta(minutes=11)
        assert uow.subscriptions.claim_retry(due.id, stale, stale - timedelta(minutes=10))
        uow.subscriptions.release_retry(due.id)
        assert uow.subscriptions.claim_retry(due.id, stale, stale)
        assert uow.subscriptions.mark_trial_reminded(due.id, now)
        assert not uow.subscriptions.mark_trial_reminded(due.id, now)


def test_keys_steps_and_decisions_are_taken_once():
    from datetime import UTC, date, datetime

    from core.domain.grants import APPROVED, REJECTED, GrantRequest
    from core.domain.subscriptions import State, Subscription

    now = datetime(2026, 1, 1, tzinfo=UTC)
    with FakeUnitOfWork(FakeStore()) as uow:
        assert uow.payment_method_updates.start("k", 1, "fp", now)
        assert not uow.payment_method_updates.start("k", 1, "fp", now)
        uow.payment_method_updates.finish("k", "done")
        assert uow.payment_method_updates.find("k").outcome == "done"
        uow.payment_method_updates.forget("k")
        assert uow.payment_method_updates.find("k") is None

        sub = Subscription(
            account_id=1,
            subscription_type="lumo_tv",
            duration_code="P1M",
            store_id="lumo",
            payment_state_id=State.PAST_DUE,
            id=5,
        )
        assert uow.dunning.claim(sub, "opened", "2026-01-01", now, "sent")
        assert not uow.dunning.claim(sub, "opened", "2026-01-01", now, "sent")
        assert uow.dunning.claim(sub, "opened", "2026-02-01", now, "sent")  # another episode

        assert uow.reminders.on_time(5, "renewal_notice", date(2026, 1, 1)) is None
        assert uow.reminders.claim(5, "renewal_notice", date(2026, 1, 1), now, True)
        assert not uow.reminders.claim(5, "renewal_notice", date(2026, 1, 1), now, False)
        assert uow.reminders.on_time(5, "renewal_notice", date(2026, 1, 1)) is True

        asked = uow.grants.add_request(
            GrantRequest(
                account_id=1,
                subscription_id=None,
                duration_code="P1M",
                product="lumo_tv",
                days=31,
                reason="r",
                requested_by=1,
                requested_by_email="a@lumo.example",
                requested_role="support",
                created_at=now,
            )
        )
        assert uow.grants.decide(asked.id, APPROVED, 2, "b@lumo.example", now, "ok")
        assert not uow.grants.decide(asked.id, REJECTED, 3, "c@lumo.example", now, "no")
        assert uow.grants.get_request(asked.id).status == APPROVED
