"""The in-memory fakes (tests/core/fakes.py) give the SQL repositories' answers to the conditional writes
the services rely on: the same scenario runs on both and must give the same, expected, answers. This file
alone in tests/core uses the database (the run's own, tests/conftest.py), as the SQL side needs one."""

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import pytest

from core.domain.accounts import Account
from core.domain.grants import APPROVED, REJECTED, GrantRequest
from core.domain.payment_history import CHARGE, EVENT_SUCCEEDED, Payment, PaymentEvent
from core.domain.staff import AuditEntry, AuditFilter, StaffMember
from core.domain.subscriptions import State, Subscription
from tests.core.fakes import FakeStore, FakeUnitOfWork

NOW = datetime(2026, 1, 31, 12, 0, tzinfo=UTC)


@pytest.fixture(params=["fake", "sql"])
def uow(request):
    if request.param == "fake":
        store = FakeStore()
        return lambda: FakeUnitOfWork(store)
    return request.getfixturevalue("container").services.uow


def _step(uow, action):
    with uow() as u:
        answer = action(u)
        u.commit()
    return answer


def _world(uow):
    """An account with a past-due and an active subscription and a charge of 10.00 on the first."""

    def build(u):
        account = u.accounts.add(
            Account(email="p@example.com", password_hash="plain$pw", created_at=NOW)
        )
        subs = [
            u.subscriptions.add(
                Subscription(
                    account_id=account.id,
                    subscription_type=product,
                    duration_code="P1M",
                    store_id="lumo",
                    payment_state_id=state,
                    is_renewing=True,
                    end_date=NOW - timedelta(days=1),
                    created_at=NOW - timedelta(days=40),
                    currency="EUR",
                )
            )
            for product, state in (("lumo_tv", State.PAST_DUE), ("lumo_books", State.ACTIVE))
        ]
        payment = Payment(
            transaction_id="tx-1",
            account_id=account.id,
            subscription_id=subs[0].id,
            amount=Decimal("10.00"),
            currency="EUR",
            created_at=NOW - timedelta(days=1),
        )
        assert u.payments.record_charge(payment)
        return account.id, subs[0], subs[1].id, payment.id

    return _step(uow, build)


def test_refund_reservations_answer_alike(uow):
    _, _, _, payment_id = _world(uow)
    answers = [
        _step(uow, lambda u: u.payments.reserve(payment_id, Decimal("6.00"))),
        _step(uow, lambda u: u.payments.reserve(payment_id, Decimal("4.01"))),
        _step(uow, lambda u: u.payments.reserve(payment_id, Decimal("4.00"))),
        _step(uow, lambda u: u.payments.release(payment_id, Decimal("4.00"))),
        _step(uow, lambda u: u.payments.by_transaction("tx-1").refunded_amount),
        _step(uow, lambda u: u.payments.mark_voided(payment_id)),
        _step(uow, lambda u: u.payments.reserve(payment_id, Decimal("0.01"))),
        _step(uow, lambda u: u.payments.by_transaction("tx-1").refundable),
    ]
    assert answers == [True, False, True, None, Decimal("6.00"), None, False, Decimal(0)]


def test_payment_events_are_recorded_once_per_operation_key(uow):
    account_id, sub, _, payment_id = _world(uow)

    def event(status):
        return PaymentEvent(
            kind=CHARGE,
            transaction_id="tx-1",
            amount=Decimal("10.00"),
            currency="EUR",
            status=status,
            actor="gateway",
            reason="",
            operation_key="charge:tx-1",
            created_at=NOW,
            payment_id=payment_id,
            subscription_id=sub.id,
            account_id=account_id,
        )

    assert _step(uow, lambda u: u.payments.add_event(event(EVENT_SUCCEEDED))) is True
    assert _step(uow, lambda u: u.payments.add_event(event("pending"))) is False
    found = _step(uow, lambda u: u.payments.event_by_key("charge:tx-1"))
    assert (found.status, found.amount) == (EVENT_SUCCEEDED, Decimal("10.00"))
    assert [
        e.operation_key for e in _step(uow, lambda u: u.payments.events(account_id=account_id))
    ] == ["charge:tx-1"]
    assert _step(uow, lambda u: u.payments.events(transaction_id="tx-other")) == []


