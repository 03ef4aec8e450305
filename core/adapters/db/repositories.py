"""SQLAlchemy repositories. Single-use and lease decisions are one conditional
UPDATE each, so the database, not Python, settles races."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from sqlalchemy import bindparam, delete, func, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from core.adapters.db.mapping import rowcount, to_domain, to_row
from core.adapters.db.models.accounts import AccountRow, TokenRow
from core.adapters.db.models.analytics import AnalyticsEventRow
from core.adapters.db.models.coupons import CouponRedemptionRow, CouponRow
from core.adapters.db.models.operations import OutboxRow
from core.adapters.db.models.payments import (
    PaymentEventRow,
    PaymentMethodUpdateRow,
    PaymentRow,
    WebhookEventRow,
)
from core.adapters.db.models.subscriptions import (
    SubscriptionClaimRow,
    SubscriptionRow,
    TrialClaimRow,
)
from core.domain import errors
from core.domain.accounts import Account
from core.domain.analytics import UTM_FIELDS, AnalyticsEvent, FunnelCount
from core.domain.coupons import Coupon
from core.domain.errors import DomainError
from core.domain.login_throttle import LoginState
from core.domain.payment_history import Payment, PaymentEvent
from core.domain.ports import OutboxMessage, UpdateRecord
from core.domain.purchases import AddOutcome, AddResult, claimed_apps
from core.domain.subscriptions import State, Subscription
from core.domain.tokens import Purpose, StoredToken


class SqlAccounts:
    def __init__(self, session: Session) -> None:
        self.session = session

    def add(self, account: Account) -> Account:
        row = to_row(account, AccountRow())
        self.session.add(row)
        self._flush()
        account.id = row.id
        return account

    def _flush(self) -> None:
        """Flush; the unique index on the e-mail refusing a row (two registrations or changes of one
        address at the same moment, the loser past its by_email check) is `emailTaken`, not a 500."""
        try:
            self.session.flush()
        except IntegrityError as error:
            constraint = (
                getattr(getattr(error.orig, "diag", None), "constraint_name", None) or ""
            )  # PostgreSQL
            if "email" in constraint or "accounts.email" in str(
                error.orig
            ):  # SQLite names table.column
                raise DomainError(errors.EMAIL_TAKEN) from None
            raise

    def get(self, account_id: int | None) -> Account | None:
        row = self.session.get(AccountRow, account_id) if account_id is not None else None
        return to_domain(row, Account) if row else None

    def by_email(self, email: str) -> Account | None:
        row = self._keep(self.session.scalar(select(AccountRow).where(AccountRow.email == email)))
        return to_domain(row, Account) if row else None

    def by_alias(self, alias: str) -> Account | None:
        row = self._keep(
            self.session.scalar(select(AccountRow).where(AccountRow.partner_alias == alias))
        )
        return to_domain(row, Account) if row else None

    def _keep(self, row: AccountRow | None) -> AccountRow | None:
        """Hold the row for this unit of work (the session's identity map holds it weakly), so a login's
        throttle state (login_state) is read without a second query."""
        if row is not None:
            self._held = row
        return row

    def save(self, account: Account) -> None:
        to_row(account, self.session.get(AccountRow, account.id))
        self._flush()

    def login_state(self, account_id: int) -> LoginState:
        # Usually no query: the row is in the session since by_email/by_alias loaded it.
        row = self.session.get(AccountRow, account_id)
        assert row is not None  # the account logging in
        return LoginState(
            failures=row.failed_logins or 0,
            blocked_until=row.login_blocked_until,
            last_attempt_at=row.last_login_attempt_at,
        )

    def count_login_attempt(self, account_id: int, seen_failures: int, new: LoginState) -> bool:
        result = self.session.execute(
            update(AccountRow)
            .where(AccountRow.id == account_id, AccountRow.failed_logins == seen_failures)
            .values(
                failed_logins=new.failures,
                login_blocked_until=new.blocked_until,
                last_login_attempt_at=new.last_attempt_at,
            )
            .execution_options(synchronize_session=False)
        )
        if rowcount(result) != 1:  # another login got there first: read its count afresh
            row = self.session.get(AccountRow, account_id)
            if row is not None:
                self.session.expire(row)
            return False
        return True

    def logged_in(
        self, account_id: int, country_code: str, password_hash: str | None = None
    ) -> None:
        values = {
            "failed_logins": 0,
            "login_blocked_until": None,
            "last_login_attempt_at": None,
            "country_code": country_code,
        }
        if password_hash is not None:
            values["password_hash"] = password_hash
        self.session.execute(
            update(AccountRow)
            .where(AccountRow.id == account_id)
            .values(**values)
            .execution_options(synchronize_session=False)
        )


def _insert_once(session: Session, row) -> bool:
    """Insert a row guarded by a unique constraint; False if it already exists."""
    try:
        with session.begin_nested():
            session.add(row)
            session.flush()
        return True
    except IntegrityError:
        return False


# Every authenticated request runs this: built once (values bound per call), columns rather than ORM
# entities. The session token, its account, and when it was last used.
_LAST_USE = func.coalesce(TokenRow.last_used_at, TokenRow.created_at)
_LONG_AGO = datetime(1970, 1, 1, tzinfo=UTC)
_LIVE_SESSION_WHERE = (
    TokenRow.token_hash == bindparam("token_hash"),
    TokenRow.purpose == Purpose.SESSION.value,
    TokenRow.used_at.is_(None),
    TokenRow.revoked_at.is_(None),
    TokenRow.expires_at > bindparam("now"),
    _LAST_USE > bindparam("idle_since"),
)
_LIVE_SESSION = (
    select(AccountRow.__table__, _LAST_USE.label("token_last_use"))
    .select_from(
        TokenRow.__table__.join(AccountRow.__table__, AccountRow.id == TokenRow.account_id)
    )
    .where(*_LIVE_SESSION_WHERE)
)


# `/v5/subscriptions`, the apps' start-up call, in one statement: the live session, its account, the
# account's subscriptions (one row each, or one row of NULLs) and each subscription's coupon duration.
_SUBSCRIPTION = SubscriptionRow.__table__
_COUPON = CouponRow.__table__
_SUBSCRIPTION_FIELDS = tuple(f.name for f in fields(Subscription) if f.name in _SUBSCRIPTION.c)
_LIVE_SESSION_WITH_SUBSCRIPTIONS = (
    select(
        AccountRow.__table__,
        _LAST_USE.label("token_last_use"),
        *(_SUBSCRIPTION.c[name].label(f"s_{name}") for name in _SUBSCRIPTION_FIELDS),
        _COUPON.c.duration_code.label("coupon_duration_code"),
    )
    .select_from(
        TokenRow.__table__.join(AccountRow.__table__, AccountRow.id == TokenRow.account_id)
        .outerjoin(_SUBSCRIPTION, _SUBSCRIPTION.c.account_id == AccountRow.id)
        .outerjoin(_COUPON, _COUPON.c.code == _SUBSCRIPTION.c.coupon)
    )
    .where(*_LIVE_SESSION_WHERE)
    .order_by(_SUBSCRIPTION.c.id)
)


def _subscription_of(row) -> Subscription:
    return Subscription(**{name: getattr(row, f"s_{name}") for name in _SUBSCRIPTION_FIELDS})


class _OnSession:
    """A repository on its unit of work's ORM session (a read repository takes it from its unit instead)."""

    def __init__(self, session: Session) -> None:
        self._session = session

    @property
    def session(self) -> Session:
        return self._session


class SqlTokens(_OnSession):
    def add(self, token: StoredToken) -> None:
        row = to_row(token, TokenRow())
        row.purpose = token.purpose.value
        self.session.add(row)
        self.session.flush()

    def _live(self, token_hash: str, purpose: Purpose, now: datetime):
        return (
            TokenRow.token_hash == token_hash,
            TokenRow.purpose == purpose.value,
            TokenRow.used_at.is_(None),
            TokenRow.revoked_at.is_(None),
            TokenRow.expires_at > now,
        )

    def live(self, token_hash: str, purpose: Purpose, now: datetime) -> StoredToken | None:
        row = self.session.scalar(select(TokenRow).where(*self._live(token_hash, purpose, now)))
        return self._domain(row) if row else None

    def live_session(
        self, token_hash: str, now: datetime, idle_since: datetime | None = None
    ) -> tuple[Account, datetime] | None:
        row = self._run(
            _LIVE_SESSION,
            {"token_hash": token_hash, "now": now, "idle_since": idle_since or _LONG_AGO},
        ).first()
        return (to_domain(row, Account), row.token_last_use) if row else None

    def live_session_with_subscriptions(
        self, token_hash: str, now: datetime, idle_since: datetime | None = None
    ) -> tuple[Account, datetime, list[tuple[Subscription, str | None]]] | None:
        rows = self._run(
            _LIVE_SESSION_WITH_SUBSCRIPTIONS,
            {"token_hash": token_hash, "now": now, "idle_since": idle_since or _LONG_AGO},
        ).all()
        if not rows:
            return None
        subscriptions = [
            (_subscription_of(r), r.coupon_duration_code) for r in rows if r.s_id is not None
        ]
        return to_domain(rows[0], Account), rows[0].token_last_use, subscriptions

    def _run(self, statement, parameters: dict):
        return self.session.execute(statement, parameters)

    def touch(self, token_hash: str, now: datetime, unless_since: datetime) -> None:
        self.session.execute(
            update(TokenRow)
            .where(
                TokenRow.token_hash == token_hash,
                func.coalesce(TokenRow.last_used_at, TokenRow.created_at) <= unless_since,
            )
            .values(last_used_at=now)
            .execution_options(synchronize_session=False)
        )

    def consume(self, token_hash: str, purpose: Purpose, now: datetime) -> StoredToken | None:
        result = self.session.execute(
            update(TokenRow)
            .where(*self._live(token_hash, purpose, now))
            .values(used_at=now)
            .execution_options(synchronize_session=False)
        )
        if rowcount(result) != 1:
            return None
        row = self.session.scalar(select(TokenRow).where(TokenRow.token_hash == token_hash))
        assert row is not None  # the token just consumed
        return self._domain(row)

    def revoke(self, token_hash: str, now: datetime) -> None:
        self.session.execute(
            update(TokenRow)
            .where(TokenRow.token_hash == token_hash, TokenRow.revoked_at.is_(None))
            .values(revoked_at=now)
        )

    def revoke_all(
        self, account_id: int, purpose: Purpose, now: datetime, keep_hash: str | None = None
    ) -> None:
        query = update(TokenRow).where(
            TokenRow.account_id == account_id,
            TokenRow.purpose == purpose.value,
            TokenRow.revoked_at.is_(None),
        )
        if keep_hash:
            query = query.where(TokenRow.token_hash != keep_hash)
        self.session.execute(
            query.values(revoked_at=now).execution_options(synchronize_session=False)
        )

    @staticmethod
    def _domain(row: TokenRow) -> StoredToken:
        token = to_domain(row, StoredToken)
        token.purpose = Purpose(row.purpose)
        return token


class _OnConnection:
    """Read repositories: the hot reads are Core statements on the unit of work's connection; the
    ORM session (for the rarer reads the class inherits) is asked of the unit only when one runs."""

    def __init__(self, uow) -> None:
        self.uow = uow

    @property
    def session(self) -> Session:
        return self.uow.session


class ReadTokens(_OnConnection, SqlTokens):
    """For read-only units of work: the session check as a Core statement on the unit's connection."""

    def _run(self, statement, parameters: dict):
        return self.uow.execute(statement, parameters)


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


class SqlCoupons(_OnSession):
    def by_code(self, code: str) -> Coupon | None:
        row = self.session.scalar(select(CouponRow).where(CouponRow.code == code))
        return to_domain(row, Coupon) if row else None

    def add(self, coupon: Coupon) -> Coupon:
        row = to_row(coupon, CouponRow())
        self.session.add(row)
        self.session.flush()
        coupon.id = row.id
        return coupon

    def used_by(self, coupon: Coupon, account_id: int) -> bool:
        return (
            self.session.scalar(
                select(CouponRedemptionRow.id).where(
                    CouponRedemptionRow.coupon_id == coupon.id,
                    CouponRedemptionRow.account_id == account_id,
                )
            )
            is not None
        )

    def redeem(self, coupon: Coupon, account_id: int, now: datetime) -> bool:
        if coupon.single_use:
            result = self.session.execute(
                update(CouponRow)
                .where(CouponRow.id == coupon.id, CouponRow.redeemed_at.is_(None))
                .values(redeemed_at=now, redeemed_by=account_id)
                .execution_options(synchronize_session=False)
            )
            if rowcount(result) != 1:
                return False
        return _insert_once(
            self.session,
            CouponRedemptionRow(coupon_id=coupon.id, account_id=account_id, redeemed_at=now),
        )

    def release(self, coupon: Coupon, account_id: int) -> None:
        self.session.execute(
            delete(CouponRedemptionRow).where(
                CouponRedemptionRow.coupon_id == coupon.id,
                CouponRedemptionRow.account_id == account_id,
            )
        )
        if coupon.single_use:
            self.session.execute(
                update(CouponRow)
                .where(CouponRow.id == coupon.id, CouponRow.redeemed_by == account_id)
                .values(redeemed_at=None, redeemed_by=None)
            )


class ReadCoupons(_OnConnection, SqlCoupons):
    """For read-only units of work: the coupon check as a Core statement on the unit's connection."""

    _BY_CODE = select(CouponRow.__table__).where(CouponRow.code == bindparam("code"))

    def by_code(self, code: str) -> Coupon | None:
        row = self.uow.execute(self._BY_CODE, {"code": code}).first()
        return to_domain(row, Coupon) if row else None


class SqlWebhookLog:
    def __init__(self, session: Session) -> None:
        self.session = session

    def first_time(
        self,
        kind: str,
        gateway_id: str,
        occurred_at: datetime,
        now: datetime,
        details: dict | None = None,
    ) -> bool:
        return _insert_once(
            self.session,
            WebhookEventRow(
                kind=kind,
                gateway_id=gateway_id,
                occurred_at=occurred_at,
                received_at=now,
                **(details or {}),
            ),
        )


class SqlOutbox:
    def __init__(self, session: Session, clock) -> None:
        self.session = session
        self.clock = clock

    def add(self, message: OutboxMessage) -> None:
        message.created_at = message.created_at or self.clock.now()
        message.account_id = message.account_id or message.payload.get("account_id")
        self.session.add(to_row(message, OutboxRow()))
        self.session.flush()

    def forget(self, message_id: int) -> None:
        self.session.execute(
            update(OutboxRow).where(OutboxRow.id == message_id).values(payload={}, account_id=None)
        )

    @staticmethod
    def _ready(now: datetime):
        return (
            OutboxRow.delivered_at.is_(None),
            OutboxRow.dead_at.is_(None),
            or_(OutboxRow.locked_until.is_(None), OutboxRow.locked_until < now),
            or_(OutboxRow.next_attempt_at.is_(None), OutboxRow.next_attempt_at <= now),
        )

    def pending_ids(self, kinds: tuple[str, ...], now: datetime, limit: int) -> list[int]:
        return list(
            self.session.scalars(
                select(OutboxRow.id)
                .where(OutboxRow.kind.in_(kinds), *self._ready(now))
                .order_by(OutboxRow.id)
                .limit(limit)
            )
        )

    def claim(self, message_id: int, now: datetime, lease_seconds: int) -> OutboxMessage | None:
        result = self.session.execute(
            update(OutboxRow)
            .where(OutboxRow.id == message_id, *self._ready(now))
            .values(
                locked_until=now + timedelta(seconds=lease_seconds), attempts=OutboxRow.attempts + 1
            )
            .execution_options(synchronize_session=False)
        )
        if rowcount(result) != 1:
            return None
        return to_domain(
            self.session.get(OutboxRow, message_id, populate_existing=True), OutboxMessage
        )

    def mark_delivered(self, message_id: int, now: datetime) -> None:
        self.session.execute(
            update(OutboxRow)
            .where(OutboxRow.id == message_id)
            .values(delivered_at=now, locked_until=None, last_error=None, next_attempt_at=None)
        )

    def mark_failed(self, message_id: int, error: str, retry_at: datetime | None = None) -> None:
        self.session.execute(
            update(OutboxRow)
            .where(OutboxRow.id == message_id)
            .values(last_error=error, locked_until=None, next_attempt_at=retry_at)
        )

    def mark_dead(self, message_id: int, error: str, now: datetime) -> None:
        self.session.execute(
            update(OutboxRow)
            .where(OutboxRow.id == message_id)
            .values(last_error=error, locked_until=None, next_attempt_at=None, dead_at=now)
        )

    def dead(self, kind: str | None, limit: int) -> list[OutboxMessage]:
        query = select(OutboxRow).where(
            OutboxRow.dead_at.is_not(None),
            OutboxRow.delivered_at.is_(None),
            OutboxRow.discarded_at.is_(None),
        )
        if kind:
            query = query.where(OutboxRow.kind == kind)
        rows = self.session.scalars(query.order_by(OutboxRow.id).limit(limit))
        return [to_domain(r, OutboxMessage) for r in rows]

    def requeue(self, message_id: int) -> bool:
        result = self.session.execute(
            update(OutboxRow)
            .where(
                OutboxRow.id == message_id,
                OutboxRow.dead_at.is_not(None),
                OutboxRow.delivered_at.is_(None),
                OutboxRow.discarded_at.is_(None),
            )
            .values(dead_at=None, attempts=0, next_attempt_at=None, locked_until=None)
            .execution_options(synchronize_session=False)
        )
        return rowcount(result) == 1


class SqlAnalytics:
    def __init__(self, session: Session) -> None:
        self.session = session

    def add(self, event: AnalyticsEvent) -> AnalyticsEvent | None:
        row = AnalyticsEventRow(
            env=event.env,
            app=event.app,
            country_code=event.country_code,
            occurred_at=event.occurred_at,
            received_at=event.received_at,
            origin=event.origin,
            platform=event.platform,
            device_type=event.device_type,
            transaction_uuid=event.transaction_uuid,
            event=event.event,
            **{f"utm_{k}": event.utm.get(k) for k in UTM_FIELDS},
        )
        if not _insert_once(self.session, row):
            return None
        event.id = row.id
        return event

    def get(self, event_id: int) -> AnalyticsEvent | None:
        row = self.session.get(AnalyticsEventRow, event_id)
        if row is None:
            return None
        utm = {k: getattr(row, f"utm_{k}") for k in UTM_FIELDS if getattr(row, f"utm_{k}")}
        return AnalyticsEvent(
            env=row.env,
            app=row.app,
            country_code=row.country_code,
            occurred_at=row.occurred_at,
            origin=row.origin,
            platform=row.platform,
            device_type=row.device_type,
            transaction_uuid=row.transaction_uuid,
            event=row.event,
            utm=utm,
            received_at=row.received_at,
            id=row.id,
        )

    def funnel_counts(self, start: datetime, end: datetime) -> list[FunnelCount]:
        source = func.coalesce(AnalyticsEventRow.utm_source, "")
        rows = self.session.execute(
            select(
                AnalyticsEventRow.country_code,
                source,
                AnalyticsEventRow.event,
                func.count(AnalyticsEventRow.transaction_uuid.distinct()),
            )
            .where(AnalyticsEventRow.received_at >= start, AnalyticsEventRow.received_at < end)
            .group_by(AnalyticsEventRow.country_code, source, AnalyticsEventRow.event)
        )
        return [
            FunnelCount(country, utm_source, event, count)
            for country, utm_source, event, count in rows
        ]


class SqlPaymentHistory:
    """Charges and what happened to them. Reserving a refund is one conditional UPDATE: the database
    settles two refunds of one charge (PostgreSQL re-checks the condition on the row the first one
    committed; SQLite runs one writer at a time), and the CHECK constraint backs it."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def record_charge(self, payment: Payment) -> bool:
        row = to_row(payment, PaymentRow())
        if not _insert_once(self.session, row):
            return False
        payment.id = row.id
        return True

    def by_transaction(self, transaction_id: str) -> Payment | None:
        row = self.session.scalar(
            select(PaymentRow).where(PaymentRow.transaction_id == transaction_id)
        )
        return to_domain(row, Payment) if row else None

    def for_subscription(self, subscription_id: int) -> list[Payment]:
        rows = self.session.scalars(
            select(PaymentRow)
            .where(PaymentRow.subscription_id == subscription_id)
            .order_by(PaymentRow.id)
        )
        return [to_domain(r, Payment) for r in rows]

    def reserve(self, payment_id: int, amount: Decimal) -> bool:
        result = self.session.execute(
            update(PaymentRow)
            .where(
                PaymentRow.id == payment_id,
                PaymentRow.status == "charged",
                PaymentRow.refunded_amount + amount <= PaymentRow.amount,
            )
            .values(refunded_amount=PaymentRow.refunded_amount + amount)
            .execution_options(synchronize_session=False)
        )
        return rowcount(result) == 1

    def release(self, payment_id: int, amount: Decimal) -> None:
        self.session.execute(
            update(PaymentRow)
            .where(PaymentRow.id == payment_id, PaymentRow.refunded_amount >= amount)
            .values(refunded_amount=PaymentRow.refunded_amount - amount)
            .execution_options(synchronize_session=False)
        )

    def mark_voided(self, payment_id: int) -> None:
        self.session.execute(
            update(PaymentRow)
            .where(PaymentRow.id == payment_id)
            .values(status="voided")
            .execution_options(synchronize_session=False)
        )

    def add_event(self, event: PaymentEvent) -> bool:
        """Insert unless an event with its operation key exists (the database decides)."""
        row = to_row(event, PaymentEventRow())
        if not _insert_once(self.session, row):
            return False
        event.id = row.id
        return True

    def event_by_key(self, operation_key: str) -> PaymentEvent | None:
        row = self.session.scalar(
            select(PaymentEventRow).where(PaymentEventRow.operation_key == operation_key)
        )
        return to_domain(row, PaymentEvent) if row else None

    def save_event(self, event: PaymentEvent) -> None:
        to_row(event, self.session.get(PaymentEventRow, event.id))
        self.session.flush()

    def events(
        self,
        subscription_id: int | None = None,
        transaction_id: str | None = None,
        account_id: int | None = None,
    ) -> list[PaymentEvent]:
        query = select(PaymentEventRow).order_by(PaymentEventRow.id)
        if account_id is not None:
            query = query.where(PaymentEventRow.account_id == account_id)
        if subscription_id is not None:
            query = query.where(PaymentEventRow.subscription_id == subscription_id)
        if transaction_id is not None:
            query = query.where(PaymentEventRow.transaction_id == transaction_id)
        return [to_domain(r, PaymentEvent) for r in self.session.scalars(query)]


class SqlPaymentMethodUpdates:
    """Payment-method updates by Idempotency-Key (core.domain.ports.PaymentMethodUpdates)."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def start(self, key: str, subscription_id: int, fingerprint: str, now: datetime) -> bool:
        return _insert_once(
            self.session,
            PaymentMethodUpdateRow(
                key=key, subscription_id=subscription_id, fingerprint=fingerprint, created_at=now
            ),
        )

    def find(self, key: str) -> UpdateRecord | None:
        row = self.session.scalar(
            select(PaymentMethodUpdateRow).where(PaymentMethodUpdateRow.key == key)
        )
        if row is None:
            return None
        return UpdateRecord(row.subscription_id, row.fingerprint, row.outcome, row.created_at)

    def finish(self, key: str, outcome: str) -> None:
        self.session.execute(
            update(PaymentMethodUpdateRow)
            .where(PaymentMethodUpdateRow.key == key)
            .values(outcome=outcome)
            .execution_options(synchronize_session=False)
        )

    def forget(self, key: str) -> None:
        self.session.execute(
            delete(PaymentMethodUpdateRow)
            .where(PaymentMethodUpdateRow.key == key)
            .execution_options(synchronize_session=False)
        )
