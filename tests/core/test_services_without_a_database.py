"""Payments, refunds, cancellation, plan changes, gateway events and console actions at service level,
with no database: the in-memory unit of work (tests/core/fakes.py), the sandbox gateway and a fixed clock
(tests/core/conftest.py). Each asserts the states, amounts, effects (outbox e-mails) and audit records;
the SQL repositories' own answers are covered by the suites that run on a database."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from core.domain import errors, payments
from core.domain.accounts import Account
from core.domain.children import ChildProfile
from core.domain.contact import ContactMessage
from core.domain.errors import DomainError
from core.domain.payment_history import CHARGED, EVENT_SUCCEEDED, REFUND, VOID, VOIDED
from core.domain.staff import FINANCE, SUPPORT, AuditFilter, StaffMember
from core.domain.subscriptions import State
from core.domain.tokens import Purpose, StoredToken
from core.services import (
    cancellation,
    gateway_events,
    payment_methods,
    payment_recovery,
    plan_changes,
    refunds,
    withdrawals,
)
from core.services.ops import actions, grants, money, staff
from core.services.payments import SubscribeCommand, subscribe
from tests.helpers import trial_used

PLAN = "lumo_tv_monthly_eur"
PRICE = Decimal("4.99")


# -- helpers ---------------------------------------------------------------------------------------
def _account(ctx, email="parent@example.com"):
    with ctx.uow() as uow:
        account = uow.accounts.add(Account(email=email, password_hash="plain$pw"))
        uow.commit()
    return account.id


def _buy(ctx, account_id, nonce="fake-valid-nonce", key="key-1", plan=PLAN):
    return subscribe(
        ctx,
        SubscribeCommand(account_id=account_id, nonce=nonce, plan_id=plan, idempotency_key=key),
    )


def _charged(ctx, store):
    """A parent with an active subscription whose first cycle was charged now: (account, sub, charge)."""
    account_id = _account(ctx)
    trial_used(ctx, account_id)
    sub = _buy(ctx, account_id)
    (charge,) = _charges(store)
    return account_id, sub, charge


def _charges(store):
    return [p for k, p in store.payments.items() if k != "_events"]


def _events(store, kind=None):
    return [e for e in store.payments.get("_events", []) if kind is None or e.kind == kind]


def _emails(store, topic=None):
    return [
        m
        for m in store.outbox.values()
        if m.kind == "email" and (topic is None or m.topic == topic)
    ]


def _documents(store, kind):
    return [d for d in store.billing_documents.get("docs", []) if d.kind == kind]


def _refused(error, fn, *args, **kwargs):
    with pytest.raises(DomainError) as refused:
        fn(*args, **kwargs)
    assert refused.value.error == error
    return refused.value


def _staff(role, staff_id, email):
    return StaffMember(
        email=email,
        password_hash="plain$pw",
        totp_secret="",
        role=role,
        created_at=datetime(2026, 1, 1, tzinfo=UTC),
        id=staff_id,
    )


FINANCE_MEMBER = _staff(FINANCE, 7, "finance@lumo.example")
SUPPORT_MEMBER = _staff(SUPPORT, 8, "support@lumo.example")


def _webhook(ctx, kind, sub, **fields):
    return gateway_events.apply_webhook(
        ctx,
        payments.WebhookEvent(
            kind=kind, gateway_id=sub.gateway_id, occurred_at=ctx.clock.now(), **fields
        ),
    )


# -- purchases ------------------------------------------------------------------------------------
def test_a_card_purchase_is_charged_now_active_with_its_charge_event_receipt_and_email(ctx, store):
    account_id, sub, charge = _charged(ctx, store)
    stored = store.subscriptions[sub.id]
    assert (stored.payment_state_id, stored.is_renewing) == (State.ACTIVE, True)
    assert stored.gateway_id == f"lumo{sub.id}" and stored.payment_method
    assert (charge.amount, charge.currency, charge.status, charge.refunded_amount) == (
        PRICE,
        "EUR",
        CHARGED,
        Decimal(0),
    )
    assert [(e.kind, e.amount, e.status) for e in _events(store)] == [
        ("charge", PRICE, EVENT_SUCCEEDED)
    ]
    (receipt,) = _documents(store, "receipt")
    assert (receipt.payment_id, receipt.account_id, receipt.number) == (charge.id, account_id, 1)
    (email,) = _emails(store)
    assert (email.topic, email.payload["params"]["charged"]) == ("receipt", str(PRICE))


def test_a_first_purchase_is_a_trial_with_nothing_charged(ctx, store):
    account_id = _account(ctx)
    sub = _buy(ctx, account_id)
    stored = store.subscriptions[sub.id]
    assert stored.payment_state_id is State.TRIAL
    assert stored.end_date == ctx.clock.now() + timedelta(days=7)
    assert _charges(store) == [] and _events(store) == []
    (email,) = _emails(store)
    assert (email.topic, email.payload["params"]["charged"]) == ("receipt", "0.00")


def test_a_declined_nonce_fails_the_purchase_and_a_retry_under_its_key_is_answered_the_same(
    ctx, store
):
    account_id = _account(ctx)
    refused = _refused(
        errors.PAYMENT_FAILED, _buy, ctx, account_id, nonce="fake-processor-declined-visa-nonce"
    )
    assert refused.params == {"error_message": "paymentDeclined"}
    (stored,) = store.subscriptions.values()
    assert stored.payment_state_id is State.FAILED and stored.gateway_id is None
    assert _charges(store) == [] and _emails(store) == []
    _refused(
        errors.PAYMENT_FAILED, _buy, ctx, account_id, nonce="fake-processor-declined-visa-nonce"
    )
    assert len(store.subscriptions) == 1  # the key names the first purchase: no second row


# -- refunds ---------------------------------------------------------------------------------------
def _refund(ctx, charge, amount=None, key=None):
    return refunds.refund(
        ctx,
        refunds.RefundCommand(
            transaction_id=charge.transaction_id,
            actor="finance@lumo.example",
            reason="asked by the parent",
            amount=amount,
            operation_key=key,
        ),
    )


def test_a_settled_charge_is_refunded_in_part_then_in_full_and_never_more(ctx, store):
    _, sub, charge = _charged(ctx, store)
    ctx.gateway.settle(charge.transaction_id)

    part = _refund(ctx, charge, Decimal("1.50"), key="r1")
    assert (part.kind, part.amount, part.status) == (REFUND, Decimal("1.50"), EVENT_SUCCEEDED)
    assert store.payments[charge.id].refunded_amount == Decimal("1.50")
    _refused(errors.REFUND_TOO_MUCH, _refund, ctx, charge, Decimal("3.50"), key="r2")
    assert store.payments[charge.id].refunded_amount == Decimal("1.50")  # nothing reserved

    rest = _refund(ctx, charge, key="r3")  # no amount: all that is left
    assert (rest.amount, store.payments[charge.id].refunded_amount) == (Decimal("3.49"), PRICE)
    _refused(errors.REFUND_TOO_MUCH, _refund, ctx, charge, key="r4")

    assert [e.amount for e in _events(store, REFUND)] == [Decimal("1.50"), Decimal("3.49")]
    assert [m.payload["params"]["amount"] for m in _emails(store, "refund")] == ["1.50", "3.49"]
    assert len(_documents(store, "credit_note")) == 2
    assert store.subscriptions[sub.id].payment_state_id is State.ACTIVE  # access was not ended


def test_the_same_refund_key_answers_the_first_refund_again(ctx, store):
    _, _, charge = _charged(ctx, store)
    ctx.gateway.settle(charge.transaction_id)
    first = _refund(ctx, charge, Decimal("1.00"), key="same")
    again = _refund(ctx, charge, Decimal("1.00"), key="same")
    assert again.id == first.id and store.payments[charge.id].refunded_amount == Decimal("1.00")
    _refused(errors.REFUND_KEY_REUSED, _refund, ctx, charge, Decimal("2.00"), key="same")


def test_an_unsettled_charge_is_voided_whole_and_a_part_of_it_is_refused(ctx, store):
    _, _, charge = _charged(ctx, store)
    _refused(errors.REFUND_NOT_ALLOWED, _refund, ctx, charge, Decimal("1.00"), key="v1")
    void = _refund(ctx, charge, key="v2")
    assert (void.kind, void.amount) == (VOID, PRICE)
    assert store.payments[charge.id].status == VOIDED
    _refused(errors.REFUND_NOT_ALLOWED, _refund, ctx, charge, key="v3")


# -- cancellation and resubscribing ---------------------------------------------------------------
def test_a_cancellation_stops_renewal_at_period_end_and_the_parent_may_subscribe_again(ctx, store):
    account_id, sub, _ = _charged(ctx, store)
    end = store.subscriptions[sub.id].end_date

    cancelled = cancellation.cancel(ctx, account_id, sub.id)
    stored = store.subscriptions[sub.id]
    assert (stored.payment_state_id, stored.is_renewing, stored.end_date) == (
        State.CANCELLED,
        False,
        end,
    )
    assert cancelled.end_date == end and not stored.is_expired(ctx.clock.now())
    assert ctx.gateway.subscriptions[sub.gateway_id]["status"] == "Canceled"
    assert [m.topic for m in _emails(store)] == ["receipt", "cancellation"]
    _refused(errors.ALREADY_CANCELLED, cancellation.cancel, ctx, account_id, sub.id)

    again = _buy(ctx, account_id, key="key-2")
    assert again.id != sub.id
    new = store.subscriptions[again.id]
    # not a second trial: active, first billed when the cancelled one's paid time ends
    assert (new.payment_state_id, new.is_renewing, new.next_billing_date) == (
        State.ACTIVE,
        True,
        end,
    )
    assert len(_charges(store)) == 1  # nothing charged today
    assert [m.topic for m in _emails(store)] == ["receipt", "cancellation", "receipt"]


# -- plan change ----------------------------------------------------------------------------------
def test_a_plan_change_moves_the_subscription_and_the_gateway_to_the_new_plan(ctx, store):
    account_id, sub, _ = _charged(ctx, store)
    changed = plan_changes.change_plan(ctx, account_id, sub.id, "lumo_tv_books_monthly_eur")
    stored = store.subscriptions[sub.id]
    assert (stored.payment_plan_id, stored.payment_plan_price, stored.subscription_type) == (
        "lumo_tv_books_monthly_eur",
        Decimal("7.99"),
        "lumo_tv_books",
    )
    assert changed.payment_plan_id == stored.payment_plan_id and stored.pending_plan_id is None
    assert ctx.gateway.subscriptions[sub.gateway_id]["plan_id"] == "lumo_tv_books_monthly_eur"
    _refused(errors.PLAN_NOT_FOUND, plan_changes.change_plan, ctx, account_id, sub.id, "nope")


def test_a_plan_change_inside_the_day_before_renewal_waits_for_the_charge(ctx, store):
    account_id, sub, _ = _charged(ctx, store)
    ctx.clock.advance(store.subscriptions[sub.id].next_billing_date - ctx.clock.now())
    ctx.clock.advance(-timedelta(hours=2))
    plan_changes.change_plan(ctx, account_id, sub.id, "lumo_tv_books_monthly_eur")
    stored = store.subscriptions[sub.id]
    assert (stored.payment_plan_id, stored.pending_plan_id, stored.pending_price) == (
        PLAN,
        "lumo_tv_books_monthly_eur",
        Decimal("7.99"),
    )
    assert ctx.gateway.subscriptions[sub.gateway_id]["plan_id"] == PLAN  # told with the charge


# -- gateway events -------------------------------------------------------------------------------
def _trial(ctx):
    account_id = _account(ctx)
    return account_id, _buy(ctx, account_id)


def test_a_charged_webhook_renews_records_the_charge_once_and_sends_a_receipt(ctx, store):
    _, sub = _trial(ctx)
    ctx.clock.advance(timedelta(days=7))
    paid_through = ctx.clock.now() + timedelta(days=31)
    transaction = ctx.gateway.renew(sub.gateway_id)
    fields = dict(
        transaction_id=transaction,
        amount=PRICE,
        currency="EUR",
        paid_through=paid_through,
        next_billing_date=paid_through,
    )
    assert _webhook(ctx, "charged", sub, **fields) is True
    stored = store.subscriptions[sub.id]
    assert (stored.payment_state_id, stored.end_date) == (State.ACTIVE, paid_through)
    assert [(p.transaction_id, p.amount) for p in _charges(store)] == [(transaction, PRICE)]
    assert [m.topic for m in _emails(store)] == ["receipt", "receipt"]
    assert _webhook(ctx, "charged", sub, **fields) is False  # a redelivery changes nothing
    assert len(_charges(store)) == 1 and len(_emails(store)) == 2


def test_a_charge_failed_webhook_makes_it_past_due_and_opens_dunning_with_one_email(ctx, store):
    _, sub = _trial(ctx)
    ctx.clock.advance(timedelta(days=7))
    assert _webhook(ctx, "charge_failed", sub) is True
    stored = store.subscriptions[sub.id]
    assert (stored.payment_state_id, stored.is_renewing) == (State.PAST_DUE, True)
    steps = sorted(step for (_, step, _) in store.dunning)
    assert len(steps) == 2 and all(key[0] == sub.id for key in store.dunning)
    (failed,) = [m for m in _emails(store) if m.topic != "receipt"]
    assert (failed.topic, failed.account_id) == ("payment_failed", stored.account_id)
    ctx.clock.advance(timedelta(minutes=1))
    _webhook(ctx, "past_due", sub)  # Braintree's second notice of the same failure
    assert len([m for m in _emails(store) if m.topic != "receipt"]) == 1
    assert _charges(store) == []


def test_a_past_due_retry_is_declined_then_recovers_with_one_charge_and_a_receipt(ctx, store):
    _, sub = _trial(ctx)
    ctx.gateway.decline_renewals(sub.gateway_id)
    ctx.clock.advance(timedelta(days=7))
    _webhook(ctx, "charge_failed", sub)
    end = store.subscriptions[sub.id].end_date

    declined = payment_recovery.retry_past_due(ctx, sub.id, "parent")
    assert (declined.ok, declined.code) == (False, payments.DECLINED)
    assert store.subscriptions[sub.id].payment_state_id is State.PAST_DUE
    assert store.retry_claims == {}  # the answered retry gave its claim back

    with ctx.uow() as uow:  # another retry holds a fresh claim
        assert uow.subscriptions.claim_retry(sub.id, ctx.clock.now(), ctx.clock.now())
        uow.commit()
    busy = payment_recovery.retry_past_due(ctx, sub.id, "dunning")
    assert (busy.ok, busy.code) == (False, payment_recovery.IN_PROGRESS)
    ctx.clock.advance(payment_recovery.RETRY_CLAIM_STALE + timedelta(seconds=1))

    ctx.gateway.declining.discard(sub.gateway_id)  # the parent's new card
    recovered = payment_recovery.retry_past_due(ctx, sub.id, "parent")
    assert (recovered.ok, recovered.code) == (True, payment_recovery.RECOVERED)
    stored = store.subscriptions[sub.id]
    assert stored.payment_state_id is State.ACTIVE and stored.end_date > end
    assert [(p.transaction_id, p.amount) for p in _charges(store)] == [
        (recovered.transaction_id, PRICE)
    ]
    assert payment_recovery.retry_past_due(ctx, sub.id, "parent").code == (
        payment_recovery.NOT_PAST_DUE
    )


# -- console actions ------------------------------------------------------------------------------
def _audit(store, action):
    return [e for e in store.audit if e.action == action]


def test_a_refund_by_finance_is_audited_with_the_charge_before_and_after(ctx, store):
    account_id, _, charge = _charged(ctx, store)
    ctx.gateway.settle(charge.transaction_id)

    def give_back(**kw):
        return money.give_back(
            ctx,
            FINANCE_MEMBER,
            account_id,
            charge.transaction_id,
            void=False,
            operation_key="click-1",
            **kw,
        )

    _refused(errors.REASON_REQUIRED, give_back, reason=" ", amount=Decimal("2.00"))
    event = give_back(reason="double charge", amount=Decimal("2.00"))
    assert (event.kind, event.amount, event.actor) == (
        REFUND,
        Decimal("2.00"),
        "finance@lumo.example",
    )
    assert event.operation_key == "ops:7:click-1"
    (entry,) = _audit(store, money.AUDIT_REFUND)
    assert (entry.staff_id, entry.account_id, entry.reason, entry.outcome) == (
        7,
        account_id,
        "double charge",
        "done",
    )
    assert entry.target == f"payment:{charge.transaction_id}"
    assert Decimal(entry.before["refunded"]) == 0 and entry.before["amount"] == str(PRICE)
    assert Decimal(entry.after["refunded"]) == Decimal("2.00") and entry.after["kind"] == REFUND
    give_back(reason="double charge", amount=Decimal("2.00"))  # the same click again
    assert len(_audit(store, money.AUDIT_REFUND)) == 1 and len(_events(store, REFUND)) == 1
    _refused(
        errors.PAYMENT_NOT_FOUND,
        money.give_back,
        ctx,
        FINANCE_MEMBER,
        account_id,
        "sandbox_tx_unknown",
        void=False,
        reason="x",
        operation_key="click-2",
    )
    with ctx.read() as uow:
        assert uow.audit.entries(AuditFilter(account_id=account_id)) == [store.audit[-1]]


def test_a_free_time_grant_adds_a_free_subscription_within_the_roles_limit_and_is_audited(
    ctx, store
):
    account_id = _account(ctx)
    sub = grants.grant(ctx, SUPPORT_MEMBER, account_id, "P1M", "sorry for the outage")
    stored = store.subscriptions[sub.id]
    assert (stored.payment_state_id, stored.is_renewing, stored.subscription_type) == (
        State.FREE_CAMPAIGN,
        False,
        "lumo_tv_books_games",
    )
    assert stored.end_date == datetime(2026, 2, 28, 12, 0, tzinfo=UTC)  # a month from 31 January
    (row,) = store.grants["ledger"]
    assert (row["account_id"], row["staff_id"], row["days"]) == (account_id, 8, 28)
    (entry,) = _audit(store, "parent.grant")
    assert (entry.target, entry.after["days"], entry.after["state"]) == (
        f"subscription:{sub.id}",
        28,
        State.FREE_CAMPAIGN,
    )
    refused = _refused(
        errors.GRANT_LIMIT_REACHED, grants.grant, ctx, SUPPORT_MEMBER, account_id, "P1M", "more"
    )
    assert refused.params["left"] == 3
    assert len(store.grants["ledger"]) == 1 and len(_audit(store, "parent.grant")) == 1
    _refused(errors.PARENT_NOT_FOUND, grants.grant, ctx, SUPPORT_MEMBER, 999_999, "P1M", "nobody")


# -- more of the same paths: a new card, a console cancellation, a lost dispute --------------------
def _past_due(ctx, store):
    account_id, sub = _trial(ctx)
    ctx.gateway.decline_renewals(sub.gateway_id)
    ctx.clock.advance(timedelta(days=7))
    _webhook(ctx, "charge_failed", sub)
    assert store.subscriptions[sub.id].payment_state_id is State.PAST_DUE
    return account_id, sub


def test_a_new_card_on_a_past_due_subscription_retries_the_charge_once_per_key(ctx, store):
    account_id, sub = _past_due(ctx, store)
    command = payment_methods.UpdateCommand(
        subscription_id=sub.id,
        nonce="fake-valid-mastercard-nonce",
        account_id=account_id,
        idempotency_key="card-1",
    )
    updated = payment_methods.update(ctx, command)
    assert updated.payment_state_id is State.ACTIVE
    assert (updated.payment_brand, updated.payment_last4) == ("MasterCard", "4444")
    (charge,) = _charges(store)
    assert charge.amount == PRICE
    (record,) = store.payment_method_updates.values()
    assert record.outcome == payment_methods.OK
    assert payment_methods.update(ctx, command).id == sub.id  # the same request: answered again
    assert len(_charges(store)) == 1 and len(ctx.gateway.retry_calls) == 1
    _refused(
        errors.IDEMPOTENCY_KEY_REUSED,
        payment_methods.update,
        ctx,
        payment_methods.UpdateCommand(
            subscription_id=sub.id,
            nonce="fake-paypal-future-nonce",
            account_id=account_id,
            idempotency_key="card-1",
        ),
    )
    _refused(
        errors.SUBSCRIPTION_NOT_FOUND,
        payment_methods.update,
        ctx,
        payment_methods.UpdateCommand(
            subscription_id=sub.id, nonce="fake-valid-nonce", account_id=account_id + 1
        ),
    )


def test_a_console_cancellation_now_ends_access_today_and_is_audited_once(ctx, store):
    account_id, sub, _ = _charged(ctx, store)
    done = actions.cancel(ctx, SUPPORT_MEMBER, account_id, sub.id, False, "parent asked by phone")
    stored = store.subscriptions[sub.id]
    assert (done.payment_state_id, stored.payment_state_id) == (State.EXPIRED, State.EXPIRED)
    assert stored.end_date == ctx.clock.now() and not stored.is_renewing
    assert ctx.gateway.subscriptions[sub.gateway_id]["status"] == "Canceled"
    (entry,) = _audit(store, "parent.cancel")
    assert (entry.before["state"], entry.after["state"], entry.after["when"]) == (
        State.ACTIVE,
        State.EXPIRED,
        "now",
    )
    assert (entry.staff_email, entry.reason) == ("support@lumo.example", "parent asked by phone")
    _refused(
        errors.ALREADY_CANCELLED, actions.cancel, ctx, SUPPORT_MEMBER, account_id, sub.id, True, "r"
    )
    assert len(_audit(store, "parent.cancel")) == 1  # a refused action leaves no entry
    _refused(
        errors.SUBSCRIPTION_NOT_FOUND,
        actions.cancel,
        ctx,
        SUPPORT_MEMBER,
        account_id,
        sub.id + 1000,
        True,
        "r",
    )


def test_a_lost_dispute_is_recorded_once_and_ends_access(ctx, store):
    _, sub, charge = _charged(ctx, store)
    lost = payments.WebhookEvent(
        kind="dispute_lost",
        gateway_id="dispute-1",
        occurred_at=ctx.clock.now(),
        transaction_id=charge.transaction_id,
        amount=PRICE,
        currency="EUR",
    )
    assert gateway_events.apply_webhook(ctx, lost) is True
    assert gateway_events.apply_webhook(ctx, lost) is False  # a redelivery
    (event,) = _events(store, "dispute_lost")
    assert (event.amount, event.end_access, event.gateway_ref) == (PRICE, True, "dispute-1")
    stored = store.subscriptions[sub.id]
    assert stored.payment_state_id is State.EXPIRED and not stored.is_renewing
    (told,) = [m for m in store.outbox.values() if m.kind == "gateway"]
    assert (told.topic, told.payload["gateway_id"]) == ("cancel_subscription", sub.gateway_id)


# -- a withdrawal: the declaration, its refund, and the beat's retry when the gateway did not answer --
def _eu_charged(ctx, store):
    account_id = _account(ctx)
    trial_used(ctx, account_id)
    sub = subscribe(
        ctx,
        SubscribeCommand(
            account_id=account_id,
            nonce="fake-valid-nonce",
            plan_id=PLAN,
            idempotency_key="eu-1",
            country="FR",
            express_request=True,
        ),
    )
    (charge,) = _charges(store)
    return account_id, sub, charge


def _withdraw(ctx, account_id, sub):
    return withdrawals.withdraw(
        ctx,
        withdrawals.WithdrawCommand(
            name="", email="", reference=f"LUMO-{sub.id}", language="fr", account_id=account_id
        ),
    )


def test_a_withdrawal_ends_the_contract_refunds_the_charge_and_is_audited(ctx, store):
    account_id, sub, charge = _eu_charged(ctx, store)
    assert store.withdrawals["consents"][sub.id].express_request is True
    ctx.clock.advance(timedelta(days=3))
    answer = _withdraw(ctx, account_id, sub)
    assert answer.refund_status == "succeeded" and answer.withdrawal.refund_amount > 0
    (given_back,) = [e for e in _events(store) if e.kind.startswith("withdrawal_")]
    # not settled yet: the charge is voided whole, more than the share owed
    assert (given_back.kind, given_back.amount) == ("withdrawal_void", PRICE)
    assert store.payments[charge.id].status == VOIDED
    assert store.subscriptions[sub.id].payment_state_id is State.EXPIRED
    (entry,) = _audit(store, withdrawals.AUDIT_ACTION)
    assert entry.after["expressRequest"] is True and entry.target == f"subscription:{sub.id}"
    again = _withdraw(ctx, account_id, sub)  # a repeated declaration: the first one, nothing more
    assert (
        again.withdrawal.id == answer.withdrawal.id and len(_audit(store, "parent.withdrawal")) == 1
    )


def test_a_withdrawal_refund_the_gateway_did_not_answer_is_retried_once_by_the_beat(
    ctx, store, monkeypatch
):
    account_id, sub, charge = _eu_charged(ctx, store)
    ctx.gateway.settle(charge.transaction_id)
    ctx.clock.advance(timedelta(days=3))

    def down(*_):
        raise payments.GatewayUnavailable("sandbox: down")

    with monkeypatch.context() as m:
        m.setattr(ctx.gateway, "refund", down)
        answer = _withdraw(ctx, account_id, sub)
    assert answer.refund_status == "pending"
    (pending,) = [e for e in _events(store) if e.kind == "withdrawal_refund"]
    assert pending.status == "pending"
    assert store.payments[charge.id].refunded_amount == answer.withdrawal.refund_amount
    assert withdrawals.retry_refunds(ctx) == 0  # not stale yet: the refund may still be under way

    ctx.clock.advance(refunds.STALE_PENDING + timedelta(seconds=1))
    assert withdrawals.retry_refunds(ctx) == 1
    (done,) = [e for e in _events(store) if e.kind == "withdrawal_refund"]
    assert done.status == EVENT_SUCCEEDED
    assert store.withdrawals["declarations"][sub.id].refund_attempts == 1
    assert withdrawals.retry_refunds(ctx) == 0  # settled: nothing left to retry
    assert store.payments[charge.id].refunded_amount == answer.withdrawal.refund_amount


# -- the console's staff: sign-in with a one-time code, and an admin disabling a member ---------------
class _Totp:
    """A stand-in authenticator: the code "123456" belongs to the current 30-second step."""

    def new_secret(self):
        return "secret"

    def provisioning_uri(self, secret, email):
        return f"otpauth://totp/{email}?secret={secret}"

    def matching_step(self, secret, code, at):
        return int(at.timestamp()) // 30 if code == "123456" else None


def test_a_staff_sign_in_spends_its_code_once_and_a_disabled_member_is_signed_out(ctx, store):
    totp = _Totp()
    admin, _ = staff.create(ctx, totp, "admin@lumo.example", "a long password", "admin")
    member, uri = staff.create(ctx, totp, "Agent@Lumo.example", "a long password", SUPPORT)
    assert uri == "otpauth://totp/agent@lumo.example?secret=secret"
    _refused(errors.EMAIL_TAKEN, staff.create, ctx, totp, "agent@lumo.example", "x" * 12, SUPPORT)

    _refused(
        errors.STAFF_LOGIN_FAILED,
        staff.login,
        ctx,
        totp,
        "agent@lumo.example",
        "a long password",
        "000000",
    )
    token, signed_in = staff.login(ctx, totp, "agent@lumo.example", "a long password", "123456")
    assert signed_in.id == member.id and staff.authenticate(ctx, token).id == member.id
    _refused(  # the same code again, within its step: spent
        errors.STAFF_LOGIN_FAILED,
        staff.login,
        ctx,
        totp,
        "agent@lumo.example",
        "a long password",
        "123456",
    )

    staff.set_disabled(ctx, admin, member.id, True, "left the company")
    _refused(errors.LOGIN_NEEDED, staff.authenticate, ctx, token)
    _refused(errors.STAFF_SELF, staff.set_disabled, ctx, admin, admin.id, True, "oops")
    assert [(e.action, e.outcome) for e in store.audit] == [
        ("staff.create", "done"),
        ("staff.create", "done"),
        ("staff.login_failed", "refused"),
        ("staff.login", "done"),
        ("staff.login_failed", "refused"),
        ("staff.disable", "done"),
    ]
    assert store.audit[-1].after == {"disabled": True} and store.audit[-1].staff_id == admin.id


def test_a_console_email_change_waits_for_the_new_address_and_support_cannot_pair_it_with_a_reset(
    ctx, store
):
    account_id = _account(ctx)
    actions.change_email(ctx, SUPPORT_MEMBER, account_id, "New@Example.com", "parent called")
    account = store.accounts[account_id]
    assert (account.email, account.pending_email) == ("parent@example.com", "new@example.com")
    (sent,) = _emails(store, "confirm_email_change")
    assert sent.payload == {"account_id": account_id, "to": "new@example.com"}
    (entry,) = _audit(store, "parent.change_email")
    assert (entry.before, entry.after) == (
        {"email": "p***@example.com"},
        {"pending_email": "n***@example.com"},
    )
    # the takeover pair within a day needs a finance or admin member
    _refused(
        errors.SENIOR_STAFF_NEEDED, actions.send_reset_link, ctx, SUPPORT_MEMBER, account_id, "r"
    )
    assert _emails(store, "reset_password") == [] and _audit(store, "parent.send_reset_link") == []
    actions.send_reset_link(ctx, FINANCE_MEMBER, account_id, "parent called back")
    assert len(_emails(store, "reset_password")) == 1
    (reset,) = _audit(store, "parent.send_reset_link")
    assert (reset.staff_id, reset.target) == (FINANCE_MEMBER.id, f"account:{account_id}")
    _account(ctx, "taken@example.com")
    _refused(
        errors.EMAIL_TAKEN,
        actions.change_email,
        ctx,
        FINANCE_MEMBER,
        account_id,
        "taken@example.com",
        "r",
    )
    assert len(_audit(store, "parent.change_email")) == 1


# -- the console's data-rights actions: an export and an erasure ------------------------------------
ADMIN_MEMBER = _staff("admin", 9, "admin@lumo.example")


def _family(ctx, account_id):
    now = ctx.clock.now()
    with ctx.uow() as uow:
        uow.children.add(
            ChildProfile(account_id=account_id, name="Mia", age_band="3-5", created_at=now), 3
        )
        uow.contact_messages.add(
            ContactMessage(
                name="P",
                email="parent@example.com",
                subject="s",
                language="en",
                message="m",
                created_at=now,
                account_id=account_id,
            )
        )
        uow.tokens.add(
            StoredToken(
                account_id=account_id,
                purpose=Purpose.SESSION,
                token_hash="h1",
                expires_at=now + timedelta(days=30),
                created_at=now,
            )
        )
        uow.commit()


def test_a_console_export_holds_the_parents_data_and_is_audited(ctx, store):
    account_id, sub, charge = _charged(ctx, store)
    _family(ctx, account_id)
    document = actions.export(ctx, SUPPORT_MEMBER, account_id, "parent asked by e-mail")
    assert document.account.account.email == "parent@example.com"
    assert [c.child.name for c in document.children] == ["Mia"]
    assert [m.subject for m in document.contact_messages] == ["s"]
    assert len(document.sessions) == 1 and [p.transaction_id for p in document.payments] == [
        charge.transaction_id
    ]
    assert {s.id for s in document.subscriptions} >= {sub.id}
    (entry,) = _audit(store, "parent.export")
    assert (entry.staff_id, entry.target) == (SUPPORT_MEMBER.id, f"account:{account_id}")


def test_a_console_erasure_needs_the_address_typed_and_leaves_nothing_that_names_the_parent(
    ctx, store
):
    account_id, sub, _ = _charged(ctx, store)
    _family(ctx, account_id)
    _refused(
        errors.CONFIRMATION_MISMATCH, actions.erase, ctx, ADMIN_MEMBER, account_id, "x@y.z", "r"
    )
    assert store.accounts[account_id].deleted_at is None and _audit(store, "parent.erase") == []

    actions.erase(ctx, ADMIN_MEMBER, account_id, "Parent@Example.com", "asked in writing")
    account = store.accounts[account_id]
    assert (account.email, account.deleted_at) == (f"deleted-{account_id}", ctx.clock.now())
    assert store.children["profiles"] == {} and store.tokens == {} and store.contact_messages == {}
    assert store.subscriptions[sub.id].is_renewing is False
    assert ctx.gateway.subscriptions[sub.gateway_id]["status"] == "Canceled"
    (goodbye,) = _emails(store, "account_deleted")
    assert (
        goodbye.payload["to"] == "parent@example.com"
    )  # its own address: the account has none now
    (entry,) = _audit(store, "parent.erase")
    assert (entry.before, entry.reason) == ({"email": "p***@example.com"}, "asked in writing")


def test_a_console_sign_out_revokes_every_session_of_the_parent_and_is_audited(ctx, store):
    account_id = _account(ctx)
    _family(ctx, account_id)
    other = _account(ctx, "other@example.com")
    _family(ctx, other)
    actions.revoke_sessions(ctx, SUPPORT_MEMBER, account_id, "lost phone")
    revoked = {t.account_id: t.revoked_at for t in store.tokens.values()}
    assert revoked == {account_id: ctx.clock.now(), other: None}
    (entry,) = _audit(store, "parent.revoke_sessions")
    assert (entry.target, entry.reason) == (f"account:{account_id}", "lost phone")
    _refused(errors.PARENT_NOT_FOUND, actions.revoke_sessions, ctx, SUPPORT_MEMBER, 999_999, "r")


def test_the_retention_purge_deletes_delivered_mail_and_ended_sessions_only(ctx, store):
    from core.services import retention

    account_id, _, _ = _charged(ctx, store)
    _family(ctx, account_id)
    with ctx.uow() as uow:  # the receipt went out long ago
        for message in uow.outbox.table.values():
            message.delivered_at = ctx.clock.now()
        uow.commit()
    assert retention.purge_expired(ctx, retention.RetentionPolicy()).outbox == 0
    ctx.clock.advance(timedelta(days=40))
    report = retention.purge_expired(ctx, retention.RetentionPolicy())
    assert (report.outbox, report.tokens, report.contact_messages) == (1, 1, 0)
    assert store.outbox == {} and store.tokens == {} and len(store.contact_messages) == 1
    assert _charges(store) and store.billing_documents["docs"]  # billing records stay


def test_a_grant_above_the_limit_waits_for_a_second_higher_member_and_is_decided_once(ctx, store):
    account_id = _account(ctx)
    asked = grants.request(ctx, SUPPORT_MEMBER, account_id, "P3M", "a long outage")
    assert asked.status == "pending" and store.subscriptions == {}
    _refused(
        errors.GRANT_APPROVER_NEEDED, grants.decide, ctx, SUPPORT_MEMBER, asked.id, True, "mine"
    )
    decided, sub = grants.decide(ctx, FINANCE_MEMBER, asked.id, True, "agreed")
    assert decided.status == "approved" and decided.decided_by == FINANCE_MEMBER.id
    stored = store.subscriptions[sub.id]
    assert (stored.payment_state_id, stored.end_date) == (
        State.FREE_CAMPAIGN,
        datetime(2026, 4, 30, 12, 0, tzinfo=UTC),  # three months from 31 January
    )
    (row,) = store.grants["ledger"]
    assert (row["days"], row["request_id"], row["staff_id"]) == (89, asked.id, FINANCE_MEMBER.id)
    _refused(
        errors.GRANT_REQUEST_DECIDED, grants.decide, ctx, ADMIN_MEMBER, asked.id, False, "late"
    )
    assert [e.action for e in store.audit] == ["parent.grant_request", "parent.grant_approve"]


def test_a_plan_change_to_yearly_billing_continues_through_the_outbox(ctx, store):
    account_id, sub, _ = _charged(ctx, store)
    plan_changes.change_plan(ctx, account_id, sub.id, "lumo_tv_yearly_eur")
    stored = store.subscriptions[sub.id]
    assert (stored.payment_plan_id, stored.duration_code, stored.payment_plan_price) == (
        "lumo_tv_yearly_eur",
        "P1Y",
        Decimal("34.90"),
    )
    # the gateway refuses a change of billing frequency: a continuing subscription is asked for later
    assert ctx.gateway.subscriptions[sub.gateway_id]["plan_id"] == PLAN
    (told,) = [m for m in store.outbox.values() if m.kind == "gateway"]
    assert told.topic == plan_changes.plan_continuation.TOPIC and told.account_id == account_id


def test_a_deferred_plan_change_takes_effect_with_the_renewal_charge(ctx, store):
    account_id, sub, _ = _charged(ctx, store)
    renewal = store.subscriptions[sub.id].next_billing_date
    ctx.clock.advance(renewal - ctx.clock.now() - timedelta(hours=2))
    plan_changes.change_plan(ctx, account_id, sub.id, "lumo_tv_books_monthly_eur")
    ctx.clock.advance(timedelta(hours=2))
    paid_through = ctx.clock.now() + timedelta(days=28)
    _webhook(
        ctx,
        "charged",
        sub,
        transaction_id=ctx.gateway.renew(sub.gateway_id),
        amount=PRICE,  # the coming charge stays on the old plan
        currency="EUR",
        paid_through=paid_through,
        next_billing_date=paid_through,
    )
    stored = store.subscriptions[sub.id]
    assert (stored.payment_plan_id, stored.pending_plan_id, stored.payment_plan_price) == (
        "lumo_tv_books_monthly_eur",
        None,
        Decimal("7.99"),
    )
    (told,) = [m for m in store.outbox.values() if m.kind == "gateway"]
    assert (told.topic, told.payload["plan_id"], told.payload["price"]) == (
        "change_plan",
        "lumo_tv_books_monthly_eur",
        "7.99",
    )
    assert [p.amount for p in _charges(store)] == [PRICE, PRICE]