def test_retry_claims_and_trial_reminders_answer_alike(uow):
    _, past_due, active_id, _ = _world(uow)
    later, stale = NOW + timedelta(minutes=5), NOW + timedelta(minutes=11)
    ten = timedelta(minutes=10)
    answers = [
        _step(uow, lambda u: u.subscriptions.claim_retry(active_id, NOW, NOW)),
        _step(uow, lambda u: u.subscriptions.claim_retry(past_due.id, NOW, NOW - ten)),
        _step(uow, lambda u: u.subscriptions.claim_retry(past_due.id, later, later - ten)),
        _step(uow, lambda u: u.subscriptions.claim_retry(past_due.id, stale, stale - ten)),
        _step(uow, lambda u: u.subscriptions.release_retry(past_due.id)),
        _step(uow, lambda u: u.subscriptions.claim_retry(past_due.id, stale, stale)),
        _step(uow, lambda u: u.subscriptions.mark_trial_reminded(past_due.id, NOW)),
        _step(uow, lambda u: u.subscriptions.mark_trial_reminded(past_due.id, NOW)),
        _step(uow, lambda u: [s.id for s in u.subscriptions.past_due_since(NOW, 10)]),
    ]
    assert answers == [False, True, False, True, None, True, True, False, [past_due.id]]


def test_keys_steps_and_reminders_are_taken_once_alike(uow):
    _, sub, _, _ = _world(uow)
    answers = [
        _step(uow, lambda u: u.payment_method_updates.start("k", sub.id, "fp", NOW)),
        _step(uow, lambda u: u.payment_method_updates.start("k", sub.id, "fp", NOW)),
        _step(uow, lambda u: u.payment_method_updates.finish("k", "ok")),
        _step(uow, lambda u: u.payment_method_updates.find("k").outcome),
        _step(uow, lambda u: u.payment_method_updates.forget("k")),
        _step(uow, lambda u: u.payment_method_updates.find("k")),
        _step(uow, lambda u: u.dunning.claim(sub, "opened", "2026-01-30", NOW, "sent")),
        _step(uow, lambda u: u.dunning.claim(sub, "opened", "2026-01-30", NOW, "sent")),
        _step(uow, lambda u: u.dunning.claim(sub, "opened", "2026-02-28", NOW, "sent")),
        _step(uow, lambda u: u.dunning.charge_since(sub.id, NOW - timedelta(days=2))),
        _step(uow, lambda u: u.dunning.charge_since(sub.id, NOW)),
        _step(uow, lambda u: [s.id for s in u.dunning.past_due(10)]),
        _step(uow, lambda u: u.reminders.on_time(sub.id, "renewal_notice", date(2026, 1, 1))),
        _step(
            uow, lambda u: u.reminders.claim(sub.id, "renewal_notice", date(2026, 1, 1), NOW, True)
        ),
        _step(
            uow, lambda u: u.reminders.claim(sub.id, "renewal_notice", date(2026, 1, 1), NOW, False)
        ),
        _step(uow, lambda u: u.reminders.on_time(sub.id, "renewal_notice", date(2026, 1, 1))),
    ]
    assert answers == [
        True,
        False,
        None,
        "ok",
        None,
        None,
        True,
        False,
        True,
        (Decimal("10.00"), "EUR"),
        None,
        [sub.id],
        None,
        True,
        False,
        True,
    ]


def test_the_console_ledgers_answer_alike(uow):
    account_id, sub, _, _ = _world(uow)
    member = _step(
        uow,
        lambda u: u.staff.add(
            StaffMember(
                email="s@lumo.example",
                password_hash="plain$pw",
                totp_secret="x",
                role="support",
                created_at=NOW,
            )
        ),
    )
    for action in ("parent.grant", "parent.cancel"):
        _step(
            uow,
            lambda u, action=action: u.audit.append(
                AuditEntry(action=action, staff_id=member.id, account_id=account_id, at=NOW)
            ),
        )
    entries = _step(uow, lambda u: u.audit.entries(AuditFilter(account_id=account_id)))
    assert [e.action for e in entries] == ["parent.cancel", "parent.grant"]
    assert _step(
        uow, lambda u: [e.action for e in u.audit.entries(AuditFilter(action="parent.grant"))]
    ) == ["parent.grant"]

    assert _step(uow, lambda u: u.grants.lock_parent(account_id)) is True
    assert _step(uow, lambda u: u.grants.lock_parent(account_id + 999)) is False
    for days, at in ((10, NOW - timedelta(days=40)), (20, NOW - timedelta(days=1))):
        _step(
            uow,
            lambda u, days=days, at=at: u.grants.record(
                account_id=account_id,
                staff_id=member.id,
                role="support",
                days=days,
                subscription_id=sub.id,
                at=at,
            ),
        )
    assert _step(uow, lambda u: u.grants.granted_days(account_id, NOW - timedelta(days=30))) == 20
    asked = _step(
        uow,
        lambda u: u.grants.add_request(
            GrantRequest(
                account_id=account_id,
                duration_code="P1M",
                days=31,
                product="lumo_tv",
                reason="r",
                requested_by=member.id,
                requested_by_email="s@lumo.example",
                requested_role="support",
                created_at=NOW,
            )
        ),
    )
    decisions = [
        _step(uow, lambda u: u.grants.decide(asked.id, APPROVED, member.id, "a@x", NOW, "ok")),
        _step(uow, lambda u: u.grants.decide(asked.id, REJECTED, member.id, "b@x", NOW, "no")),
    ]
    assert decisions == [True, False]
    assert _step(uow, lambda u: u.grants.get_request(asked.id).status) == APPROVED
    steps = [
        _step(uow, lambda u: u.staff.logged_in(member.id, 5)),
        _step(uow, lambda u: u.staff.logged_in(member.id, 5)),
        _step(uow, lambda u: u.staff.logged_in(member.id, 4)),
        _step(uow, lambda u: u.staff.logged_in(member.id, 6)),
    ]
    assert steps == [True, False, False, True]


