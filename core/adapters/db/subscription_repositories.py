"""Subscriptions and their claims (one renewing subscription per app, one trial per family),
with the leases the clock's jobs take as conditional UPDATEs."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import bindparam, delete, or_, select, update
from sqlalchemy.exc import IntegrityError

from core.adapters.db.mapping import rowcount, to_domain, to_row
from core.adapters.db.models.subscriptions import (
    SubscriptionClaimRow,
    SubscriptionRow,
    TrialClaimRow,
)
from core.adapters.db.repository_base import _OnConnection, _OnSession
from core.domain.purchases import AddOutcome, AddResult, claimed_apps
from core.domain.subscriptions import State, Subscription


class SqlSubscriptions(_OnSession):
    def add(self, subscription: Subscription) -> Subscription:
        row = to_row(subscription, SubscriptionRow())
        self.session.add(row)
        self.session.flush()
        subscription.id = row.id
        self._sync_claims(subscription)
        return subscription

    def add_unique(self, subscription: Subscription, takes_trial: bool = False) -> AddResult:
        """Insert a pending purchase with its claims, all or nothing. The database settles races: its
        unique keys refuse a second use of the idempotency key, a second claim on an app, a second trial
        (on PostgreSQL a racer waits for the first transaction and then fails)."""
        row = to_row(subscription, SubscriptionRow())
        step = AddOutcome.KEY_TAKEN
        try:
            with self.session.begin_nested():
                self.session.add(row)
                self.session.flush()
                step = AddOutcome.APPS_TAKEN
                self.session.add_all(
                    [
                        SubscriptionClaimRow(
                            account_id=row.account_id, app=app, subscription_id=row.id
                        )
                        for app in sorted(claimed_apps(subscription))
                    ]
                )
                self.session.flush()
                if takes_trial:
                    step = AddOutcome.TRIAL_TAKEN
                    self.session.add(
                        TrialClaimRow(account_id=row.account_id, subscription_id=row.id)
                    )
                    self.session.flush()
        except IntegrityError:
            if step is AddOutcome.APPS_TAKEN:
                return AddResult(
                    step, self.claim_holder(subscription.account_id, claimed_apps(subscription))
                )
            return AddResult(step)
        subscription.id = row.id
        return AddResult(AddOutcome.ADDED)

    def claim_holder(
        self, account_id: int, apps: Iterable[str], except_id: int | None = None
    ) -> int | None:
        """The subscription that holds a claim on one of `apps`, other than `except_id`."""
        return self.session.scalar(
            select(SubscriptionClaimRow.subscription_id)
            .where(
                SubscriptionClaimRow.account_id == account_id,
                SubscriptionClaimRow.app.in_(sorted(apps)),
                SubscriptionClaimRow.subscription_id != (except_id or 0),
            )
            .limit(1)
        )

    def stale_pending(self, created_before: datetime, limit: int) -> list[Subscription]:
        rows = self.session.scalars(
            select(SubscriptionRow)
            .where(
                SubscriptionRow.payment_state_id == State.PENDING,
                SubscriptionRow.created_at < created_before,
            )
            .order_by(SubscriptionRow.id)
            .limit(limit)
        )
        return [to_domain(r, Subscription) for r in rows]

    def forget_key(self, subscription_id: int) -> None:
        """An idempotency key past its 24 hours: the account may use it again for a new request."""
        self.session.execute(
            update(SubscriptionRow)
            .where(SubscriptionRow.id == subscription_id)
            .values(idempotency_key=None)
            .execution_options(synchronize_session=False)
        )

    def for_account(self, account_id: int) -> list[Subscription]:
        rows = self.session.scalars(
            select(SubscriptionRow)
            .where(SubscriptionRow.account_id == account_id)
            .order_by(SubscriptionRow.id)
        )
        return [to_domain(r, Subscription) for r in rows]

    def get(self, subscription_id: int) -> Subscription | None:
        row = self.session.get(SubscriptionRow, subscription_id)
        return to_domain(row, Subscription) if row else None

    def _one(self, *where) -> Subscription | None:
        row = self.session.scalar(select(SubscriptionRow).where(*where))
        return to_domain(row, Subscription) if row else None

    def by_gateway_id(self, gateway_id: str) -> Subscription | None:
        return self._one(SubscriptionRow.gateway_id == gateway_id)

    def by_idempotency_key(self, key: str) -> Subscription | None:
        return self._one(SubscriptionRow.idempotency_key == key)

    def save(self, subscription: Subscription) -> None:
        """Write the row and bring its claims in step: a cancelled, expired or failed subscription frees
        its apps (and a failed first purchase its trial); a plan change claims its new apps. Adding an
        app another renewing subscription holds raises IntegrityError: check with claim_holder first."""
        to_row(subscription, self.session.get(SubscriptionRow, subscription.id))
        self.session.flush()
        self._sync_claims(subscription)

    def _sync_claims(self, sub: Subscription) -> None:
        wanted = claimed_apps(sub)
        held = set(
            self.session.scalars(
                select(SubscriptionClaimRow.app).where(
                    SubscriptionClaimRow.subscription_id == sub.id
                )
            )
        )
        if held - wanted:
            self.session.execute(
                delete(SubscriptionClaimRow).where(
                    SubscriptionClaimRow.subscription_id == sub.id,
                    SubscriptionClaimRow.app.in_(sorted(held - wanted)),
                )
            )
        if wanted - held:
            self.session.add_all(
                [
                    SubscriptionClaimRow(account_id=sub.account_id, app=app, subscription_id=sub.id)
                    for app in sorted(wanted - held)
                ]
            )
        if sub.payment_state_id == State.FAILED:
            self.session.execute(
                delete(TrialClaimRow).where(TrialClaimRow.subscription_id == sub.id)
            )
        self.session.flush()

    def due_to_expire(self, now: datetime, limit: int) -> list[Subscription]:
        rows = self.session.scalars(
            select(SubscriptionRow)
            .where(
                SubscriptionRow.end_date <= now,
                SubscriptionRow.payment_state_id.in_(
                    (
                        State.TRIAL,
                        State.ACTIVE,
                        State.CANCELLED,
                        State.PAST_DUE,
                        State.FREE_CAMPAIGN,
                    )
                ),
                or_(
                    SubscriptionRow.is_renewing.is_(False),
                    SubscriptionRow.store_id != "lumo",
                    SubscriptionRow.payment_state_id == State.FREE_CAMPAIGN,
                ),
            )
            .order_by(SubscriptionRow.id)
            .limit(limit)
        )
        return [to_domain(r, Subscription) for r in rows]

    def trials_ending(self, after: datetime, until: datetime, limit: int) -> list[Subscription]:
        rows = self.session.scalars(
            select(SubscriptionRow)
            .where(
                SubscriptionRow.payment_state_id == State.TRIAL,
                SubscriptionRow.end_date > after,
                SubscriptionRow.end_date <= until,
                SubscriptionRow.trial_reminded_at.is_(None),
            )
            .order_by(SubscriptionRow.id)
            .limit(limit)
        )
        return [to_domain(r, Subscription) for r in rows]

    def mark_trial_reminded(self, subscription_id: int, now: datetime) -> bool:
        result = self.session.execute(
            update(SubscriptionRow)
            .where(
                SubscriptionRow.id == subscription_id, SubscriptionRow.trial_reminded_at.is_(None)
            )
            .values(trial_reminded_at=now)
            .execution_options(synchronize_session=False)
        )
        return rowcount(result) == 1

    def claim_retry(self, subscription_id: int, now: datetime, stale_before: datetime) -> bool:
        result = self.session.execute(
            update(SubscriptionRow)
            .where(
                SubscriptionRow.id == subscription_id,
                SubscriptionRow.payment_state_id == State.PAST_DUE,
                or_(
                    SubscriptionRow.retry_claimed_at.is_(None),
                    SubscriptionRow.retry_claimed_at < stale_before,
                ),
            )
            .values(retry_claimed_at=now)
            .execution_options(synchronize_session=False)
        )
        return rowcount(result) == 1

    def release_retry(self, subscription_id: int) -> None:
        self.session.execute(
            update(SubscriptionRow)
            .where(SubscriptionRow.id == subscription_id)
            .values(retry_claimed_at=None)
            .execution_options(synchronize_session=False)
        )

    def past_due_since(self, paid_through: datetime, limit: int) -> list[Subscription]:
        rows = self.session.scalars(
            select(SubscriptionRow)
            .where(
                SubscriptionRow.payment_state_id == State.PAST_DUE,
                SubscriptionRow.end_date <= paid_through,
            )
            .order_by(SubscriptionRow.id)
            .limit(limit)
        )
        return [to_domain(r, Subscription) for r in rows]


class ReadSubscriptions(_OnConnection, SqlSubscriptions):
    """For read-only units of work: a Core statement on the unit's connection (nothing is saved)."""

    _OF_ACCOUNT = (
        select(SubscriptionRow.__table__)
        .where(SubscriptionRow.account_id == bindparam("account_id"))
        .order_by(SubscriptionRow.id)
    )

    def for_account(self, account_id: int) -> list[Subscription]:
        rows = self.uow.execute(self._OF_ACCOUNT, {"account_id": account_id})
        return [to_domain(r, Subscription) for r in rows]
