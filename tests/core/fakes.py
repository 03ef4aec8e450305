"""In-memory implementations of the ports, for tests of the domain and services."""

from __future__ import annotations

import copy
import itertools
from dataclasses import replace
from datetime import timedelta

from core.domain.ports import OutboxMessage

_ids = itertools.count(1)


class FakeStore:
    """The 'database': shared by every unit of work of one test."""

    def __init__(self) -> None:
        self.accounts, self.tokens, self.subscriptions, self.coupons, self.outbox = (
            {},
            {},
            {},
            {},
            {},
        )
        self.analytics: dict = {}
        self.webhooks: set = set()
        self.consents: dict = {}
        self.logins: dict = {}  # account id -> LoginState (the failed-login throttle)
        self.payments: dict = {}  # the payment history: charges by id, and "_events"
        self.billing_documents: dict = {}  # receipts and credit notes, and the series counters
        self.withdrawals: dict = {}  # "consents" by subscription id, "declarations" by subscription id


class _Repo:
    def __init__(self, table: dict) -> None:
        self.table = table

    def _add(self, obj):
        obj.id = obj.id or next(_ids)
        self.table[obj.id] = copy.deepcopy(obj)
        return obj


class FakeAccounts(_Repo):
    add = _Repo._add

    def get(self, account_id):
        return copy.deepcopy(self.table.get(account_id))

    def by_email(self, email):
        return next((copy.deepcopy(a) for a in self.table.values() if a.email == email), None)

    def by_alias(self, alias):
        return next(
            (copy.deepcopy(a) for a in self.table.values() if a.partner_alias == alias), None
        )

    def save(self, account):
        self.table[account.id] = copy.deepcopy(account)

    # The failed-login throttle, kept beside the accounts as the database keeps it in extra columns.
    def login_state(self, account_id):
        from core.domain.login_throttle import LoginState

        return self.logins.get(account_id, LoginState())

    def count_login_attempt(self, account_id, seen_failures, new):
        if self.login_state(account_id).failures != seen_failures:
            return False
        self.logins[account_id] = new
        return True

    def logged_in(self, account_id, country_code, password_hash=None):
        self.logins.pop(account_id, None)
        account = self.table[account_id]
        account.country_code = country_code
        if password_hash is not None:
            account.password_hash = password_hash


class FakeTokens(_Repo):
    def __init__(self, table: dict, accounts: dict) -> None:
        super().__init__(table)
        self.accounts = accounts

    def add(self, token):
        self._add(token)

    def live_session(self, token_hash, now, idle_since=None):
        from core.domain.tokens import Purpose

        t = self.live(token_hash, Purpose.SESSION, now)
        last_use = t and (t.last_used_at or t.created_at)
        if t is None or (idle_since is not None and last_use <= idle_since):
            return None
        return self.accounts[t.account_id], last_use

    def live_session_with_subscriptions(self, token_hash, now, idle_since=None):
        found = self.live_session(token_hash, now, idle_since)
        if found is None:
            return None
        account, last_use = found
        durations = {
            c.code: c.duration_code for k, c in self.coupons.items() if k != "_redemptions"
        }
        subscriptions = sorted(
            (s for s in self.subscriptions.values() if s.account_id == account.id),
            key=lambda s: s.id,
        )
        return (
            copy.deepcopy(account),
            last_use,
            [(copy.deepcopy(s), durations.get(s.coupon)) for s in subscriptions],
        )

    def touch(self, token_hash, now, unless_since):
        t = self._find(token_hash)
        if t and (t.last_used_at or t.created_at) <= unless_since:
            t.last_used_at = now

    def _find(self, token_hash):
        return next((t for t in self.table.values() if t.token_hash == token_hash), None)

    def live(self, token_hash, purpose, now):
        t = self._find(token_hash)
        return copy.deepcopy(t) if t and t.purpose == purpose and t.is_live(now) else None

    def consume(self, token_hash, purpose, now):
        t = self._find(token_hash)
        if not (t and t.purpose == purpose and t.is_live(now)):
            return None
        t.used_at = now
        return copy.deepcopy(t)

    def revoke(self, token_hash, now):
        t = self._find(token_hash)
        if t and t.revoked_at is None:
            t.revoked_at = now

    def revoke_all(self, account_id, purpose, now, keep_hash=None):
        for t in self.table.values():
            if t.account_id == account_id and t.purpose == purpose and t.token_hash != keep_hash:
                t.revoked_at = t.revoked_at or now