def test_family_rows_and_the_staff_throttle_answer_alike(uow):
    from core.domain.children import ChildProfile
    from core.domain.login_throttle import LoginState
    from core.domain.newsletter import NewsletterSignup

    account_id, _, _, _ = _world(uow)

    def child(name):
        return lambda u: u.children.add(
            ChildProfile(account_id=account_id, name=name, age_band="3-5", created_at=NOW), 2
        )

    slots = [getattr(_step(uow, child(n)), "slot", None) for n in ("A", "B", "C")]
    assert slots == [1, 2, None]
    signup = NewsletterSignup(
        email="p@example.com", language="en", consented_at=NOW, consent_version="v1"
    )
    assert [
        _step(uow, lambda u: u.newsletter.add(signup)),
        _step(uow, lambda u: u.newsletter.add(signup)),
        _step(uow, lambda u: u.newsletter.by_email("p@example.com").consent_version),
    ] == [True, False, "v1"]
    one, two = (
        LoginState(failures=1, last_attempt_at=NOW),
        LoginState(failures=2, last_attempt_at=NOW),
    )
    assert [
        _step(uow, lambda u: u.staff.count_login_attempt("h", 0, one)),
        _step(uow, lambda u: u.staff.count_login_attempt("h", 0, two)),
        _step(uow, lambda u: u.staff.count_login_attempt("h", 1, two)),
        _step(uow, lambda u: u.staff.login_state("h").failures),
        _step(uow, lambda u: u.staff.clear_login_failures("h")),
        _step(uow, lambda u: u.staff.login_state("h").failures),
    ] == [True, False, True, 2, None, 0]


def test_tv_links_answer_alike(uow):
    from core.domain.tv_links import TvLink

    account_id, _, _, _ = _world(uow)

    def link(pin, poll, expires):
        return TvLink(pin_hash=pin, poll_hash=poll, created_at=NOW, expires_at=expires)

    later = NOW + timedelta(minutes=10)
    added = _step(uow, lambda u: (u.tv_links.add(first := link("p1", "q1", later), NOW), first.id))
    assert added[0] is True
    answers = [
        _step(uow, lambda u: u.tv_links.add(link("p1", "q2", later), NOW)),  # a live PIN
        _step(uow, lambda u: u.tv_links.claim("p1", account_id, NOW, later)),
        _step(uow, lambda u: u.tv_links.claim("p1", account_id, NOW, later)),
        _step(uow, lambda u: u.tv_links.by_poll_hash("q1").account_id == account_id),
        _step(uow, lambda u: u.tv_links.add(link("p1", "q3", later), NOW)),  # the PIN is free again
        _step(uow, lambda u: u.tv_links.collect(added[1], NOW)),
        _step(uow, lambda u: u.tv_links.collect(added[1], NOW)),
    ]
    assert answers == [False, True, False, True, True, True, False]


def test_retention_purges_count_alike(uow):
    from core.domain.ports.messaging import OutboxMessage
    from core.domain.tokens import Purpose, StoredToken

    account_id, _, _, _ = _world(uow)
    old, fresh = NOW - timedelta(days=400), NOW - timedelta(days=1)

    def seed(u):
        for delivered in (old, fresh, None):
            u.outbox.add(
                OutboxMessage(kind="email", topic="t", created_at=old, delivered_at=delivered)
            )
        for n, (purpose, created, revoked) in enumerate(
            (
                (Purpose.SESSION, old, None),  # idle since long ago
                (Purpose.SESSION, NOW, None),  # live
                (Purpose.RESET_PASSWORD, NOW, old),  # revoked long ago
            )
        ):
            u.tokens.add(
                StoredToken(
                    account_id=account_id,
                    purpose=purpose,
                    token_hash=f"h{n}",
                    expires_at=NOW + timedelta(days=30),
                    created_at=created,
                    revoked_at=revoked,
                )
            )

    _step(uow, seed)
    cutoff = NOW - timedelta(days=90)
    counts = [
        _step(uow, lambda u: u.retention.purge_outbox(cutoff)),
        _step(uow, lambda u: u.retention.purge_outbox(cutoff)),
        _step(uow, lambda u: u.retention.purge_tokens(cutoff, cutoff)),
        _step(uow, lambda u: u.retention.purge_consents([])),
    ]
    assert counts == [1, 0, 2, 0]


def test_the_renewal_clocks_reminder_reads_answer_alike(uow):
    account_id, _, _, _ = _world(uow)

    def yearly(u):
        sub = u.subscriptions.add(
            Subscription(
                account_id=account_id,
                subscription_type="lumo_games",
                duration_code="P1Y",
                store_id="lumo",
                payment_state_id=State.ACTIVE,
                is_renewing=True,
                next_billing_date=NOW + timedelta(days=20),
                end_date=NOW + timedelta(days=20),
                created_at=NOW - timedelta(days=345),
            )
        )
        return sub.id

    sid = _step(uow, yearly)
    day = (NOW + timedelta(days=20)).date()
    window = (NOW, NOW + timedelta(days=30))
    answers = [
        _step(
            uow, lambda u: [(s.id, c) for s, c in u.reminders.yearly_renewals(["fr"], *window, 10)]
        ),
        _step(uow, lambda u: u.reminders.yearly_renewals(["DE"], *window, 10)),
        _step(uow, lambda u: u.reminders.claim(sid, "renewal_continues_monthly", day, NOW, True)),
        _step(uow, lambda u: u.reminders.yearly_renewals(["FR"], *window, 10)),
        _step(uow, lambda u: u.reminders.switches_missed(day, 10)),
        _step(uow, lambda u: u.reminders.switches_missed(day - timedelta(days=1), 10)),
        _step(uow, lambda u: u.reminders.mark_missed(sid, day, NOW)),
        _step(uow, lambda u: u.reminders.mark_missed(sid, day, NOW)),
        _step(uow, lambda u: u.reminders.switched(sid, day, NOW)),
        _step(uow, lambda u: u.reminders.switches_missed(day, 10)),
    ]
    assert answers == [[(sid, "FR")], [], True, [], [(sid, day)], [], True, False, None, []]


def test_the_dunning_reports_answer_alike(uow):
    account_id, sub, active_id, _ = _world(uow)
    ep1, ep2 = "2026-01-30", "2026-02-28"

    def steps(u):
        active = u.subscriptions.get(active_id)
        active.payment_expiry = "02/2026"
        u.subscriptions.save(active)
        u.dunning.claim(sub, "opened", ep1, NOW, "sent", Decimal("4.99"))
        u.dunning.claim(sub, "recovered", ep1, NOW, "done", Decimal("4.99"))
        u.dunning.claim(sub, "opened", ep2, NOW, "sent", Decimal("4.99"))

    _step(uow, steps)
    opened = _step(uow, lambda u: [(s.id, ep) for s, ep, _ in u.dunning.open_episodes(10)])
    assert opened == [(sub.id, ep2)]
    rows = _step(uow, lambda u: u.dunning.for_account(account_id))
    assert [(r["step"], r["episode"], r["amount"], r["currency"]) for r in rows] == [
        ("opened", ep1, Decimal("4.99"), "EUR"),
        ("recovered", ep1, Decimal("4.99"), "EUR"),
        ("opened", ep2, Decimal("4.99"), "EUR"),
    ]
    assert _step(uow, lambda u: u.dunning.recovery_by_month("2026-01-01")) == [
        {
            "month": "2026-01",
            "currency": "EUR",
            "went_past_due": 1,
            "recovered": 1,
            "recovered_amount": Decimal("4.99"),
        },
        {
            "month": "2026-02",
            "currency": "EUR",
            "went_past_due": 1,
            "recovered": 0,
            "recovered_amount": Decimal("0.00"),
        },
    ]
    expiring = [
        _step(uow, lambda u: [s.id for s in u.dunning.cards_expiring("02/2026", "2026-01", 10)]),
        _step(
            uow,
            lambda u: u.dunning.claim(
                u.subscriptions.get(active_id), "card_expiring", "2026-01", NOW, "sent"
            ),
        ),
        _step(uow, lambda u: [s.id for s in u.dunning.cards_expiring("02/2026", "2026-01", 10)]),
    ]
    assert expiring == [[active_id], True, []]


def test_an_outbox_message_belongs_to_its_payloads_account_alike(uow):
    from core.domain.ports.messaging import OutboxMessage

    account_id, _, _, _ = _world(uow)
    message = OutboxMessage(kind="email", topic="t", payload={"account_id": account_id})
    _step(uow, lambda u: u.outbox.add(message))
    assert message.account_id == account_id
    _step(uow, lambda u: u.outbox.forget(message.id))
    assert _step(uow, lambda u: u.personal_data.erase(account_id, "p@example.com")) is None