class FakeSubscriptions(_Repo):
    add = _Repo._add

    def for_account(self, account_id):
        return [copy.deepcopy(s) for s in self.table.values() if s.account_id == account_id]

    def get(self, subscription_id):
        return copy.deepcopy(self.table.get(subscription_id))

    def add_unique(self, subscription, takes_trial=False):
        from core.domain.purchases import AddOutcome, AddResult, claimed_apps

        if any(s.idempotency_key == subscription.idempotency_key for s in self.table.values()):
            return AddResult(AddOutcome.KEY_TAKEN)
        holder = self.claim_holder(subscription.account_id, claimed_apps(subscription))
        if holder is not None:
            return AddResult(AddOutcome.APPS_TAKEN, holder)
        self._add(subscription)
        return AddResult(AddOutcome.ADDED)

    def claim_holder(self, account_id, apps, except_id=None):
        from core.domain.purchases import claimed_apps

        return next(
            (
                s.id
                for s in self.table.values()
                if s.account_id == account_id and s.id != except_id and claimed_apps(s) & set(apps)
            ),
            None,
        )

    def stale_pending(self, created_before, limit):
        return [
            copy.deepcopy(s)
            for s in self.table.values()
            if s.payment_state_id == "Pending" and s.created_at < created_before
        ][:limit]

    def forget_key(self, subscription_id):
        self.table[subscription_id].idempotency_key = None

    def by_gateway_id(self, gateway_id):
        return next(
            (copy.deepcopy(s) for s in self.table.values() if s.gateway_id == gateway_id), None
        )

    def by_idempotency_key(self, key):
        return next(
            (copy.deepcopy(s) for s in self.table.values() if s.idempotency_key == key), None
        )

    def save(self, subscription):
        self.table[subscription.id] = copy.deepcopy(subscription)

    def due_to_expire(self, now, limit):
        return [
            copy.deepcopy(s)
            for s in self.table.values()
            if s.end_date
            and s.end_date <= now
            and s.payment_state_id not in ("Expired", "Pending", "Failed")
            and (not s.is_renewing or s.store_id != "lumo")
        ][:limit]


class FakeCoupons(_Repo):
    add = _Repo._add

    def by_code(self, code):
        return next(
            (
                copy.deepcopy(c)
                for k, c in self.table.items()
                if k != "_redemptions" and c.code == code
            ),
            None,
        )

    def used_by(self, coupon, account_id):
        return (coupon.code, account_id) in self.table.setdefault("_redemptions", set())

    def redeem(self, coupon, account_id, now):
        used = self.table.setdefault("_redemptions", set())
        c = self.table[coupon.id]
        if (coupon.single_use and c.redeemed_at is not None) or (coupon.code, account_id) in used:
            return False
        if coupon.single_use:
            c.redeemed_at, c.redeemed_by = now, account_id
        used.add((coupon.code, account_id))
        return True

    def release(self, coupon, account_id):
        self.table.setdefault("_redemptions", set()).discard((coupon.code, account_id))
        c = self.table[coupon.id]
        if c.redeemed_by == account_id:
            c.redeemed_at = c.redeemed_by = None


class FakeOutbox(_Repo):
    def add(self, message: OutboxMessage):
        self._add(message)

    @staticmethod
    def _ready(m, now):
        return (
            m.delivered_at is None
            and m.dead_at is None
            and (m.next_attempt_at is None or m.next_attempt_at <= now)
        )

    def pending_ids(self, kinds, now, limit):
        return [m.id for m in self.table.values() if m.kind in kinds and self._ready(m, now)][
            :limit
        ]

    def claim(self, message_id, now, lease_seconds):
        m = self.table.get(message_id)
        if m is None or not self._ready(m, now):
            return None
        m.attempts += 1
        return replace(m)

    def mark_delivered(self, message_id, now):
        self.table[message_id].delivered_at = now

    def mark_failed(self, message_id, error, retry_at=None):
        self.table[message_id].last_error = error
        self.table[message_id].next_attempt_at = retry_at

    def mark_dead(self, message_id, error, now):
        self.table[message_id].last_error, self.table[message_id].dead_at = error, now

    def dead(self, kind, limit):
        return [
            replace(m)
            for m in self.table.values()
            if m.dead_at and (kind is None or m.kind == kind)
        ][:limit]

    def requeue(self, message_id):
        m = self.table.get(message_id)
        if m is None or m.dead_at is None:
            return False
        m.dead_at, m.attempts, m.next_attempt_at = None, 0, None
        return True

    def forget(self, message_id):
        self.table[message_id].payload = {}


class FakePaymentHistory(_Repo):
    """The charges a subscription's transitions record (once per transaction id) and their events."""

    def record_charge(self, payment):
        if any(p.transaction_id == payment.transaction_id for p in self.charges()):
            return False
        self._add(payment)
        return True

    def charges(self):
        return [p for k, p in self.table.items() if k != "_events"]

    def add_event(self, event):
        events = self.table.setdefault("_events", [])
        if any(e.operation_key == event.operation_key for e in events):
            return False
        event.id = event.id or next(_ids)
        events.append(copy.deepcopy(event))
        return True


class FakeBillingDocuments:
    """Receipts and credit notes: a counter per series, one receipt per charge, one note per refund."""

    def __init__(self, table: dict) -> None:
        self.table = table
        self.docs = table.setdefault("docs", [])
        self.series = table.setdefault("series", {})

    def issue(self, document):
        if any(
            (d.kind == document.kind == "receipt" and d.payment_id == document.payment_id)
            or (document.payment_event_id and d.payment_event_id == document.payment_event_id)
            for d in self.docs
        ):
            return False
        self.series[document.series] = self.series.get(document.series, 0) + 1
        document.number, document.id = self.series[document.series], next(_ids)
        self.docs.append(copy.deepcopy(document))
        return True

    def receipt_of(self, payment_id):
        return next(
            (
                copy.deepcopy(d)
                for d in self.docs
                if d.kind == "receipt" and d.payment_id == payment_id
            ),
            None,
        )

    def for_account(self, account_id):
        return [copy.deepcopy(d) for d in self.docs if d.account_id == account_id]

    def get(self, document_id):
        return next((copy.deepcopy(d) for d in self.docs if d.id == document_id), None)

    def by_number(self, series, number):
        return next(
            (copy.deepcopy(d) for d in self.docs if (d.series, d.number) == (series, number)), None
        )

    def issued_between(self, start, end):
        return [copy.deepcopy(d) for d in self.docs if start <= d.issued_at < end]


class FakeConsents(_Repo):
    add = _Repo._add

    def for_account(self, account_id):
        return [copy.deepcopy(r) for r in self.table.values() if r.account_id == account_id]


class FakeWebhookLog:
    def __init__(self, seen: set) -> None:
        self.seen = seen

    def first_time(self, kind, gateway_id, occurred_at, now, details=None):
        key = (kind, gateway_id, occurred_at)
        if key in self.seen:
            return False
        self.seen.add(key)
        return True


class FakeAnalytics(_Repo):
    def add(self, event):
        key = (event.transaction_uuid, event.event, event.occurred_at)
        if any((e.transaction_uuid, e.event, e.occurred_at) == key for e in self.table.values()):
            return None
        return self._add(event)

    def get(self, event_id):
        return copy.deepcopy(self.table.get(event_id))

    def funnel_counts(self, start, end):
        from collections import defaultdict

        from core.domain.analytics import FunnelCount

        seen = defaultdict(set)
        for e in self.table.values():
            if start <= e.received_at < end:
                seen[(e.country_code, e.utm.get("source", ""), e.event)].add(e.transaction_uuid)
        return [FunnelCount(*key, len(txns)) for key, txns in seen.items()]


class FakeWithdrawals:
    """core.domain.ports.WithdrawalLog: one consent and at most one withdrawal per subscription."""

    def __init__(self, table: dict) -> None:
        self.consents = table.setdefault("consents", {})
        self.declarations = table.setdefault("declarations", {})

    def add_consent(self, consent):
        if consent.subscription_id in self.consents:
            return False
        self.consents[consent.subscription_id] = copy.deepcopy(consent)
        return True

    def consent_for(self, subscription_id):
        return copy.deepcopy(self.consents.get(subscription_id))

    def add(self, withdrawal):
        if withdrawal.subscription_id in self.declarations:
            return False
        withdrawal.id = withdrawal.id or next(_ids)
        self.declarations[withdrawal.subscription_id] = copy.deepcopy(withdrawal)
        return True

    def for_subscription(self, subscription_id):
        return copy.deepcopy(self.declarations.get(subscription_id))

    def for_account(self, account_id):
        return [copy.deepcopy(w) for w in self.declarations.values() if w.account_id == account_id]


class FakeUnitOfWork:
    """Changes become visible to the store only on commit."""

    def __init__(self, store: FakeStore) -> None:
        self.store = store
        self.committed = False

    def __enter__(self):
        self._work = copy.deepcopy(self.store.__dict__)
        self.accounts = FakeAccounts(self._work["accounts"])
        self.accounts.logins = self._work["logins"]
        self.tokens = FakeTokens(self._work["tokens"], self._work["accounts"])
        self.tokens.subscriptions, self.tokens.coupons = (
            self._work["subscriptions"],
            self._work["coupons"],
        )
        self.subscriptions = FakeSubscriptions(self._work["subscriptions"])
        self.coupons = FakeCoupons(self._work["coupons"])
        self.outbox = FakeOutbox(self._work["outbox"])
        self.webhooks = FakeWebhookLog(self._work["webhooks"])
        self.analytics = FakeAnalytics(self._work["analytics"])
        self.consents = FakeConsents(self._work["consents"])
        self.payments = FakePaymentHistory(self._work["payments"])
        self.billing_documents = FakeBillingDocuments(
            self._work.setdefault("billing_documents", {})
        )
        self.withdrawals = FakeWithdrawals(self._work["withdrawals"])
        return self

    def __exit__(self, *exc):
        self._work = None

    def commit(self):
        self.store.__dict__.update(copy.deepcopy(self._work))
        self.committed = True

    def rollback(self):
        pass


class PlainHasher:
    """Reversible, instant 'hash' so service tests run in microseconds."""

    def hash(self, secret):
        return "plain$" + secret

    def verify(self, stored, secret):
        return stored == "plain$" + secret

    def needs_rehash(self, stored):
        return False


class CountingJobs:
    def __init__(self) -> None:
        self.pings = 0

    def outbox_changed(self):
        self.pings += 1


class FakeSiteSwitches:
    """The runtime switches' table with no switch set: the configured site applies."""

    def load(self):
        return {}

    def save(self, name, value, changed_by, reason, at):
        raise AssertionError("the core tests set no runtime switch")

    def history(self, limit):
        return []


def one_day():
    return timedelta(days=1)
